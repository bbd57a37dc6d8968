package hermite

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// Value is a float64 expectation with its estimated absolute error.
type Value struct {
	V      float64 // the expectation
	AbsErr float64 // estimated absolute error of V
	Evals  int     // integrand evaluations used
}

// ErrNotConverged is the cause of an error for an expectation that did
// not reach the requested accuracy with the largest rules.
var ErrNotConverged = errors.New("the expectation did not converge to the requested accuracy")

// ErrTooManyEvals is the cause of an error for a set of expectations
// (Many, with LimitEvals) or a two-input expectation whose adaptive
// quadrature would need more integrand evaluations than it is allowed
// (maxTwoInputEvals): the integrand varies on scales far below the
// Gaussian's width, as σ(√K·t) does for a σ that oscillates about a trend,
// x + 0.1·sin(3x), once K has stretched the oscillation over tens of
// thousands of periods.
var ErrTooManyEvals = errors.New("the integrand varies on scales far below the Gaussian's width (an oscillation over too many periods at this K)")

// Float64 accuracy goals: the relative tolerance on the value, and the
// natural log of the relative size below which the tails are cut.
const (
	float64RelTol = 1e-14
	float64LogCut = 40
)

// Expectation computes E[F(z)], z ~ N(0, K), for one integrand F at any K.
// It finds F's kinks once; an Expectation is safe for concurrent use.
type Expectation struct {
	in   *integrand
	pool sync.Pool // *scratch

	bqOnce sync.Once
	bq     *bigQuad // the arbitrary-precision path, made on first use
}

type scratch struct{ z, f, g []float64 }

// NewExpectation prepares the expectation of F.
func NewExpectation(f calc.Expr) (*Expectation, error) {
	in, err := newIntegrand(f)
	if err != nil {
		return nil, err
	}
	return &Expectation{in: in}, nil
}

// Expect returns E[F(z)], z ~ N(0, K), in float64.
func Expect(f calc.Expr, K float64) (Value, error) {
	e, err := NewExpectation(f)
	if err != nil {
		return Value{}, err
	}
	return e.At(K)
}

// At returns E[F(z)] for z ~ N(0, K) with a relative accuracy of about
// 1e-14 (or an absolute one of 1e-14 times E|F| when the value is near 0).
func (e *Expectation) At(K float64) (Value, error) {
	switch {
	case math.IsNaN(K) || math.IsInf(K, 0) || K < 0:
		return Value{}, fmt.Errorf("expectation of %s: the variance K must be finite and ≥ 0, got %g", exprName(e.in.expr), K)
	case K == 0:
		v := e.in.prog.Eval(0)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			_, err := e.in.logAbsAt(0)
			return Value{}, fmt.Errorf("expectation of %s at K = 0: F(0) = %g: %v", exprName(e.in.expr), v, err)
		}
		return Value{V: v, Evals: 1}, nil
	}
	T, err := e.in.tailCut(K, float64LogCut)
	if err != nil {
		return Value{}, fmt.Errorf("expectation of %s at K = %g: %w", exprName(e.in.expr), K, err)
	}
	bps := e.in.breakpoints(K, T)
	ad, err := e.pieces(K, T, bps)
	v := ad.out[0]
	if err != nil {
		if errors.Is(err, ErrNotConverged) || math.IsNaN(v.V) {
			if derr := e.in.checkDefined(K, T); derr != nil {
				err = derr
			}
		}
		note := ""
		if errors.Is(err, ErrNotConverged) {
			note = branchNote("", e.in)
		}
		return v, fmt.Errorf("expectation of %s at K = %g: %w%s", exprName(e.in.expr), K, err, note)
	}
	return v, nil
}

func (e *Expectation) buffers(n int) *scratch {
	s, _ := e.pool.Get().(*scratch)
	if s == nil || cap(s.z) < n {
		s = &scratch{z: make([]float64, n), f: make([]float64, n), g: make([]float64, n)}
	}
	s.z, s.f, s.g = s.z[:n], s.f[:n], s.g[:n]
	return s
}

