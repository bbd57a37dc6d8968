package calc

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"sync"
)

// Kink is a point where an expression is not smooth: a switching argument
// of abs, sign, step, max or min changes sign there and the one-sided
// Taylor expansions differ, or the base of a non-integer power or of a
// square root vanishes there and the expression has no power series on
// one side at least (a branch point: |x|^1.5 or (x²)^0.75 at 0).
type Kink struct {
	X     float64  // location
	Exact *big.Rat // exact location when the switching argument is affine in x with rational coefficients (nil otherwise)
	// Order is the lowest derivative order that is discontinuous: 0 = σ
	// jumps, 1 = σ' jumps (ReLU), 2 = σ'' jumps (ELU with a = 1, softsign);
	// −1 at a branch point (Branch).
	Order int
	// Left and Right are the one-sided σ, σ', σ'' (from one-sided jets:
	// c₀, c₁, 2·c₂); zero at a branch point.
	Left, Right [3]float64
}

// Branch reports whether k is a branch point, where the expression has no
// one-sided power series (ErrNoSeries) and some derivative of it is
// unbounded: Order −1.
func (k Kink) Branch() bool { return k.Order < 0 }

// Parameters of the search for kinks.
const (
	// KinkRange is the half-width R of the interval [−R, R] scanned for
	// sign changes of switching arguments that are not affine.
	KinkRange = 64
	// kinkIntervals is the number of uniform intervals of the scan.
	kinkIntervals = 4096
	// kinkOrder is the highest derivative order compared across a kink.
	kinkOrder = 4
	// kinkPrec is the working precision of the one-sided jets.
	kinkPrec = 128
	// kinkRel is the relative tolerance under which one-sided Taylor
	// coefficients count as equal.
	kinkRel = 1e-12
	// kinkLocate is the relative accuracy (log₂) assumed of a root found
	// in float64: a kink this close to a candidate lies at the candidate.
	kinkLocate = -44
)

// Kinks returns the points where e is not smooth, sorted by X, each once.
//
// Every abs, sign, step, max and min node of e (named activations are
// replaced by their definitions) has a switching argument s: its argument,
// or u − v for max(u, v) and min(u, v). When s is affine in x, a·x + b
// with a rational, its root −b/a is computed directly, exactly when b is
// rational too. Other switching arguments are scanned in float64 on a grid
// over [−KinkRange, KinkRange] (uniform, with extra points near 0) for
// sign changes and exact zeros, and each sign change is refined by
// bisection to adjacent float64 values. A tangential zero, where s
// touches 0 without changing sign between grid points, is not found, and
// neither are roots outside the range or closer together than the grid.
//
// The bases u of non-integer powers u^c and of square roots are searched
// for zeros in the same way: where one vanishes, the expression may have
// no power series.
//
// At each candidate the one-sided jets (Below and Above) are compared up to
// order 4; a candidate where they agree is not a kink (max(x⁵, 0) at 0, or a
// zero of s where the branches meet smoothly) and is dropped. A candidate
// where a one-sided jet does not exist (ErrNoSeries) is a branch point.
func Kinks(e Expr) ([]Kink, error) {
	var cands []kinkCandidate
	for _, s := range append(kinkSwitchArgs(e), kinkBranchArgs(e)...) {
		c, err := kinkRoots(s)
		if err != nil {
			return nil, fmt.Errorf("kinks: argument %v: %w", s, err)
		}
		cands = append(cands, c...)
	}
	cands = kinkDedup(cands)
	var out []Kink
	for _, c := range cands {
		k, ok, err := classifyKink(e, c)
		if err != nil {
			return nil, fmt.Errorf("kinks: at x = %g: %w", c.x, err)
		}
		if ok {
			out = append(out, k)
		}
	}
	return out, nil
}

// Smooth reports whether e has none of the non-smooth primitives (abs,
// sign, step, max, min, named activations expanded), so that its Below
// and Above expansions agree at every point.
func Smooth(e Expr) bool { return len(kinkSwitchArgs(e)) == 0 }

// kinkCandidate is a point that may be a kink.
type kinkCandidate struct {
	x     float64
	exact *big.Rat   // exact location, or nil
	at    *big.Float // the location at high precision
	snap  float64    // log₂ of the distance within which a root counts as at the point
}

