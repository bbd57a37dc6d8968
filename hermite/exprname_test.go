package hermite

import (
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
	if !cut || len([]rune(head)) != exprNameHead || !strings.HasPrefix(full, head) || !strings.Contains(got, "characters)") || len([]rune(got)) > maxExprName {
		t.Errorf("exprName of %d characters = %q", len(full), got)
	}
}
