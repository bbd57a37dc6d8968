package hermite

import (
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"critcalc/calc/bigmath"
	"critcalc/internal/words"
)

// The trapezoidal path of the arbitrary-precision quadrature, for
// integrands without kinks. For F analytic in a strip around the real line
// the trapezoidal rule
//
//	E_K[F] ≈ h/√(2πK) · Σ_j F(jh)·e^(−(jh)²/(2K))
//
// converges geometrically in 1/h (Trefethen & Weideman, "The exponentially
// convergent trapezoidal rule", SIAM Review 56 (2014), §5): halving h
// squares the error, so the difference of the sums with steps 2h and h
// estimates the error of the coarser, and panelError turns it into an
// estimate for the finer as it does for a pair of Gauss–Legendre rules.
//
// The nodes z = j·2^−m of the dyadic grids do not depend on K: F is
// evaluated at a point once, and every later K (the next layer of a depth
// iteration, the next Newton step) reuses it; only the Gaussian weights
// change, and they follow from one exponential per call by the recurrence
// r^((j+1)²) = r^(j²)·r^(2j+1) with r = e^(−h²/(2K)).

// trapMaxRefine bounds the halvings of the step beyond the first guess
// before the Gauss–Legendre panels take over.
const trapMaxRefine = 5

// trapMaxNodes bounds the nodes of one trapezoidal sum.
const trapMaxNodes = 1 << 13

// trapMaxPoints bounds the points a grid keeps (it is emptied when full):
// at most a few megabytes of values per precision.
const trapMaxPoints = 1 << 14

// trapFeatureNodes is the number of trapezoidal steps per width of the
// narrowest float64 Gauss–Legendre panel: a 48-point rule resolves
// frequencies up to about 96/w on a panel of width w, a trapezoidal rule
// up to 2π/h, so 32 steps per width keep twice that bandwidth.
const trapFeatureNodes = 32

// gridPoint is the dyadic point num·2^−exp in lowest terms (num odd, or
// 0 with exp 0).
type gridPoint struct {
	num int64
	exp int
}

// gridKey is a gridPoint packed into one word, the key of the grids'
// maps (which hash a word faster than a pair): num in the high 48 bits,
// exp in the low 16. It is one to one for |num| < 2^47 and |exp| < 2^15,
// far beyond the trapMaxNodes nodes of a sum and the steps 2^−m it takes.
type gridKey uint64

// key returns p's gridKey.
func (p gridPoint) key() gridKey { return gridKey(uint64(p.num)<<16 | uint64(uint16(int16(p.exp)))) }

// pointOf returns the lowest-terms key of j·2^−m.
func pointOf(j int64, m int) gridPoint {
	if j == 0 {
		return gridPoint{}
	}
	for j%2 == 0 {
		j /= 2
		m--
	}
	return gridPoint{j, m}
}

// gridValues are the integrands' values at a point, each exactly
// mant[i]·2^exp[i], and their absolute values in float64.
type gridValues struct {
	mant []*big.Int
	exp  []int
	abs  []float64
}

// gridScratch is the scratch space of newGridValues, kept by a goroutine
// from one node to the next.
type gridScratch struct {
	f    big.Float
	slab gridSlab
}

// gridSlab hands out the slices of newGridValues from blocks of
// gridSlabNodes nodes' worth, so that a node's values cost a share of a
// few allocations rather than five of their own.
type gridSlab struct {
	ptrs  []*big.Int
	ints  []big.Int
	exps  []int
	abs   []float64
	words []big.Word
}

// gridSlabNodes is the number of nodes a block of a gridSlab serves.
const gridSlabNodes = 32

// take returns the next n elements of *block, allocating a new block of
// n·gridSlabNodes where it has fewer left.
func take[T any](block *[]T, n int) []T {
	if len(*block) < n {
		*block = make([]T, n*gridSlabNodes)
	}
	out := (*block)[:n:n]
	*block = (*block)[n:]
	return out
}

