package recursions

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// Working digits and tolerances of the high-precision refinement of K*.
const (
	// refineExtra is how many digits beyond the requested ones each
	// average carries during the secant iteration.
	refineExtra = 20
	// refineTol is how many digits beyond the requested ones the last
	// secant step must fall below (relative to K*): ã₁ cancels up to
	// five digits and is as sensitive to K* as its parts are.
	refineTol = 13
	// maxSecant bounds the number of secant steps.
	maxSecant = 30
)

// criticalResidual returns r(K) = K⟨σ'²⟩_K − ⟨zσσ'⟩_K, which is
// R(K)/(2K) for R(K) = 2K²⟨σ'²⟩_K − ⟨σ²(z² − K)⟩_K (5.73) because
// ⟨σ²(z² − K)⟩_K = 2K⟨zσσ'⟩_K (5.53). It vanishes exactly at criticality,
// is smooth, and involves no cancellation away from the root.
func (a *Activation) criticalResidual(K *big.Float, digits int, prec uint) (*big.Float, error) {
	Kr, _ := K.Rat(nil)
	v, err := averagesDigits(Kr, digits, average{a.sp2, "σ'²"}, average{a.zssp, "zσσ'"})
	if err != nil {
		return nil, err
	}
	r := new(big.Float).SetPrec(prec).Mul(K, v[0])
	return r.Sub(r, v[1]), nil
}

// RefineCritical refines a simple root K0 > 0 of the criticality
// condition, found in float64, to a K* whose relative error is below
// 10^−(digits+13), by the secant method on r(K) = K⟨σ'²⟩_K − ⟨zσσ'⟩_K with
// every average certified to digits+20 digits.
func (a *Activation) RefineCritical(K0 float64, digits int) (*big.Float, error) {
	if !(K0 > 0) || math.IsInf(K0, 0) {
		return nil, fmt.Errorf("recursions: refining K*: need a finite K0 > 0, got %g", K0)
	}
	work := digits + refineExtra
	prec := calc.BitsForDigits(work) + 16
	tol := new(big.Float).SetPrec(prec).SetFloat64(math.Pow(10, -float64(digits+refineTol)))
	x0 := new(big.Float).SetPrec(prec).SetFloat64(K0)
	x1 := new(big.Float).SetPrec(prec).SetFloat64(K0 * (1 + 1e-12))
	f0, err := a.criticalResidual(x0, work, prec)
	if err != nil {
		return nil, fmt.Errorf("recursions: refining K* ≈ %g: %w", K0, err)
	}
	f1, err := a.criticalResidual(x1, work, prec)
	if err != nil {
		return nil, fmt.Errorf("recursions: refining K* ≈ %g: %w", K0, err)
	}
	for range maxSecant {
		den := new(big.Float).SetPrec(prec).Sub(f1, f0)
		if den.Sign() == 0 {
			return nil, &calc.NotCertifiedError{Digits: digits, X: "K*", Last: fmt.Sprintf("the residual stalls at K = %s", x1.Text('g', 20))}
		}
		step := new(big.Float).SetPrec(prec).Sub(x1, x0)
		step.Mul(step, f1).Quo(step, den)
		x2 := new(big.Float).SetPrec(prec).Sub(x1, step)
		if x2.Sign() <= 0 {
			return nil, fmt.Errorf("recursions: refining K* ≈ %g: the secant step left K > 0", K0)
		}
		step.Abs(step)
		if step.Cmp(new(big.Float).Mul(tol, x2)) <= 0 {
			return x2, nil
		}
		x0, f0, x1 = x1, f1, x2
		if f1, err = a.criticalResidual(x1, work, prec); err != nil {
			return nil, fmt.Errorf("recursions: refining K* ≈ %g: %w", K0, err)
		}
	}
	return nil, &calc.NotCertifiedError{Digits: digits, X: "K*", Last: fmt.Sprintf("%s after %d secant steps", x1.Text('g', 20), maxSecant)}
}
