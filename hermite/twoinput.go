package hermite

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// Cov is a 2×2 covariance [[K11, K12], [K12, K22]].
type Cov struct{ K11, K12, K22 float64 }

// covSlack is the relative amount by which |K12| may exceed √(K11·K22),
// to allow for rounding in a covariance that is singular in exact
// arithmetic; ρ is clamped to [−1, 1].
const covSlack = 1e-12

// Two-input accuracy goals: the relative tolerance of the outer integral
// over X and of each inner integral over Y.
const (
	twoOuterRelTol = 1e-14
	twoInnerRelTol = 1e-15
)

// Widths of the first panels of the two integrals, in standard units:
// each piece between breakpoints is cut into panels no wider than these,
// and bisection refines them where the two rules disagree.
const (
	twoOuterWidth = 8
	twoInnerWidth = 20
)

// innerStrictDepth bounds the bisections of an inner expectation held to
// its relative tolerance: features of g(μ + s·y) in y are kinks, at which
// the panels are split, or no narrower than g's own, so failing at this
// depth means rounding, and the retry with an absolute floor takes over.
const innerStrictDepth = 16

// nearKinkOffsets are the multiples of the width w = s/|a| of the
// smoothed kinks of the inner expectation (at t = k/a for a kink k of g)
// at which the outer integral is split, so that a narrow inner Gaussian
// (|ρ| → 1) leaves no feature that bisection would have to find.
var nearKinkOffsets = []float64{-16, -4, -1, 1, 4, 16}

// narrowFeature is the width in standard units below which the transition
// of f or g at 0 (its featureScale over the standard deviation) is split
// off like a kink: the 20- and 30-odd nodes of a first panel up to 20 wide
// are about 1 apart, so a narrower transition can fall between them.
const narrowFeature = 0.5

// splitAround appends to edges the point c and the points c + m·w for the
// m of nearKinkOffsets, those of them inside (lo, hi): the splits around
// a kink or a narrow transition at c of width w.
func splitAround(edges []float64, c, w, lo, hi float64) []float64 {
	if c > lo && c < hi {
		edges = append(edges, c)
	}
	for _, m := range nearKinkOffsets {
		if t := c + m*w; t > lo && t < hi {
			edges = append(edges, t)
		}
	}
	return edges
}

func (c Cov) validate() error {
	for _, v := range []float64{c.K11, c.K12, c.K22} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("the covariance %+v has an entry that is not finite", c)
		}
	}
	if c.K11 <= 0 || c.K22 <= 0 {
		return fmt.Errorf("the covariance %+v needs K11 > 0 and K22 > 0", c)
	}
	if math.Abs(c.K12) > SqrtProduct(c.K11, c.K22)*(1+covSlack) {
		return fmt.Errorf("the covariance %+v is not positive semidefinite: |K12| > √(K11·K22) = %g", c, SqrtProduct(c.K11, c.K22))
	}
	return nil
}

// rho returns the correlation K12/√(K11·K22) clamped to [−1, 1].
func (c Cov) rho() float64 {
	return max(-1, min(1, c.K12/SqrtProduct(c.K11, c.K22)))
}

// SqrtProduct returns √(a·b) for a, b ≥ 0, the scale of a covariance's
// off-diagonal entry: √(a·b) rounded once where the product is a normal
// float64, and √a·√b where it would underflow or overflow (variances
// below about 1e-154 or above 1e154), so that tiny and huge variances keep
// their correlation.
func SqrtProduct(a, b float64) float64 {
	if p := a * b; calc.IsNormal(p) {
		return math.Sqrt(p)
	}
	return math.Sqrt(a) * math.Sqrt(b)
}