// absOfMantissa returns x·2^exp, x a magnitude in little-endian words
// without leading zero words, rounded to float64 as big.Float.Float64
// rounds (to nearest, ties to even); the result must be a normal float64
// or 0.
func absOfMantissa(x []big.Word, exp int) float64 {
	n := words.BitLen(x)
	if n == 0 {
		return 0
	}
	// t: the top 64 bits of x (x·2^(64−n) where n ≤ 64); sticky: any
	// bit of x below them.
	var t uint64
	sticky := false
	if n <= 64 {
		for k := len(x) - 1; k >= 0; k-- {
			t = t<<(wordBits%64) | uint64(x[k]) // wordBits is 64 or 32
		}
		t <<= uint(64 - n)
	} else {
		lo := n - 64 // the bit of x that becomes t's lowest
		for k := len(x) - 1; k >= 0; k-- {
			w := uint64(x[k])
			at := k * wordBits // x[k]'s lowest bit
			switch {
			case at >= lo:
				t |= w << uint(at-lo)
			case at+wordBits > lo:
				t |= w >> uint(lo-at)
				sticky = sticky || w&(1<<uint(lo-at)-1) != 0
			default:
				sticky = sticky || w != 0
			}
		}
	}
	m := t >> 11 // 53 bits
	rest := t & (1<<11 - 1)
	const half = 1 << 10
	if rest > half || rest == half && (sticky || m&1 == 1) {
		m++ // may reach 2^53, which float64 holds exactly
	}
	return math.Ldexp(float64(m), exp+n-53)
}

// newGridValues splits the values vs into integer mantissas and exponents,
// with tmp as scratch. Each mantissa is written straight into one backing
// array that the node's mantissas share, and the slices come from tmp's
// slab, so that a node costs a share of a few allocations whatever the
// number of integrands.
func newGridValues(vs []*big.Float, tmp *gridScratch) gridValues {
	n := len(vs)
	sl := &tmp.slab
	g := gridValues{mant: take(&sl.ptrs, n), exp: take(&sl.exps, n), abs: take(&sl.abs, n)}
	ints := take(&sl.ints, n)
	words := 0
	for _, v := range vs {
		words += (int(v.Prec()) + wordBits - 1) / wordBits
	}
	backing := take(&sl.words, words)[:0]
	m := &tmp.f
	for i, v := range vs {
		g.mant[i] = &ints[i]
		if v.Sign() == 0 {
			continue
		}
		e := v.MantExp(nil) // v = μ·2^e, 1/2 ≤ |μ| < 1
		p := int(v.Prec())
		m.SetPrec(v.Prec()) // so that the copy below is exact
		m.SetMantExp(v, p-e)
		// μ·2^p has at most p bits: m.Int writes them into the room
		// left for them in backing, and sets the sign.
		start, w := len(backing), (p+wordBits-1)/wordBits
		ints[i].SetBits(backing[start : start : start+w])
		m.Int(&ints[i])
		backing = backing[:start+len(ints[i].Bits())]
		g.exp[i] = e - p
		g.abs[i] = absOfGridValue(&ints[i], e-p)
	}
	return g
}

// absOfGridValue returns |m·2^exp| rounded to float64 as
// big.Float.Float64 rounds it, for a mantissa m ≠ 0.
func absOfGridValue(m *big.Int, exp int) float64 {
	if e := exp + m.BitLen(); e < -1000 || e > 1000 {
		// Where a float64 may be subnormal or infinite.
		v := new(big.Float).SetInt(m)
		return math.Abs(bigToFloat(v.SetMantExp(v, exp)))
	}
	return absOfMantissa(m.Bits(), exp)
}

// trapGrid holds the integrands' values at the dyadic points evaluated so
// far, at one precision.
type trapGrid struct {
	mu      sync.Mutex
	pts     map[gridKey]gridValues
	pending map[gridKey]*fillBatch // points being evaluated by a fill
	emptied int                    // how many times pts was emptied
	nodes   []gridValues           // trapSums' buffer of the values at its nodes
}

// trapGrids holds one trapGrid per working precision.
type trapGrids struct {
	mu sync.Mutex
	m  map[uint]*trapGrid
}

// maxTrapPrecisions bounds the precisions whose grids are kept.
const maxTrapPrecisions = 4

