package loggauss

import (
	"math/big"
	"testing"
)

// TestBetaResidualDigitsMpmath checks the residual β at 30 digits against
// mpmath (mp.dps = 50) summing the formula of BetaResidual term by term
// (every m = 1 … d−1) with K(ρ) = (2/π)[3ρ√(1 − ρ²) + (1 + 2ρ²) asin ρ],
// and the float64 BetaResidual to 1e-13.
func TestBetaResidualDigitsMpmath(t *testing.T) {
	sqrt := func(x *big.Rat) *big.Rat {
		f := new(big.Float).SetPrec(400).SetRat(x)
		r, _ := f.Sqrt(f).Rat(nil)
		return r
	}
	cases := []struct {
		n, d          int
		alpha, lambda *big.Rat
		ref           string
	}{
		{100, 10, big.NewRat(3, 5), big.NewRat(4, 5), "0.56061536871627467192844807394127583"},
		{200, 50, big.NewRat(1, 2), sqrt(big.NewRat(3, 4)), "1.6050362816608613221462541155718363"},
		{100, 1000, big.NewRat(99, 100), sqrt(big.NewRat(199, 10000)), "2.7270155543929779366309006533688579"},
	}
	for _, c := range cases {
		b, err := BetaResidualDigits(c.n, c.d, c.alpha, c.lambda, 30)
		if err != nil {
			t.Fatal(err)
		}
		checkCertified(t, "β", b, c.ref, 30)
		af, _ := c.alpha.Float64()
		lf, _ := c.lambda.Float64()
		f, err := BetaResidual(c.n, c.d, af, lf)
		if err != nil || !closeRel(f, b.Float64(), 1e-13, 0) {
			t.Errorf("float64 BetaResidual = %v (%v), 30 digits %s", f, err, b.Text())
		}
	}
}