// Expect2 returns E[f(u)·g(v)] for (u, v) ~ N(0, c), with a relative
// accuracy of about 1e-13 (or an absolute one of 1e-13 times E|f·g| when
// the value is near 0).
//
// With u = √K11·X and v = √K22·(ρX + √(1−ρ²)·Y) for independent standard
// normal X and Y, it integrates f(u)·E_Y[g(v)] over X on panels split at
// the kinks of f and at the (smoothed) kinks of the inner expectation,
// and each inner expectation over Y on panels split at the kinks of g.
// For |ρ| = 1 the inner expectation is g(±√(K22/K11)·u) itself.
func Expect2(f, g calc.Expr, c Cov) (Value, error) {
	if err := c.validate(); err != nil {
		return Value{}, fmt.Errorf("two-input expectation of %s and %s: %w", exprName(f), exprName(g), err)
	}
	tw, err := newTwoInput(f, g, c)
	if err != nil {
		return Value{}, fmt.Errorf("two-input expectation of %s and %s: %w", exprName(f), exprName(g), err)
	}
	v, err := tw.integrate()
	if err != nil {
		return v, fmt.Errorf("two-input expectation of %s and %s at %+v: %w", exprName(f), exprName(g), c, err)
	}
	return v, nil
}

// twoInput is one two-input expectation in progress.
type twoInput struct {
	f, g  *integrand
	su    float64 // √K11: u = su·t
	a     float64 // μ = a·t is the mean of v given X = t
	s     float64 // the standard deviation of v given X
	tIn   float64 // inner cut: y ∈ [−tIn, tIn]
	outer *bisect
	inner *bisect
	mu    float64   // the mean of the inner integral being computed
	fv    []float64 // f at the outer nodes
	zo    []float64 // arguments of f
	zs    []float64 // arguments of g
	gv    []float64 // g at the inner nodes
	edges []float64 // scratch for the inner breakpoints
	// gh is a Gauss–Hermite rule for the inner expectation of a smooth g
	// (nil when g has kinks or no rule passed the check), and ghRel its
	// relative error bound.
	gh    *quadrature.Rule
	ghRel float64
	// gScale is about E|g(v)|, the scale of an absolute tolerance for
	// inner expectations that rounding keeps from their relative one.
	gScale float64
	// poly holds g's parts when g is piecewise polynomial, or has
	// exponentials e^(λz) on some pieces (polyPartsOf): its inner
	// expectations are then closed forms (polyParts.inner).
	poly *polyParts
}

// Sizes of the Gauss–Hermite rules tried for the inner expectation of a
// smooth g, and the relative agreement with adaptive panels that a rule
// must reach at every probe mean to be used.
var innerHermiteSizes = []int{32, 48, 64, 96, 128}

const innerHermiteTol = 2e-15

// innerHermiteProbes are the outer points t/T at which the Gauss–Hermite
// rules are checked.
var innerHermiteProbes = []float64{-1, -0.75, -0.5, -0.25, -0.1, 0, 0.1, 0.25, 0.5, 0.75, 1}

func newTwoInput(f, g calc.Expr, c Cov) (*twoInput, error) {
	ins, err := newIntegrands(f, g)
	if err != nil {
		return nil, err
	}
	fi, gi := ins[0], ins[1]
	rho := c.rho()
	sv := math.Sqrt(c.K22)
	tw := &twoInput{
		f:    fi,
		g:    gi,
		su:   math.Sqrt(c.K11),
		a:    sv * rho,
		s:    sv * math.Sqrt((1-rho)*(1+rho)),
		poly: gi.parts(),
	}
	rules, err := twoRules()
	if err != nil {
		return nil, err
	}
	tw.outer = &bisect{rules: rules, eval: tw.outerPanel, maxEvals: maxTwoInputEvals}
	tw.inner = &bisect{rules: rules, eval: tw.innerPanel}
	return tw, nil
}

func twoRules() ([2]quadrature.Rule, error) {
	lo, err := legendreRule(panelLow)
	if err != nil {
		return [2]quadrature.Rule{}, err
	}
	hi, err := legendreRule(panelHigh)
	if err != nil {
		return [2]quadrature.Rule{}, err
	}
	return [2]quadrature.Rule{lo, hi}, nil
}