// pieces integrates F·φ over [−T, T] split at the breakpoints (none for a
// smooth F that Gauss–Hermite could not resolve), each piece adaptively.
func (e *Expectation) pieces(K, T float64, bps []float64) (*adaptive, error) {
	if len(bps) == 0 {
		bps = []float64{0} // a smooth F: start from the two half-lines
	}
	edges := append(append([]float64{-T}, bps...), T)
	n := 1
	if e.in.aux > 0 {
		n = 2 // F and its companion (see growthPower)
	}
	ad := newAdaptive(e, K, n)
	ad.minWidth = minPanelScale * e.in.scale / math.Sqrt(K)
	ad.branches = tInCut(e.in.branches, math.Sqrt(K), T)
	if j, err := ad.run(edges); err != nil {
		return ad, fmt.Errorf("on t ∈ [%g, %g] (t = z/√K): %w", edges[j], edges[j+1], err)
	}
	return ad, nil
}

const epsilon = 0x1p-52

// maxPanelDepth bounds the bisections of one first panel (2^-40 of its
// width).
const maxPanelDepth = 40

// maxSplitDepth bounds the halvings that make the first panels of a piece
// towards an inner edge, down to minWidth: at K = 1e300 a transition of
// width 1 in z is 1e-150 wide in t, about 500 halvings of the piece; float64
// fractions of the piece reach 2^-1074.
const maxSplitDepth = 1000

// minPanelScale is the width, in units of featureScale, that a first
// panel touching 0 or a kink must not exceed: its 48 nodes then sample a
// transition of F there with several of them.
const minPanelScale = 32

// panelSource evaluates the integrands of an adaptive integration on a
// panel: panel sets sum[i] = ∫_a^b F_i(√K t)φ(t) dt and, when abs is not
// nil, abs[i] = ∫ |F_i|φ and tail[i] = coefficientError of the rule (low
// holding the smaller rule's sums), with an n-point Gauss–Legendre rule on
// nodes shared by all integrands.
type panelSource interface {
	panel(K, a, b float64, n int, sum, abs, tail, low []float64)
}

// adaptive is recursive bisection with a pair of Gauss–Legendre rules per
// panel for the integrands of an Expectation (one) or a Many (several) on
// shared panels: a panel is accepted when the two rules agree within
// tolerance for every integrand, and halved otherwise. tol[i] is integrand
// i's absolute tolerance per unit of length in t.
type adaptive struct {
	src    panelSource
	K      float64
	relTol float64 // the relative tolerance on each value (float64RelTol unless a scan asks for less)
	tol    []float64
	out    []Value   // per integrand: Σ of the accepted panels and their errors
	scale  []float64 // per integrand: Σ ∫|F_i|φ over the first panels
	evals  int
	failed int         // the integrand that stopped the bisection
	pairs  [][]float64 // storage of the pairs of the bisection, per depth

	// The first panels that touch an inner edge (0 or a kink) are no
	// wider than minWidth in t (see featureScale).
	minWidth float64

	// maxEvals bounds the evaluations of a run (unbounded when 0; see
	// Many.LimitEvals).
	maxEvals int

	// branches are the edges, in t, that are branch points (see
	// wholeNearBranch).
	branches []float64

	// The accepted panels, as dyadic fractions of their piece, so that
	// the arbitrary-precision path can reuse the partition.
	piece    int
	accepted []panelSpan
}

func newAdaptive(src panelSource, K float64, n int) *adaptive {
	f := make([]float64, 2*n)
	return &adaptive{src: src, K: K, relTol: float64RelTol, tol: f[:n:n], scale: f[n:], out: make([]Value, n)}
}

// panelSpan is the part [lo, hi] (fractions in [0, 1]) of piece i.
type panelSpan struct {
	piece  int
	lo, hi float64
}

// Panel rule sizes: the error of the larger is estimated from the
// difference of the two (see panelError) and from the Legendre
// coefficients of its values (see coefficientError).
const (
	panelLow  = 24
	panelHigh = 48
)

// panelPair is a panel integrated with both rules, per integrand, with
// the coefficientError of the larger.
type panelPair struct{ lo, hi, abs, tail []float64 }

// pairWidth is the number of values a panelPair holds per integrand.
const pairWidth = 4

