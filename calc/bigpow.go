package calc

import (
	"math/big"
	"math/bits"

	"critcalc/calc/bigmath"
)

// maxBigPowInt bounds the integer exponents that a BigProgram raises to
// by multiplication instead of through bigmath.Pow.
const maxBigPowInt = 64

// powIntGuard is the number of guard bits of powIntBig beyond the requested
// precision, in addition to log2|n|.
const powIntGuard = 8

// smallIntExponent returns n when e is the integer constant n with
// |n| ≤ maxBigPowInt.
func smallIntExponent(e Expr) (n int, ok bool) {
	r, isNum := e.Rat()
	if !isNum || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	v := r.Num().Int64()
	if v < -maxBigPowInt || v > maxBigPowInt {
		return 0, false
	}
	return int(v), true
}

// powIntBig sets z to x^n rounded to the precision of z, for a finite x
// not aliased by z or tmp (scratch space) and an integer |n| ≤
// maxBigPowInt, and returns z; the
// special cases and domain errors are those of bigmath.Pow (a zero base and
// a zero exponent go through it, and the result is then a new value).
//
// x² is one correctly rounded product and x⁻¹ one quotient. Otherwise
// x^|n| is computed by left-to-right binary powering at wp = prec +
// powIntGuard + log2|n| bits: each squaring doubles the relative error
// carried so far and each step adds one rounding, so the error stays below
// 2|n| units of 2^−wp, under an eighth of an ulp at prec; a negative n
// takes the reciprocal at wp too, and the result is rounded to prec once
// more, within about half an ulp in all.
func powIntBig(z, x, tmp *big.Float, n int) (*big.Float, error) {
	prec := z.Prec()
	switch {
	case n == 0 || x.Sign() == 0:
		return bigmath.Pow(prec, x, new(big.Float).SetInt64(int64(n)))
	case n == 1:
		return z.Set(x), nil
	case n == 2:
		return z.Mul(x, x), nil
	case n == -1:
		return z.Quo(bigOne, x), nil
	}
	m := uint(n)
	if n < 0 {
		m = uint(-n)
	}
	// The powers alternate between z and tmp, a product never written over
	// its own operand (big.Float would allocate a mantissa for it).
	wp := prec + powIntGuard + uint(bits.Len(m))
	r, t := z.SetPrec(wp).Set(x), tmp.SetPrec(0).SetPrec(wp)
	for i := bits.Len(m) - 2; i >= 0; i-- {
		r, t = t.Mul(r, r), r
		if m>>uint(i)&1 == 1 {
			r, t = t.Mul(r, x), r
		}
	}
	if n < 0 {
		r, t = t.Quo(bigOne, r), r
	}
	if r != z {
		z.Set(r) // exact: both have wp bits
	}
	return z.SetPrec(prec), nil
}
