package asymptotics

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/recursions"
)

// NTKPrediction returns the large-depth prediction of the single-input
// neural tangent kernel Θ at the critical point p (from Predict for σ at
// (C_b, C_W) = (cb, cw) and K^(1) = k1), with the learning rates λ_b =
// lamB, λ_W = lamW, under the key "Theta". It follows from the recursion
// Θ' = λ_b + λ_W g(K) + χ⊥(K)Θ (PDLT (8.63)) with the kernel's own
// large-depth behaviour (PDLT §9.1 treats the same cases):
//
//   - scale-invariant, C_b = 0, C_W = 1/A₂: K = K*, χ⊥ = 1, so
//     Θ = Θ^(1) + (ℓ − 1)(λ_b + λ_W A₂K*) exactly, which is (λ_b + λ_W A₂K*)ℓ
//     since Θ^(1) = λ_b + λ_W K^(0) = λ_b + λ_W A₂K*;
//   - semi-critical (C_b > 0): K = K^(1) + C_b(ℓ − 1), and Θ is the exact
//     quadratic (λ_W A₂C_b/2)ℓ² + (λ_b + λ_W A₂K^(1) − (3/2)λ_W A₂C_b)ℓ +
//     (Θ^(1) − λ_b − λ_W A₂K^(1) + λ_W A₂C_b);
//   - the K* = 0 class (C_W g = K + a₁K² + …, χ⊥ = 1 + b₁K + …, K ≈
//     1/(−a₁ℓ) (5.94)): with λ_b = 0, Θ − Θ* decays as ℓ^(−p⊥) (p⊥ = b₁/a₁)
//     to Θ* = λ_W/(C_W(−b₁)); with λ_b > 0, Θ grows as λ_bℓ/(1 + p⊥).
//
// The second return is false for a class without an NTK prediction
// (half-stable points).
func NTKPrediction(sigma calc.Expr, p Prediction, cb, cw, k1, lamB, lamW float64) (Series, bool, error) {
	theta1 := lamB + lamW*(k1-cb)/cw
	switch p.Class {
	case recursions.ClassScaleInvariant, recursions.ClassSemiCritical:
		si, ok, err := recursions.ScaleInvariantOf(sigma, recursions.NumericDigits)
		if err != nil || !ok {
			return Series{}, false, fmt.Errorf("asymptotics: NTK: %s is not scale-invariant (%v)", sigma, err)
		}
		A2 := si.A2.Float64()
		if p.Class == recursions.ClassScaleInvariant {
			slope := lamB + lamW*A2*k1
			return Series{Quantity: "Theta", Exponent: -1, Exact: true, Source: "(8.63) at K = K*",
				Terms: nonzeroTerms([]Term{{Power: -1, Coeff: slope}, {Power: 0, Coeff: theta1 - slope}}),
				Next:  Term{Power: 1}}, true, nil
		}
		a := lamW * A2 * cb / 2
		return Series{Quantity: "Theta", Exponent: -2, Exact: true, Source: "(8.63) with K = K^(1) + C_b(ℓ−1)",
			Terms: nonzeroTerms([]Term{{Power: -2, Coeff: a}, {Power: -1, Coeff: lamB + lamW*A2*k1 - 3*a},
				{Power: 0, Coeff: theta1 - lamB - lamW*A2*k1 + 2*a}}),
			Next: Term{Power: 1}}, true, nil
	case recursions.ClassKZero:
		kz, ok, err := recursions.KZeroOf(sigma, recursions.NumericDigits)
		if err != nil || !ok || !kz.OK {
			return Series{}, false, fmt.Errorf("asymptotics: NTK: %s has no K* = 0 data (%v)", sigma, err)
		}
		a1, b1 := kz.A1.Float64(), kz.B1.Float64()
		pPerp := b1 / a1
		if !(pPerp > 0) || math.IsInf(pPerp, 0) {
			return Series{}, false, fmt.Errorf("asymptotics: NTK: p⊥ = b₁/a₁ = %g: χ⊥ does not approach 1 from below", pPerp)
		}
		if lamB > 0 {
			return Series{Quantity: "Theta", Exponent: -1, Source: "(8.63) with (5.94)",
				Terms: []Term{{Power: -1, Coeff: lamB / (1 + pPerp)}},
				Next:  Term{Power: 0, LogPower: 1}}, true, nil
		}
		next := Term{Power: min(pPerp, 1), LogPower: 1}
		return Series{Quantity: "Theta", Exponent: 0, Source: "(8.63) with (5.94)",
			Terms: []Term{{Power: 0, Coeff: lamW / (cw * -b1)}}, Next: next}, true, nil
	}
	return Series{}, false, nil
}

// nonzeroTerms drops the terms whose coefficient is 0.
func nonzeroTerms(ts []Term) []Term {
	out := ts[:0]
	for _, t := range ts {
		if t.Coeff != 0 {
			out = append(out, t)
		}
	}
	return out
}
