package calc

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc/bigmath"
)

// Side selects a one-sided expansion at a kink: Below (x → a⁻), Above
// (x → a⁺), or Center (an error if a is a kink).
type Side int8

// The sides of an expansion.
const (
	Center Side = 0
	Below  Side = -1
	Above  Side = +1
)

// KinkError is returned by Taylor for a two-sided (Center) expansion at a
// point where a non-smooth primitive switches branch, so that no single
// power series describes the expression on both sides.
type KinkError struct {
	At   string // the point, formatted
	Func string // the named activation or primitive (abs, sign, step, max, min) with the kink
}

// Error says where the kink is and what to do about it.
func (e *KinkError) Error() string {
	return fmt.Sprintf("kink of %s at x = %s: ask for a one-sided expansion", e.Func, e.At)
}

// SeriesError reports a subexpression that has no power series at the
// point: a logarithm of a non-positive value, a square root of a negative
// value or at a zero of its argument, a negative base with a non-integer
// exponent, a division by a series with zero constant term.
type SeriesError struct {
	Func string // the function or operator: "log", "sqrt", "pow", "/", …
	At   string // the point, formatted
	Err  error  // what is wrong
}

// Error names the function and the point.
func (e *SeriesError) Error() string {
	return fmt.Sprintf("%s at x = %s: %v", e.Func, e.At, e.Err)
}

// Unwrap returns the underlying error (a *bigmath.DomainError or a
// description).
func (e *SeriesError) Unwrap() error { return e.Err }

// taylorGuard returns the guard bits carried beyond the requested
// precision. The recurrences lose a few bits per order where their terms
// cancel, so the guard grows with the order.
func taylorGuard(order int) uint { return 40 + 2*uint(order) }

// MaxTaylorOrder bounds the order accepted by Taylor.
const MaxTaylorOrder = 10000

// Taylor returns the Taylor coefficients c_p = σ^(p)(a)/p!, p = 0 … order,
// of the expression σ = e at the point a, rounded to prec bits.
//
// The coefficients are computed by truncated power-series arithmetic over
// the expression graph (each node once, with prec plus guard bits), not by
// symbolic differentiation. Named activations are replaced by their
// definitions in primitives.
//
// The non-smooth primitives abs, sign, step, max and min pick a branch
// from the series of their switching argument s (the argument, or u − v
// for max(u, v) and min(u, v)): from the sign of s(a) when it is nonzero,
// otherwise from the first nonzero coefficient c_k of s and the side, as
// the sign of c_k·side^k. When every coefficient to the order is zero, s is
// treated as identically zero near a and the value conventions apply
// (step 1/2, sign 0); so at order 0 a kink gives the value at a. A
// switching argument that may vanish within 16 units in the last place of
// a at prec bits (as sin x does at π rounded to prec bits) counts as
// vanishing at a. With side Center such a kink is a *KinkError, except for
// abs, max and min when s does not change sign at a (its first nonzero
// coefficient has an even order).
//
// A point where some subexpression has no power series is a *SeriesError
// that names the function and the point.
func Taylor(e Expr, a *big.Float, order int, side Side, prec uint) ([]*big.Float, error) {
	switch {
	case !e.IsValid():
		return nil, errors.New("taylor: invalid expression")
	case a == nil || a.IsInf():
		return nil, errors.New("taylor: the point must be a finite number")
	case order < 0 || order > MaxTaylorOrder:
		return nil, fmt.Errorf("taylor: order %d is outside 0 … %d", order, MaxTaylorOrder)
	case prec == 0 || prec > big.MaxPrec-taylorGuard(order):
		return nil, fmt.Errorf("taylor: precision %d bits is out of range", prec)
	case side < Below || side > Above:
		return nil, fmt.Errorf("taylor: invalid side %d", side)
	}
	c, err := jetsAt(e, a, order, side, prec+taylorGuard(order), jetSnap(a, prec))
	if err != nil {
		return nil, fmt.Errorf("taylor: %w", err)
	}
	out := make([]*big.Float, len(c))
	for k, v := range c {
		out[k] = new(big.Float).SetPrec(prec)
		if v.Sign() != 0 { // a zero is +0, whatever its origin
			out[k].Set(v)
		}
	}
	return out, nil
}

