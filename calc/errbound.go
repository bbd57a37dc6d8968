package calc

import (
	"math"
	"math/big"

	"critcalc/calc/bigmath"
)

// Running error analysis for the arbitrary-precision evaluator: beside each
// value, a bound on its absolute error, propagated to first order through
// every operation (|∂f/∂u|·err(u)) plus the rounding of the operation
// itself (half an ulp for + − × ÷, one ulp for the functions of bigmath,
// which are accurate to within one ulp). Bounds are kept in low-precision
// big.Floats rounded upwards, so they neither underflow nor lose their
// direction. A bound is infinite where the first-order analysis cannot
// bound the error: a step, sign or other branch whose argument is within
// its error of the switching point, a logarithm or quotient whose argument
// is within its error of zero.

const boundPrec = 64

func newBound() *big.Float { return new(big.Float).SetPrec(boundPrec).SetMode(big.AwayFromZero) }

// ulp returns |v|·2^(1−prec), at least one ulp of v at precision prec.
func ulp(v *big.Float, prec uint) *big.Float {
	b := newBound()
	if v.Sign() == 0 || v.IsInf() {
		return b
	}
	return b.SetMantExp(big.NewFloat(1), v.MantExp(nil)-int(prec)+1)
}

func absB(v *big.Float) *big.Float { return newBound().Abs(v) }