func (tw *twoInput) integrate() (Value, error) {
	K11 := tw.su * tw.su
	K22 := tw.a*tw.a + tw.s*tw.s
	tf, err := tw.f.tailCut(K11, float64LogCut)
	if err != nil {
		return Value{}, fmt.Errorf("f at K11 = %g: %w", K11, err)
	}
	tg, err := tw.g.tailCut(K22, float64LogCut)
	if err != nil {
		return Value{}, fmt.Errorf("g at K22 = %g: %w", K22, err)
	}
	// The inner standard deviation s is at most √K22, so g(μ + s·y)
	// grows in y no faster than g(√K22·y) does; and the Gaussian weight
	// alone needs |y| up to √(2·logCut): a g that decays (erf′, sech²)
	// has its mass at y ≈ −μ/s, which g's own cut at K22 leaves out when
	// s < √K22 (E[erf′(u)erf′(v)] at K11 = 0.7, K12 = 1.3, K22 = 2.5 was
	// off by 4e-5 with an error estimate of 7e-15).
	tw.tIn = max(tg, math.Sqrt(2*float64LogCut))
	if err := tw.setGScale(); err != nil {
		return Value{}, err
	}
	T, err := tw.outerCut(max(tf, tg), float64LogCut)
	if err != nil {
		return Value{}, err
	}
	edges := append([]float64{-T}, tw.f.breakpoints(K11, T)...)
	if tw.a != 0 {
		w := tw.s / math.Abs(tw.a)
		for _, k := range tw.g.kinks {
			if tk := k / tw.a; tw.s > 0 && w < 1 {
				edges = splitAround(edges, tk, w, math.Inf(-1), math.Inf(1))
			} else {
				edges = append(edges, tk)
			}
		}
	}
	// f's transition at u = 0, of width scale_f/su in t, is split off
	// as a kink's is: a narrow one (erf at K11 = 305, 0.06 wide in t) lies
	// between the nodes of both rules of a wide panel, which then agree on
	// a wrong value.
	if w := tw.f.scale / tw.su; w < narrowFeature {
		edges = splitAround(edges, 0, w, math.Inf(-1), math.Inf(1))
	}
	edges = append(edges, T)
	if err := tw.chooseHermite(T); err != nil {
		return Value{}, err
	}
	edges = slices.DeleteFunc(edges, func(t float64) bool { return t < -T || t > T })
	slices.Sort(edges)
	edges = slices.Compact(edges)
	v, err := tw.outer.run(edges, twoOuterWidth, twoOuterRelTol, 0)
	if err != nil && (errors.Is(err, ErrNotConverged) || math.IsNaN(v.V)) {
		if derr := tw.f.checkDefined(K11, T); derr != nil {
			err = fmt.Errorf("f: %w", derr)
		} else if derr := tw.g.checkDefined(K22, T); derr != nil {
			err = fmt.Errorf("g: %w", derr)
		}
	}
	return v, err
}

// outerCut extends the cut T0 (from the growth of f and g separately)
// until the outer integrand f(su·t)·E_Y[g(a·t + s·Y)]·φ(t) has fallen
// below e^(−logTol) relative to its size near the centre.
func (tw *twoInput) outerCut(T0, logTol float64) (float64, error) {
	logF := func(t float64) (float64, error) {
		lf, err := tw.f.logAbsAt(tw.su * t)
		if err != nil || math.IsInf(lf, -1) {
			return lf, err
		}
		in, _, _, _, err := tw.innerAt(tw.a * t)
		if err != nil {
			return 0, err
		}
		return lf + math.Log(math.Abs(in)) - t*t/2, nil
	}
	ref := math.Inf(-1)
	for _, t := range []float64{-1, -0.5, 0, 0.5, 1} {
		if l, err := logF(t); err == nil && !math.IsNaN(l) {
			ref = max(ref, l)
		}
	}
	if math.IsInf(ref, -1) {
		ref = 0
	}
	T := T0
	for side := -1.0; side <= 1; side += 2 {
		for t := T0; ; t += 2 {
			l, err := logF(side * t)
			if err != nil {
				return 0, fmt.Errorf("outer integrand at X = %g: %w", side*t, err)
			}
			if l < ref-logTol || math.IsNaN(l) {
				T = max(T, t)
				break
			}
			if t >= 96 {
				return 0, fmt.Errorf("%w: the integrand of E[f(u)·g(v)] does not decay in X", ErrDiverges)
			}
		}
	}
	return T, nil
}

