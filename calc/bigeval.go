package calc

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
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

// ErrUnderflow is the cause of an EvalError for a nonzero value below the
// exponent range of big.Float (about 10^(−6.5e8)), which big.Float would
// round to 0: a 0 there is not a certified value.
var ErrUnderflow = errors.New("the value underflows the arbitrary-precision range (its magnitude is below 1e-646456992 but not 0)")

// BigProgram evaluates an expression in big.Float arithmetic at any
// precision. Named activations are evaluated through their definitions, and
// each shared subexpression once. A BigProgram is safe for concurrent use.
//
// Eval and EvalAll run a plan of the expressions (bigplan.go) in which
// tanh(softplus(u)) and sech(softplus(u)) are fused kernels, integer powers
// are products, and the functions of e^−|u| of one |u| share one
// exponential; every node is still within about an ulp of its value at
// prec. EvalDigits runs the expressions as written, one bigmath function
// per node, whose errors its running error analysis bounds.
type BigProgram struct {
	// The expanded expressions as written, for EvalDigits (errbound.go).
	nodes   []Expr
	index   map[Expr]int
	outputs []int // the nodes of the expressions

	plan *bigPlan  // what Eval and EvalAll run
	work sync.Pool // *BigEvaluator scratch spaces of the plan

	mu     sync.Mutex
	consts map[uint][]*big.Float // values of the plan's x-free steps, per precision
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
	expanded := make([]Expr, len(es))
	for i, e := range es {
		expanded[i] = ExpandAll(e)
		for _, n := range expanded[i].Nodes() {
			if _, ok := index[n]; !ok {
				index[n] = len(nodes)
				nodes = append(nodes, n)
			}
		}
		outputs = append(outputs, index[expanded[i]])
	}
	return &BigProgram{nodes: nodes, index: index, outputs: outputs, plan: newBigPlan(expanded), consts: map[uint][]*big.Float{}}
}

// Eval returns the value at x, computed with precision prec bits in every
// operation (each within about an ulp at prec). The result is not checked
// against a higher precision: use EvalDigits for a value whose digits are
// certified.
func (p *BigProgram) Eval(x *big.Float, prec uint) (*big.Float, error) {
	ev := p.pooledEvaluator()
	defer p.work.Put(ev)
	vs, err := ev.EvalAll(x, prec)
	if err != nil {
		return nil, err
	}
	return new(big.Float).Copy(vs[len(vs)-1]), nil
}

// EvalAll returns the values at x of every expression the program was
// compiled from, in order, each a fresh value the caller may modify.
func (p *BigProgram) EvalAll(x *big.Float, prec uint) ([]*big.Float, error) {
	ev := p.pooledEvaluator()
	defer p.work.Put(ev)
	vs, err := ev.EvalAll(x, prec)
	if err != nil {
		return nil, err
	}
	out := make([]*big.Float, len(vs))
	for i, v := range vs {
		out[i] = new(big.Float).Copy(v)
	}
	return out, nil
}

// pooledEvaluator returns an evaluator of p from p.work, or a new one;
// the caller puts it back when it has copied the values out.
func (p *BigProgram) pooledEvaluator() *BigEvaluator {
	if ev, ok := p.work.Get().(*BigEvaluator); ok {
		return ev
	}
	return p.Evaluator()
}

// runIn computes every step of the plan at x in w; ex, when not nil, is e^−|x| (see BigEvaluator.EvalAllExp).
func (p *BigProgram) runIn(w *bigWork, x *big.Float, prec uint, ex *big.Float) error {
	cs, err := p.constants(prec)
	if err != nil {
		return err
	}
	pl := p.plan
	copy(w.vals, cs)
	clear(w.shared)
	if k := pl.xSlot; ex != nil && k >= 0 {
		// As newNegExp does from exp for |x| ≥ 1/2: E to wp bits, M = E − 1.
		wp := prec + sharedGuard
		e := w.store[2*k].SetPrec(0).SetPrec(wp).Set(ex)
		w.shared[k] = negExp{e: e, m: subRounded(w.store[2*k+1].SetPrec(0).SetPrec(wp), e, bigOne)}
	}
	for i := range pl.steps {
		s := &pl.steps[i]
		if !s.varying {
			continue
		}
		v, err := checkFinite(pl.exec(pl.dest(w, i, prec), s, w, x, prec))
		if err != nil {
			return &EvalError{Sub: s.src.String(), X: x.Text('g', 20), Err: err}
		}
		w.vals[i] = v
	}
	return nil
}

// BigEvaluator evaluates a BigProgram at one point after another in
// storage of its own, which it reuses: the values EvalAll returns are
// valid until its next call, and their mantissas are not allocated again
// at every point. It is not safe for concurrent use; a goroutine takes one
// of its own (BigProgram.Evaluator).
type BigEvaluator struct {
	p   *BigProgram
	w   *bigWork
	out []*big.Float
	dup []big.Float // copies of an output that appears twice
}

// Evaluator returns a new BigEvaluator of p.
func (p *BigProgram) Evaluator() *BigEvaluator {
	w := newBigWork(p.plan)
	outs := p.plan.outputs
	return &BigEvaluator{p: p, w: w, out: make([]*big.Float, len(outs)), dup: make([]big.Float, len(outs))}
}

