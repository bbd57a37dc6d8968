package hermite

import "math"

// Moved returns V moved by its accuracy, as the check run of a float64
// iteration moves each average (recursions.IterateChecked,
// IterateTwoChecked, validate's layer map) to see which printed digits
// the averages' errors can reach: by rel of itself, or by AbsErr where
// that is larger (an average that cancels, or one far below the scale its
// error bound is relative to, is known to fewer digits than rel of itself
// would show), in the direction V(1 + rel) moves. It is V for rel = 0.
func (v Value) Moved(rel float64) float64 {
	if rel == 0 {
		return v.V
	}
	return v.V + math.Copysign(max(math.Abs(rel*v.V), v.AbsErr), rel*v.V)
}
