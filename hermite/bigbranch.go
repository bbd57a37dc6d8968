package hermite

import (
	"fmt"
	"math/big"
)

// The panels of the arbitrary-precision quadrature next to a branch point.
//
// Next to a branch point (calc.Kink.Branch) an integrand has no power
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
// the tolerances per unit of width, total the integrands' whole
// tolerances.
func (q *bigQuad) branchPanel(sqrtK *big.Float, p bigSpan, prec uint, tols, total []float64) panelResult {
	n := len(q.ins)
	r := panelResult{sum: make([]*big.Float, n), est: make([]float64, n), size: 0}
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
			whole = whole && 2*bigToFloat(abs[i]) <= branchShare*total[i]
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
func (q *bigQuad) isBranch(z float64) bool {
	for _, in := range q.ins {
		for _, b := range in.branches {
			if b == z {
				return true
			}
		}
	}
	return false
}

// markBranches sets the branch side of the panels ps (in the order of
// panelsAt: piece by piece, fracs[p] giving piece p's boundaries) that end
// at a branch point among the kinks zs, the inner edges of the pieces. A
// piece of one panel between two branch points keeps the mark of its left
// end only, and the halving towards it leaves the other end's panel to
// the rules: the caller splits such a piece first (splitBranchPieces).
func (q *bigQuad) markBranches(ps []bigSpan, zs []float64, fracs [][]float64) {
	k := 0
	for p, fs := range fracs {
		m := len(fs) - 1 // panels of the piece
		if len(zs) == 0 {
			break // the pieces are split at 0, which is no kink
		}
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

// branchTotals returns each integrand's whole tolerance, the per-width
// tolerances tols over the cut [−T, T].
func branchTotals(tols []float64, T float64) []float64 {
	out := make([]float64, len(tols))
	for i, t := range tols {
		out[i] = t * 2 * T
	}
	return out
}
