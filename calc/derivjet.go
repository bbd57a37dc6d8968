package calc

import (
	"math/big"
	"sync"
)

// The jets of derivatives. The Taylor coefficients of e' at a point are
// those of e shifted down, (k+1)·c_{k+1}: an expansion that meets an
// expression Derivative returned takes its jet from the jet of what was
// differentiated, one order higher, rather than from the derivative's own
// expression, which is larger (mish' = tanh(softplus(x)) +
// x·sech²(softplus(x))·sigmoid(x) costs more than mish itself); the
// derivative's subexpressions are then not expanded at all. For that
// jet to be at hand, an expression that has been differentiated d times
// is expanded d orders higher than asked (and cut: a coefficient of order
// k depends only on those of order ≤ k of the operands), so that the
// expansions of σ², σ'², zσσ' and σ''² at one point expand σ once. Both
// hold for one-sided jets at a kink too: the side's jet of step(x), relu's
// derivative, is the side's jet of relu shifted down.

// maxDerivedDepth bounds the derivatives taken from an antiderivative's
// jet: a deeper one (rare) is expanded from its own expression.
const maxDerivedDepth = 3

// maxAntiderivatives bounds the derivatives remembered; the store is
// emptied when it is full.
const maxAntiderivatives = 4096

// antiderivatives maps an expression Derivative returned to the one it
// differentiated, and an expression that was differentiated (not itself a
// derivative) to the most times it was, within maxDerivedDepth. It is
// safe for concurrent use.
var antiderivatives struct {
	mu    sync.Mutex
	of    map[Expr]Expr
	depth map[Expr]int
}

// keepAntiderivative remembers that d is the derivative of e, unless d is
// a leaf (a number, a constant or x, whose jets cost nothing).
func keepAntiderivative(d, e Expr) {
	if len(d.Args()) == 0 || d == e {
		return
	}
	a := &antiderivatives
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.of[d]; a.of == nil || len(a.of) >= maxAntiderivatives && !ok {
		a.of, a.depth = map[Expr]Expr{}, map[Expr]int{}
	}
	a.of[d] = e
	root, k := e, 1
	for k <= maxDerivedDepth {
		p, ok := a.of[root]
		if !ok {
			break
		}
		root, k = p, k+1
	}
	if k <= maxDerivedDepth && k > a.depth[root] {
		a.depth[root] = k
	}
}

// antiderivativeOf returns the expression that d is the derivative of.
func antiderivativeOf(d Expr) (Expr, bool) {
	a := &antiderivatives
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.of[d]
	return e, ok
}

// derivedDepth returns how many more orders than asked e is expanded to:
// the most times it was differentiated, 0 for an expression that is a
// derivative itself or was never differentiated.
func derivedDepth(e Expr) int {
	a := &antiderivatives
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.of[e]; ok {
		return 0
	}
	return a.depth[e]
}

// resolved returns the jet of n at the expansion's order when it need not
// be computed from n's operands: kept by this expansion or in the jet
// cache (cut from an expansion up to maxDerivedDepth orders higher), the
// shifted jet of its antiderivative, or, for an expression differentiated
// before, cut from its own expansion at that many more orders.
func (ev *jetEval) resolved(n Expr) (jet, bool) {
	if j, ok := ev.memo[n]; ok {
		return j, true
	}
	if ev.plain {
		if j, ok := cachedJet(ev.key, n); ok {
			return j, true
		}
		return jet{}, false
	}
	j, ok := ev.jetOfOrder(n, ev.ctx.n, 0)
	return j, ok
}

// jetOfOrder returns the jet of n at order k ≥ the expansion's, from the
// jet cache, from n's antiderivative at order k+1, or from an expansion of
// n at order k plus its derivedDepth; depth counts the derivatives taken
// so far.
func (ev *jetEval) jetOfOrder(n Expr, k, depth int) (jet, bool) {
	if j, ok := ev.cachedAt(n, k); ok {
		return j, true
	}
	if p, ok := antiderivativeOf(n); ok {
		if depth >= maxDerivedDepth {
			return jet{}, false
		}
		pj, ok := ev.jetOfOrder(p, k+1, depth+1)
		if !ok {
			return jet{}, false
		}
		return ev.ctx.shiftDown(pj, k), true
	}
	d := derivedDepth(n)
	if d == 0 && k == ev.ctx.n {
		return jet{}, false // an ordinary node: computed from its operands
	}
	c, err := jetsAtPlain(n, ev.at, k+d, ev.side, ev.precAt(k+d), ev.snap)
	if err != nil {
		return jet{}, false
	}
	return cutJet(jet{c: c, konst: constJet(c)}, k), true
}

// cachedAt returns the jet of n at order k from the jet cache, cut from an
// expansion of order k to k + maxDerivedDepth.
func (ev *jetEval) cachedAt(n Expr, k int) (jet, bool) {
	for o := k; o <= k+maxDerivedDepth; o++ {
		key := ev.key
		key.order, key.prec = o, ev.precAt(o)
		if j, ok := cachedJet(key, n); ok {
			return cutJet(j, k), true
		}
	}
	return jet{}, false
}

// precAt returns the working precision of an expansion of order o with
// the same requested precision as this one (taylorGuard grows with the
// order).
func (ev *jetEval) precAt(o int) uint {
	return ev.ctx.prec - taylorGuard(ev.ctx.n) + taylorGuard(o)
}

// cutJet returns the jet j cut to order k.
func cutJet(j jet, k int) jet {
	return jet{c: j.c[: k+1 : k+1], konst: j.konst}
}

// constJet reports whether every coefficient of c beyond the first is 0.
func constJet(c []*big.Float) bool {
	for _, v := range c[1:] {
		if v.Sign() != 0 {
			return false
		}
	}
	return true
}

// shiftDown returns the jet of the derivative of j at order k, j being of
// order k+1 at least: (m+1)·c_{m+1}, m = 0 … k.
func (z *jetCtx) shiftDown(j jet, k int) jet {
	r := jet{c: make([]*big.Float, k+1), konst: true}
	for m := range r.c {
		r.c[m] = z.zero
		if j.c[m+1].Sign() != 0 {
			r.c[m] = new(big.Float).SetPrec(j.c[m+1].Prec()).Mul(j.c[m+1], z.fInt(int64(m+1)))
			r.konst = r.konst && m == 0
		}
	}
	return r
}
