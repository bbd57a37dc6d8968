package recursions

import (
	"errors"
	"fmt"

	"critcalc/calc"
)

// KZero is the K* = 0 universality class of an activation analytic at 0
// (5.80)–(5.90): with σ_p the p-th derivative of σ at 0, σ₀ = 0 and σ₁ ≠ 0,
// the critical point is (C_b, C_W) = (0, 1/σ₁²) and near K = 0
//
//	C_W g(K) = K + a₁K² + a₂K³ + …,  χ⊥ = 1 + b₁K + …
type KZero struct {
	// Sigma holds σ₀ … σ₅, the derivatives of σ at 0.
	Sigma [6]float64
	// OK reports whether the class applies (σ₀ = 0 and σ₁ ≠ 0).
	OK bool
	// Reason says why the class does not apply when OK is false.
	Reason string
	// Cb and CW are the critical hyperparameters when OK.
	Cb, CW float64
	// A1 (5.86), A2 (5.87) and B1 (5.88), stored with their sign.
	A1, A2, B1 float64
	// LimitCb is −(σ₀/σ₁)², the bias variance that the critical condition
	// tends to as K → 0 when σ₀ ≠ 0 and σ₁ ≠ 0 (sigmoid: −4, §5.3.2).
	LimitCb float64
}

// taylorOrder is the order of the Taylor expansion at 0 used by KZeroOf.
const taylorOrder = 6

// KZeroOf computes the K* = 0 class data from the Taylor coefficients of σ
// at 0. It reports ok = false when σ has a kink at 0 (no Taylor series).
func KZeroOf(sigma calc.Expr) (kz KZero, ok bool, err error) {
	c, err := calc.TaylorFloat64(sigma, 0, taylorOrder, calc.Center)
	var kink *calc.KinkError
	if errors.As(err, &kink) {
		return KZero{}, false, nil
	}
	if err != nil {
		return KZero{}, false, fmt.Errorf("recursions: Taylor series of σ at 0: %w", err)
	}
	fact := 1.0
	for p := range kz.Sigma {
		if p > 0 {
			fact *= float64(p)
		}
		kz.Sigma[p] = fact * c[p]
	}
	s := kz.Sigma
	switch {
	case s[1] == 0:
		kz.Reason = "σ'(0) = 0: the kernel cannot be critical at K* = 0 (5.79)"
		return kz, true, nil
	case s[0] != 0:
		kz.LimitCb = -(s[0] / s[1]) * (s[0] / s[1])
		kz.Reason = fmt.Sprintf("σ(0) ≠ 0 forces C_b = −(σ₀/σ₁)² = %.12g < 0 as K* → 0 (5.76)", kz.LimitCb)
		return kz, true, nil
	}
	kz.OK = true
	r2, r3, r4, r5 := s[2]/s[1], s[3]/s[1], s[4]/s[1], s[5]/s[1]
	kz.CW = 1 / (s[1] * s[1])
	kz.A1 = r3 + 0.75*r2*r2
	kz.A2 = r5/4 + 5.0/8*r4*r2 + 5.0/12*r3*r3
	kz.B1 = r3 + r2*r2
	return kz, true, nil
}
