package apjn

import (
	"fmt"
	"math"
)

// Phase labels.
const (
	Ordered            = "ordered"             // χ_𝒥* < 1: 𝒥 decays as e^{−l/ξ}
	Chaotic            = "chaotic"             // χ_𝒥* > 1: 𝒥 grows as e^{+l/ξ}
	Critical           = "critical"            // χ_𝒥* = 1
	Subcritical        = "subcritical"         // μ = 1, χ_𝒥^ℓ = 1 + O(ℓ^{−1/2}): 𝒥 ~ e^{√(l/λ)} (Thm 4.3)
	EverywhereCritical = "everywhere-critical" // χ_𝒥^ℓ = 1 + O(1/ℓ) for every (σ_w², σ_b²): 𝒥 ~ l^p
)

// CriticalTol is the distance |χ_𝒥* − 1| within which a point is labelled
// critical: float64 recursions reproduce the closed-form critical lines of DHG
// to about 1e-13.
const CriticalTol = 1e-10

// Point is one point of a phase diagram.
type Point struct {
	Params
	KStar float64 // 𝒦*, +Inf when the kernel diverges
	DStar float64 // BatchNorm: 𝒦*(x,x) − 𝒦*(x,x'); 0 otherwise
	ChiK  float64 // χ_𝒦 at 𝒦* (its K → ∞ limit when 𝒦 diverges)
	ChiJ  float64 // χ_𝒥* (its K → ∞ limit when 𝒦 diverges)
	Xi    float64 // ξ = 1/|log χ_𝒥*|, +Inf at criticality
	Phase string
	// Err bounds the errors of KStar, DStar, ChiK, ChiJ and Xi (bounds.go).
	Err Bounds
}

// At evaluates the phase-diagram point p, each value with an error bound.
func (m *Model) At(p Params) (Point, error) {
	s, err := m.FixedPoint(p)
	if err != nil {
		return Point{}, err
	}
	pt := Point{Params: p, KStar: s.K, DStar: s.D}
	if math.IsInf(s.K, 1) {
		if err := m.divergent(&pt); err != nil {
			return Point{}, err
		}
		m.divergentErr(&pt)
	} else {
		if err := m.values(&pt, s); err != nil {
			return Point{}, err
		}
		pt.Phase = phaseOf(pt.ChiJ)
	}
	pt.Xi = 1 / math.Abs(math.Log(pt.ChiJ))
	pt.Err.Xi = xiErr(pt.ChiJ, pt.Err.ChiJ)
	if pt.Phase != Ordered && pt.Phase != Chaotic {
		pt.Xi, pt.Err.Xi = math.Inf(1), 0
	}
	return pt, nil
}

// chiJMinus1 returns χ_𝒥* − 1 at p and 𝒦*, without error bounds: the
// function whose roots are the critical line (NaN where the kernel
// diverges).
func (m *Model) chiJMinus1(p Params) (float64, float64, error) {
	s, err := m.FixedPoint(p)
	if err != nil {
		return 0, 0, err
	}
	if math.IsInf(s.K, 1) {
		return math.NaN(), s.K, nil
	}
	c, err := m.ChiJ(p, s)
	return c - 1, s.K, err
}

// phaseOf labels a finite fixed point by χ_𝒥*.
func phaseOf(chi float64) string {
	switch {
	case math.Abs(chi-1) <= CriticalTol:
		return Critical
	case chi < 1:
		return Ordered
	}
	return Chaotic
}

// divergent fills in a point whose kernel grows without bound with the
// K → ∞ limits of χ_𝒦 and χ_𝒥.
func (m *Model) divergent(pt *Point) error {
	mu2 := pt.Mu * pt.Mu
	switch m.Arch {
	case PreLNRes, BN, Mixer:
		// χ_𝒥^ℓ = 1 + A/𝒦^ℓ with 𝒦^ℓ growing linearly (DHG eq 71, AutoInit
		// Remark 3.1; a Mixer block is two Pre-LN residual sub-blocks).
		pt.ChiK, pt.ChiJ, pt.Phase = 1, 1, EverywhereCritical
		return nil
	}
	ss, ok := m.SlopeSquares()
	if !ok {
		return fmt.Errorf("apjn: the kernel of %v diverges at σ_w² = %g, σ_b² = %g and φ' has no limit at ±∞", m.Sigma, pt.SW2, pt.SB2)
	}
	pt.ChiJ = pt.SW2*ss + mu2
	if m.Arch == ResMLP {
		pt.ChiJ = m.resmlpChiLimit(pt.Params, ss)
	}
	pt.ChiK = pt.ChiJ
	switch {
	case pt.Mu == 1 && ss == 0 && m.Arch != ResMLP:
		pt.Phase = Subcritical
	default:
		pt.Phase = phaseOf(pt.ChiJ)
	}
	return nil
}