// grid returns the grid of values at precision prec.
func (g *trapGrids) grid(prec uint) *trapGrid {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m[prec] == nil {
		if g.m == nil || len(g.m) >= maxTrapPrecisions {
			g.m = map[uint]*trapGrid{}
		}
		g.m[prec] = &trapGrid{pts: map[gridKey]gridValues{}}
	}
	return g.m[prec]
}

// trapResult is a converged trapezoidal sum: the integrals, their
// estimated errors, the number of nodes and the scales E|F| (the sums of
// |F| with the same weights).
type trapResult struct {
	sums   []*big.Float
	errs   []float64
	evals  int
	scales []float64
}

// trapezoid computes the expectations at K to digits digits with extra
// more, working at workingBits(digits+extra) bits, by the trapezoidal rule
// on [−T₋√K, T₊√K], T₋ and T₊ the tail cuts on each side (tailCuts, to the
// resolution tailCutStep), from values of the integrands computed for
// valueDigits ≥ digits (the grid of that precision). The first step is
// bounded by the narrowest panel of the float64 partition for valueDigits
// (featureWidth): the calls that share a grid (a Newton step at fewer
// digits before the steps at all of them) then share one partition, whose
// narrowest panel the coarser tail cut of fewer digits barely moves. It
// reports ok = false where the step it
// may use does not converge within trapMaxRefine halvings or trapMaxNodes
// nodes, an integrand is undefined at a node, or a scale is below
// minScale: the Gauss–Legendre panels then decide (and report the error).
func (q *bigQuad) trapezoid(K *big.Rat, Kf float64, digits, valueDigits, extra int) (trapResult, bool) {
	prec := workingBits(digits + extra)
	vprec := max(prec, workingBits(valueDigits+extra))
	var T [2]float64 // the cuts below and above 0, in t
	tailLevels := make([][2]float64, len(q.ins))
	for i, in := range q.ins {
		t, l, err := in.tailCuts(Kf, float64(digits+extra+4)*math.Ln10+8, true)
		if err != nil {
			return trapResult{}, false
		}
		T = [2]float64{max(T[0], t[0]), max(T[1], t[1])}
		tailLevels[i] = l
	}
	sk := math.Sqrt(Kf)
	Z := [2]float64{T[0] * sk, T[1] * sk}
	w, ok := q.featureWidth(Kf, valueDigits, extra)
	if !ok {
		return trapResult{}, false
	}
	// The first step: the Gaussian alone limits the error of the coarser
	// sum to about 2·e^(−π²/(2h_t²)) for h_t = h/√K, which must be
	// 10^−(digits+extra+4)/2 for panelError to accept the finer; and no
	// step wider than the float64 partition's narrowest panel allows.
	logTol := float64(digits+extra+4)/2*math.Ln10 + math.Ln2
	ht := math.Pi / math.Sqrt(2*logTol)
	hz := math.Min(ht*sk, w/trapFeatureNodes)
	if !(hz > 0) || math.IsInf(Z[0], 0) || math.IsNaN(Z[0]) || math.IsInf(Z[1], 0) || math.IsNaN(Z[1]) {
		return trapResult{}, false
	}
	m0 := int(math.Ceil(-math.Log2(hz)))
	tol := math.Pow(10, -float64(digits+extra+2))
	g := q.trapGrids.grid(vprec)
	stepKey := trapStepKey{kc: kClass(Kf), digits: digits, extra: extra, vprec: vprec}
	start := m0
	if m, ok := q.trapSteps.get(stepKey); ok && m > m0 && m <= m0+trapMaxRefine {
		start = m
	}
	// A grid whose sums at this K were found short of twice this
	// tolerance, in a call for fewer digits, is short of it now too.
	for start < m0+trapMaxRefine {
		if est, ok := q.trapSteps.estimate(stepKey, start, Kf); !ok || est <= 2*tol {
			break
		}
		start++
	}
	for m := start; m <= m0+trapMaxRefine; m++ {
		lo, hi := math.Floor(math.Ldexp(Z[0], m)), math.Floor(math.Ldexp(Z[1], m))
		if !(lo+hi+1 <= trapMaxNodes) { // before the conversion, which could overflow
			return trapResult{}, false
		}
		span := trapSpan{int64(lo), int64(hi)}
		if !q.fill(g, span, m, vprec) {
			return trapResult{}, false
		}
		r, conv := q.trapSums(g, K, span, m, prec, tol)
		if r.errs != nil {
			q.trapSteps.keepEstimate(stepKey, m, Kf, r.relErr())
		}
		if conv {
			q.trapSteps.put(stepKey, m)
			// The tails left out are part of each value's error: below
			// the tolerance, but not below the sums' own error where a
			// value is far below E|F| (its zero is then certified).
			for i := range r.errs {
				r.errs[i] += tailTruncation(T, tailLevels[i])
			}
			return r, true
		}
		if r.scales == nil {
			return trapResult{}, false
		}
	}
	return trapResult{}, false
}

