package report

import (
	"math/big"

	"critcalc/calc"
)

// ratGuardLow and ratGuardHigh are the extra digits of the two working
// precisions at which RatCertified rounds a rational.
const ratGuardLow, ratGuardHigh = 15, 30

// RatCertified returns the exact rational r to digits significant digits:
// r rounded at two working precisions, with the digits on which the two
// agree (all of them unless r lies on a rounding boundary).
func RatCertified(r *big.Rat, digits int) (calc.Certified, error) {
	if r.Sign() == 0 {
		return calc.Exact(new(big.Float), digits), nil
	}
	lo := new(big.Float).SetPrec(calc.BitsForDigits(digits + ratGuardLow)).SetRat(r)
	hi := new(big.Float).SetPrec(calc.BitsForDigits(digits + ratGuardHigh)).SetRat(r)
	return calc.Agreeing("rational", lo, hi, digits)
}
