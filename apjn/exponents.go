package apjn

import (
	"fmt"
	"math"

	"critcalc/recursions"
)

// Exponent is the algebraic depth behaviour of the APJN at a critical point
// of the vanilla (or res, μ < 1) recursion, DHG App. G: near 𝒦*,
//
//	δ𝒦^{ℓ+1} = δ𝒦^ℓ + ã₁(δ𝒦^ℓ)²,   χ_𝒥^ℓ = 1 + χ_𝒥'(𝒦*)δ𝒦^ℓ,
//
// so δ𝒦^ℓ ≈ −1/(ã₁ℓ) (ζ_𝒦 = 1, Lemma G.1 with n = 2, c₂ = −ã₁) and
// χ_𝒥^ℓ ≈ 1 − ζ/ℓ, 𝒥^{l0,l} ∝ l^{−ζ} with ζ = χ_𝒥'(𝒦*)/ã₁ (Theorem 2.7: ζ =
// d₁/c₂ with d₁ = −χ_𝒥'). The sign convention is DHG's: ζ > 0 decay, ζ < 0
// growth; Growth = −ζ. The power law needs δ𝒦 of the sign that approaches
// 𝒦*: from above when ã₁ < 0; at 𝒦* = 0 (δ𝒦 ≥ 0) only ã₁ < 0 works.
type Exponent struct {
	KStar     float64 // 𝒦*
	A1Tilde   float64 // ã₁ = ½σ_w²⟨φ²⟩''(𝒦*) (PDLT's a₁ at 𝒦* = 0), with its sign
	DChiJ     float64 // dχ_𝒥/d𝒦 at 𝒦*
	ZetaK     float64 // ζ_𝒦 = 1 (δ𝒦 ∝ l^{−ζ_𝒦})
	Zeta      float64 // ζ = DChiJ/A1Tilde
	Growth    float64 // −ζ
	FromAbove bool    // δ𝒦 > 0 on the approach (ã₁ < 0)
	// Scaling is false when no power law exists: ã₁ = 0 (scale-invariant φ:
	// ζ = ζ_𝒦 = 0, DHG eq 103) or an unstable K* = 0 (ã₁ > 0, GELU and SWISH).
	Scaling bool
	Reason  string
}

// CriticalExponent returns the APJN exponent at the critical point of a
// vanilla or res network whose fixed point is kStar (from Model.At at the
// critical (σ_w², σ_b²)). At 𝒦* = 0 it uses PDLT's Taylor data a₁, b₁
// (recursions.KZeroOf; ζ = b₁/a₁, erf: 1); at 𝒦* > 0 ã₁ = j(𝒦*)/(8𝒦*²)
// (recursions.QuadCoeff) and χ_𝒥' = 2h(𝒦*) (recursions.H).
func (m *Model) CriticalExponent(p Params, kStar float64) (Exponent, error) {
	if m.Arch != Vanilla && m.Arch != Res {
		return Exponent{}, fmt.Errorf("apjn: critical exponents are for the vanilla and res recursions, not %s", m.Arch)
	}
	e := Exponent{KStar: kStar, ZetaK: 1}
	if ok, err := recursions.IsScaleInvariant(m.Sigma); err != nil {
		return e, err
	} else if ok {
		e.ZetaK, e.Scaling, e.Reason = 0, false, "scale-invariant φ: 𝒦 and 𝒥 are constant at criticality (ζ_𝒦 = ζ = 0, DHG eq 103)"
		return e, nil
	}
	if kStar == 0 {
		kz, ok, err := recursions.KZeroOf(m.Sigma, recursions.NumericDigits)
		if err != nil {
			return e, err
		}
		if !ok || !kz.OK {
			return e, fmt.Errorf("apjn: 𝒦* = 0 but %v is not in the K* = 0 class", m.Sigma)
		}
		// C_W g(K) = K + a₁K² + … holds at C_W = 1/σ₁²; with the skip the
		// residual branch carries (1 − μ²) of it, which rescales a₁ and b₁.
		r := 1 - p.Mu*p.Mu
		e.A1Tilde, e.DChiJ = r*kz.A1.Float64(), r*kz.B1.Float64()
	} else {
		var err error
		if e.A1Tilde, err = m.act.QuadCoeff(kStar, p.SW2); err != nil {
			return e, err
		}
		h, err := m.act.H(kStar, p.SW2)
		if err != nil {
			return e, err
		}
		e.DChiJ = 2 * h
	}
	e.FromAbove = e.A1Tilde < 0
	e.Zeta = e.DChiJ / e.A1Tilde
	e.Growth = -e.Zeta
	e.Scaling = true
	if kStar == 0 && e.A1Tilde > 0 {
		e.Scaling, e.Reason = false, "𝒦* = 0 is unstable (ã₁ > 0 and δ𝒦 ≥ 0): the scaling ansatz fails (DHG eq 164)"
	}
	if math.IsNaN(e.Zeta) || e.A1Tilde == 0 {
		e.Scaling, e.Reason = false, "ã₁ = 0: no quadratic term"
	}
	return e, nil
}
