package bigmath

import (
	"math"
	"math/big"
)

// logGuard is the number of guard bits carried by Log and Log1p beyond
// the requested precision.
const logGuard = 12

// Log returns the natural logarithm of x rounded to prec bits.
//
// Special cases are:
//
//	Log(+Inf) = +Inf
//	Log(1) = +0
//	Log(x) = nil and a *DomainError for x ≤ 0 (including ±0 and -Inf)
func Log(prec uint, x *big.Float) (*big.Float, error) {
	if x.Sign() <= 0 {
		return nil, domainError("log", x, "is not positive")
	}
	return logInto(newFloat(prec), x), nil
}

// Log1p returns log(1 + x) rounded to prec bits. It keeps full relative
// accuracy for tiny |x|, where computing Log(1 + x) would cancel.
//
// Special cases are:
//
//	Log1p(+Inf) = +Inf
//	Log1p(±0) = ±0
//	Log1p(x) = nil and a *DomainError for x ≤ -1 (including -Inf)
func Log1p(prec uint, x *big.Float) (*big.Float, error) {
	if x.Cmp(big.NewFloat(-1)) <= 0 {
		return nil, domainError("log1p", x, "is not greater than -1")
	}
	return log1pInto(newFloat(prec), x), nil
}

// logInto sets z to log x, rounded to the precision of z, for x > 0 and
// returns z.
//
// With x = m·2^e and 1/2 ≤ m < 1, log x = e·ln2 + log1p(m − 1), where
// m − 1 is exact. For x in [1/2, 2) the form log1p(x − 1) is used instead,
// so that results near zero keep their relative accuracy; elsewhere
// e·ln2 and log m have the same sign or e·ln2 dominates, and the sum
// cancels by at most one bit.
func logInto(z, x *big.Float) *big.Float {
	if x.IsInf() {
		return z.SetInf(false)
	}
	wp := z.Prec() + logGuard
	m := new(big.Float)
	e := x.MantExp(m)
	if e == 0 || e == 1 {
		u := newFloat(x.Prec()+2).Sub(x, one) // exact
		return log1pCore(z, u)
	}
	u := newFloat(m.Prec()+2).Sub(m, one) // exact, in [-1/2, 0)
	l := log1pCore(newFloat(wp), u)

	// e·ln2 with ln2 carried to wp+40 bits: the error of ln2 times |e| <
	// 2^32 stays below 2^-wp.
	f := wp + 40
	el := ln2.fixed(f)
	el.Mul(el, big.NewInt(int64(e)))
	t := setFixed(newFloat(wp), el, f)
	return z.Add(t, l)
}

// log1pInto sets z to log(1 + x), rounded to the precision of z, for
// x > -1 and returns z.
func log1pInto(z, x *big.Float) *big.Float {
	switch {
	case x.IsInf():
		return z.SetInf(false)
	case x.Sign() == 0:
		return z.Set(x)
	}
	if x.Cmp(big.NewFloat(-0.5)) >= 0 && x.Cmp(one) <= 0 {
		return log1pCore(z, x)
	}
	// 1 + x lies outside [1/2, 2], so |log(1+x)| > ln2 and the relative
	// rounding error of 1 + x becomes a small absolute error.
	wp := z.Prec() + logGuard
	y := newFloat(wp+8).Add(x, one)
	return logInto(z, y)
}

// log1pDirectExp is the exponent below which log1p(u) is summed directly
// as u − u²/2 + u³/3 − ...; each term then gains at least that many bits.
const log1pDirectExp = -30

// log1pCore sets z to log(1 + u), rounded to the precision of z, for an
// exactly given u in [-1/2, 1], and returns z. The result keeps full
// relative accuracy.
//
// A double-precision estimate y0 ≈ log1p(u) is refined with one step of
// a higher-order Newton iteration on the exponential: with
// 1 + δ = (1 + u)·e^(-y0), that is δ = u + (1 + u)·expm1(-y0), the
// logarithm is y0 + log1p(δ), and |δ| ≲ 2^-50 makes the series of
// log1p(δ) converge by about fifty bits per term (compare Brent &
// Zimmermann, Modern Computer Arithmetic, §4.2.3 on Newton's method for
// inverse functions).
func log1pCore(z, u *big.Float) *big.Float {
	if u.Sign() == 0 {
		return z.Set(u)
	}
	wp := z.Prec() + logGuard
	eu := exponent(u)
	switch {
	case eu < -int(wp):
		// log1p(u) = u·(1 − u/2 + ...) and |u|/2 < 2^-(wp+1).
		return z.Set(u)
	case eu <= log1pDirectExp:
		return z.Set(log1pSeries(wp, u))
	}

	uf, _ := u.Float64()
	y0 := new(big.Float).SetFloat64(math.Log1p(uf))
	e := expm1Into(newFloat(wp+8), new(big.Float).Neg(y0))

	// δ = u + e + e·u; u + e cancels, but its rounding error is relative
	// to the small sum, and the error of e is about |u|·2^-(wp+8).
	d := newFloat(wp+8).Mul(e, u)
	s := newFloat(wp+8).Add(u, e)
	d.Add(d, s)

	l := log1pSeries(wp+8, d)
	return z.Add(y0, l)
}

// log1pSeries returns log(1 + u) = u − u²/2 + u³/3 − ... at precision
// prec for |u| ≤ 2^-20; it stops once a term falls below 2^-(prec+4)·|u|.
func log1pSeries(prec uint, u *big.Float) *big.Float {
	sum := newFloat(prec).Set(u)
	if u.Sign() == 0 {
		return sum
	}
	stop := exponent(u) - int(prec) - 4
	p := newFloat(prec).Set(u)
	t := newFloat(prec)
	k := new(big.Float)
	for n := int64(2); ; n++ {
		p.Mul(p, u)
		p.Neg(p)
		if p.Sign() == 0 || exponent(p) < stop {
			return sum
		}
		t.Quo(p, k.SetInt64(n))
		sum.Add(sum, t)
	}
}