// pair integrates [a, b] with both rules into buf (pairWidth values per
// integrand).
func (ad *adaptive) pair(a, b float64, buf []float64) panelPair {
	n := len(ad.out)
	p := panelPair{lo: buf[:n:n], hi: buf[n : 2*n : 2*n], abs: buf[2*n : 3*n : 3*n], tail: buf[3*n : 4*n]}
	ad.src.panel(ad.K, a, b, panelLow, p.lo, nil, nil, nil)
	ad.src.panel(ad.K, a, b, panelHigh, p.hi, p.abs, p.tail, p.lo)
	ad.evals += panelLow + panelHigh
	return p
}

// err is the estimated error of integrand i's larger rule on the panel.
func (p panelPair) err(i int) float64 {
	return max(panelError(math.Abs(p.hi[i]-p.lo[i]), p.abs[i]), p.tail[i])
}

// run integrates over the pieces between consecutive edges, from −T to T.
// Each piece starts as one panel, or, where it touches an inner edge (a
// kink, or the split at 0), as the dyadic panels that halve it towards
// that edge until they are no wider there than minWidth. These first
// panels give each integrand's scale E|F_i|, which the absolute tolerance
// of every panel is measured against. When the bisection of a piece fails,
// run returns the index of the piece.
func (ad *adaptive) run(edges []float64) (int, error) {
	n := len(ad.out)
	T := edges[len(edges)-1]
	type firstPanel struct {
		piece        int
		a, b, fa, fb float64
		p            panelPair
	}
	var first []firstPanel
	var split func(j, depth int, a, b, fa, fb float64, lo, hi bool)
	split = func(j, depth int, a, b, fa, fb float64, lo, hi bool) {
		if (lo || hi) && b-a > ad.minWidth && depth < maxSplitDepth {
			m, fm := (a+b)/2, (fa+fb)/2
			split(j, depth+1, a, m, fa, fm, lo, false)
			split(j, depth+1, m, b, fm, fb, false, hi)
			return
		}
		first = append(first, firstPanel{piece: j, a: a, b: b, fa: fa, fb: fb})
	}
	for j := 0; j+1 < len(edges); j++ {
		split(j, 0, edges[j], edges[j+1], 0, 1, j > 0, j+2 < len(edges))
	}
	buf := make([]float64, pairWidth*n*len(first))
	for k := range first {
		f := &first[k]
		f.p = ad.pair(f.a, f.b, buf[pairWidth*n*k:pairWidth*n*(k+1)])
		for i := range ad.scale {
			ad.scale[i] += f.p.abs[i]
		}
	}
	for i := range ad.tol {
		ad.tol[i] = ad.relTol * ad.scale[i] / (2 * T)
	}
	for _, f := range first {
		ad.piece = f.piece
		// Each first panel may be bisected maxPanelDepth times more.
		if err := ad.integrate(f.a, f.b, 0, f.fa, f.fb, f.p); err != nil {
			for i := range ad.out {
				ad.out[i].Evals = ad.evals
			}
			return f.piece, err
		}
	}
	for i := range ad.out {
		ad.out[i].AbsErr += sumRounding(ad.scale[i], ad.evals)
		ad.out[i].Evals = ad.evals
	}
	return 0, nil
}

// sumRounding bounds the rounding of a quadrature sum of evals values of F
// whose ∫|F|φ is scale: relative where the values are normal floats, up
// to a subnormal spacing a value where not.
func sumRounding(scale float64, evals int) float64 {
	return 32*epsilon*scale + float64(evals)*subnormalSpacing
}

