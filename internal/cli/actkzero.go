package cli

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/recursions"
)

// zeroFixedPoint returns the fixed point K* = 0 of (C_b = 0, cw) with
// χ∥ = χ⊥ = C_W s₀ and ξ = 1/|ln χ⊥|, each to digits certified digits
// (s₀ is computed to digits+5, whose last-digit error every value's
// bound carries); false when s₀ has no closed form (recursions.SlopeSquareAtZero).
func zeroFixedPoint(e calc.Expr, cw *big.Rat, digits int) (chi, xi calc.Certified, ok bool, err error) {
	s0, ok, err := recursions.SlopeSquareAtZero(e, digits+5)
	if err != nil || !ok {
		return chi, xi, false, err
	}
	prec := calc.BitsForDigits(digits+10) + 16
	rel := 2 * s0.RelErr() // a bound on s₀'s relative error, with a factor 2 of margin
	c := new(big.Float).SetPrec(prec).Mul(new(big.Float).SetPrec(prec).SetRat(cw), s0.V)
	if c.Sign() == 0 { // ξ = 1/|ln 0| = 0
		return calc.Exact(c, digits), calc.Exact(new(big.Float), digits), true, nil
	}
	if chi, err = calc.Bounded("χ at K* = 0", c, rel, digits); err != nil {
		return chi, xi, false, err
	}
	l, err := bigmath.Log(prec, c)
	if err != nil {
		return chi, xi, false, fmt.Errorf("ln χ at K* = 0: %w", err)
	}
	lf, _ := l.Float64()
	if l.Sign() == 0 || !(math.Abs(lf) > 2*rel) { // χ⊥ = 1 within its error: ξ is infinite or unknown
		return chi, calc.Certified{}, true, nil
	}
	x := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).Abs(l))
	xi, err = calc.Bounded("ξ at K* = 0", x, 2*rel/math.Abs(lf), digits)
	return chi, xi, err == nil, err
}
