package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestRhoStarDigits checks Analyze's float64 ρ* of case 4 (bisection on
// two-input integrals), the start of InteriorDigits, and κ′(ρ*) of GELU
// against the root of Σ c_k² ρ^k = ρ with 22-digit coefficients (the
// series tail beyond k = 150 is below 1e-30 for GELU).
func TestRhoStarDigits(t *testing.T) {
	sigma := calc.MustParse("gelu")
	cs, _, err := CoefficientsDigits(sigma, 150, 22)
	if err != nil {
		t.Fatal(err)
	}
	const prec = 160
	// series returns κ(ρ) = Σ c_k² ρ^k, or κ′(ρ) = Σ k c_k² ρ^(k−1).
	series := func(r *big.Float, deriv bool) *big.Float {
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).SetInt64(1) // ρ^k, or ρ^(k−1) for κ′
		for k, c := range cs {
			if deriv && k == 0 {
				continue
			}
			term := new(big.Float).SetPrec(prec).Mul(c, c)
			if deriv {
				term.Mul(term, big.NewFloat(float64(k)))
			}
			sum.Add(sum, term.Mul(term, pow))
			pow.Mul(pow, r)
		}
		return sum
	}
	lo, hi := new(big.Float).SetPrec(prec).SetFloat64(0.1), new(big.Float).SetPrec(prec).SetFloat64(0.99)
	for range 100 {
		mid := new(big.Float).SetPrec(prec).Add(lo, hi)
		mid.Quo(mid, big.NewFloat(2))
		if series(mid, false).Cmp(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	wantRho, _ := lo.Float64()
	wantKp, _ := series(lo, true).Float64()
	m, err := NewKernelMap(sigma)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := m.Analyze()
	if err != nil {
		t.Fatal(err)
	}
	if fp.Case != CaseInteriorExp || math.Abs(fp.RhoStar-wantRho) > 5e-13*wantRho || math.Abs(fp.KappaPrimeRhoStar-wantKp) > 5e-13*wantKp {
		t.Errorf("ρ* = %.15g (series %.15g), κ′(ρ*) = %.15g (series %.15g)", fp.RhoStar, wantRho, fp.KappaPrimeRhoStar, wantKp)
	}
}
