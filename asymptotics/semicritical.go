package asymptotics

import (
	"fmt"
	"math"
)

// SemiCriticalPredictions returns the exact depth dependence of a
// scale-invariant activation at semi-criticality, C_W = 1/A₂ and C_b > 0
// (PDLT §5.2 and §5.4): χ∥ = χ⊥ = 1, so K' = K + C_b grows linearly from
// K⁽¹⁾ = k1 and V' = V + vK² with v = 3A₄/A₂² − 1 grows as ℓ³. With
// a = k1 − C_b, so that K = a + C_b ℓ:
//
//	K    = C_b ℓ + a                                                  (p₀ = −1)
//	V    = v[C_b²ℓ³/3 + (aC_b − C_b²/2)ℓ² + (a² − aC_b + C_b²/6)ℓ − a²]    (p_V = −3)
//	V/K² = v[ℓ/3 + a/(3C_b) − 1/2] + O(1/ℓ)
//	G1   = 0
//
// V is the sum v Σ_{m<ℓ} (a + C_b m)²; the scaling law p_V − 2p₀ = −1
// holds, with V/K² growing at a third of the critical rate (5.130).
func SemiCriticalPredictions(A2, A4, Cb, k1 float64) ([]Series, error) {
	for _, x := range []float64{A2, A4, Cb, k1} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("asymptotics: semi-critical data (A2, A4, C_b, K1) = (%g, %g, %g, %g) are not finite", A2, A4, Cb, k1)
		}
	}
	switch {
	case !(A2 > 0) || !(A4 > 0):
		return nil, fmt.Errorf("asymptotics: semi-criticality needs A2 > 0 and A4 > 0, got %g and %g", A2, A4)
	case !(Cb > 0):
		return nil, fmt.Errorf("asymptotics: semi-criticality needs C_b > 0, got %g (C_b = 0 is the critical point)", Cb)
	case !(k1 > 0):
		return nil, fmt.Errorf("asymptotics: semi-criticality needs K^(1) > 0, got %g", k1)
	}
	v := 3*A4/(A2*A2) - 1
	a := k1 - Cb
	return []Series{
		{Quantity: "K", Exponent: -1, Exact: true, Source: "(5.63), §5.2 semi-criticality",
			Terms: []Term{{Power: -1, Coeff: Cb}, {Power: 0, Coeff: a}}},
		{Quantity: "V", Exponent: -3, Exact: true, Source: "(5.116), §5.4 semi-criticality",
			Terms: []Term{
				{Power: -3, Coeff: v * Cb * Cb / 3},
				{Power: -2, Coeff: v * (a*Cb - Cb*Cb/2)},
				{Power: -1, Coeff: v * (a*a - a*Cb + Cb*Cb/6)},
				{Power: 0, Coeff: -v * a * a},
			}},
		{Quantity: "V_over_K2", Exponent: -1, Source: "(5.116), §5.4 semi-criticality",
			Terms: []Term{{Power: -1, Coeff: v / 3}, {Power: 0, Coeff: v * (a/(3*Cb) - 0.5)}},
			Next:  Term{Power: 1}},
		{Quantity: "G1", Exact: true, Zero: true, Source: "(5.118)"},
	}, nil
}
