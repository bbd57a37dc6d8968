package asymptotics

import (
	"fmt"
	"math"
)

// ScaleInvariantPredictions returns the large-depth predictions of PDLT
// §5.2, §5.4 and §5.5 for a scale-invariant activation σ = a₊z (z ≥ 0),
// a₋z (z < 0) at criticality (C_b, C_W) = (0, 1/A₂), with A₂ = (a₊² + a₋²)/2,
// A₄ = (a₊⁴ + a₋⁴)/2, the kink constant ρ = (1/π)(a₊ − a₋)²/(a₊² + a₋²)
// (5.163) and the fixed kernel K* (the diagonal kernel K_d* for two inputs).
// With v = 3A₄/A₂² − 1:
//
//	K    = K*                                    (5.66), exact
//	V    = v K*² ℓ − v K*²                        (5.120), exact
//	V/K² = v ℓ − v                                (5.130), exact
//	G1   = 0                                      (5.118), exact
//	psi  = (3/ρ)/ℓ + O(log ℓ/ℓ²)                  (5.166)
//	K0   = K* − K*(9/(4ρ²))/ℓ² + O(log ℓ/ℓ³)      (5.167)
//	K2   = K*(9/(4ρ²))/ℓ² + O(log ℓ/ℓ³)           (5.168)
//
// psi is the polar angle ψ of two inputs of equal norm, K0 and K2 the
// projections K_[0] = K_d(1 + cos ψ)/2 and K_[2] = K_d(1 − cos ψ)/2. For
// ρ = 0 (a linear σ) the angle is preserved: psi, K0 and K2 are constants
// set by the inputs, returned as Relative exact series with exponent 0.
func ScaleInvariantPredictions(A2, A4, rho, Kstar float64) ([]Series, error) {
	for _, v := range []float64{A2, A4, rho, Kstar} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("asymptotics: scale-invariant data (A2, A4, ρ, K*) = (%g, %g, %g, %g) are not finite", A2, A4, rho, Kstar)
		}
	}
	switch {
	case !(A2 > 0):
		return nil, fmt.Errorf("asymptotics: scale-invariant class needs A2 > 0, got %g", A2)
	case !(A4 > 0):
		return nil, fmt.Errorf("asymptotics: scale-invariant class needs A4 > 0, got %g", A4)
	case rho < 0:
		return nil, fmt.Errorf("asymptotics: the kink constant ρ must be ≥ 0, got %g", rho)
	case !(Kstar > 0):
		return nil, fmt.Errorf("asymptotics: the fixed kernel K* must be > 0, got %g", Kstar)
	}
	v := 3*A4/(A2*A2) - 1
	out := []Series{
		{Quantity: "K", Exponent: 0, Exact: true, Source: "(5.66)", Terms: []Term{{Power: 0, Coeff: Kstar}}},
		{Quantity: "V", Exponent: -1, Exact: true, Source: "(5.120)",
			Terms: []Term{{Power: -1, Coeff: v * Kstar * Kstar}, {Power: 0, Coeff: -v * Kstar * Kstar}}},
		{Quantity: "V_over_K2", Exponent: -1, Exact: true, Source: "(5.120), (5.130)",
			Terms: []Term{{Power: -1, Coeff: v}, {Power: 0, Coeff: -v}}},
		{Quantity: "G1", Exact: true, Zero: true, Source: "(5.118)"},
	}
	if rho == 0 {
		for _, q := range []string{"psi", "K0", "K2"} {
			out = append(out, Series{Quantity: q, Exponent: 0, Exact: true, Relative: true,
				Source: "(5.162) with ρ = 0", Terms: []Term{{Power: 0, Coeff: 1}}})
		}
		return out, nil
	}
	k2 := Kstar * 9 / (4 * rho * rho)
	return append(out,
		Series{Quantity: "psi", Exponent: 1, Source: "(5.166)",
			Terms: []Term{{Power: 1, Coeff: 3 / rho}}, Next: Term{Power: 2, LogPower: 1}},
		Series{Quantity: "K0", Exponent: 0, Source: "(5.167), (5.168)",
			Terms: []Term{{Power: 0, Coeff: Kstar}, {Power: 2, Coeff: -k2}}, Next: Term{Power: 3, LogPower: 1}},
		Series{Quantity: "K2", Exponent: 2, Source: "(5.168)",
			Terms: []Term{{Power: 2, Coeff: k2}}, Next: Term{Power: 3, LogPower: 1}},
	), nil
}

// CrossoverDepth returns ℓ_cross ≈ 3/(ρψ⁽¹⁾) (5.169), the depth at which the
// polar angle of two inputs starting at angle ψ⁽¹⁾ leaves its first-layer
// value for the power law ψ ≈ 3/(ρℓ) (5.166). It is an order of magnitude:
// the small-angle flow dψ/dℓ = −(ρ/3)ψ² has halved ψ there.
func CrossoverDepth(rho, psi1 float64) (float64, error) {
	if !(rho > 0) || math.IsInf(rho, 0) {
		return 0, fmt.Errorf("asymptotics: crossover depth needs a kink constant ρ > 0, got %g (ρ = 0 preserves the angle)", rho)
	}
	if !(psi1 > 0 && psi1 <= math.Pi) {
		return 0, fmt.Errorf("asymptotics: crossover depth needs a first-layer angle in (0, π], got %g", psi1)
	}
	return 3 / (rho * psi1), nil
}
