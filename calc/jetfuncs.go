package calc

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc/bigmath"
)

// Power series of the elementary functions. Each function w = f(u) obeys a
// first-order differential equation w' = g·u' (or u·w' = h·u' for powers and
// logarithms), and comparing coefficients of tᵏ⁻¹ gives w_k from w₀ … w_{k−1}
// in O(k) operations (Knuth, TAOCP vol. 2, §4.7; Griewank & Walther,
// Evaluating Derivatives, ch. 13). The constant term w₀ = f(u₀) comes from
// package bigmath. Functions of a constant jet return a constant jet.

// rec returns (1/k)·Σ_{j=1..k} du_j·g_{k−j}, where du_j = j·u_j.
func (z *jetCtx) rec(du, g []*big.Float, k int) *big.Float {
	s := z.dot(du, g, 1, k)
	return s.Quo(s, z.fInt(int64(k)))
}

// expFrom returns the jet of w = exp(u)·C with w₀ given: w' = w·u'.
func (z *jetCtx) expFrom(u jet, w0 *big.Float) jet {
	w := z.blank()
	w.c[0] = z.f().Set(w0)
	if u.konst {
		w.konst = true
		return w
	}
	du := z.weighted(u)
	for k := 1; k <= z.n; k++ {
		w.c[k] = z.rec(du, w.c, k)
	}
	return w
}

func (z *jetCtx) exp(u jet) jet {
	return z.expFrom(u, bigmath.Exp(z.prec, u.c[0]))
}

// expm1 is exp with the constant term e^u₀ − 1 computed without
// cancellation.
func (z *jetCtx) expm1(u jet) jet {
	w := z.exp(u)
	w.c[0] = bigmath.Expm1(z.prec, u.c[0])
	return w
}

// logFrom returns the jet of w = log(v) with w₀ given, where v₀ = v0 and
// v_k = u_k for k ≥ 1: v·w' = v' gives
// w_k = (u_k − (1/k)·Σ_{j=1..k−1} j·w_j·u_{k−j}) / v₀.
func (z *jetCtx) logFrom(u jet, v0, w0 *big.Float) jet {
	w := z.blank()
	w.c[0] = w0
	if u.konst {
		w.konst = true
		return w
	}
	dw := make([]*big.Float, z.n+1)
	dw[0] = z.zero
	for k := 1; k <= z.n; k++ {
		s := z.dotTo(dw, u.c, 1, k-1, k)
		s.Quo(s, z.fInt(int64(k)))
		s.Sub(u.c[k], s)
		w.c[k] = s.Quo(s, v0)
		dw[k] = z.f().Mul(w.c[k], z.fInt(int64(k)))
	}
	return w
}

func (z *jetCtx) log(u jet) (jet, error) {
	if u.c[0].Sign() <= 0 {
		return jet{}, fmt.Errorf("argument %.10g is not positive", u.c[0])
	}
	w0, err := bigmath.Log(z.prec, u.c[0])
	if err != nil {
		return jet{}, err
	}
	return z.logFrom(u, u.c[0], w0), nil
}

func (z *jetCtx) log1p(u jet) (jet, error) {
	v0 := z.f().Add(u.c[0], z.fInt(1))
	if v0.Sign() <= 0 {
		return jet{}, fmt.Errorf("argument %.10g is not above −1", u.c[0])
	}
	w0, err := bigmath.Log1p(z.prec, u.c[0])
	if err != nil {
		return jet{}, err
	}
	return z.logFrom(u, v0, w0), nil
}

// ErrNoSeries is the cause of a Taylor error where a function has no power
// series at the point: a branch point, such as sqrt(x) or |x|^1.5 at 0.
var ErrNoSeries = errors.New("no power series here (branch point at a zero of the argument)")

// sqrt uses w² = u: w_k = (u_k − Σ_{j=1..k−1} w_j·w_{k−j}) / (2·w₀).
func (z *jetCtx) sqrt(u jet) (jet, error) {
	switch u.c[0].Sign() {
	case -1:
		return jet{}, fmt.Errorf("argument %.10g is negative", u.c[0])
	case 0:
		if u.isZero() {
			return u, nil
		}
		return jet{}, ErrNoSeries
	}
	w0, err := bigmath.Sqrt(z.prec, u.c[0])
	if err != nil {
		return jet{}, err
	}
	w := z.blank()
	w.c[0] = w0
	if u.konst {
		w.konst = true
		return w, nil
	}
	two := z.f().Mul(w0, z.fInt(2))
	for k := 1; k <= z.n; k++ {
		s := z.dotTo(w.c, w.c, 1, k-1, k)
		s.Sub(u.c[k], s)
		w.c[k] = s.Quo(s, two)
	}
	return w, nil
}

// maxSquaringExp is the largest natural exponent that powConst raises by
// repeated squaring.
const maxSquaringExp = 8

