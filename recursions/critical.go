package recursions

import (
	"fmt"
	"math"
)

// CriticalPoint is a point χ∥ = χ⊥ = 1 of the recursion with K* > 0
// (5.55)–(5.56), or, in Analyze, the K* = 0 limit.
type CriticalPoint struct {
	K      float64 // K*
	Cb, CW float64 // (5.71)–(5.72)
	// Physical reports C_b ≥ 0.
	Physical bool
	// A1 is ã₁ = ½C_W g''(K*) (5.102) for K* > 0, a₁ (5.86) for K* = 0.
	A1 float64
	// Stability is HalfStableFromBelow (ã₁ > 0), HalfStableFromAbove
	// (ã₁ < 0) or Marginal for K* > 0; Stable (a₁ < 0), Unstable (a₁ > 0) or
	// Marginal for K* = 0.
	Stability Stability
	// Class is ClassHalfStable for K* > 0 (physical or not), ClassKZero or
	// ClassKinkedLinear for the K* = 0 limit.
	Class Class
	// Tangent reports a double root of the criticality condition.
	Tangent bool
	// A32 is a₃/₂ of the kinked-linear class (Class ClassKinkedLinear),
	// whose map starts ΔK' = ΔK + a₃/₂ΔK^{3/2}; A1 is then unused.
	A32 float64
	// Others lists, for a physical K* > 0, the other fixed points of the
	// kernel map at these (C_b, C_W) (filled in by Analyze).
	Others []FixedPoint
}

// DefaultKmax is the upper end of the K range searched by default.
const DefaultKmax = 100

// Scan grid and tolerances of the root searches.
const (
	scanLog    = 500   // log-spaced points on [kmax·scanLo, kmax]
	scanLin    = 300   // linear points on (0, kmax]
	scanLo     = 1e-8  // lower end of the log grid, relative to kmax
	nearTol    = 1e-3  // a local minimum of |f| below this is examined
	tangentTol = 1e-10 // a minimum of |f| below this is a double root
	// ratioNoise bounds the rounding noise of R = K⟨σ'²⟩/⟨zσσ'⟩ − 1: its
	// terms are of size 1 and its averages carry relative errors of 1e-14,
	// so a sign of R below this is not known (R ∝ K near K = 0 for a σ of
	// the K* = 0 class, and the scan may reach K = 1e-306).
	ratioNoise = 1e-12
)

// Ratio returns R(K) = 2K²⟨σ'²⟩_K/⟨σ²(z² − K)⟩_K − 1 (5.73), computed as
// K⟨σ'²⟩_K/⟨zσσ'⟩_K − 1 (the two denominators agree by (5.53)); it is
// χ⊥/χ∥ − 1 for any C_W and vanishes exactly at criticality.
func (a *Activation) Ratio(K float64) (float64, error) {
	sp2, err := a.at(cSp2, K)
	if err != nil {
		return 0, err
	}
	zssp, err := a.at(cZssp, K)
	if err != nil {
		return 0, err
	}
	return K*sp2/zssp - 1, nil
}

// CriticalAt returns the critical point with K* = K: C_W = 1/⟨σ'²⟩_K,
// C_b = K − ⟨σ²⟩_K/⟨σ'²⟩_K (5.71)–(5.72), and ã₁. It does not check that
// K solves R(K) = 0.
func (a *Activation) CriticalAt(K float64) (CriticalPoint, error) {
	sp2, err := a.at(cSp2, K)
	if err != nil {
		return CriticalPoint{}, err
	}
	s2, err := a.at(cS2, K)
	if err != nil {
		return CriticalPoint{}, err
	}
	p := CriticalPoint{K: K, CW: 1 / sp2, Cb: K - s2/sp2, Class: ClassHalfStable}
	p.Physical = p.Cb >= 0
	if p.A1, err = a.QuadCoeff(K, p.CW); err != nil {
		return CriticalPoint{}, err
	}
	switch {
	case p.A1 > 0:
		p.Stability = HalfStableFromBelow
	case p.A1 < 0:
		p.Stability = HalfStableFromAbove
	default:
		p.Stability = Marginal
	}
	return p, nil
}

// CriticalPoints returns every root K* of R(K) = 0 on (0, kmax] in
// increasing order, physical or not: sign changes of R on a scan grid
// refined by Brent's method, and double roots found at the local minima of
// |R|. The K → 0 limit is not a root here (see KZeroOf).
func (a *Activation) CriticalPoints(kmax float64) ([]CriticalPoint, error) {
	if !(kmax > 0) || math.IsInf(kmax, 0) {
		return nil, fmt.Errorf("recursions: kmax must be positive and finite, got %g", kmax)
	}
	roots, err := a.criticalRoots(kmax)
	if err != nil {
		return nil, fmt.Errorf("recursions: solving the criticality condition: %w", err)
	}
	var pts []CriticalPoint
	for _, r := range roots {
		p, err := a.CriticalAt(r.X)
		if err != nil {
			return nil, err
		}
		p.Tangent = r.Tangent
		pts = append(pts, p)
	}
	return pts, nil
}

// criticalRoots returns the roots of R(K) on (0, kmax].
func (a *Activation) criticalRoots(kmax float64) ([]root, error) {
	xs, ys, err := a.onGrid(kmax, a.Ratio, (*scanTable).ratio)
	if err != nil {
		return nil, err
	}
	return findRoots(a.Ratio, nil, xs, ys, nil, nearTol, tangentTol, ratioNoise, 0)
}
