package hermite

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// The quadratures next to a branch point.
//
// In float64, a panel that ends at a branch point is taken whole once it
// is small enough (wholeNearBranch). In arbitrary precision, next to a
// branch point (calc.Kink.Branch) an integrand has no power
// series, and the Gauss–Legendre rules on a panel that ends there converge
// only like a power of their size: the float64 partition's last panel
// before the point, good for 1e-14, is never good for 30 digits. Such a
// panel is halved towards the point instead: each outer half lies at its
// own width from the point, so the rules converge on it geometrically
// (the point is outside the Bernstein ellipse of parameter 3 + 2√2 of the
// half), and what is left next to the point is taken whole once twice its
// ∫|F_i|φ, which bounds the error of a rule with positive weights, is
// within branchShare of every integrand's tolerance. The ∫|F|φ of a panel
// of width w at the point falls like w^(1+α) for an integrand that
// behaves like |z|^α there, so a few dozen to a few hundred halvings end
// it, each costing a panel's rules.

// maxBranchHalvings bounds the halvings of a panel towards a branch point.
const maxBranchHalvings = 600

// branchPanel integrates the panel p, which ends at a branch point on its
// left (p.branch < 0) or right (p.branch > 0), by halving it towards the
// point: the outer halves with panel, the last inner part whole. tols are
// the tolerances per unit of width on the cut [−T, T], so that the
// integrands' whole tolerances are tols·2T.
func (q *bigQuad) branchPanel(sqrtK *big.Float, p bigSpan, prec uint, tols []float64, T float64) panelResult {
	n := len(q.ins)
	r := panelResult{sum: make([]*big.Float, n), est: make([]float64, n)}
	for i := range r.sum {
		r.sum[i] = new(big.Float).SetPrec(prec)
	}
	inner := p
	for range maxBranchHalvings {
		sum, abs, err := q.rule(sqrtK, inner, prec, bigPanelSizes[0])
		if err != nil {
			r.err = err
			return r
		}
		r.evals += bigPanelSizes[0]
		whole := true
		for i := range abs {
			whole = whole && 2*bigToFloat(abs[i]) <= branchShare*tols[i]*2*T
		}
		if whole {
			for i := range sum {
				r.sum[i].Add(r.sum[i], sum[i])
				r.est[i] += 2 * bigToFloat(abs[i])
			}
			return r
		}
		mid := new(big.Float).SetPrec(prec).Add(inner.a, inner.b)
		mid.SetMantExp(mid, -1)
		w := inner.w / 2
		var outer bigSpan
		if p.branch < 0 {
			outer, inner = bigSpan{a: mid, b: inner.b, w: w}, bigSpan{a: inner.a, b: mid, w: w, branch: p.branch}
		} else {
			outer, inner = bigSpan{a: inner.a, b: mid, w: w}, bigSpan{a: mid, b: inner.b, w: w, branch: p.branch}
		}
		o := q.panel(sqrtK, outer, prec, tols)
		r.evals += o.evals
		if o.err != nil {
			r.err = o.err
			return r
		}
		for i := range o.sum {
			r.sum[i].Add(r.sum[i], o.sum[i])
			r.est[i] += o.est[i]
		}
	}
	r.err = fmt.Errorf("%w: the panel next to a branch point was halved %d times%s", ErrNotConverged, maxBranchHalvings, branchNote(": fewer digits may be reachable", q.ins...))
	return r
}

// isBranch reports whether the kink z is a branch point of one of the
// integrands.
func (q *bigQuad) isBranch(z float64) bool { return slices.Contains(q.branches, z) }

// markBranches sets the branch side of the panels ps (in the order of
// panelsAt: piece by piece, fracs[p] giving piece p's boundaries) that end
// at a branch point among the kinks zs, the inner edges of the pieces. A
// piece of one panel between two branch points keeps the mark of its left
// end only, and the halving towards it leaves the other end's panel to
// the rules: the caller splits such a piece first (splitBranchPieces).
func (q *bigQuad) markBranches(ps []bigSpan, zs []float64, fracs [][]float64) {
	if len(zs) == 0 {
		return // the pieces are split at 0, which is no kink
	}
	k := 0
	for p, fs := range fracs {
		m := len(fs) - 1 // panels of the piece
		if p+1 < len(fracs) && q.isBranch(zs[p]) {
			ps[k+m-1].branch = 1
		}
		if p > 0 && q.isBranch(zs[p-1]) {
			ps[k].branch = -1
		}
		k += m
	}
}

// splitBranchPieces halves, in the boundaries fracs, the single panel of
// every piece that has a branch point at both ends, so that each end has
// a panel of its own.
func (q *bigQuad) splitBranchPieces(zs []float64, fracs [][]float64) {
	if len(zs) == 0 {
		return
	}
	for p, fs := range fracs {
		if len(fs) == 2 && p > 0 && p+1 < len(fracs) && q.isBranch(zs[p-1]) && q.isBranch(zs[p]) {
			fracs[p] = []float64{0, 0.5, 1}
		}
	}
}

// branchShare is the part of an integrand's tolerance, relTol·E|F|, that
// a panel next to a branch point may take with the whole of its ∫|F|φ as
// its error (wholeNearBranch).
const branchShare = 1.0 / 64

// wholeNearBranch reports whether the panel [a, b] with the pair p ends at
// a branch point and is small enough to be taken whole: for every
// integrand, twice its ∫|F|φ, which bounds the error of any rule whose
// weights are positive (the rules' sums of |F| are accurate to far better
// than a factor 2 for the bounded integrands of a branch point), is within
// branchShare of the tolerance. Next to a branch point F has no power
// series, the rules converge only like a power of the panel's width, and
// a panel that must meet its share of the tolerance by width is never
// accepted; the whole panel's size falls like a power of the width too,
// and meets this test after a few dozen halvings.
func (ad *adaptive) wholeNearBranch(a, b float64, p panelPair) bool {
	if !slices.Contains(ad.branches, a) && !slices.Contains(ad.branches, b) {
		return false
	}
	for i := range p.abs {
		if !(2*p.abs[i] <= branchShare*ad.relTol*ad.scale[i]) {
			return false
		}
	}
	return true
}

// acceptWhole adds the panel p next to a branch point to the sums with
// twice its ∫|F|φ as its error (wholeNearBranch).
func (ad *adaptive) acceptWhole(p panelPair, fa, fb float64) {
	for i, hi := range p.hi {
		ad.out[i].V += hi
		ad.out[i].AbsErr += max(p.err(i), 2*p.abs[i])
	}
	ad.accepted = append(ad.accepted, panelSpan{ad.piece, fa, fb})
}

// branchNote names the branch points of the integrands ins, where the
// Gauss–Legendre rules converge only like a power of their size, for the
// message of a quadrature that did not converge, with hint after it; ""
// when there is none.
func branchNote(hint string, ins ...*integrand) string {
	var zs []string
	seen := map[float64]bool{}
	for _, in := range ins {
		for _, z := range in.branches {
			if !seen[z] {
				seen[z] = true
				zs = append(zs, fmt.Sprintf("z = %.6g", z))
			}
		}
	}
	if len(zs) == 0 {
		return ""
	}
	return fmt.Sprintf(" (no power series at %s — a non-integer power of a quantity that vanishes there — where the rules converge slowly%s)", strings.Join(zs, ", "), hint)
}
