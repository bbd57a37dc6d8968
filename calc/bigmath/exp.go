package bigmath

import (
	"math"
	"math/big"
	"math/bits"
)

// expGuard is the number of guard bits carried by Exp and Expm1 beyond
// the requested precision.
const expGuard = 12

// expMaxExp bounds the binary exponent of arguments of Exp that are
// reduced: for |x| ≥ 2^32 > MaxExp·ln2 the result overflows to +Inf or
// underflows to 0 in big.Float's exponent range.
const expMaxExp = 32

// Exp returns e^x rounded to prec bits.
//
// Results beyond big.Float's exponent range are +Inf (x ≳ 1.488e9) or
// zero (x ≲ −1.488e9).
//
// Special cases are:
//
//	Exp(+Inf) = +Inf
//	Exp(-Inf) = 0
//	Exp(±0) = 1
func Exp(prec uint, x *big.Float) *big.Float {
	return expInto(newFloat(prec), x)
}

// Expm1 returns e^x − 1 rounded to prec bits. It keeps full relative
// accuracy for tiny |x|, where computing Exp(x) − 1 would cancel.
//
// Special cases are:
//
//	Expm1(+Inf) = +Inf
//	Expm1(-Inf) = -1
//	Expm1(±0) = ±0
func Expm1(prec uint, x *big.Float) *big.Float {
	return expm1Into(newFloat(prec), x)
}

// expInto sets z to e^x rounded to the precision of z and returns z.
//
// The argument is reduced as x = k·ln2 + r with |r| ≲ ln2/2, where k·ln2
// is subtracted in fixed point with enough extra bits to absorb the error
// of ln2 times k. Then e^x = (1 + expm1(r))·2^k, and the scaling by 2^k is
// exact.
func expInto(z, x *big.Float) *big.Float {
	switch {
	case x.IsInf():
		if x.Signbit() {
			return z.SetInt64(0)
		}
		return z.SetInf(false)
	case x.Sign() == 0:
		return z.SetInt64(1)
	case exponent(x) > expMaxExp:
		if x.Signbit() {
			return z.SetInt64(0)
		}
		return z.SetInf(false)
	}
	wp := z.Prec() + expGuard
	xf, _ := x.Float64()
	k := int64(math.Round(xf / math.Ln2))

	// r = x − k·ln2 in fixed point with f fractional bits; the error of
	// ln2 (under three units) times |k| stays below 2^-wp.
	f := wp + uint(bits.Len64(uint64(absInt64(k)))) + 2
	r := toFixed(x, f)
	if k != 0 {
		l := ln2.fixed(f)
		r.Sub(r, l.Mul(l, big.NewInt(k)))
	}
	r.Rsh(r, f-wp)

	e := expm1Fixed(r, wp)
	e.Add(e, new(big.Int).Lsh(big.NewInt(1), wp))
	setFixed(z, e, wp)
	return z.SetMantExp(z, int(k))
}

// expm1Into sets z to e^x − 1 rounded to the precision of z and returns z.
func expm1Into(z, x *big.Float) *big.Float {
	switch {
	case x.IsInf():
		if x.Signbit() {
			return z.SetInt64(-1)
		}
		return z.SetInf(false)
	case x.Sign() == 0:
		return z.Set(x)
	}
	wp := z.Prec() + expGuard
	e := exponent(x)
	switch {
	case e < -int(wp):
		// expm1(x) = x·(1 + x/2 + ...) and |x|/2 < 2^-(wp+1).
		return z.Set(x)
	case e <= -1:
		// |x| < 1/2: |expm1(x)| > |x|/2, so wp−e fractional bits give
		// wp bits relative to the result.
		f := wp + uint(-e)
		return setFixed(z, expm1Fixed(toFixed(x, f), f), f)
	}
	// |x| ≥ 1/2: e^x − 1 cancels at most two bits.
	y := expInto(newFloat(wp), x)
	return z.Sub(y, one)
}

// expm1Fixed returns expm1(r)·2^f for r = R·2^-f, |r| < 1, with an
// absolute error of at most two units.
//
// The argument is halved s times, t = r/2^s, so that |t| < 2^-expHalvings;
// expm1(t) is summed as a Taylor series; and expm1(2t) = expm1(t)·(2 +
// expm1(t)) is applied s times. Each doubling at most doubles the
// absolute error, so the work is carried out with s+8 extra bits (Brent &
// Zimmermann, Modern Computer Arithmetic, §4.3.1 and §4.4).
func expm1Fixed(R *big.Int, f uint) *big.Int {
	if R.Sign() == 0 {
		return new(big.Int)
	}
	s := max(0, expHalvings(f)+R.BitLen()-int(f))
	w := f + uint(s) + 8
	t := new(big.Int).Lsh(R, w-f-uint(s)) // r/2^s with w fractional bits

	var sc scratch
	sum := new(big.Int).Set(t)
	term := new(big.Int).Set(t)
	for k := int64(2); ; k++ {
		sc.mulShift(term, term, t, w)
		sc.quoSmall(term, term, k)
		if term.Sign() == 0 {
			break
		}
		sum.Add(sum, term)
	}

	for range s {
		sc.mulShift(term, sum, sum, w)
		sum.Lsh(sum, 1)
		sum.Add(sum, term)
	}
	return sum.Rsh(sum, w-f)
}

// expHalvings returns the number of halvings for an argument of about
// one at f fractional bits; it balances the series length against the
// number of squarings.
func expHalvings(f uint) int {
	return int(math.Sqrt(float64(f)) * 0.8)
}

// absInt64 returns |k|.
func absInt64(k int64) int64 {
	if k < 0 {
		return -k
	}
	return k
}
