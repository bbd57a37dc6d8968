package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite/quadrature"
)

// CovRat is a 2×2 covariance [[K11, K12], [K12, K22]] with exact entries.
type CovRat struct{ K11, K12, K22 *big.Rat }

// float returns the covariance rounded to float64.
func (c CovRat) float() Cov {
	k11, _ := c.K11.Float64()
	k12, _ := c.K12.Float64()
	k22, _ := c.K22.Float64()
	return Cov{k11, k12, k22}
}

func (c CovRat) validate() error {
	if c.K11 == nil || c.K12 == nil || c.K22 == nil {
		return errors.New("the covariance has a nil entry")
	}
	if c.K11.Sign() <= 0 || c.K22.Sign() <= 0 {
		return fmt.Errorf("the covariance needs K11 > 0 and K22 > 0, got K11 = %s, K22 = %s", c.K11.RatString(), c.K22.RatString())
	}
	sq := new(big.Rat).Mul(c.K12, c.K12)
	if sq.Cmp(new(big.Rat).Mul(c.K11, c.K22)) > 0 {
		return fmt.Errorf("the covariance is not positive semidefinite: K12² = %s > K11·K22", sq.RatString())
	}
	return nil
}

// twoBigWidth bounds the width, in standard units, of the panels of both
// integrals of Expect2Digits; each panel's rule then doubles in size
// (bigPanelSizes) until its error estimate is small enough.
const twoBigWidth = 2

// Expect2Digits returns E[f(u)·g(v)], (u, v) ~ N(0, c), to digits
// significant digits; the entries of c are exact.
//
// It has the structure of Expect2: with u = √K11·X and
// v = a·X + s·Y (a = K12/√K11, s = √(K22 − K12²/K11)) for independent
// standard normal X and Y, the outer integral over X of
// f(u)·E_Y[g(a·X + s·Y)] and every inner integral over Y are cut where
// the integrand has fallen below 10^−(digits+4) of its centre, split at
// the kinks (of f, of g, and at the smoothed kinks of the inner
// expectation), cut into panels no wider than twoBigWidth, and integrated
// with big.Float Gauss–Legendre rules (digits+12 digits of working
// precision) that double in size per panel until the estimated error is
// below 10^−(digits+2) of E|f·g| (inner integrals: 10^−(digits+3) of
// their E_Y|g|). Kinks must be known exactly beyond 15 digits. For K12 = 0
// the result is E[f(u)]·E[g(v)]; for |ρ| = 1 (K12² = K11·K22) the inner
// expectation is g(a·X) itself and the integral is one-dimensional. A
// result whose estimated error exceeds half a unit in its last digit is a
// *calc.NotCertifiedError, a panel that does not converge an
// ErrNotConverged.
func Expect2Digits(f, g calc.Expr, c CovRat, digits int) (*big.Float, error) {
	if digits < 1 {
		return nil, fmt.Errorf("two-input expectation of %s and %s: digits must be at least 1, got %d", f, g, digits)
	}
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("two-input expectation of %s and %s: %w", f, g, err)
	}
	if c.K12.Sign() == 0 {
		return expect2Independent(f, g, c, digits)
	}
	v, err := expect2Digits(f, g, c, digits, 0)
	if err != nil {
		return nil, fmt.Errorf("two-input expectation of %s and %s at K11 = %s, K12 = %s, K22 = %s: %w", f, g, c.K11.RatString(), c.K12.RatString(), c.K22.RatString(), err)
	}
	return v, nil
}

// expect2Independent returns E[f(u)]·E[g(v)] for independent u and v,
// each factor to two more digits than the product needs.
func expect2Independent(f, g calc.Expr, c CovRat, digits int) (*big.Float, error) {
	ef, err := ExpectDigits(f, c.K11, digits+2)
	if err != nil {
		return nil, fmt.Errorf("two-input expectation of %s and %s with K12 = 0: %w", f, g, err)
	}
	eg, err := ExpectDigits(g, c.K22, digits+2)
	if err != nil {
		return nil, fmt.Errorf("two-input expectation of %s and %s with K12 = 0: %w", f, g, err)
	}
	prec := calc.BitsForDigits(digits+12) + 16
	return new(big.Float).SetPrec(prec).Mul(ef, eg), nil
}