// isKinkFunc reports whether f is one of the non-smooth primitives.
func isKinkFunc(f *Func) bool {
	switch f.ID {
	case FnAbs, FnSign, FnStep, FnMax, FnMin:
		return true
	}
	return false
}

// kinkSwitchArgs returns the distinct switching arguments of the
// non-smooth primitives of e, named activations expanded, in the order
// they are found.
func kinkSwitchArgs(e Expr) []Expr {
	var out []Expr
	seen := map[Expr]bool{}
	forEachExpandedNode(e, func(n Expr) {
		if n.Op() != OpCall || !isKinkFunc(n.Func()) {
			return
		}
		s := n.Arg(0)
		if id := n.Func().ID; id == FnMax || id == FnMin {
			s = Sub(n.Arg(0), n.Arg(1))
		}
		if s.HasVar() && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	})
	return out
}

// kinkBranchArgs returns the distinct bases u that depend on x of the
// non-integer powers u^c (c a number) and square roots sqrt(u) of e,
// named activations expanded, in the order they are found.
func kinkBranchArgs(e Expr) []Expr {
	var out []Expr
	seen := map[Expr]bool{}
	forEachExpandedNode(e, func(n Expr) {
		var u Expr
		switch {
		case n.Op() == OpPow:
			if c, ok := n.Arg(1).Rat(); ok && !c.IsInt() {
				u = n.Arg(0)
			}
		case n.Op() == OpCall && n.Func().ID == FnSqrt:
			u = n.Arg(0)
		}
		if u.IsValid() && u.HasVar() && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	})
	return out
}

// forEachExpandedNode calls visit on every node of e once, with named
// activations replaced by their definitions (whose nodes are visited
// instead).
func forEachExpandedNode(e Expr, visit func(Expr)) {
	visited := map[Expr]bool{}
	var walk func(Expr)
	walk = func(e Expr) {
		for _, n := range e.Nodes() {
			if visited[n] {
				continue
			}
			visited[n] = true
			if n.Op() == OpCall {
				if def, ok := Expand(n); ok {
					walk(def)
					continue
				}
			}
			visit(n)
		}
	}
	walk(e)
}

// hasKinkNode reports whether e contains a non-smooth primitive or a
// named activation (whose definition may contain one).
func hasKinkNode(e Expr) bool {
	for _, n := range e.Nodes() {
		if n.Op() == OpCall && (isKinkFunc(n.Func()) || n.Func().IsActivation()) {
			return true
		}
	}
	return false
}

// kinkRoots returns the candidate kinks from one switching or branch
// argument, kept per argument (kinkRootCache).
func kinkRoots(s Expr) ([]kinkCandidate, error) {
	kinkRootCache.mu.Lock()
	c, ok := kinkRootCache.m[s]
	kinkRootCache.mu.Unlock()
	if ok {
		return c, nil
	}
	c, err := findKinkRoots(s)
	if err != nil {
		return nil, err
	}
	kinkRootCache.mu.Lock()
	if kinkRootCache.m == nil || len(kinkRootCache.m) >= maxKinkRoots {
		kinkRootCache.m = map[Expr][]kinkCandidate{}
	}
	kinkRootCache.m[s] = c
	kinkRootCache.mu.Unlock()
	return c, nil
}

// kinkRootCache keeps the candidates of the arguments scanned so far
// (expressions are interned: equal ones are one Expr). The integrands of
// one activation and their derivatives share their arguments, and a scan
// evaluates one at thousands of points. The candidates are read, never
// changed, by their users.
var kinkRootCache struct {
	mu sync.Mutex
	m  map[Expr][]kinkCandidate
}

// maxKinkRoots bounds the arguments whose candidates are kept; the store
// is emptied when it is full.
const maxKinkRoots = 4096

// findKinkRoots is kinkRoots without the store.
func findKinkRoots(s Expr) ([]kinkCandidate, error) {
	if !hasKinkNode(s) {
		if c, ok, err := kinkAffineRoot(s); ok || err != nil {
			return c, err
		}
	}
	return kinkScan(s), nil
}

