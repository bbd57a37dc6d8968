package bigmath

import (
	"math"
	"math/big"
)

// atanGuard is the number of guard bits carried by Atan beyond the
// requested precision.
const atanGuard = 12

// atanDirectTerms is the largest number of terms for which the Taylor
// series of atan is summed directly; larger arguments are first brought
// close to a double-precision estimate of the result.
const atanDirectTerms = 12

// Atan returns the arctangent of x, in radians, rounded to prec bits.
//
// For |x| > 1, atan x = ±π/2 − atan(1/x). For |x| ≤ 1 the result is
// a0 + atan(δ), where a0 = atan(x) in double precision (math.Atan) and
// δ = tan(atan x − a0) = (x·cos a0 − sin a0)/(cos a0 + x·sin a0), so that
// |δ| ≲ 2^-50 and the Taylor series of atan(δ) gains about a hundred bits
// per term. Small arguments use the Taylor series of atan directly.
//
// Special cases are:
//
//	Atan(±0) = ±0
//	Atan(±Inf) = ±π/2
func Atan(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	switch {
	case x.Sign() == 0:
		return z.Set(x)
	case x.IsInf():
		setFixed(z, halfPiFixed(prec+64), prec+64)
	default:
		ax := new(big.Float).Abs(x)
		if ax.Cmp(one) <= 0 {
			atanInto(z, ax)
			break
		}
		wp := prec + atanGuard
		y := newFloat(wp+8).Quo(one, ax)
		a := atanInto(newFloat(wp+8), y)
		h := setFixed(newFloat(wp+8), halfPiFixed(wp+16), wp+16)
		z.Sub(h, a)
	}
	if x.Signbit() {
		z.Neg(z)
	}
	return z
}

// atanInto sets z to atan a, rounded to the precision of z, for
// 0 < a ≤ 1, and returns z.
func atanInto(z, a *big.Float) *big.Float {
	wp := z.Prec() + atanGuard
	e := exponent(a)
	if e < -int(wp/2)-1 {
		// atan a = a·(1 − a²/3 + ...) with a²/3 < 2^-(wp+2).
		return z.Set(a)
	}
	// atan a ≥ a·π/4 > 2^(e-2): f = wp − e + 4 fractional bits give
	// wp+2 bits relative to the result.
	f := wp + uint(max(0, -e)) + 4
	x := toFixed(a, f)
	if e < 0 && (f+1)/(2*uint(-e)) <= atanDirectTerms {
		return setFixed(z, atanSeriesFixed(x, f), f)
	}

	af, _ := a.Float64()
	a0 := toFixed(new(big.Float).SetFloat64(math.Atan(af)), f)
	s, v := sinCosFixed(a0, f)
	c := v.Sub(new(big.Int).Lsh(big.NewInt(1), f), v) // cos a0

	// δ = (x·c − s)/(c + x·s).
	num := mulFixed(new(big.Int), x, c, f)
	num.Sub(num, s)
	den := mulFixed(new(big.Int), x, s, f)
	den.Add(den, c)
	num.Lsh(num, f)
	d := num.Quo(num, den)

	res := atanSeriesFixed(d, f)
	res.Add(res, a0)
	return setFixed(z, res, f)
}

// atanSeriesFixed returns atan(x)·2^f = Σ (-1)^n x^(2n+1)/(2n+1) ·2^f for
// x = X·2^-f, |x| < 1/2, with an absolute error of at most the number of
// terms plus one, in units.
func atanSeriesFixed(X *big.Int, f uint) *big.Int {
	if X.Sign() < 0 {
		// atan is odd; summing |x| lets the truncated powers reach zero.
		s := atanSeriesFixed(new(big.Int).Neg(X), f)
		return s.Neg(s)
	}
	return alternatingOddSum(X, mulFixed(new(big.Int), X, X, f), f, false)
}
