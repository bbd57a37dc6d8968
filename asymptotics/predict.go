package asymptotics

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/recursions"
)

// MatchTolerance is the relative tolerance within which (C_b, C_W) given
// to Predict are taken to be a critical point: 1e-6, loose enough for the
// 8-digit hyperparameters PDLT prints.
const MatchTolerance = 1e-6

// Prediction is the set of large-depth predictions for an activation at
// given hyperparameters.
type Prediction struct {
	// Class is the universality class the point belongs to:
	// recursions.ClassScaleInvariant, ClassSemiCritical, ClassKZero or
	// ClassHalfStable.
	Class recursions.Class
	// Kstar is the fixed point the kernel flows to (K* = 0 for the K* = 0
	// class, K⁽¹⁾ for the scale-invariant class; unset for
	// semi-criticality).
	Kstar  float64
	Series []Series
}

// Predict finds which critical behaviour σ has at (C_b, C_W) = (cb, cw)
// with first-layer kernel k1 and returns its predictions:
//
//   - a scale-invariant σ at C_W = 1/A₂: ScaleInvariantPredictions with
//     K* = k1 when C_b = 0, SemiCriticalPredictions when C_b > 0;
//   - σ in the K* = 0 class at (0, 1/σ₁²): KZeroPredictions;
//   - a physical critical point K* > 0 at these (C_b, C_W) (within
//     MatchTolerance): HalfStablePredictions from its ã₁.
//
// Anything else is an error that says why (not critical, or a K* = 0 point
// that repels).
func Predict(sigma calc.Expr, cb, cw, k1 float64) (Prediction, error) {
	if !(cb >= 0) || !(cw > 0) || !(k1 > 0) || math.IsInf(cb, 0) || math.IsInf(cw, 0) || math.IsInf(k1, 0) {
		return Prediction{}, fmt.Errorf("asymptotics: need C_b ≥ 0, C_W > 0 and K1 > 0, got (%g, %g, %g)", cb, cw, k1)
	}
	near := func(x, want float64) bool { return math.Abs(x-want) <= MatchTolerance*math.Abs(want) }
	si, ok, err := recursions.ScaleInvariantOf(sigma, recursions.NumericDigits)
	if err != nil {
		return Prediction{}, fmt.Errorf("asymptotics: %w", err)
	}
	if ok {
		A2, A4, rhoKink := si.A2.Float64(), si.A4.Float64(), si.RhoKink.Float64()
		if !near(cw, si.CW.Float64()) {
			return Prediction{}, fmt.Errorf("asymptotics: %s is scale-invariant with critical C_W = 1/A2 = %s; C_W = %g is not critical (χ = %g)", sigma, si.CW.Text(), cw, cw*A2)
		}
		if cb == 0 {
			s, err := ScaleInvariantPredictions(A2, A4, rhoKink, k1)
			return Prediction{Class: recursions.ClassScaleInvariant, Kstar: k1, Series: s}, err
		}
		s, err := SemiCriticalPredictions(A2, A4, cb, k1)
		return Prediction{Class: recursions.ClassSemiCritical, Series: s}, err
	}
	kz, ok, err := recursions.KZeroOf(sigma, recursions.NumericDigits)
	if err != nil {
		return Prediction{}, fmt.Errorf("asymptotics: %w", err)
	}
	if ok && kz.OK && cb == 0 && near(cw, kz.CW.Float64()) {
		s, err := KZeroPredictions(kz.A1.Float64(), kz.A2.Float64(), kz.B1.Float64())
		if err != nil {
			return Prediction{}, fmt.Errorf("asymptotics: %s at (C_b, C_W) = (0, %g): %w", sigma, cw, err)
		}
		return Prediction{Class: recursions.ClassKZero, Series: s}, nil
	}
	an, err := recursions.Analyze(sigma, recursions.DefaultKmax)
	if err != nil {
		return Prediction{}, fmt.Errorf("asymptotics: %w", err)
	}
	for _, p := range an.Points {
		if p.K > 0 && p.Physical && near(cw, p.CW) && near(cb, p.Cb) {
			if here, attracts, other, ok := repelledSide(p, k1); ok {
				return Prediction{}, fmt.Errorf("asymptotics: %s at (C_b, C_W) = (%g, %g): K⁽¹⁾ = %g lies %s the half-stable K* = %.10g, on the side the kernel map repels (it attracts K %s K*), so the kernel does not flow to K*; a K⁽¹⁾ %s K* (--k1) does", sigma, cb, cw, k1, here, p.K, attracts, other)
			}
			s, err := HalfStablePredictions(p.A1)
			if err != nil {
				return Prediction{}, fmt.Errorf("asymptotics: %s at K* = %g: %w", sigma, p.K, err)
			}
			return Prediction{Class: recursions.ClassHalfStable, Kstar: p.K, Series: s}, nil
		}
	}
	return Prediction{}, fmt.Errorf("asymptotics: %s is not critical at (C_b, C_W) = (%g, %g) (class %s): no large-depth power law to predict", sigma, cb, cw, an.Classes)
}

// repelledSide reports whether the first-layer kernel k1 lies on the side
// of the half-stable fixed point p that the kernel map repels, which side
// of it that is, and the side the map attracts as a comparison ("K > K*")
// and in words.
func repelledSide(p recursions.CriticalPoint, k1 float64) (here, attracts, other string, repelled bool) {
	switch {
	case p.Stability == recursions.HalfStableFromBelow && k1 > p.K:
		return "above", "<", "below", true
	case p.Stability == recursions.HalfStableFromAbove && k1 < p.K:
		return "below", ">", "above", true
	}
	return "", "", "", false
}