// twoInputBig is one two-input expectation at high precision in progress.
type twoInputBig struct {
	f, g     *integrand
	prec     uint
	su, a, s *big.Float // u = su·t, v = a·t + s·y
	degen    bool       // s = 0 exactly
	tIn      float64    // inner cut: y ∈ [−tIn, tIn]
	innerRel float64    // relative tolerance of the inner integrals
	gKinks   []*big.Float
	rules    map[int]*quadrature.BigRule
	innerPts []*big.Float // fixed inner panels when g has no kinks
	norm     *big.Float   // √(2π)
	evals    int
}

// expect2Digits computes the expectation with the tolerances and working
// precision raised by extra digits.
func expect2Digits(f, g calc.Expr, c CovRat, digits, extra int) (*big.Float, error) {
	D := digits + extra
	prec := calc.BitsForDigits(D+12) + 16
	tw, err := newTwoInputBig(f, g, c, prec, digits)
	if err != nil {
		return nil, err
	}
	logTol := float64(D+4)*math.Ln10 + 8
	T, err := tw.cuts(c, logTol)
	if err != nil {
		return nil, err
	}
	tw.innerRel = math.Pow(10, -float64(D+3))
	if !tw.degen && len(tw.gKinks) == 0 {
		tw.innerPts = panelPoints([]*big.Float{tw.bf(-tw.tIn), tw.bf(tw.tIn)}, twoBigWidth, prec)
	}
	edges, err := tw.outerEdges(T, digits)
	if err != nil {
		return nil, err
	}
	pts := panelPoints(edges, twoBigWidth, prec)
	res, err := tw.integrate(pts, math.Pow(10, -float64(D+2)), true, tw.outerPanel)
	if err != nil {
		return nil, err
	}
	errSum := res.err + float64(tw.evals)*math.Ldexp(res.scale, 4-int(prec))
	sum := res.v
	if math.Abs(bigToFloat(sum)) <= errSum && errSum <= math.Pow(10, -float64(digits))*res.scale {
		return new(big.Float).SetPrec(prec), nil // zero to within 10^−digits·E|f·g|
	}
	limit := 0.5 * math.Pow(10, -float64(digits)) * math.Abs(bigToFloat(sum))
	if errSum > limit && math.Abs(bigToFloat(sum)) > errSum && extra == 0 {
		// A value far below E|f·g|: ask for as many more digits as it is
		// smaller.
		more := int(math.Ceil(math.Log10(res.scale/math.Abs(bigToFloat(sum))))) + 2
		if more > 0 && more <= maxExtraDigits {
			return expect2Digits(f, g, c, digits, more)
		}
	}
	if errSum > limit {
		return nil, &calc.NotCertifiedError{Digits: digits, X: "(K11, K12, K22)", Last: fmt.Sprintf("%s with an estimated error of %.3g", sum.Text('g', 12), errSum)}
	}
	return sum, nil
}

func newTwoInputBig(f, g calc.Expr, c CovRat, prec uint, digits int) (*twoInputBig, error) {
	ins, err := newIntegrands(f, g)
	if err != nil {
		return nil, err
	}
	fi, gi := ins[0], ins[1]
	tw := &twoInputBig{f: fi, g: gi, prec: prec, rules: map[int]*quadrature.BigRule{}, norm: sqrt2Pi(prec)}
	rat := func(r *big.Rat) *big.Float { return new(big.Float).SetPrec(prec).SetRat(r) }
	if tw.su, err = bigmath.Sqrt(prec, rat(c.K11)); err != nil {
		return nil, err
	}
	tw.a = rat(c.K12)
	tw.a.Quo(tw.a, tw.su)
	// s² = K22 − K12²/K11, exactly.
	s2 := new(big.Rat).Mul(c.K12, c.K12)
	s2.Quo(s2, c.K11)
	s2.Sub(c.K22, s2)
	tw.degen = s2.Sign() == 0
	if tw.s, err = bigmath.Sqrt(prec, rat(s2)); err != nil {
		return nil, err
	}
	for i, k := range gi.kinks {
		ex := gi.exact[i]
		if ex == nil {
			if digits > 15 {
				return nil, fmt.Errorf("the kink of g at x ≈ %.17g was found numerically and is known only to float64 accuracy: %d digits cannot be certified", k, digits)
			}
			ex = new(big.Rat).SetFloat64(k)
		}
		tw.gKinks = append(tw.gKinks, rat(ex))
	}
	return tw, nil
}

