package bigmath

import (
	"math/big"
	"math/bits"
)

// powGuard is the number of guard bits carried by Pow beyond the requested
// precision, in addition to those that absorb the growth of rounding
// errors with the size of the exponent.
const powGuard = 12

// powMaxIntBits is the largest bit length of an integer exponent that is
// evaluated by repeated squaring; larger integer exponents go through
// exp(y·log|x|).
const powMaxIntBits = 64

// Pow returns x**y rounded to prec bits.
//
// An integer y of at most 64 bits is handled by binary powering (repeated
// squaring) with log2|y| extra guard bits, so results that fit in prec
// bits, such as 3**10, are exact. Otherwise x**y = exp(y·log x), where
// log x is computed with as many extra bits as y·log x has integer bits.
//
// Special cases are (in order):
//
//	Pow(x, ±0) = 1 for any x
//	Pow(1, y) = 1 for any y
//	Pow(x, 1) = x for any x
//	Pow(±0, y) = nil and a *DomainError for y < 0
//	Pow(±0, y) = ±0 for y an odd integer > 0
//	Pow(±0, y) = +0 for finite y > 0 and not an odd integer
//	Pow(±0, +Inf) = +0
//	Pow(-1, ±Inf) = 1
//	Pow(x, +Inf) = +Inf for |x| > 1
//	Pow(x, -Inf) = +0 for |x| > 1
//	Pow(x, +Inf) = +0 for |x| < 1
//	Pow(x, -Inf) = +Inf for |x| < 1
//	Pow(+Inf, y) = +Inf for y > 0
//	Pow(+Inf, y) = +0 for y < 0
//	Pow(-Inf, y) = Pow(-0, -y) for y an integer
//	Pow(x, y) = nil and a *DomainError for x < 0 (including -Inf) and
//	finite y that is not an integer
//
// Results beyond big.Float's exponent range are ±Inf or ±0.
func Pow(prec uint, x, y *big.Float) (*big.Float, error) {
	z := newFloat(prec)
	switch {
	case y.Sign() == 0:
		return z.SetInt64(1), nil
	case x.Cmp(one) == 0:
		return z.SetInt64(1), nil
	case y.Cmp(one) == 0:
		return z.Set(x), nil
	case x.Sign() == 0:
		if y.Sign() < 0 {
			return nil, domainError("pow", x, "is zero and the exponent is negative")
		}
		if x.Signbit() && isOddInt(y) {
			return z.Neg(z), nil // -0
		}
		return z, nil
	case y.IsInf():
		c := new(big.Float).Abs(x).Cmp(one)
		switch {
		case c == 0:
			return z.SetInt64(1), nil
		case (c > 0) == (y.Sign() > 0):
			return z.SetInf(false), nil
		default:
			return z, nil
		}
	case x.IsInf():
		if x.Signbit() {
			if !y.IsInt() {
				return nil, domainError("pow", x, "is negative and the exponent is not an integer")
			}
			if y.Sign() > 0 {
				return z.SetInf(isOddInt(y)), nil
			}
			if isOddInt(y) {
				return z.Neg(z), nil
			}
			return z, nil
		}
		if y.Sign() > 0 {
			return z.SetInf(false), nil
		}
		return z, nil
	case x.Sign() < 0 && !y.IsInt():
		return nil, domainError("pow", x, "is negative and the exponent is not an integer")
	}

	ax := new(big.Float).Abs(x)
	neg := x.Sign() < 0 && isOddInt(y)
	if y.IsInt() && exponent(y) <= powMaxIntBits {
		n, _ := new(big.Float).Abs(y).Uint64()
		powUintInto(z, ax, n, y.Sign() < 0)
	} else {
		powExpLogInto(z, ax, y)
	}
	if neg {
		z.Neg(z)
	}
	return z, nil
}

// isOddInt reports whether y is an odd integer.
func isOddInt(y *big.Float) bool {
	if !y.IsInt() || y.Sign() == 0 || y.IsInf() {
		return false
	}
	// y = 0.1xxx·2^e; the integer is odd exactly when its last significant
	// bit is the units bit.
	return uint(exponent(y)) == y.MinPrec()
}

// powUintInto sets z to x**n, or to x**-n if inv is set, rounded to the
// precision of z, for finite x > 0, and returns z. Binary powering makes
// at most 2·log2 n roundings, and each squaring doubles the relative error
// carried so far, so the error stays below about n·2^-wp.
func powUintInto(z, x *big.Float, n uint64, inv bool) *big.Float {
	wp := z.Prec() + powGuard + uint(bits.Len64(n))
	r := newFloat(wp).SetInt64(1)
	b := newFloat(wp).Set(x)
	for {
		if n&1 == 1 {
			r.Mul(r, b)
		}
		n >>= 1
		if n == 0 {
			break
		}
		b.Mul(b, b)
	}
	if inv {
		return z.Quo(one, r)
	}
	return z.Set(r)
}

// powExpLogInto sets z to x**y = exp(y·log x), rounded to the precision of
// z, for finite x > 0 and finite y, and returns z. An error ε relative to
// log x becomes an absolute error |y·log x|·ε in the argument of exp and a
// relative error of the same size in the result, so log x is first
// computed roughly to learn the size of t = y·log x and then again with
// as many extra bits as t has integer bits.
func powExpLogInto(z, x, y *big.Float) *big.Float {
	wp := z.Prec() + powGuard
	t := newFloat(wp+8).Mul(y, logInto(newFloat(wp+8), x))
	if t.Sign() == 0 {
		return z.SetInt64(1)
	}
	et := exponent(t)
	if et > expMaxExp {
		// |t| ≥ 2^32: the result is certainly out of range.
		return expInto(z, t)
	}
	if et > 0 {
		w := wp + 8 + uint(et)
		t = newFloat(w).Mul(y, logInto(newFloat(w), x))
	}
	return expInto(z, t)
}
