package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// bigQuad is the arbitrary-precision quadrature of one or more integrands
// at the same K on shared nodes: one program computes all integrands at a
// node, so what they share (σ and σ' in σ², σ'², zσσ', …) is evaluated
// once. The line is cut at the widest of the integrands' tail cuts and
// split at the union of their kinks; each integrand's float64 partition of
// these pieces is computed, and their common refinement is the set of
// panels, on which Gauss–Legendre rules of doubling size (bigPanelSizes)
// run until every integrand's estimated panel error is within its
// tolerance. Panels are integrated in parallel and summed in a fixed
// order, so results do not depend on the number of cores. Integrands
// without kinks take the trapezoidal path first (see bigtrap.go), whose
// nodes do not move with K; the panels are its fallback.
type bigQuad struct {
	ins       []*integrand
	prog      *calc.BigProgram     // outputs parallel ins
	kinks     []float64            // union of the kinks, ascending
	branches  []float64            // the kinks that are branch points, ascending
	exact     map[float64]*big.Rat // exact location of a kink, where known
	plans     planCache            // the partitions and rules of recent calls
	trapGrids trapGrids            // the values at the trapezoidal nodes, per precision
	trapSteps trapSteps            // the steps at which the trapezoidal sums converged

	widthMu sync.Mutex
	widths  map[planKey]*widthEntry // featureWidth per factor 16 of K
}

func newBigQuad(ins []*integrand) *bigQuad {
	q := &bigQuad{ins: ins, exact: map[float64]*big.Rat{}}
	es := make([]calc.Expr, len(ins))
	for i, in := range ins {
		es[i] = in.expr
		for j, k := range in.kinks {
			q.kinks = insertSorted(q.kinks, k)
			if in.exact[j] != nil {
				q.exact[k] = in.exact[j]
			}
		}
		for _, z := range in.branches {
			q.branches = insertSorted(q.branches, z)
		}
	}
	q.prog = calc.CompileBigMany(es...)
	return q
}

// at returns the expectations at the exact variance K > 0, each to digits
// significant digits (or 0 when it is zero to within 10^−digits of its
// scale E|F|).
func (q *bigQuad) at(K *big.Rat, digits int) ([]*big.Float, error) {
	return q.atSharing(K, digits, digits)
}

// atSharing is at with the integrands' values at the trapezoidal nodes
// computed for valueDigits ≥ digits, so that a call for valueDigits at the
// same K finds them.
func (q *bigQuad) atSharing(K *big.Rat, digits, valueDigits int) ([]*big.Float, error) {
	vals, more, err := q.atExtra(K, digits, 0, valueDigits)
	if err != nil {
		return nil, err
	}
	if more > 0 {
		// A value far below its scale: redo all with as many more digits.
		vals, _, err = q.atExtra(K, digits, more, valueDigits)
	}
	return vals, err
}

// workingBits returns the precision at which values to digits significant
// digits are computed: 12 guard digits and 16 bits more.
func workingBits(digits int) uint { return calc.BitsForDigits(digits+12) + 16 }

// minScale is the smallest E|F| whose float64 partition and tolerances
// are trusted: far enough above the subnormals that the panel sums and
// their error estimates keep their digits.
const minScale = 1e-280

// ErrUnderflow is the cause of an error for an expectation whose size is
// below the float64 range in which the partition of the line is computed
// (a high-degree moment at a tiny K).
var ErrUnderflow = errors.New("the expectation underflows float64")

// maxExtraDigits bounds the extra working digits spent on a value much
// smaller than E|F| (a mean that nearly cancels).
const maxExtraDigits = 300

// atExtra computes the expectations with the quadrature tolerance and the
// working precision raised by extra digits beyond what digits of E|F|
// need. When extra is 0 and a value is too small relative to its scale to
// be certified, it returns the number of extra digits that would certify
// it instead of an error. Smooth integrands are summed by the trapezoidal
// rule where it converges, from values computed for valueDigits ≥ digits
// and with its step bounded by the float64 partition for valueDigits, on
// the panels otherwise.
func (q *bigQuad) atExtra(K *big.Rat, digits, extra, valueDigits int) ([]*big.Float, int, error) {
	prec := workingBits(digits + extra)
	Kf, _ := K.Float64()
	if len(q.kinks) == 0 {
		if r, ok := q.trapezoid(K, Kf, digits, valueDigits, extra); ok {
			return q.certify(r.sums, r.errs, r.evals, r.scales, prec, digits, extra)
		}
	}
	return q.panelsAt(K, Kf, digits, extra, prec)
}

