package recursions

import (
	"math/big"

	"critcalc/calc"
)

// SlopeSquareAtZero returns s₀ = (σ'(0⁺)² + σ'(0⁻)²)/2 to digits certified
// digits for a σ with σ(0) = 0 whose class data give it: A₂ of a
// scale-invariant or kinked-linear σ (ScaleInvariantOf, KinkedOf), σ'(0)²
// of one analytic at 0 (KZeroOf). It reports false for any other σ. At
// K → 0 both ⟨zσσ'⟩_K/K and ⟨σ'²⟩_K tend to s₀ (Stein's lemma), so
// χ∥ = χ⊥ = C_W s₀ at the fixed point K* = 0.
func SlopeSquareAtZero(sigma calc.Expr, digits int) (calc.Certified, bool, error) {
	if si, ok, err := ScaleInvariantOf(sigma, digits); err != nil || ok {
		return si.A2, ok, err
	}
	kz, ok, err := KZeroOf(sigma, digits)
	if err != nil {
		return calc.Certified{}, false, err
	}
	if ok {
		s1 := kz.Sigma[1]
		if !kz.Sigma[0].IsZero() || s1.V == nil {
			return calc.Certified{}, false, nil
		}
		if s1.IsZero() {
			return calc.Exact(new(big.Float), digits), true, nil
		}
		sq := new(big.Float).SetPrec(s1.V.Prec()).Mul(s1.V, s1.V)
		c, err := calc.Bounded("σ'(0)²", sq, 3*s1.RelErr(), digits)
		return c, err == nil, err
	}
	kl, ok, err := KinkedOf(sigma, digits)
	if err != nil || !ok {
		return calc.Certified{}, false, err
	}
	return kl.A2, true, nil
}
