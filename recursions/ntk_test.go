package recursions

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/internal/testlevel"
)

// closedForm is the two-input kernel map and its derivative map of an
// activation with closed forms: f = ⟨σ(u)σ(v)⟩ and f1 = ⟨σ'(u)σ'(v)⟩ at
// (u, v) ~ N(0, [[p, x], [x, m]]), in float64 and in big.Float.
type closedForm struct {
	expr string
	f64  func(p, m, x float64) (f, f1 float64)
	big  func(p, m, x *big.Float, prec uint) (f, f1 *big.Float)
}

// The closed forms:
//   - ReLU, the arc-cosine kernel of degree 1 (Cho and Saul, "Kernel
//     methods for deep learning", 2009, eq. (6)) and of degree 0 for σ'
//     (the step): f = √(pm)/(2π)(sin ψ + (π − ψ)cos ψ), f1 = (π − ψ)/(2π),
//     ψ = arccos(x/√(pm)); with them the recursion is the ReLU NTK of
//     Jacot, Gabriel and Hongler (2018) and of Arora et al. (2019, eq. (4)).
//   - erf, the arcsine kernel (Williams, "Computing with infinite networks",
//     1997, eq. (11)): f = (2/π)arcsin(2x/√((1+2p)(1+2m))), and, from
//     erf'(z) = (2/√π)e^(−z²) and E[e^(−u²−v²)] = det(I + 2Σ)^(−1/2),
//     f1 = (4/π)/√((1+2p)(1+2m) − 4x²).
var closedForms = []closedForm{
	{
		expr: "relu(x)",
		f64: func(p, m, x float64) (float64, float64) {
			s := math.Sqrt(p * m)
			rho := max(-1, min(1, x/s))
			psi := math.Acos(rho)
			return s / (2 * math.Pi) * (math.Sqrt(1-rho*rho) + (math.Pi-psi)*rho), (math.Pi - psi) / (2 * math.Pi)
		},
		big: func(p, m, x *big.Float, prec uint) (*big.Float, *big.Float) {
			f := func() *big.Float { return new(big.Float).SetPrec(prec) }
			s, _ := bigmath.Sqrt(prec, f().Mul(p, m))
			rho := f().Quo(x, s)
			one := big.NewFloat(1)
			// ψ = 2 arctan √((1 − ρ)/(1 + ρ))
			t, _ := bigmath.Sqrt(prec, f().Quo(f().Sub(one, rho), f().Add(one, rho)))
			psi := bigmath.Atan(prec, t)
			psi.Add(psi, psi)
			pi := bigmath.Pi(prec)
			sin, _ := bigmath.Sqrt(prec, f().Sub(one, f().Mul(rho, rho)))
			pmp := f().Sub(pi, psi)
			v := f().Add(sin, f().Mul(pmp, rho))
			v.Mul(v, s).Quo(v, f().Add(pi, pi))
			return v, f().Quo(pmp, f().Add(pi, pi))
		},
	},
	{
		expr: "erf(x)",
		f64: func(p, m, x float64) (float64, float64) {
			d := (1 + 2*p) * (1 + 2*m)
			return 2 / math.Pi * math.Asin(2*x/math.Sqrt(d)), 4 / math.Pi / math.Sqrt(d-4*x*x)
		},
		big: func(p, m, x *big.Float, prec uint) (*big.Float, *big.Float) {
			f := func() *big.Float { return new(big.Float).SetPrec(prec) }
			one, two := big.NewFloat(1), big.NewFloat(2)
			d := f().Mul(f().Add(one, f().Mul(two, p)), f().Add(one, f().Mul(two, m)))
			x2 := f().Mul(x, x)
			rest := f().Sub(d, f().Mul(big.NewFloat(4), x2)) // d(1 − a²), a = 2x/√d
			r, _ := bigmath.Sqrt(prec, rest)
			// arcsin a = arctan(a/√(1 − a²)) = arctan(2x/√(d − 4x²))
			as := bigmath.Atan(prec, f().Quo(f().Mul(two, x), r))
			pi := bigmath.Pi(prec)
			return f().Quo(f().Mul(two, as), pi), f().Quo(big.NewFloat(4), f().Mul(pi, r))
		},
	},
}

// closedNTK64 iterates the two-input kernel and NTK of a closed form in
// float64: entries ++, −−, +−.
func closedNTK64(cf closedForm, cb, cw float64, lam Lambda, k, theta [3]float64, L int) (K, T [3]float64) {
	K, T = k, theta
	for l := 1; l < L; l++ {
		var f, f1 [3]float64
		f[0], f1[0] = cf.f64(K[0], K[0], K[0])
		f[1], f1[1] = cf.f64(K[1], K[1], K[1])
		f[2], f1[2] = cf.f64(K[0], K[1], K[2])
		for i := range K {
			K[i], T[i] = cb+cw*f[i], lam.B+lam.W*f[i]+cw*f1[i]*T[i]
		}
	}
	return K, T
}

