package calc

import (
	"math/big"

	"critcalc/calc/bigmath"
)

// Functions of one shared exponential. tanh, sech, cosh, sinh, sigmoid and
// softplus of an argument u, and the fused tanh∘softplus and sech∘softplus,
// are all rational functions of E = e^−|u| (softplus also needs
// log1p(E)). A BigProgram in which several of them read the same |u|
// computes E once per point and derives each value from it with a few
// multiplications and one division, instead of one exponential (or two,
// and a logarithm) per function.

// sharedGuard is the number of guard bits beyond the requested precision
// at which E and the intermediate values are computed.
const sharedGuard = 10

// Read-only constants of the arbitrary-precision kernels.
var (
	bigOne = big.NewFloat(1)
	bigTwo = big.NewFloat(2)
)

// negExp holds, for one |u|, E = e^−|u| and M = E − 1 = expm1(−|u|), both
// to within an ulp or two of their precision: M is what 1 − E² = −M(2 + M)
// is computed from, so tanh and sinh keep full relative accuracy where they
// vanish.
type negExp struct {
	e, m *big.Float
}

// newNegExp returns E and M for |u| at wp bits, one of them computed into
// es or ms. For |u| < 1/2, M comes from expm1 and E = 1 + M; otherwise E
// comes from exp and M = E − 1 loses at most two bits, as E ≤ e^−½.
func newNegExp(u *big.Float, wp uint, es, ms *big.Float) negExp {
	a := ms.SetPrec(0).Abs(u)
	a.Neg(a)
	if a.Sign() == 0 || a.MantExp(nil) <= -1 {
		m := bigmath.Expm1(wp, a)
		return negExp{e: addRounded(es.SetPrec(0).SetPrec(wp), m, bigOne), m: m}
	}
	e := bigmath.Exp(wp, a)
	return negExp{e: e, m: subRounded(ms.SetPrec(0).SetPrec(wp), e, bigOne)}
}

// sharesExp reports whether f is computed from E = e^−|u| of its argument.
func sharesExp(f *Func) bool {
	if isFused(f) {
		return true
	}
	switch f.ID {
	case FnTanh, FnSech, FnCosh, FnSinh, FnSigmoid, FnSoftplus:
		return true
	}
	return false
}

// isFused reports whether f is one of the fused kernels, which have no
// evaluation of their own other than from E.
func isFused(f *Func) bool { return f == tanhSoftplus || f == sechSoftplus }

// sharedBig sets z to f(u) rounded to the precision of z from ne, the E
// and M of u at sharedGuard more bits, and returns z; tmp holds the
// temporaries. Every form below is a quotient of sums of positive terms, or
// of −M(2 + M) = 1 − E², so no step cancels; the few roundings at the
// working precision stay far below an ulp of z, and the result is within
// about one ulp. E underflows to 0 only for |u| beyond about 1.5e9, where
// the forms give the exact limits (1, 0, or an infinite cosh or sinh, which
// the caller reports as an overflow, as bigmath does).
func sharedBig(z *big.Float, f *Func, u *big.Float, ne negExp, tmp *[3]big.Float, qs *quoScratch) (*big.Float, error) {
	wp := z.Prec() + sharedGuard
	t0, t1, t2 := tmp[0].SetPrec(0).SetPrec(wp), tmp[1].SetPrec(0).SetPrec(wp), tmp[2].SetPrec(0).SetPrec(wp)
	e, m := ne.e, ne.m
	neg := u.Sign() < 0
	quo := func(a, b *big.Float) *big.Float { return quoRounded(z, a, b, qs) }
	// A sum or product is never written over its own operand (big.Float
	// would allocate a mantissa, or a shifted copy, for it): each writes
	// another of the three temporaries.
	oneMinusE2 := func(t, u *big.Float) *big.Float { // 1 − E² = −M(2 + M), u scratch
		addRounded(u, m, bigTwo)
		t.Mul(u, m)
		return t.Neg(t)
	}
	onePlusE2 := func(t, u *big.Float) *big.Float { // 1 + E², u scratch
		u.Mul(e, e)
		return addRounded(t, u, bigOne)
	}
	twoE := func(t *big.Float) *big.Float { return t.SetMantExp(e, 1) }
	switch {
	case f == tanhSoftplus:
		// u ≤ 0, t = E: n/(n + 2) with n = t(t + 2). u > 0, v = E:
		// (1 + 2v)/(1 + 2v + 2v²).
		if !neg && u.Sign() != 0 {
			p := addRounded(t0, twoE(t2), bigOne)
			e2 := t1.Mul(e, e)
			e2.SetMantExp(e2, 1)
			return quo(p, addRounded(t2, e2, p)), nil
		}
		addRounded(t1, e, bigTwo)
		n := t0.Mul(t1, e)
		return quo(n, addRounded(t1, n, bigTwo)), nil
	case f == sechSoftplus:
		// u ≤ 0, s = 1 + E: 2s/(s² + 1). u > 0: w/(1 + w) with w = 2E(1 + E).
		if !neg && u.Sign() != 0 {
			addRounded(t1, e, bigOne)
			n := t0.Mul(t1, e)
			n.SetMantExp(n, 1)
			return quo(n, addRounded(t1, n, bigOne)), nil
		}
		s := addRounded(t0, e, bigOne)
		d := addRounded(t1, t2.Mul(s, s), bigOne)
		return quo(s.SetMantExp(s, 1), d), nil
	}
	switch f.ID {
	case FnTanh: // (1 − E²)/(1 + E²)
		quo(oneMinusE2(t0, t1), onePlusE2(t1, t2))
	case FnSinh: // (1 − E²)/(2E)
		quo(oneMinusE2(t0, t1), twoE(t1))
	case FnCosh: // (1 + E²)/(2E)
		return quo(onePlusE2(t0, t2), twoE(t1)), nil
	case FnSech: // 2E/(1 + E²)
		return quo(twoE(t0), onePlusE2(t1, t2)), nil
	case FnSigmoid: // 1/(1 + E) for u ≥ 0, E/(1 + E) for u < 0
		d := addRounded(t0, e, bigOne)
		if neg {
			return quo(e, d), nil
		}
		return quo(bigOne, d), nil
	case FnSoftplus: // max(u, 0) + log1p(E)
		l, err := bigmath.Log1p(wp, e)
		if err != nil {
			return nil, err
		}
		if !neg {
			addRounded(l, l, u)
		}
		return z.Set(l), nil
	default:
		panic("calc: " + f.Name + " is not a function of e^−|u|")
	}
	if neg {
		z.Neg(z)
	}
	return z, nil
}
