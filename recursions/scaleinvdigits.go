package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// ScaleInvariantDigits is the scale-invariant class (5.58)–(5.67), (5.163)
// to a requested number of significant digits.
type ScaleInvariantDigits struct {
	APlus, AMinus, A2, A4 calc.Certified
	// CW = 1/A₂ (C_b = 0).
	CW calc.Certified
	// RhoKink is (1/π)(a₊ − a₋)²/(a₊² + a₋²) (5.163).
	RhoKink calc.Certified
	// Vertex is 3A₄/A₂² − 1 (5.120).
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

// ScaleInvariantDigitsOf returns the scale-invariant class data of σ to
// digits significant digits, each value computed at digits+10 and
// digits+20 digits and kept to the digits that agree.
func ScaleInvariantDigitsOf(sigma calc.Expr, digits int) (*ScaleInvariantDigits, error) {
	lo, err := scaleInvAt(sigma, digits+10)
	if err != nil {
		return nil, err
	}
	hi, err := scaleInvAt(sigma, digits+20)
	if err != nil {
		return nil, err
	}
	s := &ScaleInvariantDigits{}
	dst := []*calc.Certified{&s.APlus, &s.AMinus, &s.A2, &s.A4, &s.CW, &s.RhoKink, &s.Vertex}
	for i, name := range []string{"a₊", "a₋", "A₂", "A₄", "C_W", "ρ_kink", "3A₄/A₂² − 1"} {
		if *dst[i], err = calc.Agreeing(name, lo[i], hi[i], digits); err != nil {
			return nil, fmt.Errorf("recursions: scale-invariant class: %w", err)
		}
	}
	return s, nil
}