func addB(xs ...*big.Float) *big.Float {
	s := newBound()
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

func mulB(a, b *big.Float) *big.Float {
	if a.Sign() == 0 || b.Sign() == 0 {
		return newBound()
	}
	return newBound().Mul(a, b)
}

func infB() *big.Float { return newBound().SetInf(false) }

// evalBounded evaluates p at x like Eval and returns a bound on the
// absolute error of the result. x is taken as exact.
func (p *BigProgram) evalBounded(x *big.Float, prec uint) (*big.Float, *big.Float, error) {
	v, bound, _, err := p.evalBoundedUnderflow(x, prec, false)
	return v, bound, err
}

// underflowBound is the error bound that a strict evaluation gives a node
// whose nonzero value big.Float rounded to 0: 2^(MinExp/2), far above the
// true magnitude (below 2^MinExp), so that products of it with small
// factors stay nonzero in the bound arithmetic.
var underflowBound = new(big.Float).SetPrec(boundPrec).SetMantExp(big.NewFloat(1), big.MinExp/2)

// evalBoundedUnderflow is evalBounded that, when strict is set, gives a
// node whose nonzero value big.Float rounded to 0 (see underflowed) the
// error bound underflowBound instead of carrying that 0 on as exact, and
// returns the first such node ("" when none).
func (p *BigProgram) evalBoundedUnderflow(x *big.Float, prec uint, strict bool) (v, bound *big.Float, uflow string, err error) {
	vals := make([]*big.Float, len(p.nodes))
	errs := make([]*big.Float, len(p.nodes))
	for i, e := range p.nodes {
		v, err := p.step(e, vals, x, prec)
		if err != nil {
			return nil, nil, "", &EvalError{Sub: e.String(), X: x.Text('g', 20), Err: err}
		}
		vals[i] = v
		errs[i] = p.bound(e, v, vals, errs, prec)
		if strict && v.Sign() == 0 {
			var a, b *big.Float
			if e.Arg(0).IsValid() {
				a = vals[p.index[e.Arg(0)]]
			}
			if e.Arg(1).IsValid() {
				b = vals[p.index[e.Arg(1)]]
			}
			if underflowed(e, a, b) {
				errs[i] = addB(errs[i], underflowBound)
				if uflow == "" {
					uflow = e.String()
				}
			}
		}
	}
	n := p.outputs[len(p.outputs)-1]
	return vals[n], errs[n], uflow, nil
}

// bound returns the error bound of node e with computed value v.
func (p *BigProgram) bound(e Expr, v *big.Float, vals, errs []*big.Float, prec uint) *big.Float {
	val := func(i int) *big.Float { return vals[p.index[e.Arg(i)]] }
	er := func(i int) *big.Float { return errs[p.index[e.Arg(i)]] }
	round := ulp(v, prec) // rounding of this operation (a generous half ulp)
	if v.Acc() == big.Exact && e.Op() != OpCall && e.Op() != OpPow && e.Op() != OpConst {
		round = newBound()
	}
	switch e.Op() {
	case OpNum, OpVar:
		return round
	case OpConst:
		return round
	case OpNeg:
		return er(0)
	case OpAdd, OpSub:
		return addB(er(0), er(1), round)
	case OpMul:
		// |a|e_b + |b|e_a + e_a·e_b
		return addB(mulB(absB(val(0)), er(1)), mulB(absB(val(1)), er(0)), mulB(er(0), er(1)), round)
	case OpDiv:
		// (e_a + |z|·e_b)/(|b| − e_b)
		den := newBound().Sub(absB(val(1)), er(1))
		if den.Sign() <= 0 {
			return infB()
		}
		num := addB(er(0), mulB(absB(v), er(1)))
		return addB(newBound().Quo(num, den), round)
	case OpPow:
		return addB(powBound(val(0), val(1), v, er(0), er(1)), ulp(v, prec))
	}
	if e.Func().ID == FnMax || e.Func().ID == FnMin {
		return addB(maxB(er(0), er(1)), round)
	}
	d := derivBound(e.Func().ID, val(0), er(0), v)
	if d == nil {
		return infB()
	}
	fnRound := ulp(v, prec)
	switch e.Func().ID {
	case FnAbs, FnSign, FnStep:
		fnRound = newBound()
	}
	return addB(mulB(d, er(0)), fnRound)
}

func maxB(a, b *big.Float) *big.Float {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// derivBound returns a bound on |f′| over the error interval of u, to
// first order, from the argument u, its error eu and the value v = f(u);
// nil when none exists (a branch point within reach of the error).
func derivBound(id FuncID, u, eu, v *big.Float) *big.Float {
	one := newBound().SetInt64(1)
	near := func(c *big.Float) bool { // is u within eu of c?
		d := newBound().Sub(u, c)
		return d.Abs(d).Cmp(eu) <= 0
	}
	switch id {
	case FnAbs:
		return one
	case FnSign, FnStep:
		if u.Sign() == 0 && eu.Sign() == 0 || !near(new(big.Float)) {
			return newBound()
		}
		return nil
	case FnExp:
		return absB(v)
	case FnExpm1:
		return addB(absB(v), one)
	case FnLog:
		if near(new(big.Float)) {
			return nil
		}
		return newBound().Quo(one, newBound().Sub(absB(u), eu))
	case FnLog1p:
		w := newBound().Add(u, one)
		if near(big.NewFloat(-1)) {
			return nil
		}
		return newBound().Quo(one, newBound().Sub(w.Abs(w), eu))
	case FnSqrt:
		if v.Sign() == 0 {
			if eu.Sign() == 0 {
				return newBound()
			}
			return nil
		}
		return newBound().Quo(one, mulB(newBound().SetInt64(2), absB(v)))
	case FnTanh:
		return one // 1 − tanh² ≤ 1
	case FnSin, FnCos, FnAtan, FnSoftplus:
		if id == FnSoftplus && v.Cmp(one) < 0 {
			return absB(v) // softplus′ = sigmoid ≤ softplus
		}
		return one
	case FnSinh:
		return addB(absB(v), one) // cosh ≤ |sinh| + 1
	case FnSech:
		return absB(v) // |sech′| = sech·|tanh| ≤ sech
	case FnCosh:
		return absB(v) // |sinh| ≤ cosh
	case FnSigmoid:
		return absB(v) // σ′ = σ(1 − σ) ≤ σ
	case FnErf, FnErfc:
		// 2/√π·exp(−(|u| − eu)²), or 2/√π when the interval reaches 0.
		a := newBound().Sub(absB(u), eu)
		if a.Sign() <= 0 {
			return newBound().SetFloat64(2 / math.SqrtPi * (1 + 1e-15))
		}
		a.Mul(a, a)
		g := bigmath.Exp(boundPrec, a.Neg(a))
		return mulB(g, newBound().SetFloat64(2/math.SqrtPi*(1+1e-15)))
	}
	return nil
}

// powBound bounds the propagated error of v = a^b: |b·a^(b−1)|·e_a + |v·log|a||·e_b.
func powBound(a, b, v, ea, eb *big.Float) *big.Float {
	out := newBound()
	if ea.Sign() != 0 {
		if a.Sign() == 0 {
			return infB()
		}
		da := newBound().Quo(mulB(absB(b), absB(v)), absB(a))
		out.Add(out, mulB(da, ea))
	}
	if eb.Sign() != 0 {
		if a.Sign() <= 0 {
			return infB()
		}
		l, err := bigmath.Log(boundPrec, a)
		if err != nil {
			return infB()
		}
		out.Add(out, mulB(mulB(absB(v), absB(l)), eb))
	}
	return out
}