func (tw *twoInputBig) bf(x float64) *big.Float { return new(big.Float).SetPrec(tw.prec).SetFloat64(x) }

// cuts sets the inner cut tIn and returns the outer cut T: the integrand
// f(su·t)·E_Y[g(a·t + s·Y)]·φ(t), evaluated in float64, has fallen below
// e^(−logTol) of its size near the centre beyond ±T.
func (tw *twoInputBig) cuts(c CovRat, logTol float64) (float64, error) {
	cf := c.float()
	tf, err := tw.f.tailCut(cf.K11, logTol)
	if err != nil {
		return 0, fmt.Errorf("f at K11 = %g: %w", cf.K11, err)
	}
	tg, err := tw.g.tailCut(cf.K22, logTol)
	if err != nil {
		return 0, fmt.Errorf("g at K22 = %g: %w", cf.K22, err)
	}
	tw.tIn = tg
	fl, err := newTwoInput(tw.f.expr, tw.g.expr, cf)
	if err != nil {
		return 0, err
	}
	fl.tIn = tg
	if tw.degen {
		fl.s = 0
	}
	if err := fl.setGScale(); err != nil {
		return 0, err
	}
	return fl.outerCut(max(tf, tg), logTol)
}

// outerEdges returns −T, the kinks of f in t = u/√K11, the kinks of g in
// t = v/a with the near-kink offsets of Expect2, and T, ascending.
func (tw *twoInputBig) outerEdges(T float64, digits int) ([]*big.Float, error) {
	prec := tw.prec
	edges := []*big.Float{tw.bf(-T), tw.bf(T)}
	for i, z := range tw.f.kinks {
		ex := tw.f.exact[i]
		if ex == nil {
			if digits > 15 {
				return nil, fmt.Errorf("the kink of f at x ≈ %.17g was found numerically and is known only to float64 accuracy: %d digits cannot be certified", z, digits)
			}
			ex = new(big.Rat).SetFloat64(z)
		}
		t := new(big.Float).SetPrec(prec).SetRat(ex)
		edges = append(edges, t.Quo(t, tw.su))
	}
	if tw.a.Sign() != 0 {
		w := new(big.Float).SetPrec(prec).Quo(tw.s, tw.a)
		w.Abs(w)
		for _, k := range tw.gKinks {
			tk := new(big.Float).SetPrec(prec).Quo(k, tw.a)
			edges = append(edges, tk)
			if tw.s.Sign() > 0 && bigToFloat(w) < 1 {
				for _, m := range nearKinkOffsets {
					e := new(big.Float).SetPrec(prec).Mul(w, big.NewFloat(m))
					edges = append(edges, e.Add(e, tk))
				}
			}
		}
	}
	lo, hi := edges[0], edges[1]
	edges = slices.DeleteFunc(edges, func(t *big.Float) bool { return t.Cmp(lo) < 0 || t.Cmp(hi) > 0 })
	slices.SortFunc(edges, func(x, y *big.Float) int { return x.Cmp(y) })
	return slices.CompactFunc(edges, func(x, y *big.Float) bool { return x.Cmp(y) == 0 }), nil
}

// panelPoints cuts every piece between consecutive edges into equal
// panels no wider than width and returns their end points.
func panelPoints(edges []*big.Float, width float64, prec uint) []*big.Float {
	var pts []*big.Float
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		d := new(big.Float).SetPrec(prec).Sub(hi, lo)
		if d.Sign() <= 0 {
			continue
		}
		m := int(math.Ceil(bigToFloat(d) / width))
		for j := range m {
			p := new(big.Float).SetPrec(prec).Mul(d, big.NewFloat(float64(j)/float64(m)))
			pts = append(pts, p.Add(p, lo))
		}
	}
	if len(edges) > 0 && len(pts) > 0 {
		pts = append(pts, edges[len(edges)-1])
	}
	return pts
}

