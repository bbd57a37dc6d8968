package apjn

import (
	"fmt"
	"math"
)

// Closed forms of DHG's critical lines, converted to variances
// (C_W = σ_w², C_b = σ_b²; DHG prints them in σ_w, σ_b).

// ScaleInvariantCriticalSW2 is the critical weight variance of a scale-
// invariant φ = a₊zΘ(z) + a₋zΘ(−z) with identity skip μ (vanilla: μ = 0):
// σ_w² = 2(1 − μ²)/(a₊² + a₋²), DHG eqs 100 and 115 (ReLU: 2(1 − μ²), eq 101).
// χ_𝒥 does not depend on 𝒦, so the line holds for every σ_b²; the critical
// point has σ_b² = 0.
func ScaleInvariantCriticalSW2(aPlus, aMinus, mu float64) float64 {
	return 2 * (1 - mu*mu) / (aPlus*aPlus + aMinus*aMinus)
}

// ErfCriticalSB2 returns the critical bias variance of φ = erf with identity
// skip μ < 1 at weight variance sw2, and 𝒦* there, DHG eqs 124–126 (μ = 0) and
// 142: with s = 16σ_w⁴ and p = π²(1 − μ²)²,
//
//	𝒦* = (s − p)/(4π²(1 − μ²)²),  σ_b² = 𝒦*(1 − μ²) − (2σ_w²/π) arcsin((s − p)/(s + p)).
//
// The line starts at the critical point σ_w² = π(1 − μ²)/4 (𝒦* = 0, eq 127,
// 143); below it the network is ordered for every σ_b² and the error wraps
// ErrNoCritical.
func ErfCriticalSB2(sw2, mu float64) (sb2, kStar float64, err error) {
	r := 1 - mu*mu
	s, p := 16*sw2*sw2, math.Pi*math.Pi*r*r
	if !(r > 0) || s < p {
		return 0, 0, fmt.Errorf("apjn: %w: erf with μ = %g has no critical σ_b² at σ_w² = %g < π(1 − μ²)/4", ErrNoCritical, mu, sw2)
	}
	kStar = (s - p) / (4 * p)
	sb2 = kStar*r - 2*sw2/math.Pi*math.Asin((s-p)/(s+p))
	return max(sb2, 0), kStar, nil
}

// GELUCriticalLine returns the point of GELU's critical line with fixed
// point 𝒦* = kStar and identity skip μ < 1, DHG eqs 157–158 (μ = 0) and
// 179–180:
//
//	σ_w = 2√(1 − μ²)[1 + 2𝒦(3 + 5𝒦)/(π(1 + 𝒦)(1 + 2𝒦)^{3/2}) + (2/π) arcsin(𝒦/(1 + 𝒦))]^{−1/2},
//	σ_b = 𝒦σ_w/(√(2π)(1 + 2𝒦)^{3/4}),
//
// returned squared.
func GELUCriticalLine(kStar, mu float64) (sw2, sb2 float64) {
	k := kStar
	h := 1 + 2*k*(3+5*k)/(math.Pi*(1+k)*math.Pow(1+2*k, 1.5)) + 2/math.Pi*math.Asin(k/(1+k))
	sw2 = 4 * (1 - mu*mu) / h
	sb2 = k * k * sw2 / (2 * math.Pi * math.Pow(1+2*k, 1.5))
	return sw2, sb2
}

// GELUCriticalK is 𝒦* = (3 + √17)/2 of GELU's second critical point, the
// nonzero root of χ_𝒥* − χ_𝒦* (DHG eqs 159–162).
var GELUCriticalK = (3 + math.Sqrt(17)) / 2

// ReLULNPostCriticalRatio is σ_b²/σ_w² = 1/(π − 1) on the critical line of
// ReLU with LayerNorm on activations (DHG eq 111: σ_b = σ_w/√(π − 1)).
const ReLULNPostCriticalRatio = 1 / (math.Pi - 1)

// ReLUBatchNormChiJ is the large-batch APJN of a pre-BN ReLU MLP with skip
// μ < 1, π(1 − μ²)/(π − 1) + μ² (AutoInit eq 38 for μ = 0; DHG eq 26 prints
// π²(1 − μ²)/(π − 1)² + μ², a typo).
func ReLUBatchNormChiJ(mu float64) float64 {
	return math.Pi*(1-mu*mu)/(math.Pi-1) + mu*mu
}
