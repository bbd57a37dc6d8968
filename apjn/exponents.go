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
	if si, ok, err := recursions.ScaleInvariantOf(m.Sigma); err != nil {
		return e, err
	} else if ok {
		_ = si
		e.ZetaK, e.Scaling, e.Reason = 0, false, "scale-invariant φ: 𝒦 and 𝒥 are constant at criticality (ζ_𝒦 = ζ = 0, DHG eq 103)"
		return e, nil
	}
	if kStar == 0 {
		kz, ok, err := recursions.KZeroOf(m.Sigma)
		if err != nil {
			return e, err
		}
		if !ok || !kz.OK {
			return e, fmt.Errorf("apjn: 𝒦* = 0 but %v is not in the K* = 0 class", m.Sigma)
		}
		// C_W g(K) = K + a₁K² + … holds at C_W = 1/σ₁²; with the skip the
		// residual branch carries (1 − μ²) of it, which rescales a₁ and b₁.
		r := 1 - p.Mu*p.Mu
		e.A1Tilde, e.DChiJ = r*kz.A1, r*kz.B1
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

// ErfSubcritical returns DHG Theorem 4.3's constants for erf with μ = 1:
// χ_𝒥^ℓ ≈ 1 + c̃/√ℓ with c̃ = 2σ_w²/(π√(σ_w² + σ_b²)), and
// 𝒥^{l0,l} = O(exp(√(l/λ))), λ = 1/(4c̃²), i.e. log 𝒥 ≈ 2c̃√l (eqs 144–147).
func ErfSubcritical(sw2, sb2 float64) (cTilde, lambda float64) {
	cTilde = 2 * sw2 / (math.Pi * math.Sqrt(sw2+sb2))
	return cTilde, 1 / (4 * cTilde * cTilde)
}

// PreLNGrowth returns A/B, the exponent of the algebraic APJN growth
// 𝒥^{l0,l} ∝ l^{A/B} of Pre-LN + residual with μ = 1 (ζ = −A/B; DHG eq 71,
// Remark 5.3), with A = σ_w²⟨φ'²⟩₁ and B = σ_w²⟨φ²⟩₁ + σ_b² (Theorem 1.3).
// 𝒦^ℓ = 𝒦^{l0} + (ℓ − l0)B exactly, so χ_𝒥^ℓ = 1 + A/𝒦^ℓ and
// 𝒥^{l0,l} = Γ(c + n + A/B)Γ(c)/(Γ(c + A/B)Γ(c + n)), c = 𝒦^{l0}/B, n = l − l0
// (PreLNExactLogAPJN).
func (m *Model) PreLNGrowth(sw2, sb2 float64) (A, B float64) {
	return sw2 * m.dphi2, sw2*m.phi2 + sb2
}

// PreLNExactLogAPJN returns log 𝒥^{l0,l0+n} of Pre-LN + residual with μ =
// 1 from 𝒦^{l0} = k0 by the Gamma-function product above.
func PreLNExactLogAPJN(A, B, k0 float64, n int) float64 {
	c, x, N := k0/B, A/B, float64(n)
	lg := func(v float64) float64 { r, _ := math.Lgamma(v); return r }
	return lg(c+N+x) + lg(c) - lg(c+x) - lg(c+N)
}

// PreLNCorrelationLength is Theorem 1.3: Pre-LN + residual with μ < 1 has
// χ_𝒥* = (1 − μ²)A/B + μ² and ξ = 1/|log χ_𝒥*|.
func (m *Model) PreLNCorrelationLength(sw2, sb2, mu float64) (chi, xi float64) {
	A, B := m.PreLNGrowth(sw2, sb2)
	chi = (1-mu*mu)*A/B + mu*mu
	return chi, 1 / math.Abs(math.Log(chi))
}

// BatchNormGrowth returns the exponent of 𝒥^{l0,l} ∝ l^p for a pre-BN
// network with μ = 1: D^ℓ grows by σ_w²Var₁φ per layer, so χ_𝒥^ℓ = 1 +
// p/(c + ℓ) with p = ⟨φ'²⟩₁/(⟨φ²⟩₁ − ⟨φ⟩₁²) (ReLU: π/(π − 1); DHG eq 27 gives only 1 + O(1/l)).
func (m *Model) BatchNormGrowth() float64 { return m.dphi2 / (m.phi2 - m.phi1*m.phi1) }
