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