// taylorFloat64Prec is the precision at which TaylorFloat64 computes.
const taylorFloat64Prec = 96

// TaylorFloat64 returns the Taylor coefficients of e at a as float64
// values. They are computed by Taylor at 96 bits and then rounded, so each
// is accurate to about one unit in the last place unless its value cancels
// intrinsically.
func TaylorFloat64(e Expr, a float64, order int, side Side) ([]float64, error) {
	if math.IsNaN(a) || math.IsInf(a, 0) {
		return nil, fmt.Errorf("taylor: the point %v is not a finite number", a)
	}
	c, err := Taylor(e, big.NewFloat(a), order, side, taylorFloat64Prec)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(c))
	for k, v := range c {
		out[k], _ = v.Float64()
	}
	return out, nil
}

// jetSnap returns the kink tolerance of an expansion at a to prec bits: a
// kink within 2^snap of a counts as lying at a (none but a itself at 0).
func jetSnap(a *big.Float, prec uint) float64 {
	if a.Sign() == 0 {
		return math.Inf(-1)
	}
	return jetLog2Abs(a) - float64(prec) + 4
}

// jetLog2Abs returns log₂|x| for a finite nonzero x, without overflow.
func jetLog2Abs(x *big.Float) float64 {
	var m big.Float
	e := x.MantExp(&m)
	f, _ := m.Float64()
	return float64(e) + math.Log2(math.Abs(f))
}

// jetPoint writes a point for messages.
func jetPoint(a *big.Float) string { return fmt.Sprintf("%.10g", a) }

// jetsAt computes the jet of e at a with working precision prec. A kink
// whose estimated distance from a is at most 2^snap counts as lying at a.
func jetsAt(e Expr, a *big.Float, order int, side Side, prec uint, snap float64) (c []*big.Float, err error) {
	return expandJets(e, a, order, side, prec, snap, false)
}

// jetsAtPlain is jetsAt with every node computed from its operands (or
// taken from the jet cache at this order), none derived from an
// antiderivative: the expansion that jetOfOrder asks for.
func jetsAtPlain(e Expr, a *big.Float, order int, side Side, prec uint, snap float64) (c []*big.Float, err error) {
	return expandJets(e, a, order, side, prec, snap, true)
}

// expandJets is jetsAt, or jetsAtPlain where plain.
func expandJets(e Expr, a *big.Float, order int, side Side, prec uint, snap float64, plain bool) (c []*big.Float, err error) {
	defer func() {
		// An infinite value (an exponential beyond big.Float's range) can
		// meet another of opposite sign inside a recurrence.
		if r := recover(); r != nil {
			nan, ok := r.(big.ErrNaN)
			if !ok {
				panic(r)
			}
			c, err = nil, fmt.Errorf("overflow at x = %s: %s", jetPoint(a), nan.Error())
		}
	}()
	if side != Above && Smooth(e) {
		// The side picks only the branches of the kink primitives (and
		// Center refuses a kink at the point), of which e has none: the
		// expansion from below or about the point is the one from above,
		// and shares its cached jets.
		side = Above
	}
	ev := &jetEval{
		ctx:   newJetCtx(order, prec),
		side:  side,
		at:    a,
		snap:  snap,
		plain: plain,
	}
	ev.key = ev.makeKey()
	ev.memo = map[Expr]jet{}
	j, err := ev.eval(e, "")
	if err != nil {
		return nil, err
	}
	keepJets(ev.key, ev.memo)
	return j.c, nil
}

// jetEval computes the jets of the nodes of an expression at one point.
type jetEval struct {
	ctx  *jetCtx
	side Side
	at   *big.Float
	snap float64
	memo map[Expr]jet
	key  jetKey // of the jets that other expansions share (jetCache)
	// plain: no jet is derived from an antiderivative's (derivjet.go).
	plain bool
}

// eval returns the jet of e, computing the jets of its nodes in
// topological order. Nodes inside the definition of a named activation
// report kinks under origin, the activation's name.
func (ev *jetEval) eval(e Expr, origin string) (jet, error) {
	need := ev.needed(e)
	for _, n := range e.Nodes() {
		if !need[n] {
			continue
		}
		if _, ok := ev.memo[n]; ok {
			continue
		}
		j, err := ev.node(n, origin)
		if err != nil {
			return jet{}, err
		}
		if !j.finite() {
			return jet{}, ev.fail(nodeName(n), errJetOverflow)
		}
		ev.memo[n] = j
	}
	return ev.memo[e], nil
}

