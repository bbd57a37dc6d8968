package asymptotics

import (
	"errors"
	"fmt"
	"math"
)

// ErrNotAttracting is the cause of the error returned for a fixed point
// whose kernel flow does not decay to it, so that no large-depth power law
// exists.
var ErrNotAttracting = errors.New("the fixed point is not attracting")

// KZeroPredictions returns the large-depth predictions of PDLT §5.3.3–5.4
// for an activation of the K* = 0 universality class at criticality
// (C_b, C_W) = (0, 1/σ₁²), from the coefficients of
// C_W g(K) = K + a₁K² + a₂K³ + … and χ⊥ = 1 + b₁K + … (5.83)–(5.88),
// stored with their sign (tanh: a₁ = −2, a₂ = 17/3, b₁ = −2). With
// d = (a₂ − a₁²)/a₁²:
//
//	K     = [1/(−a₁)]/ℓ − (d/a₁)·log(ℓ/ℓ₀)/ℓ² − (d²/a₁)·log²(ℓ/ℓ₀)/ℓ³
//	        + (d²/a₁)·log(ℓ/ℓ₀)/ℓ³ + O(1/ℓ³)                            (5.94)
//	dK1   = δ∥/ℓ²·[1 + 2d·log(ℓ/ℓ₀)/ℓ + O(1/ℓ)]                         (5.97)
//	ddK2  = δ²/ℓ^(b₁/a₁)·[1 + (b₁/a₁)d·log(ℓ/ℓ₀)/ℓ + O(1/ℓ)]             (5.99)
//	V     = [2/(3a₁²)]/ℓ + [2d/(3a₁²)]·log(ℓ/ℓ₀)/ℓ²
//	        + [(5a₂ + a₁(82a₁ − 90b₁))/(3a₁⁴)]/ℓ² + O(log²ℓ/ℓ³)           (5.127)
//	V/K²  = (2/3)ℓ − (2d/3)·log(ℓ/ℓ₀) + (5a₂ + a₁(82a₁ − 90b₁))/(3a₁²)
//	        + O(log²ℓ/ℓ)                                                 (5.131)
//	G{1}  = −1/(3(−a₁)) + O(log ℓ/ℓ)  (bare)                              (5.134)
//	G{1}  = [(84a₁² − a₂ − 90a₁b₁)/(3a₁³)]/ℓ + O(log ℓ/ℓ²)
//	        (renormalized, c_b{1} = 0, c_W{1} = (2/3)C_W)                 (5.142)–(5.143)
//
// ℓ₀ is the same data-dependent constant in every series that uses it.
// The subleading terms of V/K² follow from (5.94) and (5.127); the
// renormalized coefficient is the one the recursions (5.108)–(5.110),
// (5.140) produce, not the printed (2/3)(3a₂ − a₁²)/(−a₁)³ of (5.143)
// (tanh: 89/72, not 13/12). The bare and renormalized G{1} are returned
// under the keys "G1" and "G1_ren".
//
// An error wraps ErrNotAttracting when −a₁ ≤ 0: the kernel is then
// repelled from K* = 0 (SWISH, GELU, shifted softplus).
func KZeroPredictions(a1, a2, b1 float64) ([]Series, error) {
	for _, v := range []float64{a1, a2, b1} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("asymptotics: K*=0 class coefficients (a1, a2, b1) = (%g, %g, %g) are not finite", a1, a2, b1)
		}
	}
	if !(-a1 > 0) {
		return nil, fmt.Errorf("asymptotics: K*=0 class with −a1 = %g ≤ 0: %w (the kernel is repelled from K* = 0, (5.92))", -a1, ErrNotAttracting)
	}
	d := (a2 - a1*a1) / (a1 * a1)
	a12, a14 := a1*a1, a1*a1*a1*a1
	pPerp := b1 / a1
	c10V := (5*a2 + a1*(82*a1-90*b1)) / (3 * a14)
	return []Series{
		{
			Quantity: "K", Exponent: 1, UsesL0: true, Source: "(5.94)",
			Terms: []Term{
				{Power: 1, Coeff: 1 / -a1},
				{Power: 2, LogPower: 1, Coeff: -d / a1},
				{Power: 3, LogPower: 2, Coeff: -d * d / a1},
				{Power: 3, LogPower: 1, Coeff: d * d / a1},
			},
			Next: Term{Power: 3},
		},
		{
			Quantity: "dK1", Exponent: 2, UsesL0: true, Relative: true, Source: "(5.97)",
			Terms: []Term{{Power: 2, Coeff: 1}, {Power: 3, LogPower: 1, Coeff: 2 * d}},
			Next:  Term{Power: 3},
		},
		{
			Quantity: "ddK2", Exponent: pPerp, UsesL0: true, Relative: true, Source: "(5.99)",
			Terms: []Term{{Power: pPerp, Coeff: 1}, {Power: pPerp + 1, LogPower: 1, Coeff: pPerp * d}},
			Next:  Term{Power: pPerp + 1},
		},
		{
			Quantity: "V", Exponent: 1, UsesL0: true, Source: "(5.127)",
			Terms: []Term{
				{Power: 1, Coeff: 2 / (3 * a12)},
				{Power: 2, LogPower: 1, Coeff: 2 * d / (3 * a12)},
				{Power: 2, Coeff: c10V},
			},
			Next: Term{Power: 3, LogPower: 2},
		},
		{
			Quantity: "V_over_K2", Exponent: -1, UsesL0: true, Source: "(5.131); subleading terms from (5.94), (5.127)",
			Terms: []Term{
				{Power: -1, Coeff: 2.0 / 3},
				{Power: 0, LogPower: 1, Coeff: -2 * d / 3},
				{Power: 0, Coeff: c10V * a12},
			},
			Next: Term{Power: 1, LogPower: 2},
		},
		{
			Quantity: "G1", Exponent: 0, Source: "(5.134)",
			Terms: []Term{{Power: 0, Coeff: -1 / (3 * -a1)}},
			Next:  Term{Power: 1, LogPower: 1},
		},
		{
			Quantity: "G1_ren", Exponent: 1, Source: "(5.140)–(5.143), coefficient recomputed (PDLT prints (2/3)(3a₂ − a₁²)/(−a₁)³)",
			Terms: []Term{{Power: 1, Coeff: (84*a12 - a2 - 90*a1*b1) / (3 * a12 * a1)}},
			Next:  Term{Power: 2, LogPower: 1},
		},
	}, nil
}
