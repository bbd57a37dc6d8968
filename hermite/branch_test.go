package hermite

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"critcalc/calc"
)

// TestBranchPanelsDigits checks the arbitrary-precision averages of |z|^p
// at K = 1, whose integrands have a branch point at 0 (no power series
// there, so that the rules on a panel that ends there converge only like
// a power of its width), against the absolute Gaussian moments
// E|z|^p = 2^(p/2)·Γ((p+1)/2)/√π, mpmath with mp.dps = 45 and p the exact
// decimal: all 30 digits asked for, each right. Without the halving of
// the panels next to 0 (branchPanel) p = 0.6 and 1.2 do not converge, and
// p = 3.2 comes out with 28 digits of which the last six are wrong: the
// estimate of a panel's error assumes geometric convergence.
func TestBranchPanelsDigits(t *testing.T) {
	for _, c := range []struct{ p, want string }{
		{"0.6", "0.808672624774288159758820595431142068525"},
		{"1.2", "0.8135490363898384243875657745291032383926"},
		{"3.2", "1.789807880057644533652644703964027124464"},
	} {
		e, err := NewExpectation(calc.MustParse("abs(x)^" + c.p))
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.AtDigits(big.NewRat(1, 1), 30)
		if err != nil {
			t.Errorf("E|z|^%s: %v", c.p, err)
			continue
		}
		want, _, err := big.ParseFloat(c.want, 10, 200, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := calc.FormatSignificant(v, 30), calc.FormatSignificant(want, 30); got != w {
			t.Errorf("E|z|^%s = %s, want %s", c.p, got, w)
		}
	}
}

// TestBranchNote checks that a float64 average that does not converge
// next to a branch point (|x|^0.2: the panel at 0 would have to be about
// 1e-13 wide for its whole ∫|F|φ to fit the tolerance, beyond the 2^−40
// of a first panel that bisection reaches) names the point, and that one
// without a branch point does not.
func TestBranchNote(t *testing.T) {
	e, err := NewExpectation(calc.MustParse("abs(x)^0.2"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.At(1)
	if !errors.Is(err, ErrNotConverged) || !strings.Contains(err.Error(), "no power series at z = 0") {
		t.Errorf("error %v; want ErrNotConverged naming the branch point z = 0", err)
	}
	in, err := newIntegrand(calc.MustParse("abs(x)"))
	if err != nil {
		t.Fatal(err)
	}
	if note := branchNote("", in); note != "" {
		t.Errorf("branchNote(abs(x)) = %q, want none", note)
	}
}

// TestBranchPanelMoments checks the float64 averages of |z|^p at K = 1,
// whose integrands have a branch point at 0 (no power series there, and
// for p < 1 an unbounded derivative), against the absolute Gaussian
// moments E|z|^p = 2^(p/2)·Γ((p+1)/2)/√π (mpmath, 20 digits): each within
// its own error bound, and for p = 0.5 and 0.6 within 1e-13 relative.
// Without the acceptance of a whole panel next to the branch point
// (wholeNearBranch) p = 0.6 does not converge. (p = 2.5 converges with a
// bound of 4.7e-10 either way: the panels next to 0 are accepted at the
// depth limit, which the bound reports.)
func TestBranchPanelMoments(t *testing.T) {
	for _, c := range []struct {
		p     string
		want  float64
		tight bool
	}{
		{"0.5", 0.82217895866245855234, true},
		{"0.6", 0.80867262477428815976, true},
		{"1.5", 0.86003998732451953538, false},
		{"2.5", 1.2332684379936878285, false},
	} {
		e, err := NewExpectation(calc.MustParse("abs(x)^" + c.p))
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.At(1)
		if err != nil {
			t.Errorf("E|z|^%s: %v", c.p, err)
			continue
		}
		if d := math.Abs(v.V - c.want); d > v.AbsErr+2e-16*c.want || c.tight && d > 1e-13*c.want {
			t.Errorf("E|z|^%s = %.17g ± %.2g, want %.17g", c.p, v.V, v.AbsErr, c.want)
		}
	}
}