// panelsAt is atExtra on the Gauss–Legendre panels of the float64
// partition (or of the plan of an earlier call at the same float64 K).
func (q *bigQuad) panelsAt(K *big.Rat, Kf float64, digits, extra int, prec uint) ([]*big.Float, int, error) {
	key := planKey{K: Kf, digits: digits, extra: extra}
	pl := q.plans.get(key)
	if pl == nil {
		var err error
		if pl, err = q.partition(K, Kf, digits, extra); err != nil {
			return nil, 0, err
		}
	}
	T, zs, fracs, scales := pl.T, pl.zs, pl.fracs, pl.scales
	edges, err := q.bigEdges(K, T, zs, prec, digits)
	if err != nil {
		return nil, 0, err
	}
	sqrtK, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(K))
	if err != nil {
		return nil, 0, err
	}
	var panels []bigSpan
	for p, fs := range fracs {
		for j := 1; j < len(fs); j++ {
			a := lerp(edges[p], edges[p+1], fs[j-1], prec)
			b := lerp(edges[p], edges[p+1], fs[j], prec)
			w, _ := new(big.Float).Sub(b, a).Float64()
			panels = append(panels, bigSpan{a: a, b: b, w: w})
		}
	}
	q.markBranches(panels, zs, fracs)
	tols := make([]float64, len(q.ins))
	for i := range tols {
		tols[i] = math.Pow(10, -float64(digits+extra+2)) * scales[i] / (2 * T)
	}
	res := q.panels(sqrtK, panels, prec, tols, T, pl.rules)

	if pl.rules == nil && !failed(res) {
		rules := make([]panelRule, len(res))
		for j, r := range res {
			rules[j] = panelRule{size: r.size, est: r.est}
		}
		q.plans.put(key, &quadPlan{T: T, zs: zs, fracs: fracs, scales: scales, rules: rules})
	}
	sums := make([]*big.Float, len(q.ins))
	errs := make([]float64, len(q.ins))
	for i := range sums {
		sums[i] = new(big.Float).SetPrec(prec)
	}
	evals := 0
	for _, r := range res {
		if r.err != nil {
			return nil, 0, r.err
		}
		for i := range sums {
			sums[i].Add(sums[i], r.sum[i])
			errs[i] += r.est[i]
		}
		evals += r.evals
	}
	return q.certify(sums, errs, evals, scales, prec, digits, extra)
}

// certify turns the quadrature sums, their estimated errors and the number
// of terms into the values atExtra returns (see there): a value within its
// error of 0 at 10^−digits of its scale is 0, a value too small against
// its scale asks for more digits, and one whose error exceeds half a unit
// of its last digit is not certified.
func (q *bigQuad) certify(sums []*big.Float, errs []float64, evals int, scales []float64, prec uint, digits, extra int) ([]*big.Float, int, error) {
	out := make([]*big.Float, len(q.ins))
	more := 0
	for i, in := range q.ins {
		// Rounding: every term carries a relative error of a few units of
		// 2^−prec, so the sum is off by at most evals·2^(4−prec)·E|F|.
		e := errs[i] + float64(evals)*math.Ldexp(scales[i], 4-int(prec))
		v := math.Abs(bigToFloat(sums[i]))
		if v <= e && e <= math.Pow(10, -float64(digits))*scales[i] {
			out[i] = new(big.Float).SetPrec(prec) // zero to within 10^−digits·E|F|
			continue
		}
		limit := 0.5 * math.Pow(10, -float64(digits)) * v
		if e > limit && v > e && extra == 0 {
			// A nonzero value far below E|F|: ask for as many more digits
			// as it is smaller.
			if m := int(math.Ceil(math.Log10(scales[i]/v))) + 2; m > 0 && m <= maxExtraDigits {
				more = max(more, m)
				continue
			}
		}
		if e > limit {
			return nil, 0, q.wrap(in, &calc.NotCertifiedError{Digits: digits, X: "K", Last: fmt.Sprintf("%s with an estimated error of %.3g", sums[i].Text('g', 12), e)})
		}
		out[i] = sums[i]
	}
	return out, more, nil
}