// EvalAll is BigProgram.EvalAll, except that the values belong to ev and
// are overwritten by its next call.
func (ev *BigEvaluator) EvalAll(x *big.Float, prec uint) ([]*big.Float, error) {
	return ev.EvalAllExp(x, prec, nil)
}

// SharesExpOfX reports whether the program computes e^−|x| once per point
// for several functions of x (tanh and sech of x, sigmoid and softplus of
// x, …), which EvalAllExp can be given.
func (p *BigProgram) SharesExpOfX() bool { return p.plan.xSlot >= 0 }

// ExpGuard is how many bits beyond prec the e^−|x| given to EvalAllExp
// must carry: the shared exponentials are computed to prec + ExpGuard bits.
const ExpGuard = sharedGuard

// EvalAllExp is EvalAll with ex = e^−|x| given, for a program that shares
// it (SharesExpOfX) and |x| ≥ 1/2, correct to within about half an ulp at
// prec + ExpGuard bits: a caller that evaluates on an equally spaced grid
// gets it from one exponential and a product per point. It is ignored (as
// is a nil ex) where the program would not use it.
func (ev *BigEvaluator) EvalAllExp(x *big.Float, prec uint, ex *big.Float) ([]*big.Float, error) {
	if ex != nil && (x.Sign() == 0 || x.MantExp(nil) <= -1) { // |x| < 1/2: expm1 decides there
		ex = nil
	}
	if err := ev.p.runIn(ev.w, x, prec, ex); err != nil {
		return nil, err
	}
	outs := ev.p.plan.outputs
	for i, o := range outs {
		ev.out[i] = ev.w.vals[o]
		if !ev.p.plan.steps[o].varying || slices.Contains(outs[:i], o) {
			// A constant (shared between points) or the same expression
			// twice: a copy of its own.
			ev.out[i] = ev.dup[i].Copy(ev.w.vals[o])
		}
	}
	return ev.out, nil
}

// constants returns the values of the plan's x-free steps at prec (nil for
// the others); they are computed once per precision and shared, so they
// must not be modified.
func (p *BigProgram) constants(prec uint) ([]*big.Float, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cs, ok := p.consts[prec]
	if !ok {
		pl := p.plan
		w := newBigWork(pl)
		for i := range pl.steps {
			s := &pl.steps[i]
			if s.varying {
				continue
			}
			v, err := checkFinite(pl.exec(new(big.Float).SetPrec(prec), s, w, nil, prec))
			if err != nil {
				return nil, &EvalError{Sub: s.src.String(), X: "any x", Err: err}
			}
			w.vals[i] = v
		}
		cs = w.vals
		if len(p.consts) > 64 {
			clear(p.consts)
		}
		p.consts[prec] = cs
	}
	return cs, nil
}

// checkFinite turns an infinite value into ErrOverflow.
func checkFinite(v *big.Float, err error) (*big.Float, error) {
	if err == nil && v.IsInf() {
		return nil, ErrOverflow
	}
	return v, err
}

// step computes node e of the expressions as written from the values of
// its operands, one bigmath function per node.
func (p *BigProgram) step(e Expr, vals []*big.Float, x *big.Float, prec uint) (*big.Float, error) {
	var a, b *big.Float
	if e.Arg(0).IsValid() {
		a = vals[p.index[e.Arg(0)]]
	}
	if e.Arg(1).IsValid() {
		b = vals[p.index[e.Arg(1)]]
	}
	return checkFinite(bigOp(new(big.Float).SetPrec(prec), e, a, b, x, prec))
}

// underflowed reports whether a zero result of node e with operands a and
// b (nil when absent) can only be a nonzero value rounded to 0 by
// big.Float's exponent range: a product, quotient or power of nonzero
// operands, or a smooth function that vanishes only at 0 (exp, sech,
// erfc, …) at a nonzero argument.
func underflowed(e Expr, a, b *big.Float) bool {
	nonzero := func(v *big.Float) bool { return v != nil && v.Sign() != 0 }
	switch e.Op() {
	case OpMul:
		return nonzero(a) && nonzero(b)
	case OpDiv, OpPow:
		return nonzero(a)
	case OpCall:
		switch e.Func().ID {
		case FnExp, FnSech, FnErfc, FnSigmoid, FnSoftplus:
			return a != nil
		case FnExpm1, FnTanh, FnSinh, FnAtan, FnErf:
			return nonzero(a)
		}
	}
	return false
}

// bigOp computes node e into z, whose precision is prec, from the values a
// and b of its operands, which are finite (nil when absent), one bigmath
// function per node; the result is z or, for a function of bigmath, a new
// value.
func bigOp(z *big.Float, e Expr, a, b *big.Float, x *big.Float, prec uint) (*big.Float, error) {
	z.SetMode(big.ToNearestEven)
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
		return z.Neg(a), nil
	case OpAdd:
		return addRounded(z, a, b), nil
	case OpSub:
		return subRounded(z, a, b), nil
	case OpMul:
		return z.Mul(a, b), nil
	case OpDiv:
		if b.Sign() == 0 {
			return nil, ErrDivByZero
		}
		return z.Quo(a, b), nil
	case OpPow:
		return bigmath.Pow(prec, a, b)
	}
	return callBig(e.Func(), a, e.Arg(1).IsValid(), func() *big.Float { return b }, prec)
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