// needed returns the nodes of e that eval visits: those reached from e
// through nodes whose jets do not resolve otherwise (ev.resolved); the
// jets that do resolve are put in the memo, and the rest are computed from
// their operands, so that the subexpressions of a derivative taken from
// its antiderivative's jet are not expanded at all.
func (ev *jetEval) needed(e Expr) map[Expr]bool {
	need := map[Expr]bool{}
	stack := []Expr{e}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if need[n] {
			continue
		}
		need[n] = true
		if j, ok := ev.resolved(n); ok {
			ev.memo[n] = j
			continue
		}
		stack = append(stack, n.Args()...)
	}
	return need
}

// errJetOverflow reports a coefficient beyond the range of big.Float.
var errJetOverflow = errors.New("overflow: a coefficient is infinite")

// finite reports whether every coefficient of a is finite.
func (a jet) finite() bool {
	for _, c := range a.c {
		if c.IsInf() {
			return false
		}
	}
	return true
}

// nodeName names the function or operator of a node for messages.
func nodeName(n Expr) string {
	switch n.Op() {
	case OpCall:
		return n.Func().Name
	case OpPow:
		return "pow"
	case OpNeg, OpSub:
		return "-"
	case OpAdd:
		return "+"
	case OpMul:
		return "*"
	case OpDiv:
		return "/"
	}
	return "constant"
}

func (ev *jetEval) fail(fn string, err error) error {
	return &SeriesError{Func: fn, At: jetPoint(ev.at), Err: err}
}

// node computes the jet of n from the jets of its operands.
func (ev *jetEval) node(n Expr, origin string) (jet, error) {
	z := ev.ctx
	args := make([]jet, 0, 2)
	for _, a := range n.Args() {
		args = append(args, ev.memo[a])
	}
	switch n.Op() {
	case OpNum:
		r, _ := n.Rat()
		return z.constant(z.f().SetRat(r)), nil
	case OpConst:
		if n.Func().ID == FnPi {
			return z.constant(bigmath.Pi(z.prec)), nil
		}
		return z.constant(bigmath.Exp(z.prec, z.fInt(1))), nil
	case OpVar:
		return z.variable(ev.at), nil
	case OpNeg:
		return z.neg(args[0]), nil
	case OpAdd:
		return z.add(args[0], args[1]), nil
	case OpSub:
		return z.sub(args[0], args[1]), nil
	case OpMul:
		return z.mul(args[0], args[1]), nil
	case OpDiv:
		q, err := z.div(args[0], args[1])
		if err != nil {
			return jet{}, ev.fail("/", err)
		}
		return q, nil
	case OpPow:
		return ev.pow(args[0], args[1])
	case OpCall:
		if def, ok := Expand(n); ok {
			if origin == "" {
				origin = n.Func().Name
			}
			return ev.eval(def, origin)
		}
		return ev.call(n, args, origin)
	}
	return jet{}, fmt.Errorf("invalid expression node %v", n.Op())
}

func (ev *jetEval) pow(u, v jet) (jet, error) {
	var w jet
	var err error
	if v.konst {
		w, err = ev.ctx.powConst(u, v.c[0])
	} else {
		w, err = ev.ctx.powGeneral(u, v)
	}
	if err != nil {
		return jet{}, ev.fail("pow", err)
	}
	return w, nil
}

