package calc

import (
	"errors"
	"fmt"
	"math/big"
	"sync"

	"critcalc/calc/bigmath"
)

// EvalError reports that an expression cannot be evaluated at a point: a
// logarithm of a non-positive number, division by zero, a negative base
// with a non-integer exponent, and so on.
type EvalError struct {
	Sub string // the subexpression where it happened
	X   string // the point
	Err error  // the underlying problem
}

func (e *EvalError) Error() string {
	return fmt.Sprintf("cannot evaluate %s at x = %s: %v", e.Sub, e.X, e.Err)
}

func (e *EvalError) Unwrap() error { return e.Err }

// ErrDivByZero is the cause of an EvalError for a division by zero.
var ErrDivByZero = errors.New("division by zero")

// ErrOverflow is the cause of an EvalError for a value beyond the exponent
// range of big.Float (about 10^(±6.5e8)).
var ErrOverflow = errors.New("value overflows the arbitrary-precision range")

// BigProgram evaluates an expression in big.Float arithmetic at any
// precision. Named activations are evaluated through their definitions, and
// each shared subexpression once. A BigProgram is safe for concurrent use.
type BigProgram struct {
	nodes   []Expr
	index   map[Expr]int
	varying []bool // whether node i depends on x
	outputs []int  // the nodes whose values EvalAll returns

	mu     sync.Mutex
	consts map[uint][]*big.Float // values of the x-free nodes, per precision
}

// CompileBig prepares e for arbitrary-precision evaluation.
func CompileBig(e Expr) *BigProgram {
	return CompileBigMany(e)
}

// CompileBigMany prepares several expressions for evaluation at the same
// points by one program: a subexpression they share (σ(x) in σ(x)² and
// x·σ(x)·σ'(x), say) is computed once per point. EvalAll returns their
// values in order; Eval returns the last one's.
func CompileBigMany(es ...Expr) *BigProgram {
	var nodes []Expr
	index := map[Expr]int{}
	var outputs []int
	for _, e := range es {
		for _, n := range ExpandAll(e).Nodes() {
			if _, ok := index[n]; !ok {
				index[n] = len(nodes)
				nodes = append(nodes, n)
			}
		}
		outputs = append(outputs, index[ExpandAll(e)])
	}
	varying := make([]bool, len(nodes))
	for i, n := range nodes {
		varying[i] = n.Op() == OpVar
		for _, a := range n.Args() {
			varying[i] = varying[i] || varying[index[a]]
		}
	}
	return &BigProgram{nodes: nodes, index: index, varying: varying, outputs: outputs, consts: map[uint][]*big.Float{}}
}

// Eval returns the value at x, computed with precision prec bits in every
// operation. The result is not checked against a higher precision: use
// EvalDigits for a value whose digits are certified.
func (p *BigProgram) Eval(x *big.Float, prec uint) (*big.Float, error) {
	vals, err := p.run(x, prec)
	if err != nil {
		return nil, err
	}
	return p.output(vals, p.outputs[len(p.outputs)-1]), nil
}

// EvalAll returns the values at x of every expression the program was
// compiled from, in order, each a fresh value the caller may modify.
func (p *BigProgram) EvalAll(x *big.Float, prec uint) ([]*big.Float, error) {
	vals, err := p.run(x, prec)
	if err != nil {
		return nil, err
	}
	out := make([]*big.Float, len(p.outputs))
	for i, o := range p.outputs {
		out[i] = p.output(vals, o)
		for j := range i {
			if p.outputs[j] == o { // the same expression twice: do not alias
				out[i] = new(big.Float).Copy(out[i])
				break
			}
		}
	}
	return out, nil
}

// output returns node i's value, copied when it is a shared constant.
func (p *BigProgram) output(vals []*big.Float, i int) *big.Float {
	if !p.varying[i] {
		return new(big.Float).Copy(vals[i])
	}
	return vals[i]
}

// run computes every node at x.
func (p *BigProgram) run(x *big.Float, prec uint) ([]*big.Float, error) {
	vals, err := p.constants(prec)
	if err != nil {
		return nil, err
	}
	for i, e := range p.nodes {
		if !p.varying[i] {
			continue
		}
		v, err := p.step(e, vals, x, prec)
		if err != nil {
			return nil, &EvalError{Sub: e.String(), X: x.Text('g', 20), Err: err}
		}
		vals[i] = v
	}
	return vals, nil
}

