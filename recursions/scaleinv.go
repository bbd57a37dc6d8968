package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// ScaleInvariant is the scale-invariant class σ(z) = a₊z (z ≥ 0), a₋z
// (z < 0) (5.58)–(5.67): g(K) = A₂K, χ∥ = χ⊥ = A₂C_W, criticality at
// (C_b, C_W) = (0, 1/A₂) with a line of fixed points.
type ScaleInvariant struct {
	APlus, AMinus float64
	// A2 = (a₊² + a₋²)/2 and A4 = (a₊⁴ + a₋⁴)/2.
	A2, A4 float64
	// Cb and CW are the critical hyperparameters (0, 1/A₂).
	Cb, CW float64
	// RhoKink is (1/π)(a₊ − a₋)²/(a₊² + a₋²) (5.163).
	RhoKink float64
	// Vertex is the normalised-vertex coefficient 3A₄/A₂² − 1 (5.120).
	Vertex float64
}

// ScaleInvariantOf reports whether σ is scale-invariant and returns its
// class data.
func ScaleInvariantOf(sigma calc.Expr) (ScaleInvariant, bool, error) {
	si, ok, err := calc.DetectScaleInvariant(sigma, 64)
	if err != nil {
		return ScaleInvariant{}, false, fmt.Errorf("recursions: detecting scale invariance: %w", err)
	}
	if !ok {
		return ScaleInvariant{}, false, nil
	}
	ap, _ := si.APlus.Float64()
	am, _ := si.AMinus.Float64()
	s := ScaleInvariant{APlus: ap, AMinus: am}
	s.A2 = (ap*ap + am*am) / 2
	s.A4 = (ap*ap*ap*ap + am*am*am*am) / 2
	if s.A2 == 0 {
		return ScaleInvariant{}, false, nil
	}
	s.CW = 1 / s.A2
	s.RhoKink = (ap - am) * (ap - am) / (ap*ap + am*am) / math.Pi
	s.Vertex = 3*s.A4/(s.A2*s.A2) - 1
	return s, true, nil
}
