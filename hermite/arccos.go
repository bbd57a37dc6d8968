package hermite

import "math"

// ArcCosine returns E[σ(X)σ(Y)] and E[σ′(X)σ′(Y)] for standard normal X, Y
// with correlation ρ and σ(z) = a₊z (z ≥ 0), a₋z (z < 0), in terms of the
// angle ψ = arccos ρ (Cho and Saul, "Kernel methods for deep learning";
// PDLT (5.159)–(5.160)): with A₂ = (a₊² + a₋²)/2 and c = (a₊ − a₋)²/(2π),
//
//	E[σσ]   = A₂ cos ψ + c(sin ψ − ψ cos ψ),
//	E[σ′σ′] = A₂ − cψ,
//
// the second from the probabilities (π − ψ)/(2π) that X and Y have equal
// signs and ψ/(2π) for each pair of opposite ones.
func ArcCosine(ap, am, rho float64) (f, f1 float64) {
	a2, c := (ap*ap+am*am)/2, (ap-am)*(ap-am)/(2*math.Pi)
	psi := math.Acos(max(-1, min(1, rho)))
	return a2*rho + c*SinMinusPsiCos(psi), a2 - c*psi
}

// SinMinusPsiCos returns sin ψ − ψ cos ψ, by its series ψ³/3 − ψ⁵/30 + …
// for small ψ, where the difference cancels.
func SinMinusPsiCos(psi float64) float64 {
	if psi > 0.1 {
		return math.Sin(psi) - psi*math.Cos(psi)
	}
	// Σ_k (−1)^k ψ^(2k+3)·(2k+2)/(2k+3)!
	p2 := psi * psi
	term := psi * p2 / 6 // ψ³/3!
	sum := 0.0
	for k := 0; k < 8; k++ {
		sum += term * float64(2*k+2)
		term *= -p2 / float64((2*k+4)*(2*k+5))
	}
	return sum
}