// featureWidth returns the width in z of the narrowest panel of the
// float64 partition of the line at K_c = 16^⌈log16 K⌉ ≥ K: the length on
// which the integrands vary, from a partition computed once for each
// factor 16 of K (and so the same for every K that shares K_c), whose cut
// T√K_c covers the line that K needs. A call that finds the partition
// being computed by another (PrepareDigits ahead of AtDigits) waits for
// it.
func (q *bigQuad) featureWidth(Kf float64, digits, extra int) (float64, bool) {
	Kc := kClass(Kf)
	key := planKey{K: Kc, digits: digits, extra: extra}
	q.widthMu.Lock()
	if q.widths == nil || len(q.widths) >= maxPlans && q.widths[key] == nil {
		q.widths = map[planKey]*widthEntry{}
	}
	we := q.widths[key]
	if we != nil {
		q.widthMu.Unlock()
		<-we.done
		return we.w, we.w > 0
	}
	we = &widthEntry{done: make(chan struct{})}
	q.widths[key] = we
	q.widthMu.Unlock()
	pl, err := q.partition(new(big.Rat).SetFloat64(Kc), Kc, digits, extra)
	if err == nil && len(pl.zs) == 0 {
		we.w = pl.minWidth() * math.Sqrt(Kc)
	}
	close(we.done)
	return we.w, we.w > 0
}

// kClass returns K_c = 16^⌈log16 K⌉ ≥ K, the power of 16 that stands for
// every K of its factor 16.
func kClass(Kf float64) float64 {
	_, e := math.Frexp(Kf) // K < 2^e
	if r := ((e % 4) + 4) % 4; r != 0 {
		e += 4 - r
	}
	return math.Ldexp(1, e)
}

// widthEntry is one featureWidth: w is set before done is closed.
type widthEntry struct {
	done chan struct{}
	w    float64
}

// minWidth returns the width in t of the narrowest panel of the float64
// partition of a smooth integrand's line (pieces −T…0 and 0…T).
func (p *quadPlan) minWidth() float64 {
	w := math.Inf(1)
	for _, fs := range p.fracs {
		for j := 1; j < len(fs); j++ {
			w = min(w, p.T*(fs[j]-fs[j-1]))
		}
	}
	return w
}

// trapSpan is the nodes j·2^−m of a trapezoidal sum, −lo ≤ j ≤ hi: the
// line is cut where F·φ falls below the tolerance on each side.
type trapSpan struct{ lo, hi int64 }

// n returns the number of nodes.
func (s trapSpan) n() int64 { return s.lo + s.hi + 1 }

