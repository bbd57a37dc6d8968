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

type scratch struct{ z, f []float64 }

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
		return Value{}, fmt.Errorf("expectation of %s: the variance K must be finite and ≥ 0, got %g", e.in.expr, K)
	case K == 0:
		v := e.in.prog.Eval(0)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			_, err := e.in.logAbsAt(0)
			return Value{}, fmt.Errorf("expectation of %s at K = 0: F(0) = %g: %v", e.in.expr, v, err)
		}
		return Value{V: v, Evals: 1}, nil
	}
	T, err := e.in.tailCut(K, float64LogCut)
	if err != nil {
		return Value{}, fmt.Errorf("expectation of %s at K = %g: %w", e.in.expr, K, err)
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
		return v, fmt.Errorf("expectation of %s at K = %g: %w", e.in.expr, K, err)
	}
	return v, nil
}

func (e *Expectation) buffers(n int) *scratch {
	s, _ := e.pool.Get().(*scratch)
	if s == nil || cap(s.z) < n {
		s = &scratch{z: make([]float64, n), f: make([]float64, n)}
	}
	s.z, s.f = s.z[:n], s.f[:n]
	return s
}

// pieces integrates F·φ over [−T, T] split at the breakpoints (none for a
// smooth F that Gauss–Hermite could not resolve), each piece adaptively.
func (e *Expectation) pieces(K, T float64, bps []float64) (*adaptive, error) {
	if len(bps) == 0 {
		bps = []float64{0} // a smooth F: start from the two half-lines
	}
	edges := append(append([]float64{-T}, bps...), T)
	ad := newAdaptive(e, K, 1)
	if j, err := ad.run(edges); err != nil {
		return ad, fmt.Errorf("on t ∈ [%g, %g] (t = z/√K): %w", edges[j], edges[j+1], err)
	}
	return ad, nil
}

const epsilon = 0x1p-52

// maxPanelDepth bounds the bisections of one piece (2^-40 of its width).
const maxPanelDepth = 40

// panelSource evaluates the integrands of an adaptive integration on a
// panel: panel sets sum[i] = ∫_a^b F_i(√K t)φ(t) dt and, when abs is not
// nil, abs[i] = ∫ |F_i|φ, with an n-point Gauss–Legendre rule on nodes
// shared by all integrands.
type panelSource interface {
	panel(K, a, b float64, n int, sum, abs []float64)
}

// adaptive is recursive bisection with a pair of Gauss–Legendre rules per
// panel for the integrands of an Expectation (one) or a Many (several) on
// shared panels: a panel is accepted when the two rules agree within
// tolerance for every integrand, and halved otherwise. tol[i] is integrand
// i's absolute tolerance per unit of length in t.
type adaptive struct {
	src    panelSource
	K      float64
	tol    []float64
	out    []Value   // per integrand: Σ of the accepted panels and their errors
	scale  []float64 // per integrand: Σ ∫|F_i|φ over the first panels
	evals  int
	failed int         // the integrand that stopped the bisection
	pairs  [][]float64 // storage of the pairs of the bisection, per depth

	// The accepted panels, as dyadic fractions of their piece, so that
	// the arbitrary-precision path can reuse the partition.
	piece    int
	accepted []panelSpan
}

func newAdaptive(src panelSource, K float64, n int) *adaptive {
	f := make([]float64, 2*n)
	return &adaptive{src: src, K: K, tol: f[:n:n], scale: f[n:], out: make([]Value, n)}
}

// panelSpan is the part [lo, hi] (fractions in [0, 1]) of piece i.
type panelSpan struct {
	piece  int
	lo, hi float64
}

// Panel rule sizes: the error of the larger is estimated from the
// difference of the two (see panelError).
const (
	panelLow  = 24
	panelHigh = 48
)

// panelPair is a panel integrated with both rules, per integrand.
type panelPair struct{ lo, hi, abs []float64 }

