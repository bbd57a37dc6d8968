package recursions

import (
	"fmt"
	"math/big"

	"critcalc/calc"
)

// KZeroDigits is the K* = 0 class (5.80)–(5.90) to a requested number of
// significant digits.
type KZeroDigits struct {
	// Sigma holds σ₀ … σ₅, the derivatives of σ at 0.
	Sigma [6]calc.Certified
	// CW = 1/σ₁² (C_b = 0).
	CW calc.Certified
	// A1 (5.86), A2 (5.87) and B1 (5.88), stored with their sign.
	A1, A2, B1 calc.Certified
	// PPerp is b₁/a₁, the exponent p⊥ of an attracting K* = 0 point.
	PPerp calc.Certified
}

// kZeroValues holds σ_p, C_W, a₁, a₂, b₁ and b₁/a₁ at one precision; all
// but σ_p are nil when the class does not apply.
type kZeroValues struct {
	sigma                 [6]*big.Float
	cw, a1, a2, b1, pPerp *big.Float
}

// kZeroAt computes the K* = 0 data from Taylor coefficients of σ at 0
// certified to digits digits.
func kZeroAt(sigma calc.Expr, digits int) (kZeroValues, error) {
	c, err := calc.TaylorDigits(sigma, new(big.Rat), taylorOrder-1, calc.Center, digits)
	if err != nil {
		return kZeroValues{}, fmt.Errorf("recursions: Taylor series of σ at 0 to %d digits: %w", digits, err)
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
	if s[1].Sign() == 0 || s[0].Sign() != 0 {
		return v, nil // the class does not apply: σ_p only
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
	if v.a1.Sign() != 0 {
		v.pPerp = f().Quo(v.b1, v.a1)
	}
	return v, nil
}

// KZeroDigitsOf returns the K* = 0 class data of σ to digits significant
// digits: each value is computed from Taylor coefficients certified to
// digits+10 and to digits+20 digits, and only the digits that agree are
// kept. σ must be analytic at 0. When the class does not apply (σ(0) ≠ 0
// or σ'(0) = 0) only Sigma is set; PPerp is unset (nil V) when a₁ = 0.
func KZeroDigitsOf(sigma calc.Expr, digits int) (*KZeroDigits, error) {
	lo, err := kZeroAt(sigma, digits+10)
	if err != nil {
		return nil, err
	}
	hi, err := kZeroAt(sigma, digits+20)
	if err != nil {
		return nil, err
	}
	kz := &KZeroDigits{}
	for p := range kz.Sigma {
		if kz.Sigma[p], err = calc.Agreeing(fmt.Sprintf("σ_%d", p), lo.sigma[p], hi.sigma[p], digits); err != nil {
			return nil, fmt.Errorf("recursions: K* = 0 class: %w", err)
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
	}
	for _, p := range pairs {
		if (p.lo == nil) != (p.hi == nil) {
			return nil, fmt.Errorf("recursions: K* = 0 class: %s exists at one precision only", p.name)
		}
		if p.lo == nil {
			continue
		}
		if *p.dst, err = calc.Agreeing(p.name, p.lo, p.hi, digits); err != nil {
			return nil, fmt.Errorf("recursions: K* = 0 class: %w", err)
		}
	}
	return kz, nil
}
