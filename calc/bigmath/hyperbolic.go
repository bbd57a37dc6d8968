package bigmath

import (
	"math"
	"math/big"
)

// hypGuard is the number of guard bits carried by Sinh, Cosh and Tanh
// beyond the requested precision.
const hypGuard = 12

// Sinh returns the hyperbolic sine of x rounded to prec bits.
//
// For |x| < 1, sinh x = e·(e + 2)/(2·(e + 1)) with e = expm1(x), which
// keeps full relative accuracy for tiny x; otherwise sinh x =
// ±(y − 1/y)/2 with y = e^|x|.
//
// Special cases are:
//
//	Sinh(±0) = ±0
//	Sinh(±Inf) = ±Inf
func Sinh(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	if x.Sign() == 0 || x.IsInf() {
		return z.Set(x)
	}
	wp := prec + hypGuard
	if exponent(x) <= 0 {
		e := expm1Into(newFloat(wp), x)
		num := newFloat(wp).Add(e, big.NewFloat(2))
		num.Mul(num, e)
		den := newFloat(wp).Add(e, one)
		den.SetMantExp(den, 1)
		return z.Quo(num, den)
	}
	y := expInto(newFloat(wp), new(big.Float).Abs(x))
	if y.IsInf() {
		return z.SetInf(x.Signbit())
	}
	r := newFloat(wp).Quo(one, y)
	r.Sub(y, r)
	r.SetMantExp(r, -1)
	z.Set(r)
	if x.Signbit() {
		z.Neg(z)
	}
	return z
}

// Cosh returns the hyperbolic cosine of x rounded to prec bits, computed
// as (y + 1/y)/2 with y = e^|x|.
//
// Special cases are:
//
//	Cosh(±0) = 1
//	Cosh(±Inf) = +Inf
func Cosh(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	switch {
	case x.Sign() == 0:
		return z.SetInt64(1)
	case x.IsInf():
		return z.SetInf(false)
	}
	wp := prec + hypGuard
	y := expInto(newFloat(wp), new(big.Float).Abs(x))
	if y.IsInf() {
		return z.SetInf(false)
	}
	r := newFloat(wp).Quo(one, y)
	r.Add(y, r)
	r.SetMantExp(r, -1)
	return z.Set(r)
}

// Tanh returns the hyperbolic tangent of x rounded to prec bits.
//
// tanh|x| = e/(e + 2) with e = expm1(2|x|), which keeps full relative
// accuracy for tiny x. Once 2|x| > (prec+14)·ln2, 1 − tanh|x| <
// 2e^(-2|x|) is below half an ulp of 1 and the result is ±1; this also
// keeps e^(2|x|) from overflowing.
//
// Special cases are:
//
//	Tanh(±0) = ±0
//	Tanh(±Inf) = ±1
func Tanh(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	if x.Sign() == 0 {
		return z.Set(x)
	}
	wp := prec + hypGuard
	ax := new(big.Float).Abs(x)
	if ax.IsInf() || exponent(ax) > expMaxExp {
		z.SetInt64(1)
	} else if f, _ := ax.Float64(); 2*f > float64(wp+2)*math.Ln2 {
		z.SetInt64(1)
	} else {
		t := new(big.Float).SetMantExp(ax, 1)
		e := expm1Into(newFloat(wp), t)
		d := newFloat(wp).Add(e, big.NewFloat(2))
		z.Quo(e, d)
	}
	if x.Signbit() {
		z.Neg(z)
	}
	return z
}