// call computes the jet of a primitive function.
func (ev *jetEval) call(n Expr, args []jet, origin string) (jet, error) {
	z := ev.ctx
	f := n.Func()
	u := args[0]
	var w jet
	var err error
	switch f.ID {
	case FnAbs, FnSign, FnStep, FnMax, FnMin:
		return ev.piecewise(f, args, origin)
	case FnExp:
		w = z.exp(u)
	case FnExpm1:
		w = z.expm1(u)
	case FnLog:
		w, err = z.log(u)
	case FnLog1p:
		w, err = z.log1p(u)
	case FnSqrt:
		w, err = z.sqrt(u)
	case FnSin, FnCos, FnSinh, FnCosh:
		var s, c jet
		s, c, err = z.sinCos(u, f.ID == FnSinh || f.ID == FnCosh)
		w = s
		if f.ID == FnCos || f.ID == FnCosh {
			w = c
		}
	case FnTanh:
		w = z.tanh(u)
	case FnSech:
		_, c, e := z.sinCos(u, true)
		if e == nil {
			w, err = z.div(z.constant(z.fInt(1)), c)
		} else {
			err = e
		}
	case FnAtan:
		w = z.atan(u)
	case FnErf, FnErfc:
		w = z.erf(u, f.ID == FnErfc)
	case FnSigmoid:
		w = z.sigmoid(u)
	case FnSoftplus:
		w = z.softplus(u)
	default:
		return jet{}, fmt.Errorf("no power series for the function %s", f.Name)
	}
	if err != nil {
		return jet{}, ev.fail(f.Name, err)
	}
	return w, nil
}

// piecewise computes abs, sign, step, max or min by picking the branch
// that holds on the requested side of the point.
func (ev *jetEval) piecewise(f *Func, args []jet, origin string) (jet, error) {
	z := ev.ctx
	s := args[0]
	if f.ID == FnMax || f.ID == FnMin {
		s = z.sub(args[0], args[1])
	}
	if origin == "" {
		origin = f.Name
	}
	continuous := f.ID != FnSign && f.ID != FnStep
	sg, err := ev.branch(s, continuous, origin)
	if err != nil {
		return jet{}, err
	}
	switch f.ID {
	case FnAbs:
		if sg < 0 {
			return z.neg(s), nil
		}
		return s, nil
	case FnSign:
		return z.constant(z.fInt(int64(sg))), nil
	case FnStep:
		return z.constant(z.f().SetFloat64(float64(sg+1) / 2)), nil
	case FnMax:
		if sg < 0 {
			return args[1], nil
		}
		return args[0], nil
	}
	// FnMin
	if sg > 0 {
		return args[1], nil
	}
	return args[0], nil
}

// branch returns the sign of the switching argument s just beside the point
// on the requested side: +1, −1, or 0 when s vanishes identically (to the
// order). With side Center a sign change at the point is a *KinkError, and
// so is any zero of s at the point for a discontinuous function.
func (ev *jetEval) branch(s jet, continuous bool, origin string) (int, error) {
	k := jetFirstNonzero(s.c, 0)
	switch {
	case k < 0:
		return 0, nil
	case k == 0 && !ev.kinkHere(s):
		return s.c[0].Sign(), nil
	case k == 0:
		if k = jetFirstNonzero(s.c, 1); k < 0 {
			return s.c[0].Sign(), nil
		}
	}
	if ev.side == Center && (k%2 == 1 || !continuous) {
		return 0, &KinkError{At: jetPoint(ev.at), Func: origin}
	}
	sg := s.c[k].Sign()
	if k%2 == 1 && ev.side == Below {
		sg = -sg
	}
	return sg, nil
}

// jetFirstNonzero returns the index of the first nonzero coefficient at or
// after from, or −1.
func jetFirstNonzero(c []*big.Float, from int) int {
	for k := from; k < len(c); k++ {
		if c[k].Sign() != 0 {
			return k
		}
	}
	return -1
}

// kinkHere reports whether s, with s₀ ≠ 0, may vanish within 2^snap of the
// point. Every root h of the truncated series satisfies
// |s₀| ≤ Σ_{k≥1} |s_k|·|h|^k, so |h| ≥ min_k (|s₀|/(n·|s_k|))^(1/k); the
// distance estimate is that bound.
func (ev *jetEval) kinkHere(s jet) bool {
	n := len(s.c) - 1
	if math.IsInf(ev.snap, -1) || s.konst || n < 1 {
		return false
	}
	l0 := jetLog2Abs(s.c[0]) - math.Log2(float64(n))
	d := math.Inf(1)
	for k := 1; k <= n; k++ {
		if s.c[k].Sign() != 0 {
			d = min(d, (l0-jetLog2Abs(s.c[k]))/float64(k))
		}
	}
	return d <= ev.snap
}
