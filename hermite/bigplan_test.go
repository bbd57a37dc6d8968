package hermite

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestPlanReuse checks that an expectation at a K within float64
// resolution of an earlier one, which reuses that call's panels and rules
// (kinked integrands) or its trapezoidal nodes (smooth ones), agrees with
// a fresh quadrature at the new K to every requested digit.
func TestPlanReuse(t *testing.T) {
	tests := []struct {
		name  string
		sigma string
		K     string
	}{
		{"mish", "mish", "1.67016913247807775130075087656"},
		{"gelu", "gelu", "3.5615528128088303"},
		{"relu", "relu", "0.75"},
		{"tanh", "tanh", "2"},
	}
	const digits = 40
	for _, tt := range tests {
		sigma := calc.MustParse(tt.sigma)
		d := calc.Derivative(sigma, 1)
		fs := []calc.Expr{calc.Mul(sigma, sigma), calc.Mul(d, d), calc.Mul(calc.Var(), calc.Mul(sigma, d))}
		K1, ok := new(big.Rat).SetString(tt.K)
		if !ok {
			t.Fatal(tt.K)
		}
		// K2 = K1(1 + 10^−26): the same float64, a different exact value.
		shift, _ := new(big.Rat).SetString("1.00000000000000000000000001")
		K2 := new(big.Rat).Mul(K1, shift)
		reused, err := NewMany(fs...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reused.AtDigits(K1, digits); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		kf, _ := K1.Float64()
		if len(reused.bq.kinks) == 0 {
			if g := reused.bq.trapGrids.grid(workingBits(digits)); len(g.pts) == 0 {
				t.Fatalf("%s: no trapezoidal nodes kept after the first call", tt.name)
			}
		} else if pl := reused.bq.plans.get(planKey{K: kf, digits: digits}); pl == nil || pl.rules == nil {
			t.Fatalf("%s: no plan with rules kept after the first call", tt.name)
		}
		got, err := reused.AtDigits(K2, digits)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		fresh, err := NewMany(fs...)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.AtDigits(K2, digits)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		// Both are certified to half a unit in the 40th digit.
		for i := range want {
			diff := new(big.Float).Sub(got[i], want[i])
			diff.Quo(diff.Abs(diff), new(big.Float).Abs(want[i]))
			if r, _ := diff.Float64(); r > 1e-40 {
				t.Errorf("%s, ⟨%s⟩: reused plan %s, fresh %s", tt.name, fs[i], got[i].Text('e', digits-1), want[i].Text('e', digits-1))
			}
		}
	}
}