// powConst returns u^c for a constant exponent c. A natural exponent up
// to maxSquaringExp is raised by repeated squaring, a few products of
// series; otherwise, for u₀ ≠ 0, it uses u·w' = c·w·u', that is
// w_k = Σ_{j=1..k} ((c+1)·j − k)·u_j·w_{k−j} / (k·u₀), five operations a
// term. A zero u₀ needs a natural exponent (repeated squaring); a
// negative u₀ needs an integer exponent.
func (z *jetCtx) powConst(u jet, c *big.Float) (jet, error) {
	isInt := c.IsInt()
	if n, acc := c.Uint64(); isInt && acc == big.Exact && n <= maxSquaringExp && !u.konst {
		return z.powUint(u, n), nil
	}
	switch {
	case u.c[0].Sign() < 0 && !isInt:
		return jet{}, fmt.Errorf("negative base %.10g with the non-integer exponent %.10g", u.c[0], c)
	case u.c[0].Sign() == 0:
		if isInt && c.Sign() >= 0 {
			n, acc := c.Uint64()
			if acc != big.Exact {
				return jet{}, fmt.Errorf("exponent %.10g is too large", c)
			}
			return z.powUint(u, n), nil
		}
		if c.Sign() > 0 && u.isZero() {
			return u, nil
		}
		if c.Sign() < 0 && u.konst {
			return jet{}, fmt.Errorf("zero base with the negative exponent %.10g", c)
		}
		return jet{}, ErrNoSeries
	}
	w0, err := z.powValue(u.c[0], c)
	if err != nil {
		return jet{}, err
	}
	w := z.blank()
	w.c[0] = w0
	if u.konst {
		w.konst = true
		return w, nil
	}
	c1 := z.f().Add(c, z.fInt(1))
	acc, t, coef := z.f(), z.f(), z.f()
	jf, kf := z.f(), z.f() // the integers j and k
	for k := 1; k <= z.n; k++ {
		acc.SetInt64(0)
		kf.SetInt64(int64(k))
		for j := 1; j <= k; j++ {
			if u.c[j].Sign() == 0 || w.c[k-j].Sign() == 0 {
				continue
			}
			coef.Mul(c1, jf.SetInt64(int64(j)))
			coef.Sub(coef, kf)
			t.Mul(u.c[j], w.c[k-j])
			acc.Add(acc, t.Mul(t, coef))
		}
		d := z.f().Mul(u.c[0], kf)
		w.c[k] = z.f().Quo(acc, d)
	}
	return w, nil
}

// powValue returns b^c for b ≠ 0; an integer c is raised by repeated
// squaring, which also serves negative bases.
func (z *jetCtx) powValue(b, c *big.Float) (*big.Float, error) {
	if c.IsInt() {
		if n, acc := c.Int64(); acc == big.Exact && n > -(1<<20) && n < 1<<20 {
			return z.powInt(b, n), nil
		}
	}
	return bigmath.Pow(z.prec, b, c)
}

// powInt returns b^n for an integer n, b ≠ 0.
func (z *jetCtx) powInt(b *big.Float, n int64) *big.Float {
	neg := n < 0
	if neg {
		n = -n
	}
	r, p := z.fInt(1), z.f().Set(b)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r.Mul(r, p)
		}
		if n > 1 {
			p.Mul(p, p)
		}
	}
	if neg {
		r.Quo(z.fInt(1), r)
	}
	return r
}

// powGeneral returns u^v = exp(v·log u) for a varying exponent; u₀ must be
// positive.
func (z *jetCtx) powGeneral(u, v jet) (jet, error) {
	if u.c[0].Sign() <= 0 {
		return jet{}, fmt.Errorf("base %.10g is not positive and the exponent varies", u.c[0])
	}
	lu, err := z.log(u)
	if err != nil {
		return jet{}, err
	}
	w0, err := bigmath.Pow(z.prec, u.c[0], v.c[0])
	if err != nil {
		return jet{}, err
	}
	return z.expFrom(z.mul(v, lu), w0), nil
}

// sinCos returns the jets of sin u and cos u together:
// s' = c·u', c' = −s·u'. With hyperbolic set, sinh u and cosh u:
// s' = c·u', c' = s·u'.
func (z *jetCtx) sinCos(u jet, hyperbolic bool) (s, c jet, err error) {
	s, c = z.blank(), z.blank()
	if hyperbolic {
		s.c[0] = bigmath.Sinh(z.prec, u.c[0])
		c.c[0] = bigmath.Cosh(z.prec, u.c[0])
	} else {
		if s.c[0], err = bigmath.Sin(z.prec, u.c[0]); err != nil {
			return s, c, err
		}
		if c.c[0], err = bigmath.Cos(z.prec, u.c[0]); err != nil {
			return s, c, err
		}
	}
	if u.konst {
		s.konst, c.konst = true, true
		return s, c, nil
	}
	du := z.weighted(u)
	for k := 1; k <= z.n; k++ {
		s.c[k] = z.rec(du, c.c, k)
		c.c[k] = z.rec(du, s.c, k)
		if !hyperbolic {
			c.c[k].Neg(c.c[k])
		}
	}
	return s, c, nil
}