// fill evaluates the integrands at the points j·2^−m of span that the
// grid lacks, in parallel, at the precision prec of the grid; it reports
// false where an integrand is undefined at one of them. Points that
// another fill is evaluating are waited for, not evaluated again (the two
// working precisions of a depth iteration share a grid).
func (q *bigQuad) fill(g *trapGrid, span trapSpan, m int, prec uint) bool {
	g.mu.Lock()
	if g.pending == nil {
		g.pending = map[gridKey]*fillBatch{}
	}
	emptied := g.emptied
	var missing []gridPoint
	var waits []*fillBatch
	mine := &fillBatch{done: make(chan struct{})}
	for j := -span.lo; j <= span.hi; j++ {
		p := pointOf(j, m)
		k := p.key()
		if _, ok := g.pts[k]; ok {
			continue
		}
		if b := g.pending[k]; b != nil {
			if len(waits) == 0 || waits[len(waits)-1] != b {
				waits = append(waits, b)
			}
			continue
		}
		missing = append(missing, p)
		g.pending[k] = mine
	}
	if len(g.pts)+len(missing) > trapMaxPoints {
		g.pts = map[gridKey]gridValues{}
		g.emptied++
	}
	g.mu.Unlock()
	ok := q.evaluate(g, missing, m, prec)
	mine.ok = ok
	close(mine.done)
	all := ok
	for _, b := range waits {
		<-b.done
		all = all && b.ok
	}
	if !ok {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if all && g.emptied == emptied {
		return true // every point was there, or is now
	}
	// A batch waited for failed, or the grid was emptied.
	for j := -span.lo; j <= span.hi; j++ {
		if _, ok := g.pts[pointOf(j, m).key()]; !ok {
			return false
		}
	}
	return true
}

// fillBatch is the set of points one fill evaluates; done is closed when
// their values are in the grid, and ok set before, or when they failed.
type fillBatch struct {
	done chan struct{}
	ok   bool
}

// evaluate computes the integrands at the points, in parallel, stores the
// values in the grid and removes the points from its pending set; it
// reports false where an integrand is undefined at one of them.
func (q *bigQuad) evaluate(g *trapGrid, points []gridPoint, m int, prec uint) bool {
	exps := gridNegExps(q.prog, points, m, prec)
	vals, ok := evalPoints(points, prec, func() func(i int, z *big.Float) (gridValues, error) {
		ev := q.prog.Evaluator() // one per goroutine, its values copied out at once
		var tmp gridScratch
		return func(i int, z *big.Float) (gridValues, error) {
			var ex *big.Float
			if exps != nil {
				ex = exps[i]
			}
			vs, err := ev.EvalAllExp(z, prec, ex)
			if err != nil {
				return gridValues{}, err
			}
			return newGridValues(vs, &tmp), nil
		}
	})
	g.mu.Lock()
	defer g.mu.Unlock()
	for i, p := range points {
		k := p.key()
		delete(g.pending, k)
		if ok {
			g.pts[k] = vals[i]
		}
	}
	return ok
}

// evalPoints evaluates at every grid point j·2^−m, in parallel over
// GOMAXPROCS goroutines, each with an evaluation function of its own from
// newEval, and reports false (with no values) as soon as one evaluation
// fails: an integrand undefined at a point.
func evalPoints[T any](points []gridPoint, prec uint, newEval func() func(i int, z *big.Float) (T, error)) ([]T, bool) {
	out := make([]T, len(points))
	var next atomic.Int64
	var bad atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(points)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			z := new(big.Float).SetPrec(prec)
			eval := newEval()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(points) || bad.Load() {
					return
				}
				z.SetInt64(points[i].num)
				z.SetMantExp(z, -points[i].exp)
				v, err := eval(i, z)
				if err != nil {
					bad.Store(true)
					return
				}
				out[i] = v
			}
		}()
	}
	wg.Wait()
	if bad.Load() {
		return nil, false
	}
	return out, true
}

