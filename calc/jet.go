package calc

import (
	"errors"
	"math/big"
)

// A jet is a truncated power series c₀ + c₁t + … + cₙtⁿ in t = x − a: the
// Taylor coefficients of a subexpression at the point a, up to a fixed
// order n. Coefficients are never modified once a jet is built, so jets
// may share them.
type jet struct {
	c     []*big.Float
	konst bool // cₖ = 0 for every k ≥ 1: the subexpression does not vary
}

// jetCtx holds the order and the working precision of a jet computation
// and builds jets with them.
type jetCtx struct {
	n    int  // order: jets hold n+1 coefficients
	prec uint // working precision of every coefficient
	zero *big.Float
	// prod and sum hold a product and a partial sum of dotTo, so that
	// their mantissas are allocated once rather than once per term (a
	// jetCtx serves one goroutine).
	prod, sum big.Float
}

// errJetZeroDivisor reports a division by a series whose constant term is 0.
var errJetZeroDivisor = errors.New("division by a series with zero constant term")

func newJetCtx(order int, prec uint) *jetCtx {
	z := &jetCtx{n: order, prec: prec, zero: new(big.Float).SetPrec(prec)}
	z.prod.SetPrec(prec)
	z.sum.SetPrec(prec)
	return z
}

// f returns a new zero float at the working precision.
func (z *jetCtx) f() *big.Float { return new(big.Float).SetPrec(z.prec) }

// fInt returns the integer k at the working precision.
func (z *jetCtx) fInt(k int64) *big.Float { return z.f().SetInt64(k) }

// blank returns a jet whose coefficients are all zero, ready to be
// filled in.
func (z *jetCtx) blank() jet {
	c := make([]*big.Float, z.n+1)
	for k := range c {
		c[k] = z.zero
	}
	return jet{c: c}
}

// constant returns the jet of the constant v.
func (z *jetCtx) constant(v *big.Float) jet {
	j := z.blank()
	j.c[0] = z.f().Set(v)
	j.konst = true
	return j
}

// variable returns the jet of x at the point a: a + t.
func (z *jetCtx) variable(a *big.Float) jet {
	j := z.blank()
	j.c[0] = z.f().Set(a)
	if z.n >= 1 {
		j.c[1] = z.fInt(1)
	}
	return j
}

// isZero reports whether every coefficient of a is exactly zero.
func (a jet) isZero() bool {
	for _, c := range a.c {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}

func (z *jetCtx) add(a, b jet) jet {
	r := z.blank()
	for k := range r.c {
		r.c[k] = z.f().Add(a.c[k], b.c[k])
	}
	r.konst = a.konst && b.konst
	return r
}

func (z *jetCtx) sub(a, b jet) jet {
	r := z.blank()
	for k := range r.c {
		r.c[k] = z.f().Sub(a.c[k], b.c[k])
	}
	r.konst = a.konst && b.konst
	return r
}

func (z *jetCtx) neg(a jet) jet {
	r := z.blank()
	for k := range r.c {
		r.c[k] = z.f().Neg(a.c[k])
	}
	r.konst = a.konst
	return r
}

// scale returns s·a.
func (z *jetCtx) scale(a jet, s *big.Float) jet {
	r := z.blank()
	for k := range r.c {
		r.c[k] = z.f().Mul(a.c[k], s)
	}
	r.konst = a.konst
	return r
}

// mul returns the Cauchy product a·b truncated to the order.
func (z *jetCtx) mul(a, b jet) jet {
	switch {
	case a.konst:
		return z.scale(b, a.c[0])
	case b.konst:
		return z.scale(a, b.c[0])
	}
	r := z.blank()
	for k := range r.c {
		r.c[k] = z.dot(a.c, b.c, 0, k)
	}
	return r
}

// dot returns Σ_{j=lo..k} a_j·b_{k−j}, skipping exact zeros.
func (z *jetCtx) dot(a, b []*big.Float, lo, k int) *big.Float {
	return z.dotTo(a, b, lo, k, k)
}

// dotTo returns Σ_{j=lo..hi} a_j·b_{k−j}, skipping exact zeros. The
// partial sums alternate between the result and z.sum: a sum written over
// one of its own operands would allocate a shifted copy at each step.
func (z *jetCtx) dotTo(a, b []*big.Float, lo, hi, k int) *big.Float {
	res, t := z.f(), &z.prod
	acc, next := res, &z.sum
	for j := lo; j <= hi; j++ {
		if a[j].Sign() == 0 || b[k-j].Sign() == 0 {
			continue
		}
		next.Add(acc, t.Mul(a[j], b[k-j]))
		acc, next = next, acc
	}
	if acc != res {
		res.Set(acc)
	}
	return res
}

// div returns a/b; b must have a nonzero constant term.
func (z *jetCtx) div(a, b jet) (jet, error) {
	if b.c[0].Sign() == 0 {
		return jet{}, errJetZeroDivisor
	}
	if b.konst {
		return z.scale(a, z.f().Quo(z.fInt(1), b.c[0])), nil
	}
	// a = q·b: q_k = (a_k − Σ_{j=1..k} b_j·q_{k−j}) / b₀.
	q := z.blank()
	for k := range q.c {
		s := z.dot(b.c, q.c, 1, k)
		q.c[k] = s.Quo(s.Sub(a.c[k], s), b.c[0])
	}
	return q, nil
}

// deriv returns the coefficients of da/dt up to order n−1:
// (a')_j = (j+1)·a_{j+1}.
func (z *jetCtx) deriv(a jet) []*big.Float {
	d := make([]*big.Float, z.n)
	for j := range d {
		if a.c[j+1].Sign() == 0 {
			d[j] = z.zero
			continue
		}
		d[j] = z.f().Mul(a.c[j+1], z.fInt(int64(j+1)))
	}
	return d
}

// integrate returns the jet w with w₀ = c0 and w' = d, where d holds the
// coefficients of w' up to order n−1: w_k = d_{k−1}/k.
func (z *jetCtx) integrate(c0 *big.Float, d []*big.Float) jet {
	w := z.blank()
	w.c[0] = z.f().Set(c0)
	for k := 1; k <= z.n; k++ {
		if d[k-1].Sign() != 0 {
			w.c[k] = z.f().Quo(d[k-1], z.fInt(int64(k)))
		}
	}
	return w
}

// mulTrunc returns the Cauchy product of two coefficient slices of equal
// length, truncated to that length.
func (z *jetCtx) mulTrunc(a, b []*big.Float) []*big.Float {
	r := make([]*big.Float, len(a))
	for k := range r {
		r[k] = z.dot(a, b, 0, k)
	}
	return r
}

// weighted returns the slice j·u_j for j = 0..n, used by the recurrences
// of functions defined by w' = g·u'.
func (z *jetCtx) weighted(u jet) []*big.Float {
	r := make([]*big.Float, z.n+1)
	r[0] = z.zero
	for j := 1; j <= z.n; j++ {
		if u.c[j].Sign() == 0 {
			r[j] = z.zero
			continue
		}
		r[j] = z.f().Mul(u.c[j], z.fInt(int64(j)))
	}
	return r
}

// powUint returns a^k by repeated squaring.
func (z *jetCtx) powUint(a jet, k uint64) jet {
	r := z.constant(z.fInt(1))
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = z.mul(r, a)
		}
		if k > 1 {
			a = z.mul(a, a)
		}
	}
	return r
}
