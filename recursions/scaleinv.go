package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// ScaleInvariant is the scale-invariant class σ(z) = a₊z (z ≥ 0), a₋z
// (z < 0) (5.58)–(5.67): g(K) = A₂K, χ∥ = χ⊥ = A₂C_W, criticality at
// (C_b, C_W) = (0, 1/A₂) with a line of fixed points (5.163), (5.120).
// Every value is certified to the digits ScaleInvariantOf was asked for.
type ScaleInvariant struct {
	APlus, AMinus calc.Certified
	// A2 = (a₊² + a₋²)/2 and A4 = (a₊⁴ + a₋⁴)/2.
	A2, A4 calc.Certified
	// Cb and CW are the critical hyperparameters (0, 1/A₂).
	Cb, CW calc.Certified
	// RhoKink is (1/π)(a₊ − a₋)²/(a₊² + a₋²) (5.163).
	RhoKink calc.Certified
	// Vertex is the normalised-vertex coefficient 3A₄/A₂² − 1 (5.120).
	Vertex calc.Certified
}

// scaleInvAt returns a₊, a₋, A₂, A₄, C_W, ρ_kink and the vertex coefficient
// computed at digits digits.
func scaleInvAt(sigma calc.Expr, digits int) ([7]*big.Float, error) {
	prec := calc.BitsForDigits(digits) + 16
	si, ok, err := calc.DetectScaleInvariant(sigma, prec)
	if err != nil {
		return [7]*big.Float{}, fmt.Errorf("recursions: detecting scale invariance: %w", err)
	}
	if !ok {
		return [7]*big.Float{}, errors.New("recursions: σ is not scale-invariant at high precision")
	}
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	ap, am := si.APlus, si.AMinus
	ap2, am2 := f().Mul(ap, ap), f().Mul(am, am)
	half := big.NewFloat(0.5)
	A2 := f().Mul(f().Add(ap2, am2), half)
	if A2.Sign() == 0 {
		return [7]*big.Float{}, errors.New("recursions: a scale-invariant σ with a₊ = a₋ = 0")
	}
	A4 := f().Mul(f().Add(f().Mul(ap2, ap2), f().Mul(am2, am2)), half)
	cw := f().Quo(big.NewFloat(1), A2)
	d := f().Sub(ap, am)
	rho := f().Quo(f().Mul(d, d), f().Add(ap2, am2))
	rho.Quo(rho, bigmath.Pi(prec))
	vertex := f().Quo(f().Mul(big.NewFloat(3), A4), f().Mul(A2, A2))
	vertex.Sub(vertex, big.NewFloat(1))
	return [7]*big.Float{ap, am, A2, A4, cw, rho, vertex}, nil
}

// ScaleInvariantOf reports whether σ is scale-invariant and returns its
// class data to digits significant digits, each value computed at
// digits+10 and digits+20 digits and kept to the digits that agree.
// Callers that want float64 values ask for NumericDigits.
func ScaleInvariantOf(sigma calc.Expr, digits int) (ScaleInvariant, bool, error) {
	ok, err := IsScaleInvariant(sigma)
	if err != nil || !ok {
		return ScaleInvariant{}, false, err
	}
	lo, err := scaleInvAt(sigma, digits+10)
	if err != nil {
		return ScaleInvariant{}, false, err
	}
	hi, err := scaleInvAt(sigma, digits+20)
	if err != nil {
		return ScaleInvariant{}, false, err
	}
	s := ScaleInvariant{Cb: calc.Exact(new(big.Float), digits)}
	dst := []*calc.Certified{&s.APlus, &s.AMinus, &s.A2, &s.A4, &s.CW, &s.RhoKink, &s.Vertex}
	for i, name := range []string{"a₊", "a₋", "A₂", "A₄", "C_W", "ρ_kink", "3A₄/A₂² − 1"} {
		if *dst[i], err = calc.Agreeing(name, lo[i], hi[i], digits); err != nil {
			return ScaleInvariant{}, false, fmt.Errorf("recursions: scale-invariant class: %w", err)
		}
	}
	return s, true, nil
}

// IsScaleInvariant reports whether σ is scale-invariant (σ(z) = a₊z for
// z ≥ 0, a₋z below) with a₊ or a₋ nonzero.
func IsScaleInvariant(sigma calc.Expr) (bool, error) {
	si, ok, err := calc.DetectScaleInvariant(sigma, 64)
	if err != nil {
		return false, fmt.Errorf("recursions: detecting scale invariance: %w", err)
	}
	return ok && (si.APlus.Sign() != 0 || si.AMinus.Sign() != 0), nil
}
