package bigmath

import "math/big"

// sqrtGuard is the number of guard bits of Sqrt before the final rounding.
const sqrtGuard = 32

// Sqrt returns the square root of x rounded to prec bits. It uses the
// Newton iteration of math/big's Float.Sqrt at prec+32 bits.
//
// Special cases are:
//
//	Sqrt(+Inf) = +Inf
//	Sqrt(±0) = ±0
//	Sqrt(x) = nil and a *DomainError for x < 0 (including -Inf)
func Sqrt(prec uint, x *big.Float) (*big.Float, error) {
	if x.Sign() < 0 {
		return nil, domainError("sqrt", x, "is negative")
	}
	return sqrtInto(newFloat(prec), x), nil
}

// sqrtInto sets z to √x, rounded to the precision of z, for x ≥ 0 and
// returns z.
func sqrtInto(z, x *big.Float) *big.Float {
	r := newFloat(z.Prec() + sqrtGuard).Sqrt(x)
	return z.Set(r)
}