// trapSums forms the trapezoidal sums with steps h = 2^−m and 2h on the
// nodes of span, with their estimated errors, and reports whether every
// integrand's is within tol of its scale, the sum of |F_i| with the same
// weights; a result without scales means one is below minScale.
//
// The sums are accumulated in fixed point, integrand i in units of
// 2^E_i ≤ 2^−(prec+8) of its scale: a product of a value's mantissa and a
// weight's, shifted to those units, is exact but for the truncated bits,
// under one unit each, and no term allocates.
func (q *bigQuad) trapSums(g *trapGrid, K *big.Rat, span trapSpan, m int, prec uint, tol float64) (trapResult, bool) {
	J := max(span.lo, span.hi) // the weights reach |j| ≤ J
	n := len(q.ins)
	g.mu.Lock()
	defer g.mu.Unlock()
	// The values at the nodes, index j+span.lo, in the grid's buffer,
	// which its lock keeps to this call.
	if int64(cap(g.nodes)) < span.n() {
		g.nodes = make([]gridValues, span.n())
	}
	vals := g.nodes[:span.n()]
	for j := -span.lo; j <= span.hi; j++ {
		v, ok := g.pts[pointOf(j, m).key()]
		if !ok {
			return trapResult{}, false // emptied by a concurrent fill
		}
		vals[j+span.lo] = v
	}
	// The scales, and Σ|F_i| over the nodes, in float64.
	hf := math.Ldexp(1, -m)
	Kf, _ := K.Float64()
	wf := make([]float64, J+1)
	for j := range wf {
		x := float64(j) * hf
		wf[j] = math.Exp(-x * x / (2 * Kf))
	}
	scales := make([]float64, n)
	plain := make([]float64, n)
	for j := -span.lo; j <= span.hi; j++ {
		w := wf[absInt(j)]
		for i, a := range vals[j+span.lo].abs {
			scales[i] += a * w
			plain[i] += a
		}
	}
	cf := math.Ldexp(1, -m) / math.Sqrt(2*math.Pi*Kf)
	units := make([]int, n)
	ratio := 1.0
	for i := range n {
		_, e := math.Frexp(scales[i])
		units[i] = e - int(prec) - 8
		if scales[i] > 0 {
			ratio = max(ratio, plain[i]/scales[i])
		}
		scales[i] *= cf
		if r, ok := q.ins[i].expr.Rat(); ok && r.Sign() == 0 {
			continue // F ≡ 0: its expectation is exactly 0
		}
		if !(scales[i] >= minScale) || math.IsInf(scales[i], 0) || math.IsInf(ratio, 0) {
			return trapResult{}, false // the panels report the underflow or overflow
		}
	}

	// The weights r^(j²), r = e^(−h²/(2K)), in fixed point with F
	// fractional bits by the recurrence r^((j+1)²) = r^(j²)·r^(2j+1): each
	// step truncates by under a unit, so W_j is within (j+1)² units of
	// r^(j²)·2^F, and F covers that times Σ|F_i| against the scale.
	F := prec + 8 + 2*uint(bits.Len64(uint64(J)+1)) + uint(math.Ceil(math.Log2(ratio))) + 4
	wp := F + 16
	f := func(p uint) *big.Float { return new(big.Float).SetPrec(p) }
	Kb := f(wp).SetRat(K)
	h := f(wp).SetMantExp(big.NewFloat(1), -m)
	u := f(wp).Mul(h, h)
	u.Quo(u, Kb)
	u.Quo(u, big.NewFloat(-2))
	r := bigmath.Exp(wp, u)
	R, _ := f(wp).SetMantExp(r, int(F)).Int(nil)
	R2 := new(big.Int).Mul(R, R)
	R2.Rsh(R2, F)
	// c = h/√(2πK).
	twoPiK := bigmath.Pi(wp + 8)
	twoPiK.Mul(twoPiK, Kb)
	twoPiK.Add(twoPiK, twoPiK)
	sq, err := bigmath.Sqrt(wp, twoPiK)
	if err != nil {
		return trapResult{}, false
	}
	c := f(prec).Quo(h, sq)
	wm, we := trapWeights(R, R2, F, int(J), int(prec+8))

	res := trapResult{sums: make([]*big.Float, n), errs: make([]float64, n), evals: int(span.n()), scales: scales}
	// The sums are exact integers, whatever the order of their terms: the
	// nodes are split between goroutines, each of which adds every
	// integrand's terms at a node while its values are at hand, and the
	// parts are added at the end.
	parts := trapParts(vals, span, wm, we, units, runtime.GOMAXPROCS(0))
	cf64 := bigToFloat(c)
	var even, odd, part big.Int
	conv := true
	for i := range n {
		even.SetInt64(0)
		odd.SetInt64(0)
		for _, pt := range parts {
			even.Add(&even, pt[i][0].Int(&part))
			odd.Add(&odd, pt[i][1].Int(&part))
		}
		// S_h = c·(even + odd), S_2h = 2c·even: S_h − S_2h = c·(odd − even).
		part.Sub(&odd, &even)
		df, _ := new(big.Float).SetInt(&part).Float64()
		diff := math.Abs(math.Ldexp(df, units[i])) * cf64
		res.errs[i] = panelError(diff, scales[i])
		if res.errs[i] > tol*scales[i] {
			conv = false
		}
		sum := f(prec).SetInt(part.Add(&odd, &even))
		sum.SetMantExp(sum, units[i])
		res.sums[i] = sum.Mul(sum, c)
	}
	return res, conv
}

