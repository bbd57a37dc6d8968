package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
)

// KZero is the K* = 0 universality class of an activation analytic at 0
// (5.80)–(5.90): with σ_p the p-th derivative of σ at 0, σ₀ = 0 and σ₁ ≠ 0,
// the critical point is (C_b, C_W) = (0, 1/σ₁²) and near K = 0
//
//	C_W g(K) = K + a₁K² + a₂K³ + …,  χ⊥ = 1 + b₁K + …
//
// Every value is certified to the digits KZeroOf was asked for.
type KZero struct {
	// Sigma holds σ₀ … σ₅, the derivatives of σ at 0.
	Sigma [6]calc.Certified
	// OK reports whether the class applies (σ₀ = 0 and σ₁ ≠ 0).
	OK bool
	// Reason says why the class does not apply when OK is false.
	Reason string
	// CW = 1/σ₁² is the critical weight variance when OK (C_b = 0).
	CW calc.Certified
	// A1 (5.86), A2 (5.87) and B1 (5.88), stored with their sign, when OK.
	A1, A2, B1 calc.Certified
	// PPerp is b₁/a₁, the exponent p⊥ of an attracting K* = 0 point (no
	// value when a₁ = 0).
	PPerp calc.Certified
	// CW1 = (2/3)c_W{0} is the finite-width tuning of the weights (5.142;
	// c_b{1} = 0), when OK.
	CW1 calc.Certified
	// G1Bare = 1/(3a₁) is the large-depth limit of the NLO metric G{1}
	// (5.134); G1Ren = (84a₁² − a₂ − 90a₁b₁)/(3a₁³) the limit of G{1}·ℓ with
	// the tuning (5.142), from matching the 1/ℓ² terms of (5.94) and
	// (5.127); G1RenPrinted = (2/3)(3a₂ − a₁²)/(−a₁)³, that limit as (5.143)
	// prints it (wrong: tanh gives 13/12, the recursions 89/72). Set when
	// OK and a₁ ≠ 0.
	G1Bare, G1Ren, G1RenPrinted calc.Certified
	// LimitCb is −(σ₀/σ₁)², the bias variance that the critical condition
	// tends to as K → 0 when σ₀ ≠ 0 and σ₁ ≠ 0 (sigmoid: −4, §5.3.2).
	LimitCb calc.Certified
}

// taylorOrder is the order of the Taylor expansion at 0 used by KZeroOf.
const taylorOrder = 6

// NumericDigits is the number of digits to which a caller that computes
// with float64 values asks for the class data (KZeroOf, ScaleInvariantOf):
// all a float64 holds.
const NumericDigits = 17

// scanDigits is the number of digits to which the float64 analysis
// (Analyze, FixedPoints) certifies the class data it classifies with; its
// messages print them.
const scanDigits = 12

// kZeroValues holds σ_p, C_W, a₁, a₂, b₁, b₁/a₁ and −(σ₀/σ₁)² at one
// precision; a value that does not apply is nil.
type kZeroValues struct {
	sigma                          [6]*big.Float
	cw, a1, a2, b1, pPerp, limitCb *big.Float
	cw1, g1Bare, g1Ren, g1Printed  *big.Float
}

// kZeroAt computes the K* = 0 data from Taylor coefficients of σ at 0
// certified to digits digits (an exact zero where the coefficient is
// rounding noise at every precision, calc.TaylorDigits).
func kZeroAt(sigma calc.Expr, digits int) (kZeroValues, error) {
	c, err := calc.TaylorDigits(sigma, new(big.Rat), taylorOrder-1, calc.Center, digits)
	if err != nil {
		return kZeroValues{}, err
	}
	prec := calc.BitsForDigits(digits) + 64
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	var v kZeroValues
	fact := int64(1)
	for p := range v.sigma {
		if p > 0 {
			fact *= int64(p)
		}
		v.sigma[p] = f().Mul(c[p], new(big.Float).SetInt64(fact))
	}
	s := v.sigma
	if s[1].Sign() == 0 {
		return v, nil
	}
	if s[0].Sign() != 0 {
		r0 := f().Quo(s[0], s[1])
		v.limitCb = f().Neg(f().Mul(r0, r0))
		return v, nil
	}
	r := func(p int) *big.Float { return f().Quo(s[p], s[1]) }
	num := func(n, d int64) *big.Float { return f().Quo(big.NewFloat(float64(n)), big.NewFloat(float64(d))) }
	r2, r3, r4, r5 := r(2), r(3), r(4), r(5)
	r22 := f().Mul(r2, r2)
	v.cw = f().Quo(big.NewFloat(1), f().Mul(s[1], s[1]))
	v.a1 = f().Add(r3, f().Mul(num(3, 4), r22))
	v.a2 = f().Add(f().Mul(num(1, 4), r5), f().Mul(num(5, 8), f().Mul(r4, r2)))
	v.a2.Add(v.a2, f().Mul(num(5, 12), f().Mul(r3, r3)))
	v.b1 = f().Add(r3, r22)
	v.cw1 = f().Mul(num(2, 3), v.cw)
	if v.a1.Sign() != 0 {
		v.pPerp = f().Quo(v.b1, v.a1)
		a1, a12 := v.a1, f().Mul(v.a1, v.a1)
		a13 := f().Mul(a12, a1)
		v.g1Bare = f().Quo(big.NewFloat(1), f().Mul(big.NewFloat(3), a1))
		// (84a₁² − a₂ − 90a₁b₁)/(3a₁³)
		n := f().Sub(f().Mul(big.NewFloat(84), a12), v.a2)
		n.Sub(n, f().Mul(big.NewFloat(90), f().Mul(a1, v.b1)))
		v.g1Ren = f().Quo(n, f().Mul(big.NewFloat(3), a13))
		// (2/3)(3a₂ − a₁²)/(−a₁)³ as (5.143) prints it
		p := f().Sub(f().Mul(big.NewFloat(3), v.a2), a12)
		v.g1Printed = f().Quo(f().Mul(num(2, 3), p), f().Neg(a13))
	}
	return v, nil
}