// partition computes what the quadrature at K needs before any
// high-precision work: the tail cut T, the kinks zs inside it, each piece's
// panels as dyadic fractions (the common refinement of the integrands'
// float64 partitions) and each integrand's scale E|F|. All of it depends
// on K only through its float64 value Kf.
func (q *bigQuad) partition(K *big.Rat, Kf float64, digits, extra int) (*quadPlan, error) {
	T := 0.0
	for _, in := range q.ins {
		t, err := in.tailCut(Kf, float64(digits+extra+4)*math.Ln10+8)
		if err != nil {
			return nil, q.wrap(in, err)
		}
		T = max(T, t)
	}
	var bps, zs []float64 // the kinks inside the cut, in t = z/√K and in z
	sk := math.Sqrt(Kf)
	for _, z := range q.kinks {
		if t := z / sk; t > -T && t < T {
			bps, zs = append(bps, t), append(zs, z)
		}
	}
	// Each integrand's float64 partition, computed in parallel; the panels
	// are their common refinement, as dyadic fractions of each piece,
	// merged in the order of the integrands.
	ads := make([]*adaptive, len(q.ins))
	errs := make([]error, len(q.ins))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(q.ins)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(q.ins) {
					return
				}
				ads[i], errs[i] = (&Expectation{in: q.ins[i]}).pieces(Kf, T, bps)
			}
		}()
	}
	wg.Wait()
	scales := make([]float64, len(q.ins))
	var fracs [][]float64
	for i, in := range q.ins {
		ad, err := ads[i], errs[i]
		if err != nil {
			return nil, q.wrap(in, fmt.Errorf("partitioning the line in float64: %w", err))
		}
		scales[i] = ad.scale[0]
		for _, sp := range ad.accepted {
			for len(fracs) <= sp.piece {
				fracs = append(fracs, []float64{0, 1})
			}
			fracs[sp.piece] = append(fracs[sp.piece], sp.lo, sp.hi)
		}
	}
	for i, in := range q.ins {
		if r, ok := in.expr.Rat(); ok && r.Sign() == 0 {
			continue // F ≡ 0: its expectation is exactly 0
		}
		if !(scales[i] >= minScale) {
			return nil, q.wrap(in, fmt.Errorf("%w: E|F| = %.3g at K = %s is below the float64 range the partition of the line is built in", ErrUnderflow, scales[i], RatG(K)))
		}
	}
	for p, fs := range fracs {
		slices.Sort(fs)
		fracs[p] = slices.Compact(fs)
	}
	q.splitBranchPieces(zs, fracs)
	return &quadPlan{T: T, zs: zs, fracs: fracs, scales: scales}, nil
}

// wrap names the integrand an error is about, when there are several.
func (q *bigQuad) wrap(in *integrand, err error) error {
	if len(q.ins) == 1 {
		return err
	}
	return fmt.Errorf("expectation of %s: %w", exprName(in.expr), err)
}

// bigSpan is a panel [a, b] of width w; branch is −1 or 1 when its left
// or right end is a branch point (branchPanel), 0 otherwise.
type bigSpan struct {
	a, b   *big.Float
	w      float64
	branch int
}

// panelResult is one panel's integrals, error estimates and node count,
// and the size of the rule that gave the integrals.
type panelResult struct {
	sum   []*big.Float
	est   []float64
	evals int
	size  int
	err   error
}

// panels integrates every panel, in parallel; the results are in panel
// order. tols are the tolerances per unit of width on the cut [−T, T]. A
// panel that ends at a branch point is halved towards it (branchPanel);
// with rules (one per panel, from a plan), each other panel is integrated
// with its known rule only.
func (q *bigQuad) panels(sqrtK *big.Float, ps []bigSpan, prec uint, tols []float64, T float64, rules []panelRule) []panelResult {
	res := make([]panelResult, len(ps))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j := int(next.Add(1)) - 1
				if j >= len(ps) {
					return
				}
				switch {
				case ps[j].branch != 0:
					res[j] = q.branchPanel(sqrtK, ps[j], prec, tols, T)
				case rules != nil:
					res[j] = q.panelWith(sqrtK, ps[j], prec, rules[j])
				default:
					res[j] = q.panel(sqrtK, ps[j], prec, tols)
				}
			}
		}()
	}
	wg.Wait()
	return res
}

