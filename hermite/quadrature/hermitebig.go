package quadrature

import "math/big"

var hermiteBigCache cache[bigRuleKey, *BigRule]

// GaussHermiteBig returns the n-point Gauss–Hermite rule for the standard
// normal density at precision prec (MinPrec ≤ prec ≤ MaxPrec), normalised
// as GaussHermite (Σ W = 1), 1 ≤ n ≤ MaxGaussHermite. Unlike GaussHermite
// no node is dropped: big.Float represents the tiny outer weights. The
// roots are GaussHermite's float64 ones polished by Newton's method on
// big.Float Hermite recurrences. Rules are computed once per n and
// precision step (ruleStep) and cached; the result, rounded to prec, is a
// deep copy the caller may modify.
func GaussHermiteBig(n int, prec uint) (*BigRule, error) {
	if n < 1 || n > MaxGaussHermite {
		return nil, orderError("GaussHermiteBig", n, MaxGaussHermite)
	}
	if prec < MinPrec || prec > MaxPrec {
		return nil, precError(prec)
	}
	step := ruleStep(prec)
	r, err := hermiteBigCache.get(bigRuleKey{n, step}, func() (*BigRule, error) {
		guesses, _, err := hermiteRoots(n)
		if err != nil {
			return nil, err
		}
		return bigRule(n, step, ruleWorkPrec(n, step), guesses, func(wp uint) bigRootEval { return newHermiteBigEval(n, wp) })
	})
	if err != nil {
		return nil, err
	}
	return r.roundedTo(prec), nil
}

// hermiteBigEval evaluates probabilists' Hermite polynomials in big.Float
// arithmetic by Heₖ₊₁ = x·Heₖ − k·Heₖ₋₁. It keeps the values of its last
// step call for weight.
type hermiteBigEval struct {
	n      int
	wp     uint
	fact   *big.Float // n!
	a, d1  *big.Float // Heₙ and He′ₙ at the last x
	p0, p1 *big.Float
	t, u   *big.Float
	c      *big.Float
}

func newHermiteBigEval(n int, wp uint) *hermiteBigEval {
	e := &hermiteBigEval{n: n, wp: wp}
	e.fact = newFloat(wp).SetInt64(1)
	for k := 2; k <= n; k++ {
		e.fact.Mul(e.fact, newFloat(wp).SetInt64(int64(k)))
	}
	for _, p := range []**big.Float{&e.a, &e.d1, &e.p0, &e.p1, &e.t, &e.u, &e.c} {
		*p = newFloat(wp)
	}
	return e
}

// step returns the Newton step −Heₙ(x)/He′ₙ(x), with He′ₙ = n·Heₙ₋₁.
func (e *hermiteBigEval) step(x *big.Float) *big.Float {
	p0, p1, t, u, c := e.p0, e.p1, e.t, e.u, e.c
	p0.SetInt64(1)
	p1.Set(x)
	for k := 1; k < e.n; k++ {
		t.Mul(x, p1)
		u.Mul(p0, c.SetInt64(int64(k)))
		p0.Sub(t, u)
		p0, p1 = p1, p0
	}
	e.a.Set(p1)
	e.d1.Mul(p0, c.SetInt64(int64(e.n)))
	e.p0, e.p1 = p0, p1
	delta := newFloat(e.wp).Quo(e.a, e.d1)
	return delta.Neg(delta)
}

// weight returns n!/He′ₙ(r)² at r = x+delta, with He′ₙ(r) from the Taylor
// correction He′ₙ(x) + He″ₙ(x)·delta, where He″ₙ = x·He′ₙ − n·Heₙ.
func (e *hermiteBigEval) weight(x, delta *big.Float) *big.Float {
	wp := e.wp
	d2 := newFloat(wp).Mul(x, e.d1)
	d2.Sub(d2, newFloat(wp).Mul(e.a, newFloat(wp).SetInt64(int64(e.n))))
	d := newFloat(wp).Mul(d2, delta)
	d.Add(d, e.d1)
	d.Mul(d, d)
	return newFloat(wp).Quo(e.fact, d)
}
