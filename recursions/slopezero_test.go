package recursions

import (
	"testing"

	"critcalc/calc"
)

// SlopeSquareAtZero from each kind of class data: analytic (tanh, x², sin
// of 3x), scale-invariant (ReLU, leaky), kinked-linear (ELU); none for
// σ(0) ≠ 0.
func TestSlopeSquareAtZero(t *testing.T) {
	for _, c := range []struct {
		sigma, want string
		ok          bool
	}{
		{"tanh(x)", "1", true}, {"x^2", "0", true}, {"sin(3*x)", "9", true},
		{"relu(x)", "0.5", true}, {"max(x,0.2*x)", "0.52", true}, {"elu(x, 1)", "1", true},
		{"x+1", "", false}, {"exp(x)", "", false},
	} {
		s0, ok, err := SlopeSquareAtZero(calc.MustParse(c.sigma), 20)
		if err != nil {
			t.Fatalf("%s: %v", c.sigma, err)
		}
		if ok != c.ok || ok && s0.Text() != c.want {
			t.Errorf("%s: s₀ = %s (ok %v), want %s (ok %v)", c.sigma, s0.Text(), ok, c.want, c.ok)
		}
	}
}