// panel integrates every F_i(√K t)φ(t) over one panel with Gauss–Legendre
// rules of growing size until each integrand's estimated error is below
// tols[i] times the panel's width.
func (q *bigQuad) panel(sqrtK *big.Float, p bigSpan, prec uint, tols []float64) panelResult {
	n := len(q.ins)
	var prev []*big.Float
	r := panelResult{est: make([]float64, n)}
	for _, size := range bigPanelSizes {
		sum, abs, err := q.rule(sqrtK, p, prec, size)
		if err != nil {
			r.err = err
			return r
		}
		r.evals += size
		if prev != nil {
			ok := true
			for i := range sum {
				d := bigToFloat(new(big.Float).Sub(sum[i], prev[i]))
				r.est[i] = panelError(math.Abs(d), bigToFloat(abs[i]))
				ok = ok && r.est[i] <= tols[i]*p.w
			}
			if ok {
				r.sum, r.size = sum, size
				return r
			}
		}
		prev = sum
	}
	r.err = fmt.Errorf("%w: a panel did not converge with %d nodes%s", ErrNotConverged, bigPanelSizes[len(bigPanelSizes)-1], branchNote(": fewer digits may be reachable", q.ins...))
	return r
}

// bigEdges returns −T, the kinks zs (ascending, inside the cut) in
// t = z/√K, and T at precision prec, or −T, 0, T for smooth integrands, as
// Expectation.pieces splits the line.
func (q *bigQuad) bigEdges(K *big.Rat, T float64, zs []float64, prec uint, digits int) ([]*big.Float, error) {
	edges := []*big.Float{new(big.Float).SetPrec(prec).SetFloat64(-T)}
	sk, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(K))
	if err != nil {
		return nil, err
	}
	for _, z := range zs {
		ex := q.exact[z]
		if ex == nil {
			if digits > 15 {
				return nil, fmt.Errorf("the kink at x ≈ %.17g was found numerically and is known only to float64 accuracy: %d digits cannot be certified", z, digits)
			}
			ex = new(big.Rat).SetFloat64(z)
		}
		v := new(big.Float).SetPrec(prec).SetRat(ex)
		edges = append(edges, v.Quo(v, sk))
	}
	if len(zs) == 0 {
		edges = append(edges, new(big.Float).SetPrec(prec))
	}
	return append(edges, new(big.Float).SetPrec(prec).SetFloat64(T)), nil
}

// rule integrates every F_i(√K t)φ(t) over the panel with the size-point
// Gauss–Legendre rule, and ∫|F_i|φ with it.
func (q *bigQuad) rule(sqrtK *big.Float, p bigSpan, prec uint, size int) (sum, abs []*big.Float, err error) {
	pn, err := bigPanelNodes(p.a, p.b, size, prec)
	if err != nil {
		return nil, nil, err
	}
	n := len(q.ins)
	sum = make([]*big.Float, n)
	abs = make([]*big.Float, n)
	for i := range sum {
		sum[i] = new(big.Float).SetPrec(prec)
		abs[i] = new(big.Float).SetPrec(prec)
	}
	z := new(big.Float).SetPrec(prec)
	for k, t := range pn.t {
		z.Mul(sqrtK, t)
		vs, err := q.prog.EvalAll(z, prec)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrUndefined, err)
		}
		for i, v := range vs {
			v.Mul(v, pn.w[k])
			addBig(sum[i], v)
			addBig(abs[i], v.Abs(v))
		}
	}
	return sum, abs, nil
}

// addBig sets s = s + v, except that a term below 2^−(prec+64) of the
// other is dropped: big.Float aligns its operands by shifting the larger
// by the whole exponent gap, which in the tails of a wide Gaussian (terms
// 10^−300000 beside terms of order 1 at K = 1e10) costs a shift of a
// million bits per addition. The dropped part is below 2^−(prec+55) of the
// sum over a panel's nodes, far under the rounding of the sum itself.
func addBig(s, v *big.Float) {
	if s.Sign() != 0 && v.Sign() != 0 {
		gap := s.MantExp(nil) - v.MantExp(nil)
		limit := int(s.Prec()) + 64
		switch {
		case gap > limit:
			return
		case -gap > limit:
			s.Set(v)
			return
		}
	}
	s.Add(s, v)
}

// panelWith integrates one panel with the rule a plan found sufficient:
// its size and the error estimates it had there.
func (q *bigQuad) panelWith(sqrtK *big.Float, p bigSpan, prec uint, pr panelRule) panelResult {
	sum, _, err := q.rule(sqrtK, p, prec, pr.size)
	return panelResult{sum: sum, est: pr.est, evals: pr.size, size: pr.size, err: err}
}

// failed reports whether a panel's integration failed.
func failed(res []panelResult) bool {
	for _, r := range res {
		if r.err != nil {
			return true
		}
	}
	return false
}