// pair integrates [a, b] with both rules into buf (3 values per integrand).
func (ad *adaptive) pair(a, b float64, buf []float64) panelPair {
	n := len(ad.out)
	p := panelPair{lo: buf[:n:n], hi: buf[n : 2*n : 2*n], abs: buf[2*n : 3*n]}
	ad.src.panel(ad.K, a, b, panelLow, p.lo, nil)
	ad.src.panel(ad.K, a, b, panelHigh, p.hi, p.abs)
	ad.evals += panelLow + panelHigh
	return p
}

// run integrates over the pieces between consecutive edges, from −T to T.
// The first panels of every piece give each integrand's scale E|F_i|,
// which the absolute tolerance of every panel is measured against. When
// the bisection of a piece fails, run returns the index of the piece.
func (ad *adaptive) run(edges []float64) (int, error) {
	n := len(ad.out)
	T := edges[len(edges)-1]
	first := make([]panelPair, len(edges)-1)
	buf := make([]float64, 3*n*len(first))
	for j := range first {
		first[j] = ad.pair(edges[j], edges[j+1], buf[3*n*j:3*n*(j+1)])
		for i := range ad.scale {
			ad.scale[i] += first[j].abs[i]
		}
	}
	for i := range ad.tol {
		ad.tol[i] = float64RelTol * ad.scale[i] / (2 * T)
	}
	for j, p := range first {
		ad.piece = j
		if err := ad.integrate(edges[j], edges[j+1], 0, 0, 1, p); err != nil {
			for i := range ad.out {
				ad.out[i].Evals = ad.evals
			}
			return j, err
		}
	}
	for i := range ad.out {
		ad.out[i].AbsErr += 32 * epsilon * ad.scale[i]
		ad.out[i].Evals = ad.evals
	}
	return 0, nil
}

// integrate accepts or bisects the panel [a, b], the part [fa, fb] of its
// piece, at the given depth of bisection, p being its pair of rules.
func (ad *adaptive) integrate(a, b float64, depth int, fa, fb float64, p panelPair) error {
	ok := true
	for i, hi := range p.hi {
		if math.IsNaN(hi) || math.IsInf(hi, 0) {
			ad.failed = i
			return fmt.Errorf("%w: the integrand is not finite on [%g, %g]·√K", ErrUndefined, a, b)
		}
		d := panelError(math.Abs(hi-p.lo[i]), p.abs[i])
		if !(d <= ad.tol[i]*(b-a) || depth >= maxPanelDepth && d <= 1e3*ad.tol[i]*(b-a)) {
			ok = false
			ad.failed = i
		}
	}
	if ok {
		for i, hi := range p.hi {
			ad.out[i].V += hi
			ad.out[i].AbsErr += panelError(math.Abs(hi-p.lo[i]), p.abs[i])
		}
		ad.accepted = append(ad.accepted, panelSpan{ad.piece, fa, fb})
		return nil
	}
	if depth >= maxPanelDepth {
		return fmt.Errorf("%w (no convergence near t = %g)", ErrNotConverged, (a+b)/2)
	}
	// A pair is done with once its panel is accepted or halved, so the
	// pairs of one depth share storage.
	for len(ad.pairs) <= depth {
		ad.pairs = append(ad.pairs, make([]float64, 3*len(ad.out)))
	}
	buf := ad.pairs[depth]
	m, fm := (a+b)/2, (fa+fb)/2
	if err := ad.integrate(a, m, depth+1, fa, fm, ad.pair(a, m, buf)); err != nil {
		return err
	}
	return ad.integrate(m, b, depth+1, fm, fb, ad.pair(m, b, buf))
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
// abs[0] = ∫ |F|φ, with an n-point Gauss–Legendre rule.
func (e *Expectation) panel(K, a, b float64, n int, sum, abs []float64) {
	pn := panelNodes(a, b, n)
	sk := math.Sqrt(K)
	s := e.buffers(n)
	for i, t := range pn.t {
		s.z[i] = sk * t
	}
	e.in.prog.EvalSlice(s.f, s.z)
	var su, ab float64
	for i, w := range pn.w {
		su += w * s.f[i]
		ab += w * math.Abs(s.f[i])
	}
	sum[0] = su
	if abs != nil {
		abs[0] = ab
	}
	e.pool.Put(s)
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