// KZeroOf computes the K* = 0 class data of σ to digits significant
// digits: each value comes from Taylor coefficients at 0 certified to
// digits+10 and to digits+20 digits, and keeps the digits on which the two
// agree. It reports ok = false when σ has a kink or a branch point at 0
// (no Taylor series).
// When the class does not apply (σ(0) ≠ 0 or σ'(0) = 0) only Sigma,
// Reason and (for σ(0) ≠ 0) LimitCb are set.
func KZeroOf(sigma calc.Expr, digits int) (kz KZero, ok bool, err error) {
	lo, err := kZeroAt(sigma, digits+10)
	var kink *calc.KinkError
	if errors.As(err, &kink) || errors.Is(err, calc.ErrNoSeries) {
		return KZero{}, false, nil // a kink or a branch point at 0
	}
	if err != nil {
		return KZero{}, false, fmt.Errorf("recursions: Taylor series of σ at 0 to %d digits: %w", digits+10, err)
	}
	hi, err := kZeroAt(sigma, digits+20)
	if err != nil {
		return KZero{}, false, fmt.Errorf("recursions: Taylor series of σ at 0 to %d digits: %w", digits+20, err)
	}
	for p := range kz.Sigma {
		if kz.Sigma[p], err = calc.Agreeing(fmt.Sprintf("σ_%d", p), lo.sigma[p], hi.sigma[p], digits); err != nil {
			return KZero{}, false, fmt.Errorf("recursions: K* = 0 class: %w", err)
		}
	}
	pairs := []struct {
		name   string
		lo, hi *big.Float
		dst    *calc.Certified
	}{
		{"C_W", lo.cw, hi.cw, &kz.CW},
		{"a₁", lo.a1, hi.a1, &kz.A1},
		{"a₂", lo.a2, hi.a2, &kz.A2},
		{"b₁", lo.b1, hi.b1, &kz.B1},
		{"p⊥", lo.pPerp, hi.pPerp, &kz.PPerp},
		{"c_W{1}", lo.cw1, hi.cw1, &kz.CW1},
		{"G{1} as ℓ → ∞", lo.g1Bare, hi.g1Bare, &kz.G1Bare},
		{"G{1}·ℓ renormalized", lo.g1Ren, hi.g1Ren, &kz.G1Ren},
		{"G{1}·ℓ as (5.143) prints it", lo.g1Printed, hi.g1Printed, &kz.G1RenPrinted},
		{"−(σ₀/σ₁)²", lo.limitCb, hi.limitCb, &kz.LimitCb},
	}
	for _, p := range pairs {
		if (p.lo == nil) != (p.hi == nil) {
			return KZero{}, false, fmt.Errorf("recursions: K* = 0 class: %s exists at one precision only", p.name)
		}
		if p.lo == nil {
			continue
		}
		if *p.dst, err = calc.Agreeing(p.name, p.lo, p.hi, digits); err != nil {
			return KZero{}, false, fmt.Errorf("recursions: K* = 0 class: %w", err)
		}
	}
	switch {
	case kz.Sigma[1].IsZero():
		kz.Reason = "σ'(0) = 0: the kernel cannot be critical at K* = 0 (5.79)"
	case kz.LimitCb.V != nil:
		kz.Reason = fmt.Sprintf("σ(0) ≠ 0 forces C_b = −(σ₀/σ₁)² = %s < 0 as K* → 0 (5.76)", kz.LimitCb.Text())
	default:
		kz.OK = true
	}
	return kz, true, nil
}