// bigResult is an integral at high precision: its value, the estimated
// absolute error and the integral of the absolute integrand.
type bigResult struct {
	v          *big.Float
	err, scale float64
}

// bigPanelEval applies a rule whose weights include φ: it returns Σ w·h,
// Σ w·|h| and an absolute error already present in h.
type bigPanelEval func(t, w []*big.Float) (sum *big.Float, abs, extra float64, err error)

// rule returns the n-point Gauss–Legendre rule at the working precision.
func (tw *twoInputBig) rule(n int) (*quadrature.BigRule, error) {
	if r, ok := tw.rules[n]; ok {
		return r, nil
	}
	r, err := quadrature.GaussLegendreBig(n, tw.prec)
	if err != nil {
		return nil, err
	}
	tw.rules[n] = r
	return r, nil
}

// nodes returns the n-point rule on [a, b] with φ folded into the weights;
// cached panels go through bigPanelNodes.
func (tw *twoInputBig) nodes(a, b *big.Float, n int, cached bool) (bigGaussPanel, error) {
	if cached {
		return bigPanelNodes(a, b, n, tw.prec)
	}
	prec := tw.prec
	r, err := tw.rule(n)
	if err != nil {
		return bigGaussPanel{}, err
	}
	half := new(big.Float).SetPrec(prec).Sub(b, a)
	half.Quo(half, big.NewFloat(2))
	mid := new(big.Float).SetPrec(prec).Add(a, b)
	mid.Quo(mid, big.NewFloat(2))
	p := bigGaussPanel{t: make([]*big.Float, n), w: make([]*big.Float, n)}
	g := new(big.Float).SetPrec(prec)
	for i, x := range r.X {
		t := new(big.Float).SetPrec(prec).Mul(half, x)
		t.Add(t, mid)
		g.Mul(t, t)
		g.Quo(g, big.NewFloat(-2))
		w := new(big.Float).SetPrec(prec).Mul(r.W[i], half)
		w.Mul(w, bigmath.Exp(prec, g))
		p.t[i], p.w[i] = t, w.Quo(w, tw.norm)
	}
	return p, nil
}

// integrate integrates over the panels between consecutive pts. Every
// panel gets the first two sizes of bigPanelSizes; the sum of their
// Σ w·|h| is the scale, and a panel whose error estimate (panelError, plus
// the error carried by h) exceeds relTol·scale in proportion to its width
// gets the next size, up to the largest.
func (tw *twoInputBig) integrate(pts []*big.Float, relTol float64, cached bool, eval bigPanelEval) (bigResult, error) {
	res := bigResult{v: new(big.Float).SetPrec(tw.prec)}
	if len(pts) < 2 {
		return res, nil
	}
	type state struct {
		prev, cur  *big.Float
		abs, extra float64
		level      int
	}
	apply := func(i, level int) (*big.Float, float64, float64, error) {
		p, err := tw.nodes(pts[i], pts[i+1], bigPanelSizes[level], cached)
		if err != nil {
			return nil, 0, 0, err
		}
		return eval(p.t, p.w)
	}
	panels := make([]state, len(pts)-1)
	for i := range panels {
		lo, _, _, err := apply(i, 0)
		if err != nil {
			return res, err
		}
		hi, abs, extra, err := apply(i, 1)
		if err != nil {
			return res, err
		}
		panels[i] = state{lo, hi, abs, extra, 1}
		res.scale += abs
	}
	length := bigToFloat(new(big.Float).Sub(pts[len(pts)-1], pts[0]))
	tol := relTol * res.scale / length
	for i := range panels {
		p := &panels[i]
		width := bigToFloat(new(big.Float).Sub(pts[i+1], pts[i]))
		for {
			d := math.Abs(bigToFloat(new(big.Float).Sub(p.cur, p.prev)))
			est := panelError(d, p.abs) + p.extra
			if math.IsNaN(est) || math.IsInf(est, 0) {
				return res, fmt.Errorf("%w: the integrand is not finite on [%s, %s]", ErrUndefined, pts[i].Text('g', 10), pts[i+1].Text('g', 10))
			}
			if est <= tol*width {
				res.v.Add(res.v, p.cur)
				res.err += est
				break
			}
			if p.level+1 >= len(bigPanelSizes) {
				return res, fmt.Errorf("%w: the panel [%s, %s] did not converge with %d nodes (estimated error %.3g)", ErrNotConverged, pts[i].Text('g', 10), pts[i+1].Text('g', 10), bigPanelSizes[p.level], est)
			}
			p.level++
			cur, abs, extra, err := apply(i, p.level)
			if err != nil {
				return res, err
			}
			p.prev, p.cur, p.abs, p.extra = p.cur, cur, abs, extra
		}
	}
	return res, nil
}