// setGScale sets gScale to E|g(v)|, computed with the inner rules at
// mean 0 and standard deviation √K22 (in closed form for a piecewise
// polynomial g).
func (tw *twoInput) setGScale() error {
	if tw.s == 0 {
		tw.gScale = 0
		return nil
	}
	if tw.poly != nil {
		var ok bool
		if _, tw.gScale, _, ok = tw.poly.inner(0, math.Hypot(tw.a, tw.s)); ok {
			return nil
		}
	}
	s, mu := tw.s, tw.mu
	defer func() { tw.s, tw.mu = s, mu }()
	tw.s, tw.mu = math.Hypot(tw.a, tw.s), 0
	tIn := tw.tIn
	if _, err := tw.inner.run([]float64{-tIn, tIn}, twoInnerWidth, twoInnerRelTol, math.Inf(1)); err != nil {
		return fmt.Errorf("the scale E|g(v)|: %w", err)
	}
	tw.gScale = tw.inner.scale
	return nil
}

// chooseHermite sets gh to the smallest Gauss–Hermite rule that agrees
// with adaptive panels on the inner expectation at the probe means, when g
// is smooth. The error of the rule is governed by the distance of g's
// complex singularities from the real axis in y, which does not depend on
// the mean, so agreement across the probes spanning [−a·T, a·T] stands
// for the means between them.
func (tw *twoInput) chooseHermite(T float64) error {
	if tw.s == 0 || len(tw.g.kinks) > 0 {
		return nil
	}
	type probe struct{ mu, v, abs float64 }
	var ps []probe
	for _, p := range innerHermiteProbes {
		mu := tw.a * T * p
		v, abs, _, _, err := tw.innerAt(mu)
		if err != nil {
			return err
		}
		ps = append(ps, probe{mu, v, abs})
	}
	for _, n := range innerHermiteSizes {
		r, err := hermiteRule(n)
		if err != nil {
			return err
		}
		worst := 0.0
		for _, p := range ps {
			v := tw.hermiteAt(&r, p.mu)
			d := math.Abs(v - p.v)
			if p.abs > 0 {
				d /= p.abs
			}
			worst = max(worst, d)
		}
		if worst <= innerHermiteTol {
			tw.gh, tw.ghRel = &r, innerHermiteTol
			return nil
		}
	}
	return nil
}

// hermiteAt returns Σ W·g(μ + s·X) for a Gauss–Hermite rule.
func (tw *twoInput) hermiteAt(r *quadrature.Rule, mu float64) float64 {
	n := len(r.X)
	tw.zs = grow(tw.zs, n)
	tw.gv = grow(tw.gv, n)
	for i, x := range r.X {
		tw.zs[i] = mu + tw.s*x
	}
	tw.g.prog.EvalSlice(tw.gv, tw.zs)
	sum := 0.0
	for i, w := range r.W {
		sum += w * tw.gv[i]
	}
	return sum
}

// innerAt returns E_Y[g(μ + s·Y)], E_Y|g(μ + s·Y)|, the estimated
// absolute error and the evaluations used.
func (tw *twoInput) innerAt(mu float64) (v, abs, err float64, evals int, e error) {
	if tw.s == 0 {
		x := tw.g.prog.Eval(mu)
		return x, math.Abs(x), 0, 1, nil
	}
	if tw.poly != nil {
		if v, abs, err, ok := tw.poly.inner(mu, tw.s); ok {
			return v, abs, err, len(tw.poly.parts), nil
		}
	}
	if tw.gh != nil {
		v := tw.hermiteAt(tw.gh, mu)
		abs := 0.0
		for i, w := range tw.gh.W {
			abs += w * math.Abs(tw.gv[i])
		}
		return v, abs, tw.ghRel * abs, len(tw.gh.W), nil
	}
	tw.mu = mu
	edges := append(tw.edges[:0], -tw.tIn)
	for _, k := range tw.g.kinks {
		if y := (k - mu) / tw.s; y > -tw.tIn && y < tw.tIn {
			edges = append(edges, y)
		}
	}
	// g's transition at v = 0, of width scale_g/s in y, as f's in the
	// outer integral (integrate).
	if w := tw.g.scale / tw.s; w < narrowFeature {
		edges = splitAround(edges, -mu/tw.s, w, -tw.tIn, tw.tIn)
		slices.Sort(edges[1:])
		edges = slices.Compact(edges)
	}
	edges = append(edges, tw.tIn)
	tw.edges = edges
	tw.inner.maxDepth = innerStrictDepth
	r, e := tw.inner.run(edges, twoInnerWidth, twoInnerRelTol, 0)
	tw.inner.maxDepth = maxPanelDepth
	if errors.Is(e, ErrNotConverged) {
		// Rounding in g (erf(x) + 1 far left) can keep a small inner
		// expectation from its relative tolerance; the outer integral
		// needs it only to a fraction of E|g|.
		n := r.Evals
		r, e = tw.inner.run(edges, twoInnerWidth, twoInnerRelTol, twoInnerRelTol*tw.gScale)
		r.Evals += n
	}
	if e != nil {
		return r.V, 0, r.AbsErr, r.Evals, fmt.Errorf("inner expectation at μ = %g, s = %g: %w", mu, tw.s, e)
	}
	return r.V, tw.inner.scale, r.AbsErr, r.Evals, nil
}

