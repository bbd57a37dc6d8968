package quadrature

import (
	"errors"
	"math"
	"testing"
)

var inf = math.Inf(1)

func gaussPDF(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }

func tanh2Gauss(x float64) float64 {
	t := math.Tanh(x)
	return t * t * gaussPDF(x)
}

// deCases are integrals with closed forms:
//
//	∫_0^1 ln x dx = −1;  ∫_0^1 x^{−1/2} dx = 2;  ∫_0^∞ e^{−x} dx = 1;
//	∫_{−∞}^0 e^{x} dx = 1;  ∫_{−∞}^{∞} e^{−x²/2} dx = √(2π);
//	∫_0^∞ x² e^{−x²/8} dx = σ³√(π/2) with σ = 2, i.e. 8√(π/2) = √(32π)
//	(half the second moment of N(0, σ²) times σ√(2π));
//	∫_1^3 cos x dx = sin 3 − sin 1;  ∫_0^1 4/(1+x²) dx = π;
//	∫_{−∞}^{∞} 1/(1+x²) dx = π;  ∫_{−2}^{−1} dx/x = −ln 2.
var deCases = []struct {
	name  string
	f     func(float64) float64
	a, b  float64
	exact float64
}{
	{"log", math.Log, 0, 1, -1},
	{"rsqrt", func(x float64) float64 { return 1 / math.Sqrt(x) }, 0, 1, 2},
	{"exp", func(x float64) float64 { return math.Exp(-x) }, 0, inf, 1},
	{"exp-left", math.Exp, -inf, 0, 1},
	{"gauss", func(x float64) float64 { return math.Exp(-x * x / 2) }, -inf, inf, math.Sqrt(2 * math.Pi)},
	{"x2-gauss", func(x float64) float64 { return x * x * math.Exp(-x*x/8) }, 0, inf, math.Sqrt(32 * math.Pi)},
	{"cos", math.Cos, 1, 3, math.Sin(3) - math.Sin(1)},
	{"arctan", func(x float64) float64 { return 4 / (1 + x*x) }, 0, 1, math.Pi},
	{"cauchy", func(x float64) float64 { return 1 / (1 + x*x) }, -inf, inf, math.Pi},
	{"recip", func(x float64) float64 { return 1 / x }, -2, -1, -math.Ln2},
}

func TestIntegrateClosedForms(t *testing.T) {
	const relTol = 1e-14
	for _, c := range deCases {
		r, err := Integrate(c.f, c.a, c.b, relTol, 0)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		e := math.Abs(r.Value - c.exact)
		if e > r.AbsErr {
			t.Errorf("%s: error %.3g not bounded by AbsErr %.3g", c.name, e, r.AbsErr)
		}
		if e > relTol*math.Abs(c.exact) {
			t.Errorf("%s: relative error %.3g > %g", c.name, e/math.Abs(c.exact), relTol)
		}
		t.Logf("%-9s rel.err %.2g  AbsErr %.2g  evals %d", c.name, e/math.Abs(c.exact), r.AbsErr, r.Evals)
	}
}

// TestIntegrateAbsTol checks that an absolute floor ends the refinement for
// a zero integral: ∫ x·e^{−x²/2} over the real line vanishes by symmetry.
func TestIntegrateAbsTol(t *testing.T) {
	r, err := Integrate(func(x float64) float64 { return x * gaussPDF(x) }, -inf, inf, 1e-14, 1e-15)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Value) > r.AbsErr || r.AbsErr > 1e-15 {
		t.Errorf("value %g, AbsErr %g", r.Value, r.AbsErr)
	}
	// Zero integrand: converges at once with a zero estimate.
	r, err = Integrate(func(float64) float64 { return 0 }, 0, 1, 1e-14, 0)
	if err != nil || r.Value != 0 || r.AbsErr != 0 {
		t.Errorf("zero integrand: %+v, %v", r, err)
	}
}

// TestIntegrateDeterministic checks bit-identical repeated results.
func TestIntegrateDeterministic(t *testing.T) {
	r1, err1 := Integrate(tanh2Gauss, -inf, inf, 1e-14, 0)
	r2, err2 := Integrate(tanh2Gauss, -inf, inf, 1e-14, 0)
	if err1 != nil || err2 != nil || r1 != r2 || math.Float64bits(r1.Value) != math.Float64bits(r2.Value) {
		t.Errorf("%+v %v vs %+v %v", r1, err1, r2, err2)
	}
}

