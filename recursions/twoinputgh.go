package recursions

import (
	"fmt"

	"critcalc/hermite"
)

// ghKept is the number of diagonal values whose moments a ghInputs keeps:
// the two of a layer and the two of the layer before, which a diagonal at
// its fixed point repeats.
const ghKept = 4

// ghInputs are the Hermite moments of the diagonal values an iteration
// visits (hermite.GHSeries), the last ghKept of them kept. It is not safe
// for concurrent use: each run of an iteration has its own.
type ghInputs struct {
	s *hermite.GHSeries
	// anchors interpolate the moments between variances evaluated near
	// those already visited, so that a converging diagonal seldom
	// evaluates σ.
	anchors *hermite.GHAnchors
	kept    [ghKept]*hermite.GHInput
	next    int
	// start is the level of rules to try first: the one that answered
	// last, or the one below it when the series' order would have fit
	// there (a diagonal that shrinks needs fewer nodes) unless a start
	// there failed in the last ghRetry calls (wait counts them down).
	start, wait int
}

// ghRetry is how many calls ghInputs waits after a start level failed
// before it starts below the level that answered again.
const ghRetry = 2

// newGHInputs returns the moments of σ's diagonal values for Mehler's
// series (the series prepared once for a), or nil when σ or σ' has kinks
// (their moments decay too slowly for the Gauss–Hermite rules, and the
// rules' differences would not bound their errors).
func newGHInputs(a *Activation) (*ghInputs, error) {
	s, err := a.mehler.get(func() (*hermite.GHSeries, error) { return hermite.NewSmoothGHSeries(a.Sigma, a.deriv) })
	switch {
	case err != nil:
		return nil, fmt.Errorf("recursions: %w", err)
	case s == nil:
		return nil, nil
	}
	return &ghInputs{s: s, anchors: s.Anchors()}, nil
}

// release gives the memory of the moments back (hermite.GHAnchors.Release)
// once the iteration is done with them.
func (g *ghInputs) release() {
	if g != nil {
		g.anchors.Release()
		*g = ghInputs{}
	}
}

// at returns the moments of the diagonal value K.
func (g *ghInputs) at(K float64) *hermite.GHInput {
	for _, in := range g.kept {
		if in != nil && in.K == K {
			return in
		}
	}
	in := g.kept[g.next]
	if in == nil {
		in = g.anchors.Input(K)
	} else {
		in.Reset(K) // the oldest, neither of the layer's two
	}
	g.kept[g.next] = in
	g.next = (g.next + 1) % ghKept
	return in
}

// ghSqRelTol is the accuracy, relative to itself, at which the rules'
// ⟨σ²⟩_K stands in for the diagonal's adaptive quadrature: that
// quadrature's tolerance, the accuracy IterateTwoChecked assumes of every
// average.
const ghSqRelTol = 1e-14

// expect returns ⟨σ(u)σ(v)⟩ at Var u = p, Var v = m and correlation rho
// from Mehler's series, when its error bound meets the goal of
// hermite.GHSeries.Expect, and ⟨σ²⟩ at p and at m from the same rules
// where they are accurate to ghSqRelTol (otherwise sqOK is false).
func (g *ghInputs) expect(p, m, rho float64) (v hermite.Value, gp, gm float64, ok, sqOK bool) {
	P, M := g.at(p), g.at(m)
	v, l, lower, ok := g.s.Expect(P, M, rho, g.start)
	if !ok {
		return hermite.Value{}, 0, 0, false, false
	}
	if l > g.start {
		g.wait = ghRetry
	}
	g.start = l
	if g.wait > 0 {
		g.wait--
	} else if lower {
		g.start = l - 1
	}
	sp, okp := P.Sq(l)
	sm, okm := M.Sq(l)
	sqOK = okp && okm && sp.AbsErr <= ghSqRelTol*sp.V && sm.AbsErr <= ghSqRelTol*sm.V
	return v, sp.V, sm.V, true, sqOK
}
