package quadrature

import "math/big"

// GaussLegendreBig returns the n-point Gauss–Legendre rule on [-1, 1] at
// precision prec (MinPrec ≤ prec ≤ MaxPrec), 1 ≤ n ≤ MaxGaussLegendre.
// Rules are computed once per n and precision step (ruleStep: the next
// power of two of at least 64 bits) and cached, so that nearby precisions
// share one computation; the result, rounded to prec, is a deep copy the
// caller may modify.
func GaussLegendreBig(n int, prec uint) (*BigRule, error) {
	if prec < MinPrec || prec > MaxPrec {
		return nil, precError(prec)
	}
	r, err := gaussLegendreBig(n, ruleStep(prec))
	if err != nil {
		return nil, err
	}
	return r.roundedTo(prec), nil
}

func gaussLegendreBig(n int, prec uint) (*BigRule, error) {
	if n < 1 || n > MaxGaussLegendre {
		return nil, orderError("GaussLegendreBig", n, MaxGaussLegendre)
	}
	if prec < MinPrec || prec > MaxPrec {
		return nil, precError(prec)
	}
	return legendreBigCache.get(bigRuleKey{n, prec}, func() (*BigRule, error) {
		if prec == storedLegendrePrec {
			if r, ok, err := storedLegendre(n); ok || err != nil {
				return r, err
			}
		}
		return computeLegendreBig(n, prec)
	})
}

// computeLegendreBig computes the n-point rule at precision prec.
func computeLegendreBig(n int, prec uint) (*BigRule, error) {
	r64, err := gaussLegendre(n)
	if err != nil {
		return nil, err
	}
	guesses := r64.X[n/2:] // nonnegative roots, ascending
	return bigRule(n, prec, ruleWorkPrec(n, prec), guesses, func(wp uint) bigRootEval { return newLegendreBigEval(n, wp) })
}

// legendreBigEval evaluates Legendre polynomials in big.Float arithmetic
// through Qₖ = k!·Pₖ, whose recurrence Qₖ₊₁ = (2k+1)x·Qₖ − k²·Qₖ₋₁ needs no
// division. It keeps the values of its last step call for weight.
type legendreBigEval struct {
	n      int
	wp     uint
	fact2  *big.Float // (n!)²
	a, d1  *big.Float // Q_n and n!·P′ₙ at the last x
	s      *big.Float // 1 − x² at the last x
	p0, p1 *big.Float
	t, u   *big.Float
	c      *big.Float
}

func newLegendreBigEval(n int, wp uint) *legendreBigEval {
	e := &legendreBigEval{n: n, wp: wp}
	f := newFloat(wp).SetInt64(1)
	for k := 2; k <= n; k++ {
		f.Mul(f, newFloat(wp).SetInt64(int64(k)))
	}
	e.fact2 = newFloat(wp).Mul(f, f)
	for _, p := range []**big.Float{&e.a, &e.d1, &e.s, &e.p0, &e.p1, &e.t, &e.u, &e.c} {
		*p = newFloat(wp)
	}
	return e
}

// step returns the Newton step −Pₙ(x)/P′ₙ(x).
func (e *legendreBigEval) step(x *big.Float) *big.Float {
	p0, p1, t, u, c := e.p0, e.p1, e.t, e.u, e.c
	p0.SetInt64(1)
	p1.Set(x)
	for k := 1; k < e.n; k++ {
		t.Mul(x, p1)
		t.Mul(t, c.SetInt64(int64(2*k+1)))
		u.Mul(p0, c.SetInt64(int64(k)*int64(k)))
		p0.Sub(t, u)
		p0, p1 = p1, p0
	}
	nf := newFloat(e.wp).SetInt64(int64(e.n))
	e.a.Set(p1)        // n!·Pₙ
	b := t.Mul(p0, nf) // n!·Pₙ₋₁ = n·Qₙ₋₁
	e.s.Mul(x, x)
	e.s.Sub(c.SetInt64(1), e.s) // 1 − x²
	// n!·P′ₙ = n(n!·Pₙ₋₁ − x·n!·Pₙ)/(1−x²)
	e.d1.Mul(x, p1)
	e.d1.Sub(b, e.d1)
	e.d1.Mul(e.d1, nf)
	e.d1.Quo(e.d1, e.s)
	e.p0, e.p1 = p0, p1
	delta := newFloat(e.wp).Quo(e.a, e.d1)
	return delta.Neg(delta)
}

// weight returns 2/((1−r²)·P′ₙ(r)²) at r = x+delta, with P′ₙ(r) from the
// Taylor correction P′ₙ(x) + P″ₙ(x)·delta, where
// P″ₙ = (2x·P′ₙ − n(n+1)Pₙ)/(1−x²).
func (e *legendreBigEval) weight(x, delta *big.Float) *big.Float {
	wp := e.wp
	nf := float64(e.n)
	d2 := newFloat(wp).Mul(x, e.d1)
	d2.Mul(d2, newFloat(wp).SetInt64(2))
	t := newFloat(wp).Mul(e.a, newFloat(wp).SetFloat64(nf*(nf+1)))
	d2.Sub(d2, t)
	d2.Quo(d2, e.s)
	d := newFloat(wp).Mul(d2, delta)
	d.Add(d, e.d1)
	r := newFloat(wp).Add(x, delta)
	one := newFloat(wp).SetInt64(1)
	sr := newFloat(wp).Sub(one, r)
	sr.Mul(sr, t.Add(one, r))
	sr.Mul(sr, d)
	sr.Mul(sr, d)
	w := newFloat(wp).Mul(e.fact2, newFloat(wp).SetInt64(2))
	return w.Quo(w, sr)
}
