package hermite

import "math"

// PrepareDigits computes ahead what AtDigits at a K with these digits,
// and AtDigitsSharing with these valueDigits, compute first and keep for
// every K within the same factor 16 of K: the arbitrary-precision
// quadrature itself and the
// float64 partition of the line whose narrowest panel bounds the step of
// the trapezoidal rule. A caller that knows K roughly before it knows it
// exactly (a root bracketed on a grid, before Brent's method) can start
// that work early; a later call that finds it under way waits for it, and
// the values it returns are the same either way.
func (m *Many) PrepareDigits(K float64, digits int) {
	if digits < 1 || !(K > 0) || math.IsInf(K, 0) {
		return
	}
	if bq := m.bigQuad(); len(bq.kinks) == 0 {
		bq.featureWidth(K, digits, 0)
	}
}