// trapParts adds the terms of the trapezoidal sums, the products of the
// values' mantissas at the nodes of span and the weights' (wm), each
// shifted to its integrand's units; the nodes are split into up to procs
// runs, one per goroutine, and the result holds each run's sums over the
// even and the odd j of each integrand.
func trapParts(vals []gridValues, span trapSpan, wm [][]big.Word, we, units []int, procs int) [][][2]fixedSum {
	n := len(units)
	total := int(span.n())
	runs := max(1, min(procs, total/trapRunNodes))
	parts := make([][][2]fixedSum, runs)
	var wg sync.WaitGroup
	for r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums := make([][2]fixedSum, n)
			var prod, weight big.Int // for products beyond schoolbookWords
			var p []big.Word
			for k := r * total / runs; k < (r+1)*total/runs; k++ {
				j := int64(k) - span.lo
				a := absInt(j)
				gv := vals[k]
				y := wm[a]
				if len(y) == 0 {
					continue
				}
				for i, m := range gv.mant {
					x := m.Bits()
					if len(x) == 0 {
						continue
					}
					sh := gv.exp[i] + we[a] - units[i]
					// Room for the shifted product, a word for the growth
					// of a sum of fewer than 2^62 terms and one for the
					// sign; widened with two words more, so that a sum is
					// widened seldom.
					if need := shiftedWords(len(x)+len(y), sh) + 2; len(sums[i][a%2].w) < need {
						sums[i][a%2] = sums[i][a%2].widened(need + 2)
					}
					var xy []big.Word
					if len(x) <= schoolbookWords && len(y) <= schoolbookWords {
						if len(p) < len(x)+len(y) {
							p = make([]big.Word, 2*(len(x)+len(y)))
						}
						xy = words.Mul(p, x, y)
					} else {
						xy = prod.Mul(m, weight.SetBits(y)).Bits()
					}
					sums[i][a%2].addShifted(xy, m.Sign() < 0, sh)
				}
			}
			parts[r] = sums
		}()
	}
	wg.Wait()
	return parts
}

// trapRunNodes is the fewest nodes that trapParts gives a goroutine of
// their own.
const trapRunNodes = 64

// trapWeights returns the weights r^(j²), 0 ≤ j ≤ J, of the trapezoidal
// sums from R = r·2^F and R2 = r²·2^F (both truncated to integers) by the
// recurrence r^((j+1)²) = r^(j²)·r^(2j+1): W_j = r^(j²)·2^F and
// S_j = r^(2j+1)·2^F, each product truncated back to F fractional bits.
// Each weight is returned as its mantissa, W_j cut to its top keep bits
// (truncated), and its exponent: W_j ≈ wm[j]·2^we[j].
func trapWeights(R, R2 *big.Int, F uint, J, keep int) (wm [][]big.Word, we []int) {
	n := int(F)/wordBits + 2 // words of a value ≤ 2^F
	buf := make([]big.Word, 8*n)
	Wb, Sb, p := buf[:2*n], buf[2*n:4*n], buf[4*n:]
	W := Wb[:F/wordBits+1] // 2^F
	clear(W)
	W[F/wordBits] = 1 << (F % wordBits)
	S := Sb[:copy(Sb, R.Bits())]
	R2w := R2.Bits()
	kw := (keep+wordBits-1)/wordBits + 1 // a cut mantissa's words, with one to spare
	backing := make([]big.Word, (J+1)*kw)
	wm, we = make([][]big.Word, J+1), make([]int, J+1)
	for j := range J + 1 {
		dst := backing[j*kw : (j+1)*kw : (j+1)*kw]
		we[j] = -int(F)
		if sh := words.BitLen(W) - keep; sh > 0 {
			wm[j] = words.Shr(dst, W, uint(sh))
			we[j] += sh
		} else {
			wm[j] = dst[:copy(dst, W)]
		}
		W = words.Shr(Wb, words.Mul(p, W, S), F)
		S = words.Shr(Sb, words.Mul(p, S, R2w), F)
	}
	return wm, we
}