func TestIterateNTKTwoClosedForms(t *testing.T) {
	cases := []struct {
		cb, cw float64
		lam    Lambda
		k      [3]float64
		L      int
	}{
		{0.1, 1.7, Lambda{0.1, 1.7}, [3]float64{1.2, 0.8, 0.3}, 12},
		{0, 2, Lambda{0, 2}, [3]float64{1, 1, 0.5}, 30},
		{0.3, 1.1, Lambda{1, 0.5}, [3]float64{0.7, 2.5, -1.1}, 8},
	}
	for _, cf := range closedForms {
		a := mustNew(t, cf.expr)
		for _, c := range cases {
			// Θ^(1) = λ_b + λ_W K^(0), K^(0) = (K^(1) − C_b)/C_W.
			var theta [3]float64
			for i, k := range c.k {
				theta[i] = c.lam.B + c.lam.W*(k-c.cb)/c.cw
			}
			got, err := a.IterateNTKTwo(c.cb, c.cw, c.lam, c.k, theta, c.L, c.L)
			if err != nil {
				t.Fatalf("%s %+v: %v", cf.expr, c, err)
			}
			K, T := closedNTK64(cf, c.cb, c.cw, c.lam, c.k, theta, c.L)
			last := got[len(got)-1]
			for i := range K {
				for _, q := range []struct {
					name           string
					got, want, err float64
				}{{"K", last.K[i], K[i], last.KErr[i]}, {"Θ", last.Theta[i], T[i], last.ThetaErr[i]}} {
					diff := math.Abs(q.got - q.want)
					// The closed form itself rounds as the recursion does.
					if diff > 1e-13*math.Abs(q.want) {
						t.Errorf("%s %+v: %s[%d] at layer %d = %.17g, closed form %.17g (rel. %.2g)", cf.expr, c, q.name, i, c.L, q.got, q.want, diff/math.Abs(q.want))
					}
					if diff > q.err+4e-16*math.Abs(q.want)*float64(c.L) {
						t.Errorf("%s %+v: %s[%d]: error %.2g beyond the estimate %.2g", cf.expr, c, q.name, i, diff, q.err)
					}
				}
			}
			// The single-input recursion is the diagonal.
			one, err := a.IterateNTK(c.cb, c.cw, c.lam, c.k[0], theta[0], c.L, c.L)
			if err != nil {
				t.Fatal(err)
			}
			if d := math.Abs(one[0].Theta - T[0]); d > 1e-13*math.Abs(T[0]) {
				t.Errorf("%s %+v: IterateNTK Θ = %.17g, closed form %.17g", cf.expr, c, one[0].Theta, T[0])
			}
		}
	}
}

// closedNTKBig is closedNTK64 in big.Float arithmetic at prec bits.
func closedNTKBig(cf closedForm, cb, cw *big.Rat, lam LambdaRat, k, theta [3]*big.Rat, L int, prec uint) (K, T [3]*big.Float) {
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW, LB, LW := f().SetRat(cb), f().SetRat(cw), f().SetRat(lam.B), f().SetRat(lam.W)
	for i := range K {
		K[i], T[i] = f().SetRat(k[i]), f().SetRat(theta[i])
	}
	for l := 1; l < L; l++ {
		var v, v1 [3]*big.Float
		v[0], v1[0] = cf.big(K[0], K[0], K[0], prec)
		v[1], v1[1] = cf.big(K[1], K[1], K[1], prec)
		v[2], v1[2] = cf.big(K[0], K[1], K[2], prec)
		for i := range K {
			K[i], T[i] = ntkStepBig(f, CB, CW, LB, LW, v[i], v1[i], T[i])
		}
	}
	return K, T
}

func TestIterateNTKTwoDigitsClosedForms(t *testing.T) {
	r := func(s string) *big.Rat { x, _ := new(big.Rat).SetString(s); return x }
	cb, cw := r("1/10"), r("17/10")
	lam := LambdaRat{B: r("1/4"), W: r("3/2")}
	k := [3]*big.Rat{r("6/5"), r("4/5"), r("3/10")}
	var theta [3]*big.Rat
	for i := range k {
		// Θ^(1) = λ_b + λ_W (K^(1) − C_b)/C_W
		th := new(big.Rat).Sub(k[i], cb)
		th.Mul(th, lam.W).Quo(th, cw).Add(th, lam.B)
		theta[i] = th
	}
	// One layer of the map by default, three with CRITCALC_EXHAUSTIVE=1.
	L, digits := 2, 30
	if testlevel.IsExhaustive() {
		L = 4
	}
	for _, cf := range closedForms {
		e, _ := calc.Parse(cf.expr)
		a, err := New(e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.IterateNTKTwoDigits(cb, cw, lam, k, theta, L, L, digits)
		if err != nil {
			t.Fatalf("%s: %v", cf.expr, err)
		}
		K, T := closedNTKBig(cf, cb, cw, lam, k, theta, L, 200)
		last := got[len(got)-1]
		for i := range K {
			for _, q := range []struct {
				name string
				got  calc.Certified
				want *big.Float
			}{{"K", last.K[i], K[i]}, {"Θ", last.Theta[i], T[i]}} {
				if q.got.Digits != digits {
					t.Errorf("%s: %s[%d] keeps %d digits, want %d", cf.expr, q.name, i, q.got.Digits, digits)
				}
				if g, w := q.got.Text(), calc.FormatSignificant(q.want, q.got.Digits); g != w {
					t.Errorf("%s: %s[%d] = %s, closed form %s", cf.expr, q.name, i, g, w)
				}
			}
		}
		one, err := a.IterateNTKDigits(cb, cw, lam, k[0], theta[0], L, L, digits)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := one[0].Theta.Text(), calc.FormatSignificant(T[0], digits); g != w {
			t.Errorf("%s: IterateNTKDigits Θ = %s, closed form %s", cf.expr, g, w)
		}
	}
}