// TestIntegrateNotConverged checks that failures return the best value with
// a *NotConvergedError carrying the error estimate.
func TestIntegrateNotConverged(t *testing.T) {
	// sin(1/x) oscillates infinitely often near 0.
	r, err := Integrate(func(x float64) float64 { return math.Sin(1 / x) }, 0, 1, 1e-14, 0)
	var nc *NotConvergedError
	if !errors.As(err, &nc) {
		t.Fatalf("sin(1/x): err = %v", err)
	}
	if nc.AbsErr != r.AbsErr || nc.Value != r.Value || nc.Evals != r.Evals || nc.AbsErr <= nc.Tol || nc.RoundoffLimited {
		t.Errorf("sin(1/x): result %+v, error %+v", r, nc)
	}
	// Exact value 0.5040670619069283…: ∫_0^1 sin(1/x) dx = sin 1 − Ci(1).
	if e := math.Abs(r.Value - 0.5040670619069283); e > 1e-2 {
		t.Errorf("sin(1/x): value %g far from 0.50407", r.Value)
	}

	// A jump in the middle of [0, 1] with at most 4 levels.
	jump := func(x float64) float64 {
		if x < 0.3 {
			return 1
		}
		return 2
	}
	r, err = integrate64(jump, 0, 1, 1e-12, 0, 4)
	if !errors.As(err, &nc) || nc.Level != 4 || nc.AbsErr != r.AbsErr {
		t.Fatalf("jump: result %+v, err = %v", r, err)
	}
	if e := math.Abs(r.Value - 1.7); e > r.AbsErr {
		t.Errorf("jump: error %.3g not bounded by AbsErr %.3g", e, r.AbsErr)
	}

	// A tolerance below the rounding errors stops early.
	r, err = Integrate(func(x float64) float64 { return math.Exp(-x) }, 0, inf, 1e-18, 0)
	if !errors.As(err, &nc) || !nc.RoundoffLimited || math.Abs(r.Value-1) > r.AbsErr {
		t.Errorf("relTol 1e-18: result %+v, err = %v", r, err)
	}
}

func TestIntegrateErrors(t *testing.T) {
	f := math.Exp
	nan := math.NaN()
	for _, ab := range [][2]float64{{1, 0}, {nan, 1}, {0, nan}, {inf, inf}, {-inf, -inf}, {inf, 0}} {
		if _, err := Integrate(f, ab[0], ab[1], 1e-10, 0); !errors.Is(err, ErrInterval) {
			t.Errorf("[%g, %g]: err = %v", ab[0], ab[1], err)
		}
	}
	for _, tol := range [][2]float64{{0, 0}, {-1, 0}, {0, -1}, {nan, 1}} {
		if _, err := Integrate(f, 0, 1, tol[0], tol[1]); !errors.Is(err, ErrTolerance) {
			t.Errorf("tolerances %v: err = %v", tol, err)
		}
	}
	if r, err := Integrate(f, 2, 2, 1e-10, 0); err != nil || r.Value != 0 {
		t.Errorf("empty interval: %+v, %v", r, err)
	}
	// 1/x on [−1, 1] is evaluated at the midpoint 0.
	_, err := Integrate(func(x float64) float64 { return 1 / x }, -1, 1, 1e-10, 0)
	var nf *NonFiniteError
	if !errors.As(err, &nf) || nf.X != 0 || !math.IsInf(nf.Value, 1) {
		t.Errorf("1/x: err = %v", err)
	}
	_, err = Integrate(func(x float64) float64 { return math.NaN() }, 0, inf, 1e-10, 0)
	if !errors.As(err, &nf) || !math.IsNaN(nf.Value) || nf.X != 1 {
		t.Errorf("NaN: err = %v", err)
	}
}

// TestIntegrateErrorBound checks that AbsErr bounds the actual error for a
// family of Gaussian expectations of activation functions (means μ and
// standard deviations σ of the weight varied) at tolerances from 1e-3 to
// 1e-14. The reference values are the same integrals at relTol 1e-15, so
// differences below 4e-16 relative are not counted.
func TestIntegrateErrorBound(t *testing.T) {
	type integrand struct {
		name string
		f    func(float64) float64
		a, b float64
	}
	var cases []integrand
	for _, s := range []float64{0.1, 0.5, 1, 3, 10, 30} {
		for _, mu := range []float64{0, 0.7, -2} {
			g := func(x float64) float64 {
				d := (x - mu) / s
				return math.Exp(-d*d/2) / (s * math.Sqrt(2*math.Pi))
			}
			cases = append(cases,
				integrand{"tanh²", func(x float64) float64 { th := math.Tanh(x); return th * th * g(x) }, -inf, inf},
				integrand{"relu", func(x float64) float64 { return x * g(x) }, 0, inf},
				integrand{"relu²", func(x float64) float64 { return x * x * g(x) }, 0, inf},
				integrand{"gelu−", func(x float64) float64 { return x * 0.5 * math.Erfc(-x/math.Sqrt2) * g(x) }, -inf, 0},
				integrand{"sin", func(x float64) float64 { return math.Sin(x) * g(x) }, -1, 2},
			)
		}
	}
	checked := 0
	worst := 0.0
	for _, c := range cases {
		ref, _ := Integrate(c.f, c.a, c.b, 1e-15, 1e-300)
		for _, tol := range []float64{1e-3, 1e-6, 1e-9, 1e-12, 1e-14} {
			r, _ := Integrate(c.f, c.a, c.b, tol, 1e-300)
			e := math.Abs(r.Value - ref.Value)
			if e <= 4e-16*math.Abs(ref.Value) {
				continue
			}
			checked++
			worst = math.Max(worst, e/r.AbsErr)
			if e > r.AbsErr {
				t.Errorf("%s on [%g, %g], tol %g: error %.3g > AbsErr %.3g", c.name, c.a, c.b, tol, e, r.AbsErr)
			}
		}
	}
	t.Logf("%d results checked; max error/AbsErr %.3g", checked, worst)
}
