package hermite

import (
	"math"
)

// ghMomentRest is the largest bound on the rest of Parseval's sum after a
// Gauss–Hermite level's last order (ghMoments.rest: the moments left out,
// E[σ²]'s error and the moments' own), relative to E[σ(√K·X)²], for
// ScaledSeries.At to take that level's moments: the moments beyond are
// then below the accuracy Mehler's series asks of its rest anyway
// (seriesPair's 1e-13 of the scale).
const ghMomentRest = 1e-14

// ghMomentErr is the largest (Σ_k e_k²)^½ of the moments' estimated
// errors e_k (the rules' differences), relative to √E[σ²], for
// ScaledSeries.At to take a level's moments: the panels' accuracy. A
// level can hold E[σ²] and still have moments near its last order wrong
// in the tenth digit (tanh at K = 0.1 with 32 and 40 nodes), which
// Mehler's series' error bound would carry.
const ghMomentErr = 1e-15

// errNorm returns (Σ e_k²)^½.
func errNorm(e []float64) float64 {
	s := 0.0
	for _, v := range e {
		s += v * v
	}
	return math.Sqrt(s)
}

// ghMomentRound is the rounding allowed each Gauss–Hermite moment beyond
// the difference of the two rules (which carries their independent
// roundings), in units of √E[σ²], which bounds the sum Σ w·|he_k·σ| it
// rounds over (Cauchy–Schwarz).
const ghMomentRound = 8 * ghUnit

// atGH returns the moments a_0 … a_N of σ(√K·X), N ≤ n, from the first
// pair of Gauss–Hermite rules (GHSeries's levels, panels excluded) whose
// Parseval rest after its last order is within ghMomentRest of E[σ²]: N
// is that order (or n), the moments beyond it negligible. Microseconds,
// where the panels of At take about a millisecond. ok is false where no
// level has that rest (large K, where σ(√K·x) turns within a few nodes)
// or σ has kinks.
func (s *ScaledSeries) atGH(K float64, n int) (m Moments, ok bool) {
	gs := s.gh.series(s.in.expr)
	if gs == nil {
		return Moments{}, false
	}
	in := gs.Input(K)
	for l := range len(ghLevels) - 1 { // the last level is panels
		g, err := in.level(l)
		if err != nil || !g.finite || !(g.sq > 0) {
			return Moments{}, false
		}
		kmax := g.rules[0].kmax
		g.extend(kmax - 1)
		if !(g.rest(kmax-1) <= ghMomentRest*g.sq) || !(errNorm(g.e[:kmax]) <= ghMomentErr*math.Sqrt(g.sq)) {
			continue
		}
		N := min(n, kmax-1)
		m = Moments{K: K, A: make([]float64, N+1), Err: make([]float64, N+1), Sq: g.sq, SqErr: g.sqErr}
		round := ghMomentRound * math.Sqrt(g.sq)
		for k := range m.A {
			m.A[k], m.Err[k] = g.a[k], g.e[k]+round
		}
		return m, true
	}
	return Moments{}, false
}

// Panels returns the series of the same σ whose At computes every moment
// on the panels, all n+1 of them at the panels' accuracy: what an
// interpolation of the moments through several variances needs, one
// number of moments from one rule at every node.
func (s *ScaledSeries) Panels() *ScaledSeries {
	return &ScaledSeries{in: s.in, gh: ghSource{off: true}}
}
