package hermite

import (
	"errors"
	"math"
	"testing"

	"critcalc/calc"
)

// rhoOf is the correlation of a covariance, computed as Expect2 does.
func rhoOf(c Cov) float64 { return max(-1, min(1, c.K12/math.Sqrt(c.K11*c.K22))) }

// corr returns the covariance with variances K11, K22 and correlation ρ.
func corr(K11, K22, rho float64) Cov { return Cov{K11, rho * math.Sqrt(K11*K22), K22} }

// arcCosReLU is E[relu(u)·relu(v)], the arc-cosine kernel of degree 1
// (Cho & Saul, "Kernel methods for deep learning", NIPS 2009, eq. 6).
// For ρ < 0 it is written with θ = arccos(−ρ) as sin θ − θ·cos θ, summed
// as a series for small θ, since the closed form cancels there.
func arcCosReLU(c Cov) float64 {
	r := rhoOf(c)
	scale := math.Sqrt(c.K11*c.K22) / (2 * math.Pi)
	if r >= 0 {
		return scale * (math.Sqrt((1-r)*(1+r)) + (math.Pi-math.Acos(r))*r)
	}
	th := math.Atan2(math.Sqrt((1-r)*(1+r)), -r)
	if th > 0.5 {
		return scale * (math.Sin(th) - th*math.Cos(th))
	}
	// sin θ − θ cos θ = Σ_{k≥1} (−1)^(k+1)·2k·θ^(2k+1)/(2k+1)!.
	sum, term := 0.0, th // term = θ^(2k+1)/(2k+1)!
	for k := 1; k < 20; k++ {
		term *= -th * th / float64((2*k)*(2*k+1))
		sum -= float64(2*k) * term
	}
	return scale * sum
}

// orthant is E[step(u)·step(v)] = P(u > 0, v > 0), Sheppard's formula
// 1/4 + arcsin(ρ)/(2π) (the arc-cosine kernel of degree 0, Cho & Saul 2009).
// For ρ < 0 it is θ/(2π) with θ = arccos(−ρ), which does not cancel.
func orthant(c Cov) float64 {
	r := rhoOf(c)
	if r < 0 {
		return math.Atan2(math.Sqrt((1-r)*(1+r)), -r) / (2 * math.Pi)
	}
	return 0.25 + math.Asin(r)/(2*math.Pi)
}

// erfKernel is E[erf(u)·erf(v)] = (2/π)·arcsin(2K12/√((1+2K11)(1+2K22)))
// (Williams, "Computing with infinite networks", NIPS 1996, eq. 11).
func erfKernel(c Cov) float64 {
	return 2 / math.Pi * math.Asin(2*c.K12/math.Sqrt((1+2*c.K11)*(1+2*c.K22)))
}

// reluMean is E[relu(m + σ·Z)] = m·Φ(m/σ) + σ·φ(m/σ) for Z ~ N(0, 1).
func reluMean(m, sigma float64) float64 {
	r := m / sigma
	return m*0.5*math.Erfc(-r/math.Sqrt2) + sigma*math.Exp(-r*r/2)/math.Sqrt(2*math.Pi)
}

