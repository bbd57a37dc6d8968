package hermite

import (
	"errors"
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
// next to a branch point (σ'² of |x|^1.25 is 1.5625·|x|^(1/2), whose
// derivative is unbounded at 0) names the point, and that one without a
// branch point does not.
func TestBranchNote(t *testing.T) {
	e, err := NewExpectation(calc.MustParse("1.5625*abs(x)^0.5"))
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
