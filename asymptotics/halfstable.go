package asymptotics

import (
	"fmt"
	"math"
)

// HalfStablePredictions returns the large-depth prediction for a
// half-stable critical point K* > 0 (SWISH, GELU; PDLT §5.3.4), whose
// kernel map is ΔK' = ΔK + ã₁ΔK² + … with ΔK = K − K* (5.102):
//
//	K_minus_Kstar = [1/(−ã₁)]/ℓ + O(log ℓ/ℓ²)        (5.103)
//
// The point attracts from the side where this has the sign of ΔK: from
// above for ã₁ < 0 (GELU), from below for ã₁ > 0 (SWISH). ã₁ is stored
// with its sign (PDLT prints −ã₁). An error wraps ErrNotAttracting when
// ã₁ = 0: the quadratic term does not decide the flow.
func HalfStablePredictions(a1Tilde float64) ([]Series, error) {
	if math.IsNaN(a1Tilde) || math.IsInf(a1Tilde, 0) {
		return nil, fmt.Errorf("asymptotics: half-stable coefficient ã1 = %g is not finite", a1Tilde)
	}
	if a1Tilde == 0 {
		return nil, fmt.Errorf("asymptotics: half-stable point with ã1 = 0: %w at quadratic order", ErrNotAttracting)
	}
	return []Series{{
		Quantity: "K_minus_Kstar", Exponent: 1, Source: "(5.102)–(5.103)",
		Terms: []Term{{Power: 1, Coeff: 1 / -a1Tilde}}, Next: Term{Power: 2, LogPower: 1},
	}}, nil
}