func TestExpect2ClosedForms(t *testing.T) {
	type tc struct {
		name string
		f, g string
		c    Cov
		want float64
		tol  float64
	}
	var tests []tc
	for _, r := range []float64{-1, -0.9999, -0.5, 0, 0.3, 0.9, 0.999999, 1 - 1e-12, 1} {
		for _, kv := range [][2]float64{{1, 1}, {2, 0.5}, {0.3, 4}} {
			c := corr(kv[0], kv[1], r)
			tests = append(tests,
				tc{"relu", "relu(x)", "relu(x)", c, arcCosReLU(c), 1e-13},
				tc{"step", "step(x)", "step(x)", c, orthant(c), 1e-13},
				tc{"erf", "erf(x)", "erf(x)", c, erfKernel(c), 1e-13},
				// E[u·v] = K12.
				tc{"x·x", "x", "x", c, c.K12, 1e-13},
				// E[e^u e^v] = e^{Var(u+v)/2}: the moment generating function.
				tc{"exp·exp", "exp(x)", "exp(x)", c, math.Exp((c.K11 + 2*c.K12 + c.K22) / 2), 1e-13},
				// Exponential tilting: E[e^{c·u}·h(v)] = e^{c²K11/2}·E[h(v + c·K12)],
				// with E[erf(v + m)] = erf(m/√(1 + 2K22)) and
				// E[relu(v + m)] = m·Φ(m/σ) + σ·φ(m/σ), σ = √K22.
				tc{"exp·(erf+1)", "exp(-x)", "erf(x)+1", c,
					math.Exp(c.K11/2) * (1 + math.Erf(-c.K12/math.Sqrt(1+2*c.K22))), 1e-13},
				tc{"exp·relu", "exp(x/2)", "relu(x)", c, math.Exp(c.K11/8) * reluMean(c.K12/2, math.Sqrt(c.K22)), 1e-13},
			)
		}
	}
	var maxRel float64
	for _, tt := range tests {
		v, err := Expect2(calc.MustParse(tt.f), calc.MustParse(tt.g), tt.c)
		if err != nil {
			t.Errorf("%s %+v: %v", tt.name, tt.c, err)
			continue
		}
		err2 := math.Abs(v.V - tt.want)
		rel := err2 / math.Max(math.Abs(tt.want), 1e-300)
		if tt.want == 0 {
			rel = err2
		}
		maxRel = max(maxRel, rel)
		if rel > tt.tol {
			t.Errorf("%s ρ=%.15g %+v: got %.17g, want %.17g (rel %.2g, estimate %.2g)", tt.name, rhoOf(tt.c), tt.c, v.V, tt.want, rel, v.AbsErr)
		}
	}
	t.Logf("max relative error %.2g over %d cases", maxRel, len(tests))
}

// At |ρ| = 1, v = ±√(K22/K11)·u and E[f(u)·g(v)] is a one-input
// expectation of f(x)·g(±√(K22/K11)·x) at K11.
func TestExpect2Degenerate(t *testing.T) {
	tests := []struct {
		f, g string
		c    Cov
		prod string // f(x)·g(±√(K22/K11)·x)
	}{
		{"tanh(x)", "tanh(x)", corr(1, 4, 1), "tanh(x)*tanh(2*x)"},
		{"tanh(x)", "tanh(x)", corr(1, 4, -1), "tanh(x)*tanh(-2*x)"},
		{"relu(x-0.3)", "exp(x/2)", corr(2, 0.5, -1), "relu(x-0.3)*exp(-x/4)"},
		{"relu(x)", "step(x-0.5)", corr(0.5, 2, 1), "relu(x)*step(2*x-0.5)"},
		{"gelu(x)", "erf(x)", corr(1, 1, 1), "gelu(x)*erf(x)"},
		// |K12| may exceed √(K11·K22) by rounding; ρ is clamped to 1.
		{"relu(x)", "relu(x)", Cov{1, 1 + 1e-13, 1}, "relu(x)^2"},
	}
	for _, tt := range tests {
		got, err := Expect2(calc.MustParse(tt.f), calc.MustParse(tt.g), tt.c)
		if err != nil {
			t.Errorf("%s, %s: %v", tt.f, tt.g, err)
			continue
		}
		want, err := Expect(calc.MustParse(tt.prod), tt.c.K11)
		if err != nil {
			t.Fatal(err)
		}
		if rel := math.Abs(got.V-want.V) / math.Abs(want.V); rel > 1e-13 {
			t.Errorf("%s, %s at %+v: got %.17g, want %.17g (rel %.2g)", tt.f, tt.g, tt.c, got.V, want.V, rel)
		}
	}
}

