package hermite

import (
	"math"
	"sync"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// ghAnchorPoints is the number of scales s = √K at which an anchor
// evaluates σ: Chebyshev points of the first kind, an odd number so that
// the middle one is the anchor's own scale (ghAnchor.moments sums the
// five by name).
const ghAnchorPoints = 5

// ghAnchorGap is how close, relative to K, a variance must come to the
// last one a level computed afresh for GHAnchors to make an anchor
// there: the variances of an iteration that moves by less than this a
// call are converging, and those to come stay near.
const ghAnchorGap = 1e-4

// ghAnchorWidth is the half-width H of an anchor's interval relative to
// its scale s₀: three times the gap, so that the variances still to come
// of a diagonal whose steps at least halve from one layer to the next
// fall inside, and small enough that the estimate of the interpolation's error
// is below ghAnchorTol over most of it (about 10⁻¹⁶ of √Ê[σ²] for tanh
// at K = 1/2 in the middle of the interval, 10⁻¹⁵ at H = 10⁻³·s₀).
const ghAnchorWidth = 3 * ghAnchorGap

// ghAnchorMax is the most anchors GHAnchors makes at one level.
const ghAnchorMax = 3

// ghAnchorTol is the largest estimated error of interpolated values that
// GHAnchors accepts, in units of √Ê[σ²] at the anchor, in the weighted
// norm (Σ w·δ²)^½ over a rule's ± nodes: a few units of rounding, that of
// σ's own evaluation and of the interpolation's sums.
const ghAnchorTol = 4 * ghUnit

// GHAnchors gives the moments of σ(√K·X) for the variances an iteration
// visits by interpolation in the scale s = √K: an anchor holds the
// values of σ at the nodes of a level's rules, and their moments, at
// ghAnchorPoints Chebyshev points s_p of an interval [s₀ − H, s₀ + H],
// and the values at a scale s inside it are Σ_p ℓ_p(s)·σ(s_p·x) (ℓ_p
// Lagrange's basis), whose moments are the same sums of the points'
// moments, since a rule's moments are linear in the values. The error of
// the interpolated values is estimated by the last term of Newton's form
// of the interpolant (the divided difference of all the points times
// the product of s − s_q over all but the nearest: the error of the
// interpolant of one degree less), and an anchor answers only where that
// estimate is within ghAnchorTol; it is carried into E[σ²]'s error and
// into the error of Mehler's series (GHSeries.Expect) in the weighted
// norm, which by Bessel's inequality bounds the moments' errors
// together.
//
// An iteration whose diagonal converges visits ever closer variances: an
// anchor made when two fresh variances come within ghAnchorGap of each
// other, about the second and over a half-width H of ghAnchorWidth of its
// scale, serves all those that follow, at a few multiplications a moment
// where σ costs tens of nanoseconds a node and the moments a
// matrix–vector product. Only a σ without switching primitives
// (calc.Smooth) gets anchors: σ(s·x) is then analytic in s. A GHAnchors
// is not safe for concurrent use: each run of an iteration has its own.
type GHAnchors struct {
	s      *GHSeries
	smooth bool // σ has no switching primitives (calc.Smooth): anchors are made
	lv     [len(ghLevels)]anchorLevel
	// inputs and anchors are all it made, for Release.
	inputs  []*GHInput
	anchors []*ghAnchor
	// interpolated counts the moments interpolated.
	interpolated int
}

// Interpolated returns how many moments of a's inputs (one variance at
// one level each) were interpolated rather than computed afresh.
func (a *GHAnchors) Interpolated() int { return a.interpolated }

// ghFree holds the moments of each level that GHAnchors.Release gave
// back, for newGHMoments to fill again: an iteration run many times
// (a benchmark, a grid of inputs) then allocates nothing after its
// first run.
var ghFree [len(ghLevels)]sync.Pool

// Release gives the memory of the moments of every input a made, and of
// its anchors, back for later iterations. Neither a nor its inputs may
// be used after.
func (a *GHAnchors) Release() {
	for _, in := range a.inputs {
		for l := range in.lv {
			for _, m := range [2]*ghMoments{in.lv[l], in.spare[l]} {
				if m != nil {
					ghFree[l].Put(m)
				}
			}
			in.lv[l], in.spare[l] = nil, nil
		}
	}
	for _, an := range a.anchors {
		for p, m := range an.pts {
			if m != nil {
				ghFree[an.level].Put(m)
				an.pts[p] = nil
			}
		}
	}
	*a = GHAnchors{}
}

// anchorLevel is what GHAnchors keeps of one level: its anchor, the last
// variance it computed afresh and how many anchors it made.
type anchorLevel struct {
	at        *ghAnchor
	lastFresh float64
	made      int
}

// ghAnchor is one level's values and moments at the points s_p.
type ghAnchor struct {
	level  int
	s0, H  float64
	sp     [ghAnchorPoints]float64
	pts    [ghAnchorPoints]*ghMoments
	dw     [ghAnchorPoints]float64 // 1/Π_{q≠p}(s_p − s_q)
	scale  float64                 // √Ê[σ²] at s₀, by the larger rule
	newton [2]float64              // the weighted norm of each rule's divided differences over all the points
	// By rule: Ê[σ²] at the middle point c, and the sums ⟨f_c, d_p⟩ and
	// ⟨d_p, d_q⟩ of the differences d_p = f_p − f_c (zero for p = c).
	sqMid [2]float64
	cross [2][ghAnchorPoints]float64
	gram  [2][ghAnchorPoints][ghAnchorPoints]float64
}

// Anchors returns an empty set of anchors for one iteration.
func (s *GHSeries) Anchors() *GHAnchors { return &GHAnchors{s: s, smooth: calc.Smooth(s.expr)} }

// Input returns the (not yet computed) moments of variance K > 0, from an
// anchor where one is near enough.
func (a *GHAnchors) Input(K float64) *GHInput {
	in := &GHInput{K: K, s: a.s, anchors: a}
	a.inputs = append(a.inputs, in)
	return in
}

// fresh is told that level l computed the values m of variance K afresh;
// it makes an anchor about K when K is within ghAnchorGap of the
// variance computed afresh before it.
func (a *GHAnchors) fresh(l int, K float64, m *ghMoments) {
	lv := &a.lv[l]
	last := lv.lastFresh
	lv.lastFresh = K
	if !a.smooth || last == 0 || K == last || math.Abs(K-last) > ghAnchorGap*K || lv.made >= ghAnchorMax {
		return
	}
	lv.made++
	if an := a.newAnchor(l, K, ghAnchorWidth*math.Sqrt(K), m); an != nil {
		lv.at = an
	}
}

// newAnchor returns the anchor of level l about variance K over the
// interval of half-width H in the scale, whose middle point takes m's
// values (those of K); nil where the rules cannot be made or σ is not
// finite at a point.
func (a *GHAnchors) newAnchor(l int, K, H float64, m *ghMoments) *ghAnchor {
	rules, err := a.s.rules(l)
	if err != nil {
		return nil
	}
	s0 := math.Sqrt(K)
	an := &ghAnchor{level: l, s0: s0, H: H}
	a.anchors = append(a.anchors, an)
	for p := range an.sp {
		pt := newGHMoments(l, rules, a.s.parity, nil)
		an.pts[p] = pt
		if p == ghAnchorPoints/2 {
			// The middle point is K itself, whose values m has.
			an.sp[p] = s0
			pt.copyValues(m)
		} else {
			an.sp[p] = s0 + H*math.Cos(math.Pi*float64(2*p+1)/(2*ghAnchorPoints))
			pt.evaluate(a.s, an.sp[p])
		}
		if !pt.finite {
			return nil
		}
	}
	for p := range an.dw {
		d := 1.0
		for q, sp := range an.sp {
			if q != p {
				d *= an.sp[p] - sp
			}
		}
		an.dw[p] = 1 / d
	}
	mid := an.pts[ghAnchorPoints/2]
	an.scale = math.Sqrt(mid.sq)
	for j, r := range rules {
		n := len(r.x)
		// The divided differences over all the points, node by node.
		ce, co := make([]float64, n), make([]float64, n)
		for i := range n {
			for p, m := range an.pts {
				ce[i] += an.dw[p] * m.even[j][i]
				co[i] += an.dw[p] * m.odd[j][i]
			}
		}
		an.newton[j] = math.Sqrt(r.inner(ce, co, ce, co))
		// The sums fill takes Ê[σ²] from.
		var de, do [ghAnchorPoints][]float64
		for p, m := range an.pts {
			if p != ghAnchorPoints/2 {
				de[p], do[p] = make([]float64, n), make([]float64, n)
				for i := range n {
					de[p][i], do[p][i] = m.even[j][i]-mid.even[j][i], m.odd[j][i]-mid.odd[j][i]
				}
			}
		}
		var sq quadrature.CompensatedSum
		for i, w := range r.w {
			sq.Add(w * (mid.even[j][i]*mid.even[j][i] + mid.odd[j][i]*mid.odd[j][i]) / 2)
		}
		an.sqMid[j] = sq.Value()
		for p := range an.pts {
			if de[p] == nil {
				continue
			}
			an.cross[j][p] = r.inner(mid.even[j], mid.odd[j], de[p], do[p])
			for q := range an.pts {
				if de[q] != nil {
					an.gram[j][p][q] = r.inner(de[p], do[p], de[q], do[q])
				}
			}
		}
	}
	if !(an.scale > 0) || math.IsNaN(an.newton[0]+an.newton[1]) || math.IsInf(an.newton[0]+an.newton[1], 0) {
		return nil
	}
	return an
}

// estimate returns the estimated error of the values interpolated at
// scale s (the last term of Newton's form, without the nearest point),
// in the weighted norm, the larger of the two rules'.
func (an *ghAnchor) estimate(s float64) float64 {
	near := 0
	for q := range an.sp {
		if math.Abs(s-an.sp[q]) < math.Abs(s-an.sp[near]) {
			near = q
		}
	}
	prod := 1.0
	for q, sp := range an.sp {
		if q != near {
			prod *= math.Abs(s - sp)
		}
	}
	return prod * max(an.newton[0], an.newton[1])
}

// interpolate makes m the interpolation of level l at variance K by its
// anchor (fill), and reports whether the anchor covers K.
func (a *GHAnchors) interpolate(l int, K float64, m *ghMoments) bool {
	an := a.lv[l].at
	if an == nil {
		return false
	}
	s := math.Sqrt(K)
	if !(math.Abs(s-an.s0) <= an.H) {
		return false
	}
	est := an.estimate(s)
	if !(est <= ghAnchorTol*an.scale) {
		return false
	}
	an.fill(m, s, est)
	a.interpolated++
	return true
}

// fill makes m the interpolation at scale s: its Lagrange weights (whose
// sums of the points' moments extend takes, ghAnchor.moments), the E[σ²]
// of the interpolated values, and the error carried, est and the
// rounding. m holds no values at the nodes.
func (an *ghAnchor) fill(m *ghMoments, s, est float64) {
	lebesgue := 0.0 // Σ|ℓ_p(s)|
	for p := range m.lw {
		w := an.dw[p]
		for q, sp := range an.sp {
			if q != p {
				w *= s - sp
			}
		}
		m.lw[p] = w
		lebesgue += math.Abs(w)
	}
	// The error carried: the estimate, and the rounding of the points'
	// values amplified by Lebesgue's function, a unit of each point's
	// beyond the unit of σ's own evaluation that fresh values carry
	// unaccounted too (the interpolation's own sums, of the small
	// differences from the middle point, round far below that).
	m.from, m.interp = an, est+lebesgue*ghUnit*an.scale
	// Ê[σ²] of the interpolated values f = f_c + Σ_p ℓ_p·d_p (c the
	// middle point, d_p = f_p − f_c, Σ ℓ_p = 1) by each rule:
	// Σ w·f_c² + 2Σ_p ℓ_p·⟨f_c, d_p⟩ + Σ_pq ℓ_p ℓ_q·⟨d_p, d_q⟩ from the
	// anchor's sums; the corrections are small, so that they round far
	// below the first sum. The moments come from the points' moments
	// (moments), so the values themselves are not needed.
	var sq [2]float64
	for j := range sq {
		v := 0.0
		for p, lp := range m.lw {
			v += 2 * lp * an.cross[j][p]
			for q, lq := range m.lw {
				v += lp * lq * an.gram[j][p][q]
			}
		}
		sq[j] = an.sqMid[j] + v
	}
	m.setSq(sq)
	m.sqErr += (2*math.Sqrt(m.sq) + m.interp) * m.interp
}

// moments sets out[k − from] to rule j's interpolated moment of order k
// (Lagrange weights lw), from ≤ k < upto, extending the points' moments
// as far as needed.
func (an *ghAnchor) moments(j int, out []float64, from, upto int, lw *[ghAnchorPoints]float64) {
	out = out[:upto-from]
	clear(out) // the moments of the parity σ lacks stay zeros
	first, step := from, 1
	if skip := vanishingOrders(an.pts[0].parity); skip >= 0 {
		step = 2
		if first%2 == skip {
			first++
		}
	}
	// The middle point's moments plus the weighted differences of the
	// others' from them (Σ ℓ_p = 1), in one pass over the orders.
	var src [ghAnchorPoints][]float64
	for p, pt := range an.pts {
		if pt.n < upto {
			pt.extend(upto - 1)
		}
		src[p] = pt.a1[:upto] // rule 0's moments
		if j == 1 {
			src[p] = pt.a[:upto]
		}
	}
	const c = ghAnchorPoints / 2
	s0, s1, mid, s3, s4 := src[0][first:upto], src[1][first:upto], src[c][first:upto], src[3][first:upto], src[4][first:upto]
	l0, l1, l3, l4 := lw[0], lw[1], lw[3], lw[4]
	out = out[first-from:]
	for k := 0; k < len(mid) && k < len(out); k += step {
		m := mid[k]
		out[k] = m + (l0*(s0[k]-m) + l1*(s1[k]-m) + l3*(s3[k]-m) + l4*(s4[k]-m))
	}
}