// tanh uses t' = (1 − t²)·u'. The factor q = 1 − t² starts from
// q₀ = 1/cosh²(u₀), which does not cancel for large |u₀|, and continues
// with q_m = −Σ_{i=0..m} t_i·t_{m−i}.
func (z *jetCtx) tanh(u jet) jet {
	t := z.blank()
	t.c[0] = bigmath.Tanh(z.prec, u.c[0])
	if u.konst {
		t.konst = true
		return t
	}
	ch := bigmath.Cosh(z.prec, u.c[0])
	q := make([]*big.Float, z.n+1)
	q[0] = z.f().Quo(z.fInt(1), ch.Mul(ch, ch))
	du := z.weighted(u)
	for k := 1; k <= z.n; k++ {
		t.c[k] = z.rec(du, q, k)
		q[k] = z.dot(t.c, t.c, 0, k)
		q[k].Neg(q[k])
	}
	return t
}

// sigmoidValue returns 1/(1 + e^(−v)) without overflow of the exponential.
func (z *jetCtx) sigmoidValue(v *big.Float) *big.Float {
	one := z.fInt(1)
	if v.Sign() >= 0 {
		e := bigmath.Exp(z.prec, z.f().Neg(v))
		return e.Quo(one, e.Add(e, one))
	}
	e := bigmath.Exp(z.prec, v)
	return z.f().Quo(e, z.f().Add(e, one))
}

// sigmoid uses s' = s·(1 − s)·u'. The factor r = 1 − s starts from
// r₀ = sigmoid(−u₀), without cancellation, and continues with r_m = −s_m.
func (z *jetCtx) sigmoid(u jet) jet {
	s := z.blank()
	s.c[0] = z.sigmoidValue(u.c[0])
	if u.konst {
		s.konst = true
		return s
	}
	r := make([]*big.Float, z.n+1)
	r[0] = z.sigmoidValue(z.f().Neg(u.c[0]))
	p := make([]*big.Float, z.n+1) // p = s·r
	p[0] = z.f().Mul(s.c[0], r[0])
	du := z.weighted(u)
	for k := 1; k <= z.n; k++ {
		s.c[k] = z.rec(du, p, k)
		r[k] = z.f().Neg(s.c[k])
		p[k] = z.dot(s.c, r, 0, k)
	}
	return s
}

// softplusValue returns log(1 + e^v) as max(v, 0) + log1p(e^(−|v|)).
func (z *jetCtx) softplusValue(v *big.Float) *big.Float {
	a := z.f().Abs(v)
	w, err := bigmath.Log1p(z.prec, bigmath.Exp(z.prec, a.Neg(a)))
	if err != nil {
		// e^(−|v|) lies in (0, 1]: log1p is defined there.
		panic(fmt.Sprintf("calc: softplus(%.10g): %v", v, err))
	}
	if v.Sign() > 0 {
		w.Add(w, v)
	}
	return w
}

// softplus is log(1 + e^u): w' = sigmoid(u)·u', integrated.
func (z *jetCtx) softplus(u jet) jet {
	w0 := z.softplusValue(u.c[0])
	if u.konst {
		return z.constant(w0)
	}
	return z.integrate(w0, z.mulTrunc(z.sigmoid(u).c[:z.n], z.deriv(u)))
}

// atan is the integral of u'/(1 + u²).
func (z *jetCtx) atan(u jet) jet {
	w0 := bigmath.Atan(z.prec, u.c[0])
	if u.konst {
		return z.constant(w0)
	}
	d := z.mul(u, u)
	d.c[0] = z.f().Add(d.c[0], z.fInt(1))
	du := z.deriv(u)
	// du/d truncated to order n−1: q_k = (du_k − Σ_{j=1..k} d_j·q_{k−j})/d₀.
	q := make([]*big.Float, z.n)
	for k := range q {
		s := z.dot(d.c, q, 1, k)
		q[k] = s.Quo(s.Sub(du[k], s), d.c[0])
	}
	return z.integrate(w0, q)
}

// erf is the integral of (2/√π)·exp(−u²)·u'; erfc is its negative with
// the constant term erfc(u₀).
func (z *jetCtx) erf(u jet, complement bool) jet {
	var w0 *big.Float
	if complement {
		w0 = bigmath.Erfc(z.prec, u.c[0])
	} else {
		w0 = bigmath.Erf(z.prec, u.c[0])
	}
	if u.konst {
		return z.constant(w0)
	}
	g := z.exp(z.neg(z.mul(u, u)))
	k := z.twoOverSqrtPi()
	if complement {
		k.Neg(k)
	}
	d := z.mulTrunc(g.c[:z.n], z.deriv(u))
	for i, v := range d {
		d[i] = v.Mul(v, k)
	}
	return z.integrate(w0, d)
}

// twoOverSqrtPi returns 2/√π at the working precision.
func (z *jetCtx) twoOverSqrtPi() *big.Float {
	r, err := bigmath.Sqrt(z.prec, bigmath.Pi(z.prec))
	if err != nil {
		panic("calc: sqrt(pi): " + err.Error())
	}
	return r.Quo(z.fInt(2), r)
}