// Near |ρ| = 1 the result approaches the degenerate one at the rate
// |dE/dρ|·(1 − |ρ|), with dE/dρ = E[f'(u)·g'(v)]·√(K11·K22) bounded for
// these integrands (Price's theorem).
func TestExpect2NearDegenerate(t *testing.T) {
	tests := []struct {
		f, g string
		K11  float64
		K22  float64
		sign float64
	}{
		{"tanh(x)", "tanh(x)", 1, 1, 1},
		{"tanh(x)", "gelu(x)", 0.5, 3, -1},
		{"relu(x)", "relu(x)", 2, 1, 1},
		{"relu(x-0.2)", "sign(x+0.1)", 1, 1, -1},
	}
	for _, tt := range tests {
		f, g := calc.MustParse(tt.f), calc.MustParse(tt.g)
		at1, err := Expect2(f, g, corr(tt.K11, tt.K22, tt.sign))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []float64{1e-6, 1e-9, 1e-12} {
			v, err := Expect2(f, g, corr(tt.K11, tt.K22, tt.sign*(1-d)))
			if err != nil {
				t.Errorf("%s, %s at 1 − ρ = %g: %v", tt.f, tt.g, d, err)
				continue
			}
			// sign(x) jumps, so there the approach is like √(1 − |ρ|).
			bound := 10 * d * max(1, tt.K11*tt.K22)
			if tt.g == "sign(x+0.1)" {
				bound = 10 * math.Sqrt(d)
			}
			if diff := math.Abs(v.V - at1.V); diff > bound {
				t.Errorf("%s, %s at 1 − |ρ| = %g: %.17g vs %.17g at |ρ| = 1 (diff %.2g > %.2g)", tt.f, tt.g, d, v.V, at1.V, diff, bound)
			}
		}
	}
}

// At ρ = 0, u and v are independent and E[f(u)·g(v)] = E[f(u)]·E[g(v)].
// Swapping (f, K11) with (g, K22) leaves E[f(u)·g(v)] unchanged.
func TestExpect2IndependentAndSymmetric(t *testing.T) {
	pairs := [][2]string{
		{"gelu(x)", "tanh(x) + x^2"},
		{"relu(x-0.5)", "exp(x/3)"},
		{"step(x+0.2)", "erf(x)+1"},
	}
	for _, p := range pairs {
		f, g := calc.MustParse(p[0]), calc.MustParse(p[1])
		K11, K22 := 1.5, 0.7
		got, err := Expect2(f, g, Cov{K11, 0, K22})
		if err != nil {
			t.Fatal(err)
		}
		ef, err := Expect(f, K11)
		if err != nil {
			t.Fatal(err)
		}
		eg, err := Expect(g, K22)
		if err != nil {
			t.Fatal(err)
		}
		if rel := math.Abs(got.V-ef.V*eg.V) / math.Abs(ef.V*eg.V); rel > 1e-13 {
			t.Errorf("%s, %s at ρ = 0: got %.17g, want %.17g (rel %.2g)", p[0], p[1], got.V, ef.V*eg.V, rel)
		}
		for _, r := range []float64{-0.9999, -0.3, 0.6, 0.999999, 1 - 1e-12} {
			c := corr(K11, K22, r)
			a, err := Expect2(f, g, c)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Expect2(g, f, Cov{c.K22, c.K12, c.K11})
			if err != nil {
				t.Fatal(err)
			}
			if rel := math.Abs(a.V-b.V) / math.Abs(a.V); rel > 1e-13 {
				t.Errorf("%s, %s at ρ = %g: %.17g, swapped %.17g (rel %.2g)", p[0], p[1], r, a.V, b.V, rel)
			}
		}
	}
}

func TestExpect2Errors(t *testing.T) {
	x := calc.MustParse("x")
	tests := []struct {
		name  string
		f     calc.Expr
		c     Cov
		cause error
	}{
		{"K11 = 0", x, Cov{0, 0, 1}, nil},
		{"K22 < 0", x, Cov{1, 0, -1}, nil},
		{"NaN", x, Cov{1, math.NaN(), 1}, nil},
		{"|K12| too large", x, Cov{1, 1.001, 1}, nil},
		{"diverges", calc.MustParse("exp(x^2)"), Cov{1, 0.5, 1}, ErrDiverges},
		{"undefined", calc.MustParse("log(x)"), Cov{1, 0.5, 1}, nil},
	}
	for _, tt := range tests {
		_, err := Expect2(tt.f, x, tt.c)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if tt.cause != nil && !errors.Is(err, tt.cause) {
			t.Errorf("%s: error %v is not %v", tt.name, err, tt.cause)
		}
	}
}

// BenchmarkExpect2Kappa times one float64 κ(ρ) = E[σ(X)σ(Y)] at ρ = 0.5.
func BenchmarkExpect2Kappa(b *testing.B) {
	for _, f := range []string{"relu(x)", "tanh(x)"} {
		b.Run(f, func(b *testing.B) {
			e := calc.MustParse(f)
			for b.Loop() {
				if _, err := Expect2(e, e, corr(1, 1, 0.5)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
