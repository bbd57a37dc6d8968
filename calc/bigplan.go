package calc

import "math/big"

// The node list a BigProgram runs for Eval and EvalAll. It is built from
// the expanded expressions rewritten by fuse, so the fused kernels replace
// tanh(softplus(u)) and sech(softplus(u)) and a softplus that nothing else
// reads is never computed; operands are resolved to indices once, integer
// powers are raised by multiplication (powIntBig), and the functions of
// e^−|u| that share an |u| share one exponential per point (sharedBig).

// bigStep is one node of the plan.
type bigStep struct {
	e       Expr  // the node computed
	src     Expr  // the node as written, named in errors
	varying bool  // whether it depends on x
	a, b    int   // operand steps, −1 when absent
	powN    int   // the exponent, when isPow
	isPow   bool  // an integer power with |exponent| ≤ maxBigPowInt
	kernel  *Func // the function of e^−|u| it applies, if any (sharedBig)
	slot    int   // the shared exponential it reads, −1 when it has its own
}

// bigPlan is the list of steps, in topological order, and the steps whose
// values are the outputs.
type bigPlan struct {
	steps   []bigStep
	outputs []int
	nslots  int // number of shared exponentials per point
	xSlot   int // the shared exponential of |u| = |x|, −1 when none
}

// newBigPlan builds the plan of the expanded expressions es.
func newBigPlan(es []Expr) *bigPlan {
	pl := &bigPlan{xSlot: -1}
	src := map[Expr]Expr{}
	index := map[Expr]int{}
	for _, e := range es {
		f := fuse(e, src)
		for _, n := range f.Nodes() {
			if _, ok := index[n]; ok {
				continue
			}
			s := bigStep{e: n, src: n, varying: n.Op() == OpVar, a: -1, b: -1, slot: -1}
			if o, ok := src[n]; ok {
				s.src = o
			}
			if n.Arg(0).IsValid() {
				s.a = index[n.Arg(0)]
				s.varying = s.varying || pl.steps[s.a].varying
			}
			if n.Arg(1).IsValid() {
				s.b = index[n.Arg(1)]
				s.varying = s.varying || pl.steps[s.b].varying
			}
			switch {
			case n.Op() == OpPow:
				s.powN, s.isPow = smallIntExponent(n.Arg(1))
			case n.Op() == OpCall && sharesExp(n.Func()):
				s.kernel = n.Func()
			}
			index[n] = len(pl.steps)
			pl.steps = append(pl.steps, s)
		}
		pl.outputs = append(pl.outputs, index[f])
	}
	pl.assignSlots()
	return pl
}

// assignSlots gives a shared exponential to every x-dependent function of
// e^−|u| whose |u| is read by another such function, and to every fused
// kernel; an argument and its negation have the same |u|. A lone tanh(u)
// keeps bigmath's own evaluation, which costs no more.
func (pl *bigPlan) assignSlots() {
	index := map[Expr]int{}
	var calls []Expr
	for i, s := range pl.steps {
		index[s.e] = i
		if s.varying && s.kernel != nil {
			calls = append(calls, s.e)
		}
	}
	shared := sharedExpArguments(calls)
	slots := map[int]int{}
	for i := range pl.steps {
		s := &pl.steps[i]
		if !s.varying || s.kernel == nil {
			continue
		}
		u := expArgument(s.e.Arg(0))
		if !shared[u] && !isFused(s.kernel) {
			continue
		}
		k := index[u]
		if _, ok := slots[k]; !ok {
			slots[k] = pl.nslots
			if u.Op() == OpVar {
				pl.xSlot = pl.nslots
			}
			pl.nslots++
		}
		s.slot = slots[k]
	}
}

// bigWork is the scratch space of one evaluation of a plan: the step
// values, the storage of the steps that are not outputs and of the shared
// exponentials, and the temporaries of the kernels. Its big.Floats keep
// their mantissas from one evaluation to the next, so a reused bigWork
// computes those values without allocating.
type bigWork struct {
	vals   []*big.Float
	own    []big.Float // own[i] holds step i's value unless a bigmath function returned a new one
	shared []negExp    // the exponentials computed so far at this point
	store  []big.Float // two per shared exponential
	tmp    [3]big.Float
	quo    quoScratch
}

// newBigWork returns a scratch space for pl.
func newBigWork(pl *bigPlan) *bigWork {
	return &bigWork{
		vals:   make([]*big.Float, len(pl.steps)),
		own:    make([]big.Float, len(pl.steps)),
		shared: make([]negExp, pl.nslots),
		store:  make([]big.Float, 2*pl.nslots),
	}
}

// dest returns the big.Float that step i of an evaluation is computed
// into at prec bits: the step's own storage, reused from point to point.
func (pl *bigPlan) dest(w *bigWork, i int, prec uint) *big.Float {
	return w.own[i].SetPrec(0).SetPrec(prec)
}

// exec computes step s at x into z from the values of its operands in
// w.vals; the result is z or, for a function of bigmath, a new value.
func (pl *bigPlan) exec(z *big.Float, s *bigStep, w *bigWork, x *big.Float, prec uint) (*big.Float, error) {
	var a, b *big.Float
	if s.a >= 0 {
		a = w.vals[s.a]
	}
	if s.b >= 0 {
		b = w.vals[s.b]
	}
	switch {
	case s.isPow:
		return powIntBig(z, a, &w.tmp[0], s.powN)
	// A plain function of e^−|u| without a shared exponential, or at u = 0,
	// goes to bigmath below, which gives the exact value and sign at 0.
	case s.kernel != nil && (isFused(s.kernel) || s.slot >= 0 && a.Sign() != 0):
		wp := prec + sharedGuard
		var ne negExp
		if s.slot >= 0 {
			if w.shared[s.slot].e == nil {
				w.shared[s.slot] = newNegExp(a, wp, &w.store[2*s.slot], &w.store[2*s.slot+1])
			}
			ne = w.shared[s.slot]
		} else {
			ne = newNegExp(a, wp, new(big.Float), new(big.Float))
		}
		return sharedBig(z, s.kernel, a, ne, &w.tmp, &w.quo)
	}
	return bigOp(z, s.e, a, b, x, prec)
}