// kinkAffineRoot finds the root of s when s = a·x + b with a rational a:
// exactly when b is rational, otherwise from b at high precision. ok is
// false when s is not affine.
func kinkAffineRoot(s Expr) ([]kinkCandidate, bool, error) {
	d1 := Derivative(s, 1)
	slope, ok := d1.Rat()
	if !ok || !Derivative(d1, 1).isNum(0) {
		return nil, false, nil
	}
	if slope.Sign() == 0 {
		return nil, true, nil
	}
	if b, ok := kinkRatEval(s, new(big.Rat)); ok {
		r := b.Quo(b, slope)
		return []kinkCandidate{exactCandidate(r.Neg(r))}, true, nil
	}
	v, err := Taylor(s, new(big.Float), 0, Center, 2*kinkPrec)
	if err != nil {
		return nil, true, err
	}
	at := v[0].Quo(v[0], new(big.Float).SetPrec(2*kinkPrec).SetRat(slope))
	at.Neg(at)
	x, _ := at.Float64()
	return []kinkCandidate{{x: x, at: at, snap: kinkExactSnap(at)}}, true, nil
}

// exactCandidate is the candidate at the exact location r.
func exactCandidate(r *big.Rat) kinkCandidate {
	x, _ := r.Float64()
	at := new(big.Float).SetPrec(kinkPrec).SetRat(r)
	return kinkCandidate{x: x, exact: r, at: at, snap: kinkExactSnap(at)}
}

// kinkExactSnap is the snapping distance (log₂) for a root known to the
// working precision.
func kinkExactSnap(at *big.Float) float64 {
	if at.Sign() == 0 {
		return math.Inf(-1)
	}
	return jetLog2Abs(at) - kinkPrec + 8
}

// kinkFloatSnap is the snapping distance (log₂) for a root found in float64.
func kinkFloatSnap(x float64) float64 {
	return math.Log2(max(math.Abs(x), 0x1p-20)) + kinkLocate
}

// kinkGrid returns the scan points: uniform over [−KinkRange, KinkRange],
// with 0 and ±2^−k for k = 6 … 40 added.
func kinkGrid() []float64 {
	g := make([]float64, 0, kinkIntervals+1+70)
	h := 2.0 * KinkRange / kinkIntervals
	for i := 0; i <= kinkIntervals; i++ {
		g = append(g, -KinkRange+float64(i)*h)
	}
	for k := 6; k <= 40; k++ {
		p := math.Ldexp(1, -k)
		g = append(g, p, -p)
	}
	sort.Float64s(g)
	return g
}

// kinkScan finds the sign changes and exact zeros of s on the grid and
// refines each sign change by bisection. A zero at a grid point where s,
// built from rationals, x and the arithmetic operations, is exactly 0 is
// an exact location (the double zero of (x − 1)² at 1).
func kinkScan(s Expr) []kinkCandidate {
	prog := Compile(s)
	f := prog.Eval
	g := kinkGrid()
	v := make([]float64, len(g))
	prog.EvalSlice(v, g)
	var out []kinkCandidate
	add := func(x float64) {
		out = append(out, kinkCandidate{x: x, at: big.NewFloat(x), snap: kinkFloatSnap(x)})
	}
	for i, x := range g {
		if v[i] == 0 {
			// A grid point (a dyadic rational) where s is exactly 0 when
			// evaluated in rationals is an exact location.
			r := new(big.Rat).SetFloat64(x)
			if z, ok := kinkRatEval(s, r); ok && z.Sign() == 0 {
				out = append(out, exactCandidate(r))
				continue
			}
			add(x)
			continue
		}
		if i+1 < len(g) && v[i]*v[i+1] < 0 {
			add(kinkBisect(f, x, g[i+1], v[i]))
		}
	}
	return out
}

// kinkBisect returns a root of f in [lo, hi], where f(lo) = flo and f(hi)
// have opposite signs, to adjacent float64 values: of the final pair, the
// one where |f| is smaller.
func kinkBisect(f func(float64) float64, lo, hi, flo float64) float64 {
	fhi := f(hi)
	for {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		fm := f(mid)
		switch {
		case fm == 0:
			return mid
		case math.IsNaN(fm):
			return mid
		case (fm < 0) == (flo < 0):
			lo, flo = mid, fm
		default:
			hi, fhi = mid, fm
		}
	}
	if math.Abs(flo) <= math.Abs(fhi) {
		return lo
	}
	return hi
}