// integrate accepts or bisects the panel [a, b], the part [fa, fb] of its
// piece, at the given depth of bisection, p being its pair of rules.
func (ad *adaptive) integrate(a, b float64, depth int, fa, fb float64, p panelPair) error {
	ok := true
	for i, hi := range p.hi {
		if math.IsInf(hi, 0) {
			ad.failed = i
			return fmt.Errorf("%w: |F| exceeds the float64 range on [%g, %g]·√K", ErrOverflow, a, b)
		}
		if math.IsNaN(hi) {
			ad.failed = i
			return fmt.Errorf("%w: the integrand is not a number on [%g, %g]·√K", ErrUndefined, a, b)
		}
		d, tol := p.err(i), ad.panelTol(i, b-a, p.abs[i])
		if !(d <= tol || depth >= maxPanelDepth && d <= 1e3*tol) {
			ok = false
			ad.failed = i
		}
	}
	if ok {
		ad.accept(p, fa, fb)
		return nil
	}
	if ad.wholeNearBranch(a, b, p) {
		ad.acceptWhole(p, fa, fb)
		return nil
	}
	if depth >= maxPanelDepth {
		return fmt.Errorf("%w (no convergence near t = %g)", ErrNotConverged, (a+b)/2)
	}
	if ad.maxEvals > 0 && ad.evals+2*(panelLow+panelHigh) > ad.maxEvals {
		return fmt.Errorf("%w: its Gaussian average needs more than %d evaluations (near t = %g)", ErrTooManyEvals, ad.maxEvals, (a+b)/2)
	}
	// The pairs of one depth are done with once their panels are accepted
	// or halved, so they share storage.
	w := pairWidth * len(ad.out)
	for len(ad.pairs) <= depth {
		ad.pairs = append(ad.pairs, make([]float64, 2*w))
	}
	buf := ad.pairs[depth]
	m, fm := (a+b)/2, (fa+fb)/2
	pl, pr := ad.pair(a, m, buf[:w:w]), ad.pair(m, b, buf[w:])
	if ad.noiseLimited(p, pl, pr, b-a) {
		ad.accept(pl, fa, fm)
		ad.accept(pr, fm, fb)
		return nil
	}
	if err := ad.integrate(a, m, depth+1, fa, fm, pl); err != nil {
		return err
	}
	return ad.integrate(m, b, depth+1, fm, fb, pr)
}

// panelTol is integrand i's tolerance on a panel of the given width and
// ∫|F_i|φ = abs: its share by width, or by its part of ∫|F|φ, whichever is
// larger (either sums to relTol·∫|F|φ over the panels). The second lets the
// narrow panels at a transition of width 1/√K in t, which carry the whole
// integral at a large K, be accepted.
func (ad *adaptive) panelTol(i int, width, abs float64) float64 {
	return max(ad.tol[i]*width, ad.relTol*abs, subnormalPanelTol)
}

// subnormalSpacing is the spacing of float64 values in the subnormal
// range, below 2^−1022, where a result's rounding error is absolute: up to
// half of it, whatever the result's size. Integrands of a tiny K have such
// values (gelu(z)⁴ at K = 1e-160 is about 1e-321), and then so do their
// panel sums and the error estimates taken from them.
const subnormalSpacing = 0x1p-1074

// subnormalPanelTol is the error estimate that every panel meets: the
// rounding of the two rules' sums, each value's product with its weight
// and each partial sum rounded by up to half the subnormal spacing (72
// roundings a pair of rules, twice that for the Legendre coefficients of
// coefficientError), with some margin. It matters only where F's values
// are subnormal: elsewhere the relative tolerances are far larger.
const subnormalPanelTol = 256 * subnormalSpacing

// noiseLimited reports whether halving a panel p of the given width into pl
// and pr left the
// error estimate of every integrand that failed its tolerance at more than
// half of p's while that estimate is below 1e-6 of the panel's ∫|F|φ: the
// rounding errors of F's values (1 − tanh² far out) then set it, bisection
// only multiplies the panels, and the halves are accepted with their
// estimates.
func (ad *adaptive) noiseLimited(p, pl, pr panelPair, width float64) bool {
	some := false
	for i := range ad.out {
		e := p.err(i)
		if e <= ad.panelTol(i, width, p.abs[i]) {
			continue
		}
		some = true
		if !(e <= 1e-6*p.abs[i]) || pl.err(i)+pr.err(i) <= e/2 {
			return false
		}
	}
	return some
}

// accept adds the panel p, the part [fa, fb] of its piece, to the sums.
func (ad *adaptive) accept(p panelPair, fa, fb float64) {
	for i, hi := range p.hi {
		ad.out[i].V += hi
		ad.out[i].AbsErr += p.err(i)
	}
	ad.accepted = append(ad.accepted, panelSpan{ad.piece, fa, fb})
}

