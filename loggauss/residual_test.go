package loggauss

import (
	"math"
	"testing"
)

// TestBetaResidualPrinted pins the printed coefficient 5λ⁴ + 4α²λ²
// (log-Gaussian notes §1.2.2: α² = 0 → 5, 0.5 → 2.25, 0.9 → 0.41) as the
// printed formula.
func TestBetaResidualPrinted(t *testing.T) {
	cases := []struct{ a2, coef float64 }{
		{1e-12, 5}, // α → 0 (α > 0 is required)
		{0.5, 2.25},
		{0.9, 0.41},
	}
	for _, c := range cases {
		b, err := BetaResidualPrinted(100, 10, math.Sqrt(c.a2), math.Sqrt(1-c.a2))
		if err != nil {
			t.Fatal(err)
		}
		if want := (2 + 10*c.coef) / 100; !closeRel(b, want, 1e-10, 0) {
			t.Errorf("α² = %g: printed β = %.12g, want %.12g", c.a2, b, want)
		}
	}
}

// TestResidualKernel checks K(ρ) = E[v|v|w|w|]: K(0) = 0, K(1) = 3,
// K′(0) = 8/π, its power series (a₁ = 8/π, a₃ = 4/(3π), Σa_k = 3), and
// that the two forms of the coefficient sum agree.
func TestResidualKernel(t *testing.T) {
	if k := residualKernel(0); k != 0 {
		t.Errorf("K(0) = %g", k)
	}
	if k := residualKernel(1); !closeRel(k, 3, 1e-15, 0) {
		t.Errorf("K(1) = %.17g, want 3", k)
	}
	a := residualKernelSeries(1 << 16)
	if !closeRel(a[0], 8/math.Pi, 1e-15, 0) || !closeRel(a[1], 4/(3*math.Pi), 1e-15, 0) {
		t.Errorf("a₁, a₃ = %.17g, %.17g", a[0], a[1])
	}
	for _, rho := range []float64{0.1, 0.5, 0.9} {
		s, p := 0.0, rho
		for _, c := range a {
			s += c * p
			p *= rho * rho
		}
		if !closeRel(s, residualKernel(rho), 1e-13, 0) {
			t.Errorf("series K(%g) = %.15g, closed form %.15g", rho, s, residualKernel(rho))
		}
	}
	// Direct sum over layers m of K(α^m) against the series form.
	for _, a2 := range []float64{0.5, 0.9} {
		al, la := math.Sqrt(a2), math.Sqrt(1-a2)
		c, _ := ResidualCoefficient(al, la)
		direct, rho := 0.0, 1.0
		for range 2000 {
			rho *= al
			direct += residualKernel(rho)
		}
		want := 5*la*la*la*la + 4*a2*la*la + 2*la*la*la*la*direct
		if !closeRel(c, want, 1e-13, 0) {
			t.Errorf("α² = %g: coefficient %.15g, direct %.15g", a2, c, want)
		}
	}
	// α → 1: (12 + 4 ln 2)λ².
	c, _ := ResidualCoefficient(math.Sqrt(1-1e-8), 1e-4)
	if want := (12 + 4*math.Ln2) * 1e-8; !closeRel(c, want, 1e-6, 0) {
		t.Errorf("α → 1: coefficient %.10g, want %.10g", c, want)
	}
}

// TestBetaResidualMonteCarlo simulates the residual network exactly
// (SampleResidualG) and compares Var[G] with BetaResidual and with the
// printed formula. Tolerance for BetaResidual: 4 standard errors plus the
// O(1/n) relative finite-width correction, bounded by 4/n·… as measured
// for α = 0 (exact 5.214 vs 5.02 at n = 100: 3.9%, i.e. 3.9/(n/100)%); at
// n = 200 that is 2%, allowed 4%. The printed formula must be off by more
// than 8 standard errors.
func TestBetaResidualMonteCarlo(t *testing.T) {
	const n, d, nets = 200, 50, 2000
	for _, a2 := range []float64{0.5, 0.9} {
		al, la := math.Sqrt(a2), math.Sqrt(1-a2)
		g, err := SampleResidualG(n, d, al, la, nets, 17)
		if err != nil {
			t.Fatal(err)
		}
		s := statsOf(g)
		b, _ := BetaResidual(n, d, al, la)
		p, _ := BetaResidualPrinted(n, d, al, la)
		t.Logf("α² = %g: MC Var[G] = %.4f ± %.4f, BetaResidual %.4f, printed %.4f", a2, s.vari, s.seVar, b, p)
		if diff := math.Abs(s.vari - b); diff > 4*s.seVar+0.04*b {
			t.Errorf("α² = %g: Var[G] = %.4f ± %.4f, BetaResidual = %.4f", a2, s.vari, s.seVar, b)
		}
		if z := (s.vari - p) / s.seVar; z < 8 {
			t.Errorf("α² = %g: printed β = %.4f not rejected (Var[G] = %.4f ± %.4f)", a2, p, s.vari, s.seVar)
		}
	}
}

// TestSampleResidualPlainLimit checks that α → 0 reduces the residual
// simulator to the plain network: its Var[G] agrees with ExactMoments.
func TestSampleResidualPlainLimit(t *testing.T) {
	g, err := SampleResidualG(50, 20, 1e-9, math.Sqrt(1-1e-18), 1<<13, 3)
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := ExactMoments(50, 20)
	s := statsOf(g)
	// K(α^m) ≈ 8α^m/π: negligible at α = 1e−9. The zero event
	// (2^−50 per layer) is immaterial.
	if zm, zv := s.zScores(ex); math.Abs(zm) > 4 || math.Abs(zv) > 4 {
		t.Errorf("α → 0: sample %+v vs exact %+v: z = %.2f, %.2f", s, ex, zm, zv)
	}
}

func TestResidualErrors(t *testing.T) {
	cases := []struct {
		n, d          int
		alpha, lambda float64
	}{
		{100, 10, 0, 1},
		{100, 10, 1, 0},
		{100, 10, -0.6, 0.8},
		{100, 10, 0.6, 0.6},
		{100, 10, math.NaN(), 0.8},
		{0, 10, 0.6, 0.8},
		{100, -1, 0.6, 0.8},
	}
	for _, c := range cases {
		if _, err := BetaResidual(c.n, c.d, c.alpha, c.lambda); err == nil {
			t.Errorf("BetaResidual%+v: no error", c)
		}
		if _, err := BetaResidualPrinted(c.n, c.d, c.alpha, c.lambda); err == nil {
			t.Errorf("BetaResidualPrinted%+v: no error", c)
		}
		if _, err := SampleResidualG(c.n, c.d, c.alpha, c.lambda, 10, 1); err == nil {
			t.Errorf("SampleResidualG%+v: no error", c)
		}
	}
	if _, err := BetaResidual(100, 10, 0.6, 0.8); err != nil {
		t.Errorf("α = 0.6, λ = 0.8: %v", err)
	}
}

func BenchmarkSampleResidualG(b *testing.B) {
	for b.Loop() {
		if _, err := SampleResidualG(100, 100, 0.6, 0.8, 256, 1); err != nil {
			b.Fatal(err)
		}
	}
}
