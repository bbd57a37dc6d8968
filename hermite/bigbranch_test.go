package hermite

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestBranchPanelsDigits checks the arbitrary-precision averages of |z|^p
// at K = 1, whose integrands have a branch point at 0 (no power series
// there, so that the rules on a panel that ends there converge only like
// a power of its width), against the absolute Gaussian moments
// E|z|^p = 2^(p/2)·Γ((p+1)/2)/√π, mpmath with mp.dps = 45 and p the exact
// decimal: all 30 digits asked for, each right. Without the halving of
// the panels next to 0 (branchPanel) these fail to converge.
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