// innerAt returns E_Y[g(μ + s·Y)], E_Y|g(μ + s·Y)| and the estimated
// absolute error.
func (tw *twoInputBig) innerAt(mu *big.Float) (*big.Float, float64, float64, error) {
	if tw.degen {
		v, err := tw.g.big.Eval(mu, tw.prec)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("%w: %v", ErrUndefined, err)
		}
		tw.evals++
		return v, math.Abs(bigToFloat(v)), 0, nil
	}
	pts := tw.innerPts
	if pts == nil {
		edges := []*big.Float{tw.bf(-tw.tIn)}
		for _, k := range tw.gKinks {
			y := new(big.Float).SetPrec(tw.prec).Sub(k, mu)
			y.Quo(y, tw.s)
			if yf := bigToFloat(y); yf > -tw.tIn && yf < tw.tIn {
				edges = append(edges, y)
			}
		}
		edges = append(edges, tw.bf(tw.tIn))
		pts = panelPoints(edges, twoBigWidth, tw.prec)
	}
	z := new(big.Float).SetPrec(tw.prec)
	eval := func(ys, ws []*big.Float) (*big.Float, float64, float64, error) {
		sum := new(big.Float).SetPrec(tw.prec)
		abs := 0.0
		for i, y := range ys {
			z.Mul(tw.s, y)
			z.Add(z, mu)
			gv, err := tw.g.big.Eval(z, tw.prec)
			if err != nil {
				return nil, 0, 0, fmt.Errorf("%w: %v", ErrUndefined, err)
			}
			gv.Mul(gv, ws[i])
			sum.Add(sum, gv)
			abs += math.Abs(bigToFloat(gv))
		}
		tw.evals += len(ys)
		return sum, abs, 0, nil
	}
	r, err := tw.integrate(pts, tw.innerRel, tw.innerPts != nil, eval)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("inner expectation at μ = %s: %w", mu.Text('g', 10), err)
	}
	return r.v, r.scale, r.err, nil
}

// outerPanel is the rule on nodes t: Σ w·f(su·t)·E_Y[g(a·t + s·Y)].
func (tw *twoInputBig) outerPanel(ts, ws []*big.Float) (*big.Float, float64, float64, error) {
	sum := new(big.Float).SetPrec(tw.prec)
	abs, extra := 0.0, 0.0
	z := new(big.Float).SetPrec(tw.prec)
	for i, t := range ts {
		z.Mul(tw.su, t)
		fv, err := tw.f.big.Eval(z, tw.prec)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("%w: %v", ErrUndefined, err)
		}
		tw.evals++
		if fv.Sign() == 0 {
			continue
		}
		mu := new(big.Float).SetPrec(tw.prec).Mul(tw.a, t)
		in, inAbs, inErr, err := tw.innerAt(mu)
		if err != nil {
			return nil, 0, 0, err
		}
		fv.Mul(fv, ws[i])
		wf := math.Abs(bigToFloat(fv))
		sum.Add(sum, fv.Mul(fv, in))
		abs += wf * inAbs
		extra += wf * inErr
	}
	return sum, abs, extra, nil
}
