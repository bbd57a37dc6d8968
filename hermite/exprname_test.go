package hermite

import (
	"errors"
	"math"
	"strings"
	"testing"

	"critcalc/calc"
)

// TestExprName checks that messages quote a short integrand whole and a
// long one by its beginning and length.
func TestExprName(t *testing.T) {
	short := calc.MustParse("tanh(x)^2")
	if got := exprName(short); got != "tanh(x)^2" {
		t.Errorf("exprName(tanh(x)^2) = %q", got)
	}
	long := calc.Derivative(calc.MustParse("tanh(x)*sech(x)^3*sigmoid(x)^2"), 4)
	full := long.String()
	got := exprName(long)
	if len(full) <= maxExprName {
		t.Fatalf("the long expression has only %d characters", len(full))
	}
	head, _, cut := strings.Cut(got, "…")
	if !cut || head == "" || !strings.HasPrefix(full, head) || !strings.Contains(got, "characters)") || len([]rune(got)) > maxExprName {
		t.Errorf("exprName of %d characters = %q", len(full), got)
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
// (branchPanel) p = 0.6 does not converge. (p = 2.5 converges with a
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
