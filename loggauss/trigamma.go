package loggauss

import "math"

// Trigamma returns ψ′(x) = d²/dx² ln Γ(x) for x > 0, to about 1e−15
// relative.
//
// For x ≥ 10 it sums the asymptotic series
// ψ′(x) = 1/x + 1/(2x²) + Σ_{k=1}^{9} B₂ₖ/x^{2k+1} (truncation < 1e−18
// relative); otherwise it uses ψ′(x) = ψ′(x + m) + Σ_{i<m} 1/(x + i)², a sum
// of positive terms.
//
// Special cases are:
//
//	Trigamma(+Inf) = 0
//	Trigamma(0) = +Inf
//	Trigamma(x) = NaN for x < 0 or x = NaN
func Trigamma(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(1)
	case math.IsInf(x, 1):
		return 0
	}
	shift := 0.0
	for x < asymptoticFrom {
		shift += 1 / (x * x)
		x++
	}
	inv2 := 1 / (x * x)
	s := 0.0
	for k := len(bernoulliEven) - 1; k >= 0; k-- {
		s = s*inv2 + bernoulliEven[k]
	}
	return shift + 1/x + 0.5*inv2 + s*inv2/x
}
