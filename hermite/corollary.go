package hermite

import "math"

// LeadingOrder returns m for Corollary S.1 of Joudaki & Hofmann: when
// c_k = 0 for every k < m (with c_0 = 0), the map contracts doubly
// exponentially, |ρ_ℓ| ≤ |ρ₀|^(m^ℓ). It is the index of the first
// coefficient above tol in magnitude, or 0 when c_0 itself is above tol
// (the corollary does not apply) or no coefficient is.
func LeadingOrder(c []float64, tol float64) int {
	for k, v := range c {
		if math.Abs(v) > tol {
			return k
		}
	}
	return 0
}