// innerPanel is the rule on nodes y: Σ w·g(μ + s·y).
func (tw *twoInput) innerPanel(ys, ws []float64) (sum, abs, extra float64, evals int, err error) {
	n := len(ys)
	tw.zs = grow(tw.zs, n)
	tw.gv = grow(tw.gv, n)
	for i, y := range ys {
		tw.zs[i] = tw.mu + tw.s*y
	}
	tw.g.prog.EvalSlice(tw.gv, tw.zs)
	for i, w := range ws {
		sum += w * tw.gv[i]
		abs += w * math.Abs(tw.gv[i])
	}
	return sum, abs, 0, n, nil
}

// outerPanel is the rule on nodes t: Σ w·f(su·t)·E_Y[g(a·t + s·Y)].
func (tw *twoInput) outerPanel(ts, ws []float64) (sum, abs, extra float64, evals int, err error) {
	n := len(ts)
	tw.fv = grow(tw.fv, n)
	tw.zo = grow(tw.zo, n)
	for i, t := range ts {
		tw.zo[i] = tw.su * t
	}
	// innerAt uses zs and gv, never fv.
	fv := tw.fv
	tw.f.prog.EvalSlice(fv, tw.zo)
	evals = n
	for i, t := range ts {
		if fv[i] == 0 {
			continue
		}
		in, inAbs, inErr, ne, e := tw.innerAt(tw.a * t)
		evals += ne
		if e != nil {
			return 0, 0, 0, evals, e
		}
		sum += ws[i] * fv[i] * in
		abs += ws[i] * math.Abs(fv[i]) * inAbs
		extra += ws[i] * math.Abs(fv[i]) * inErr
	}
	return sum, abs, extra, evals, nil
}

func grow(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}

// maxTwoInputEvals bounds the evaluations of f and g in one double
// integral of the two-input kernel (the outer rule's and all inner ones):
// a second or so. The test suite, exhaustive runs included, needs at most
// 2.8·10^6; the two-input iteration of x + 0.1·sin(3x) from (1, 1.2, 0.9)
// at C_b = 0.1, C_W = 1.5 needed 3·10^7 at K ≈ 6000 (layer 22), 1.5 s for
// one integral and 26 s for 26 layers.
const maxTwoInputEvals = 1 << 24

// bisect integrates h(t)·φ(t) over a list of pieces by adaptive bisection
// with a pair of Gauss–Legendre rules per panel, like
// (*Expectation).pieces; eval applies a rule whose weights include φ and
// returns Σ w·h, Σ w·|h|, an absolute error already present in h, and
// the evaluations used.
type bisect struct {
	rules [2]quadrature.Rule
	eval  func(t, w []float64) (sum, abs, extra float64, evals int, err error)
	tol   float64
	// maxDepth bounds the bisections of a first panel (maxPanelDepth
	// when 0).
	maxDepth int
	// maxEvals bounds the evaluations of a run, those of the rules that
	// eval runs included (unbounded when 0).
	maxEvals int
	scale    float64 // Σ of ∫|h|φ over the first panels
	total    Value
	t, w     []float64
	pts      []float64
	first    []bisectPair
}

type bisectPair struct{ lo, hi, abs, extra float64 }

