package quadrature

import "math"

// Constants shared by the double-exponential integrators.
const (
	// deMinLevel is the first level at which convergence is tested; the
	// step is then 2^−deMinLevel.
	deMinLevel = 4
	// deRoundoffFactor multiplies unit roundoff times Σ|w·f| in the
	// rounding-error floor of the error estimate; it allows for the
	// integrand's own rounding errors of a few ulps.
	deRoundoffFactor = 4
)

// deSafetyLog2 is log₂ 10, the safety factor of the error estimate.
const deSafetyLog2 = 3.321928094887362

// deErrorLog2 returns log₂ of the estimated error of the newest of three
// successive double-exponential estimates S_k, S_{k−1}, S_{k−2}, relative to
// a scale (Σ|w·f|, the integral of |f|). l1 and l2 are log₂ of
// d1 = |S_k − S_{k−1}|/scale and d2 = |S_k − S_{k−2}|/scale (−Inf for zero),
// which approximate the errors of S_{k−1} and S_{k−2}.
//
// Halving the step squares the error of a double-exponential rule
// asymptotically, which gives the estimates l1²/l2 (Bailey, Jeyabalan & Li
// 2005) and 2·l1; for an error model E(h) = C·exp(−c/h) the first bounds the
// error when C ≤ 1 and the second when C ≥ 1, and 4·l2 guards against an
// accidentally small d1. Before the asymptotic regime the logarithm of the
// error often decreases only by a constant amount per level, so the estimate
// is at least l1 + (l1 − l2), the last decrement repeated, times a safety
// factor of 10; this dominates, and costs at most one extra level, once the
// errors do square. When the differences decrease far more slowly (l1 >
// 1.5·l2: an integrand that is not smooth, or rounding noise) the estimate
// is at least 2·d1, and when they do not decrease at all it is the larger
// difference. When S_k = S_{k−1} exactly, d1 is taken as d2².
func deErrorLog2(l1, l2 float64) float64 {
	switch {
	case math.IsInf(l1, -1) && math.IsInf(l2, -1):
		return math.Inf(-1)
	case math.IsInf(l1, -1):
		// S_k = S_{k−1}: assume d1 ≈ d2², as for squaring errors.
		if l2 < 0 {
			return 3*l2 + deSafetyLog2
		}
		return l2
	case l1 >= 0 || l2 >= 0 || math.IsInf(l2, -1):
		return math.Max(l1, l2)
	}
	e := math.Max(math.Max(l1*l1/l2, 2*l1), 4*l2)
	e = math.Max(e, 2*l1-l2+deSafetyLog2)
	if l1 > 1.5*l2 {
		e = math.Max(e, l1+1)
	}
	return e
}
