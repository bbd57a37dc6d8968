package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestSubnormalValues checks float64 expectations whose integrand's
// values fall in float64's subnormal range, where rounding is absolute:
// E[z⁴] = 3K² (exact) at K from 1e-155 (3e-310) down to 1e-162 (5e-324,
// the smallest subnormal), alone and in a set. The error bound must cover
// the true value, and the panels must not be bisected for ever towards a
// relative tolerance that rounds to 0 there (170064 evaluations at
// K = 1e-160 before the bound knew the subnormal spacing, and 0 ± 0).
func TestSubnormalValues(t *testing.T) {
	x4 := calc.MustParse("x^4")
	e, err := NewExpectation(x4)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMany(x4, calc.MustParse("x^2"))
	if err != nil {
		t.Fatal(err)
	}
	for _, K := range []float64{1e-155, 1e-160, 1e-161, 1e-162} {
		exact := new(big.Float).SetPrec(200).SetFloat64(K)
		exact.Mul(exact, exact).Mul(exact, big.NewFloat(3))
		want, _ := exact.Float64() // within half the subnormal spacing
		one, err := e.At(K)
		if err != nil {
			t.Fatalf("K = %g: %v", K, err)
		}
		set, err := m.At(K)
		if err != nil {
			t.Fatalf("K = %g, in a set: %v", K, err)
		}
		for _, c := range []struct {
			name string
			v    Value
		}{{"alone", one}, {"in a set", set[0]}} {
			if d := math.Abs(c.v.V - want); !(d <= c.v.AbsErr+subnormalSpacing/2) {
				t.Errorf("K = %g, %s: E[z⁴] = %g ± %g, but 3K² = %g", K, c.name, c.v.V, c.v.AbsErr, want)
			}
			if c.v.Evals > 1000 {
				t.Errorf("K = %g, %s: %d evaluations", K, c.name, c.v.Evals)
			}
		}
	}
}