// run integrates over [edges[0], edges[len−1]], never across an edge,
// starting from panels no wider than width, to the relative tolerance
// relTol of the integral of |h|φ or to the absolute tolerance absTol,
// whichever is larger.
func (b *bisect) run(edges []float64, width, relTol, absTol float64) (Value, error) {
	b.total = Value{}
	b.pts = b.pts[:0]
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		if !(hi > lo) {
			continue
		}
		m := int(math.Ceil((hi - lo) / width))
		for j := range m {
			b.pts = append(b.pts, lo+(hi-lo)*float64(j)/float64(m))
		}
	}
	if len(b.pts) == 0 {
		return b.total, nil
	}
	b.pts = append(b.pts, edges[len(edges)-1])
	b.first = b.first[:0]
	b.scale = 0
	for i := 0; i+1 < len(b.pts); i++ {
		p, err := b.pair(b.pts[i], b.pts[i+1])
		if err != nil {
			return b.total, err
		}
		b.first = append(b.first, p)
		b.scale += p.abs
	}
	b.tol = max(relTol*b.scale, absTol) / (edges[len(edges)-1] - edges[0])
	for i, p := range b.first {
		if err := b.integrate(b.pts[i], b.pts[i+1], 0, p); err != nil {
			return b.total, fmt.Errorf("on [%g, %g]: %w", b.pts[i], b.pts[i+1], err)
		}
	}
	b.total.AbsErr += 32 * epsilon * b.scale
	return b.total, nil
}

func (b *bisect) panel(r quadrature.Rule, lo, hi float64) (sum, abs, extra float64, err error) {
	n := len(r.X)
	b.t, b.w = grow(b.t, n), grow(b.w, n)
	half, mid := (hi-lo)/2, (lo+hi)/2
	for i, x := range r.X {
		t := mid + half*x
		b.t[i] = t
		b.w[i] = r.W[i] * half * math.Exp(-t*t/2) / math.Sqrt(2*math.Pi)
	}
	// eval may run another bisect, but never this one, so t and w are
	// not reused before it returns.
	sum, abs, extra, evals, err := b.eval(b.t, b.w)
	b.total.Evals += evals
	return sum, abs, extra, err
}

func (b *bisect) pair(lo, hi float64) (bisectPair, error) {
	l, _, _, err := b.panel(b.rules[0], lo, hi)
	if err != nil {
		return bisectPair{}, err
	}
	h, abs, extra, err := b.panel(b.rules[1], lo, hi)
	return bisectPair{l, h, abs, extra}, err
}

func (b *bisect) integrate(lo, hi float64, depth int, p bisectPair) error {
	if math.IsNaN(p.hi) || math.IsInf(p.hi, 0) {
		return fmt.Errorf("%w: the integrand is not finite on [%g, %g]", ErrUndefined, lo, hi)
	}
	maxDepth := b.maxDepth
	if maxDepth == 0 {
		maxDepth = maxPanelDepth
	}
	d := panelError(math.Abs(p.hi-p.lo), p.abs)
	if d <= b.tol*(hi-lo) || depth >= maxDepth && d <= 1e3*b.tol*(hi-lo) {
		b.total.V += p.hi
		b.total.AbsErr += d + p.extra
		return nil
	}
	if depth >= maxDepth {
		return fmt.Errorf("%w (no convergence near %g)", ErrNotConverged, (lo+hi)/2)
	}
	if b.maxEvals > 0 && b.total.Evals > b.maxEvals {
		return fmt.Errorf("%w: the double integral needs more than %d evaluations (near %g)", ErrTooManyEvals, b.maxEvals, (lo+hi)/2)
	}
	m := (lo + hi) / 2
	pl, err := b.pair(lo, m)
	if err != nil {
		return err
	}
	if err := b.integrate(lo, m, depth+1, pl); err != nil {
		return err
	}
	pr, err := b.pair(m, hi)
	if err != nil {
		return err
	}
	return b.integrate(m, hi, depth+1, pr)
}

var twoHermiteRules = map[int]quadrature.Rule{}

func hermiteRule(n int) (quadrature.Rule, error) {
	return cachedRule(twoHermiteRules, n, quadrature.GaussHermite)
}