// constants returns a fresh slice of node values in which the x-free nodes
// are filled in; they are computed once per precision and shared, so they
// must not be modified.
func (p *BigProgram) constants(prec uint) ([]*big.Float, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cs, ok := p.consts[prec]
	if !ok {
		cs = make([]*big.Float, len(p.nodes))
		for i, e := range p.nodes {
			if p.varying[i] {
				continue
			}
			v, err := p.step(e, cs, nil, prec)
			if err != nil {
				return nil, &EvalError{Sub: e.String(), X: "any x", Err: err}
			}
			cs[i] = v
		}
		if len(p.consts) > 64 {
			clear(p.consts)
		}
		p.consts[prec] = cs
	}
	return append([]*big.Float(nil), cs...), nil
}

func (p *BigProgram) step(e Expr, vals []*big.Float, x *big.Float, prec uint) (*big.Float, error) {
	v, err := p.op(e, vals, x, prec)
	if err == nil && v.IsInf() {
		return nil, ErrOverflow
	}
	return v, err
}

// op computes one node from its operands, which are finite.
func (p *BigProgram) op(e Expr, vals []*big.Float, x *big.Float, prec uint) (*big.Float, error) {
	arg := func(i int) *big.Float { return vals[p.index[e.Arg(i)]] }
	z := new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven)
	switch e.Op() {
	case OpNum:
		r, _ := e.Rat()
		return z.SetRat(r), nil
	case OpConst:
		if e.Func().ID == FnPi {
			return bigmath.Pi(prec), nil
		}
		return bigmath.Exp(prec, big.NewFloat(1)), nil
	case OpVar:
		return z.Set(x), nil
	case OpNeg:
		return z.Neg(arg(0)), nil
	case OpAdd:
		return z.Add(arg(0), arg(1)), nil
	case OpSub:
		return z.Sub(arg(0), arg(1)), nil
	case OpMul:
		return z.Mul(arg(0), arg(1)), nil
	case OpDiv:
		if arg(1).Sign() == 0 {
			return nil, ErrDivByZero
		}
		return z.Quo(arg(0), arg(1)), nil
	case OpPow:
		return bigmath.Pow(prec, arg(0), arg(1))
	}
	return callBig(e.Func(), arg(0), e.Arg(1).IsValid(), func() *big.Float { return arg(1) }, prec)
}

// callBig evaluates a primitive function at precision prec.
func callBig(f *Func, u *big.Float, binary bool, v func() *big.Float, prec uint) (*big.Float, error) {
	z := new(big.Float).SetPrec(prec)
	switch f.ID {
	case FnExp:
		return bigmath.Exp(prec, u), nil
	case FnExpm1:
		return bigmath.Expm1(prec, u), nil
	case FnLog:
		return bigmath.Log(prec, u)
	case FnLog1p:
		return bigmath.Log1p(prec, u)
	case FnSqrt:
		return bigmath.Sqrt(prec, u)
	case FnAbs:
		return z.Abs(u), nil
	case FnSign:
		return z.SetInt64(int64(u.Sign())), nil
	case FnStep:
		return z.SetFloat64(float64(u.Sign()+1) / 2), nil
	case FnMax, FnMin:
		w := v()
		if (u.Cmp(w) >= 0) == (f.ID == FnMax) {
			return z.Set(u), nil
		}
		return z.Set(w), nil
	case FnTanh:
		return bigmath.Tanh(prec, u), nil
	case FnSinh:
		return bigmath.Sinh(prec, u), nil
	case FnSech:
		c := bigmath.Cosh(prec+8, u)
		return z.Quo(big.NewFloat(1), c), nil
	case FnCosh:
		return bigmath.Cosh(prec, u), nil
	case FnSin:
		return bigmath.Sin(prec, u)
	case FnCos:
		return bigmath.Cos(prec, u)
	case FnAtan:
		return bigmath.Atan(prec, u), nil
	case FnErf:
		return bigmath.Erf(prec, u), nil
	case FnErfc:
		return bigmath.Erfc(prec, u), nil
	case FnSigmoid:
		// 1/(1 + exp(−u)); big.Float has the exponent range to need no split.
		t := bigmath.Exp(prec+8, new(big.Float).Neg(u))
		t.Add(t, big.NewFloat(1))
		return z.Quo(big.NewFloat(1), t), nil
	case FnSoftplus:
		// max(u, 0) + log1p(exp(−|u|)).
		a := new(big.Float).Abs(u)
		t, err := bigmath.Log1p(prec+8, bigmath.Exp(prec+8, a.Neg(a)))
		if err != nil {
			return nil, err
		}
		if u.Sign() > 0 {
			t.Add(t, u)
		}
		return z.Set(t), nil
	}
	return nil, fmt.Errorf("no arbitrary-precision rule for %s", f.Name)
}