// panelError estimates the error of the 32-point rule on a panel from its
// difference d with the 16-point rule and the panel's ∫|F|φ. On a panel
// where F is analytic the error of an n-point Gauss rule falls like ρ^(−2n),
// so the 32-point error is about the square of the 16-point relative error:
// the estimate is abs·min(r, 100·r²) with r = d/abs, a factor 100 of margin.
func panelError(d, abs float64) float64 {
	if abs == 0 {
		return d
	}
	r := d / abs
	return abs * math.Min(r, 100*r*r)
}

// panel sets sum[0] = ∫_a^b F(√K t)φ(t) dt and, when abs is not nil,
// abs[0] = ∫ |F|φ and tail[0] = coefficientError, with an n-point
// Gauss–Legendre rule; index 1, where sum has it, is F's companion.
func (e *Expectation) panel(K, a, b float64, n int, sum, abs, tail, low []float64) {
	pn := panelNodes(a, b, n)
	sk := math.Sqrt(K)
	s := e.buffers(n)
	for i, t := range pn.t {
		s.z[i] = sk * t
	}
	e.in.prog.EvalSlice(s.f, s.z)
	if len(sum) > 1 {
		auxValues(s.g, s.f, s.z, e.in.aux)
		panelSums(pn.w, s.g, s.z, sum, abs, tail, low, 1)
	}
	panelSums(pn.w, s.f, s.z, sum, abs, tail, low, 0)
	e.pool.Put(s)
}

// panelSums sets sum[i], abs[i] and tail[i] (the last two where not nil)
// from the values f at the nodes of a panel with weights w, using wf as
// scratch; low[i] is the smaller rule's sum, for tail.
func panelSums(w, f, wf, sum, abs, tail, low []float64, i int) {
	var su, ab float64
	for j, wj := range w {
		su += wj * f[j]
		ab += wj * math.Abs(f[j])
	}
	sum[i] = su
	if abs != nil {
		abs[i] = ab
	}
	if tail != nil {
		for j, wj := range w {
			wf[j] = wj * f[j]
		}
		tail[i] = coefficientError(wf, ab, math.Abs(su-low[i]))
	}
}

// gaussPanel is an n-point Gauss–Legendre rule mapped to [a, b] with the
// standard normal density folded into its weights.
type gaussPanel struct{ t, w []float64 }

type panelKey struct {
	a, b float64
	n    int
}

// Panels recur: the cut points T are whole numbers, the common kink is at
// 0, and bisection is dyadic, so most panels are seen again at every K.
// The cache stops growing at maxPanels entries.
const maxPanels = 1 << 14

var (
	panelMu    sync.RWMutex
	panelCache = map[panelKey]gaussPanel{}
)

func panelNodes(a, b float64, n int) gaussPanel {
	key := panelKey{a, b, n}
	panelMu.RLock()
	p, ok := panelCache[key]
	panelMu.RUnlock()
	if ok {
		return p
	}
	r, err := legendreRule(n)
	if err != nil {
		panic(err) // n is one of the fixed panel sizes
	}
	half, mid := (b-a)/2, (a+b)/2
	p = gaussPanel{t: make([]float64, n), w: make([]float64, n)}
	for i, x := range r.X {
		t := mid + half*x
		p.t[i] = t
		p.w[i] = r.W[i] * half * math.Exp(-t*t/2) / math.Sqrt(2*math.Pi)
	}
	panelMu.Lock()
	if len(panelCache) < maxPanels {
		panelCache[key] = p
	}
	panelMu.Unlock()
	return p
}

// Rules are fetched once per size and kept here, since the quadrature
// package returns a fresh copy on every call.
var (
	ruleMu        sync.Mutex
	legendreRules = map[int]quadrature.Rule{}
)

func legendreRule(n int) (quadrature.Rule, error) {
	return cachedRule(legendreRules, n, quadrature.GaussLegendre)
}

func cachedRule(m map[int]quadrature.Rule, n int, make func(int) (quadrature.Rule, error)) (quadrature.Rule, error) {
	ruleMu.Lock()
	defer ruleMu.Unlock()
	if r, ok := m[n]; ok {
		return r, nil
	}
	r, err := make(n)
	if err != nil {
		return quadrature.Rule{}, err
	}
	m[n] = r
	return r, nil
}