// schoolbookWords is the largest operand, in words, that the trapezoidal
// sums multiply by schoolbook multiplication (words.Mul): beyond it
// big.Int's multiplication, in assembly and with Karatsuba's method from
// 40 words, is the faster.
const schoolbookWords = 12

// absInt returns |j|.
func absInt(j int64) int64 {
	if j < 0 {
		return -j
	}
	return j
}

// trapStepKey names the trapezoidal sums of one factor 16 of K (kClass)
// at one accuracy and precision of the values.
type trapStepKey struct {
	kc            float64
	digits, extra int
	vprec         uint
}

// trapSteps remembers the step 2^−m at which the trapezoidal sums of a
// trapStepKey last converged, so that the next call (the next
// Newton step, the next layer), whose integrands need the same step, does
// not sum on the coarser grids first only to find them short. A call that
// starts there computes its sums on a grid at least as fine as the first
// that converges, which meets the same tolerance. It also remembers, for
// each grid, the largest estimated error relative to its scale that the
// sums had there at the last K (trapEstimate): the difference of the sums
// with steps h and 2h depends on the integrands and K, not on the digits
// asked for, so a later call at that K for more digits (the last Newton
// steps of a refinement, after a first one for fewer) skips the grids
// already found short. It is safe for concurrent use.
type trapSteps struct {
	mu  sync.Mutex
	m   map[trapStepKey]int
	est map[trapEstimateKey]trapEstimate
}

// trapEstimateKey names the sums on one grid 2^−m for the values of a
// trapStepKey, whatever the digits asked for (its digits are 0).
type trapEstimateKey struct {
	trapStepKey
	m int
}

// estimateKey returns the trapEstimateKey of the grid 2^−m of k's values.
func estimateKey(k trapStepKey, m int) trapEstimateKey {
	k.digits = 0
	return trapEstimateKey{k, m}
}

// trapEstimate is the largest estimated relative error of the sums on a
// grid, at K.
type trapEstimate struct{ K, rel float64 }

// estimateSameK is how close to the K of a kept estimate a call's K must
// be for the estimate to stand for its own: the difference of the sums
// moves with K smoothly, by as little relatively.
const estimateSameK = 1e-9

// estimate returns the estimate kept for the grid 2^−m of k's values at
// a K within estimateSameK of Kf, if one is.
func (t *trapSteps) estimate(k trapStepKey, m int, Kf float64) (float64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.est[estimateKey(k, m)]
	if !ok || !(math.Abs(e.K-Kf) <= estimateSameK*Kf) {
		return 0, false
	}
	return e.rel, true
}

// keepEstimate keeps the estimate rel of the sums on the grid 2^−m at Kf;
// the store is emptied when it is full.
func (t *trapSteps) keepEstimate(k trapStepKey, m int, Kf, rel float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	ek := estimateKey(k, m)
	if _, ok := t.est[ek]; t.est == nil || len(t.est) >= maxPlans && !ok {
		t.est = map[trapEstimateKey]trapEstimate{}
	}
	t.est[ek] = trapEstimate{K: Kf, rel: rel}
}

// relErr returns the largest estimated error of the sums relative to its
// scale.
func (r trapResult) relErr() float64 {
	rel := 0.0
	for i, e := range r.errs {
		if r.scales[i] > 0 {
			rel = max(rel, e/r.scales[i])
		}
	}
	return rel
}

// get returns the m kept for k, if one is.
func (t *trapSteps) get(k trapStepKey) (int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.m[k]
	return m, ok
}

// put keeps m for k; the store is emptied when it is full.
func (t *trapSteps) put(k trapStepKey, m int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.m[k]; t.m == nil || len(t.m) >= maxPlans && !ok {
		t.m = map[trapStepKey]int{}
	}
	t.m[k] = m
}
