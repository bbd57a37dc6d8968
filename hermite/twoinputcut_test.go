package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestExpect2DecayingInner checks E[erf′(u)·erf′(v)] against its closed
// form (4/π)/√((1 + 2K11)(1 + 2K22) − 4K12²) where the inner expectation
// over v given u has its mass far from v's own tail cut: a decaying g at
// a large K22 and a strong correlation.
func TestExpect2DecayingInner(t *testing.T) {
	d := calc.Derivative(calc.MustParse("erf"), 1)
	for _, c := range []Cov{{1, 0.83, 1}, {1, 0.98, 1}, {0.7, 1.3, 2.5}, {0.7, -1.1, 2.5}, {2.5, 1.3, 0.7}, {10, 9.9, 10}} {
		v, err := Expect2(d, d, c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		want := 4 / math.Pi / math.Sqrt((1+2*c.K11)*(1+2*c.K22)-4*c.K12*c.K12)
		if e := math.Abs(v.V - want); e > v.AbsErr+2e-16*want || e > 1e-13*want {
			t.Errorf("%+v: %.17g ± %.2g, want %.17g", c, v.V, v.AbsErr, want)
		}
	}
}

// TestExpect2NarrowTransition checks E[erf(u)·erf(v)] = (2/π)
// arcsin(2K12/√((1 + 2K11)(1 + 2K22))) and E[erf′(u)·erf′(v)] (above) at
// large variances, where erf(√K·t) steps within 1/√K of 0: erf at
// K11 = K22 = 305, K12 = 5 came out as 9.1e-10 ± 1.5e-14 (true 0.0104)
// when both rules of a wide panel had no node inside the step.
func TestExpect2NarrowTransition(t *testing.T) {
	e := calc.MustParse("erf")
	d := calc.Derivative(e, 1)
	for _, c := range []Cov{{305, 5, 305}, {305, 50, 305}, {305, 150, 305}, {1000, 30, 1000}, {1e4, -300, 1e4},
		{1e6, 9e5, 1e6}, {305, 5, 100}, {2e3, 1, 3}, {3, 1, 2e3}, {50, 49.9, 50}} {
		v, err := Expect2(e, e, c)
		if err != nil {
			t.Fatalf("erf %+v: %v", c, err)
		}
		want := erfKernel(c)
		if err := math.Abs(v.V - want); err > v.AbsErr+2e-16*math.Abs(want) || err > 1e-13 {
			t.Errorf("erf %+v: %.17g ± %.2g, want %.17g", c, v.V, v.AbsErr, want)
		}
		w, err := Expect2(d, d, c)
		if err != nil {
			t.Fatalf("erf′ %+v: %v", c, err)
		}
		want = 4 / math.Pi / math.Sqrt((1+2*c.K11)*(1+2*c.K22)-4*c.K12*c.K12)
		if err := math.Abs(w.V - want); err > w.AbsErr+2e-16*want || err > 1e-13*want {
			t.Errorf("erf′ %+v: %.17g ± %.2g, want %.17g", c, w.V, w.AbsErr, want)
		}
	}
}

// TestExpect2ScaledActivation: a σ whose transition is narrow at every
// variance, erf(100x), against the closed form of erf at 10⁴ times the
// covariance. featureScale saw no radius of convergence below 1 (it
// measured the high-order coefficients against the largest of them), so
// Expect2 did not split off the step: tanh(100x) at K = 1, K12 = 0.05 gave
// 8.7e-7 ± 1.4e-14 for about 0.032.
func TestExpect2ScaledActivation(t *testing.T) {
	e := calc.MustParse("erf(100*x)")
	if s := featureScale(e); !(s < 0.1) {
		t.Errorf("featureScale(erf(100x)) = %g, want below 0.1", s)
	}
	for _, c := range []Cov{{1, 0.05, 1}, {1, 0.5, 1}, {0.3, 0.1, 2}, {1e-4, 5e-5, 1e-4}} {
		v, err := Expect2(e, e, c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		want := erfKernel(Cov{K11: 1e4 * c.K11, K12: 1e4 * c.K12, K22: 1e4 * c.K22})
		if d := math.Abs(v.V - want); d > v.AbsErr+2e-16*math.Abs(want) || d > 1e-13 {
			t.Errorf("%+v: %.17g ± %.2g, want %.17g", c, v.V, v.AbsErr, want)
		}
	}
}