// kinkDedup sorts candidates by location and merges those closer
// than the float64 accuracy of a root, keeping exact locations.
func kinkDedup(c []kinkCandidate) []kinkCandidate {
	sort.SliceStable(c, func(i, j int) bool { return c[i].x < c[j].x })
	var out []kinkCandidate
	for _, k := range c {
		if n := len(out); n > 0 && kinkSameRoot(out[n-1].x, k.x) {
			snap := max(out[n-1].snap, k.snap)
			if out[n-1].exact == nil && k.exact != nil {
				out[n-1] = k
			}
			out[n-1].snap = snap
			continue
		}
		out = append(out, k)
	}
	return out
}

// kinkSameRoot reports whether two float64 roots are the same point.
func kinkSameRoot(a, b float64) bool {
	return math.Abs(a-b) <= math.Ldexp(max(math.Abs(a), math.Abs(b), 0x1p-20), kinkLocate)
}

// classifyKink compares the one-sided jets of e at the candidate; ok is
// false when they agree to order 4.
func classifyKink(e Expr, c kinkCandidate) (Kink, bool, error) {
	const n = kinkOrder + 1 // one more, to bound the effect of the location error
	left, err := jetsAt(e, c.at, n, Below, kinkPrec, c.snap)
	var right []*big.Float
	if err == nil {
		right, err = jetsAt(e, c.at, n, Above, kinkPrec, c.snap)
	}
	switch {
	case errors.Is(err, ErrNoSeries):
		return Kink{X: c.x, Exact: c.exact, Order: -1}, true, nil
	case err != nil:
		return Kink{}, false, err
	}
	l, r := jetFloats(left), jetFloats(right)
	// A root located to within dx shifts coefficient p by about
	// (p+1)·c_{p+1}·dx.
	dx := 2 * math.Exp2(c.snap)
	k := Kink{X: c.x, Exact: c.exact, Order: -1}
	for p := 0; p <= kinkOrder; p++ {
		scale := max(math.Abs(l[p]), math.Abs(r[p]))
		slack := float64(p+1) * max(math.Abs(l[p+1]), math.Abs(r[p+1])) * dx
		if math.Abs(l[p]-r[p]) > kinkRel*scale+slack {
			k.Order = p
			break
		}
	}
	if k.Order < 0 {
		return Kink{}, false, nil
	}
	k.Left = [3]float64{l[0], l[1], 2 * l[2]}
	k.Right = [3]float64{r[0], r[1], 2 * r[2]}
	return k, true, nil
}

// jetFloats rounds jet coefficients to float64.
func jetFloats(c []*big.Float) []float64 {
	out := make([]float64, len(c))
	for i, v := range c {
		if v.Sign() != 0 { // a zero is +0, whatever its origin
			out[i], _ = v.Float64()
		}
	}
	return out
}

// kinkRatEval evaluates e at x exactly when e is built from rational constants,
// x, +, −, ×, ÷ and integer powers; ok is false otherwise (or on a
// division by zero).
func kinkRatEval(e Expr, x *big.Rat) (v *big.Rat, ok bool) {
	memo := map[Expr]*big.Rat{}
	for _, n := range e.Nodes() {
		var r *big.Rat
		a, b := memo[n.Arg(0)], memo[n.Arg(1)]
		switch n.Op() {
		case OpNum:
			r, _ = n.Rat()
		case OpVar:
			r = new(big.Rat).Set(x)
		case OpNeg:
			r = new(big.Rat).Neg(a)
		case OpAdd:
			r = new(big.Rat).Add(a, b)
		case OpSub:
			r = new(big.Rat).Sub(a, b)
		case OpMul:
			r = new(big.Rat).Mul(a, b)
		case OpDiv:
			if b.Sign() == 0 {
				return nil, false
			}
			r = new(big.Rat).Quo(a, b)
		case OpPow:
			if r, ok = foldPow(a, b); !ok {
				return nil, false
			}
		default:
			return nil, false
		}
		memo[n] = r
	}
	return memo[e], true
}
