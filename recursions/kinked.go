package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// KinkedLinear is the small-K expansion of an activation with σ(0) = 0 and
// a kink at 0, the analogue of the K* = 0 class (5.80)–(5.90) for an
// activation without a Taylor series at 0 (ELU, SELU, softsign, leaky ReLU
// plus powers).
//
// On each side σ has its own Taylor series,
//
//	σ(z) = a± z + (b±/2) z² + (c±/6) z³ + …,  z ≷ 0,
//
// so σ² and σ′² are one-sided power series and ⟨·⟩_K needs the half-line
// moments of z ~ N(0, K),
//
//	E[zⁿ; z > 0] = Kⁿᐟ² Mₙ,  E[zⁿ; z < 0] = (−1)ⁿ Kⁿᐟ² Mₙ,
//	Mₙ = 2ⁿᐟ² Γ((n+1)/2) / (2√π),
//
// with M₀ = 1/2, M₁ = 1/√(2π), M₂ = 1/2, M₃ = √(2/π), M₄ = 3/2 (for even
// n, Mₙ = (n−1)!!/2; the odd ones do not cancel between the sides). From
// σ² = a±² z² + a±b± z³ + (b±²/4 + a±c±/3) z⁴ + … and
// σ′² = a±² + 2a±b± z + (b±² + a±c±) z² + …,
//
//	g(K) = ⟨σ²⟩_K = A₂ K + B K³ᐟ² + G₂ K² + O(K⁵ᐟ²),
//	⟨σ′²⟩_K = A₂ + B′ K¹ᐟ² + H₁ K + O(K³ᐟ²),
//
//	A₂ = (a₊² + a₋²)/2,
//	B = B′ = √(2/π) (a₊b₊ − a₋b₋),
//	G₂ = (3/8)(b₊² + b₋²) + (a₊c₊ + a₋c₋)/2,
//	H₁ = (b₊² + b₋² + a₊c₊ + a₋c₋)/2.
//
// As K → 0 the kernel is critical at C_b = 0, C_W = 1/A₂ (χ⊥ = C_W⟨σ′²⟩ → 1),
// and the map K → C_W g(K) near the fixed point ΔK = K = 0 is
//
//	ΔK′ = ΔK + a₃ᐟ₂ ΔK³ᐟ² + a₁ ΔK² + …,  a₃ᐟ₂ = B/A₂,  a₁ = G₂/A₂.
//
// For a₃ᐟ₂ < 0 the fixed point attracts: dΔK/dℓ = a₃ᐟ₂ ΔK³ᐟ² integrates to
// ΔK ≈ 4/(a₃ᐟ₂² ℓ²). For a₃ᐟ₂ > 0 it repels. For a₃ᐟ₂ = 0 (b₊ = b₋ = 0, or
// a₊b₊ = a₋b₋) the ΔK² term decides as a₁ does in the K* = 0 class:
// a₁ < 0 attracts with ΔK ≈ 1/(−a₁ ℓ), a₁ > 0 repels, a₁ = 0 is marginal.
type KinkedLinear struct {
	APlus, AMinus, BPlus, BMinus float64 // one-sided σ′(0±), σ″(0±)
	CPlus, CMinus                float64 // one-sided σ‴(0±)
	A2                           float64 // (a₊² + a₋²)/2
	CW                           float64 // 1/A2, the critical C_W of the K* → 0 limit (C_b = 0)
	// B is the coefficient of K³ᐟ² in g(K) = ⟨σ²⟩_K, and BPrime that of
	// K¹ᐟ² in ⟨σ′²⟩_K (equal to B).
	B, BPrime float64
	// G2 is the coefficient of K² in g(K), and H1 that of K in ⟨σ′²⟩_K.
	G2, H1 float64
	A32    float64 // coefficient of ΔK³ᐟ² of the map K → C_W g(K) at C_W = 1/A2
	A1     float64 // coefficient of ΔK² of the same map, C_W·G2
	// Stability is Stable (A32 < 0, or A32 = 0 and A1 < 0), Unstable
	// (A32 > 0, or A32 = 0 and A1 > 0) or Marginal (both 0).
	Stability Stability
}

// Parameters of NewKinkedLinear.
const (
	// kinkedOrder is the order of the one-sided expansions compared for a
	// kink at 0.
	kinkedOrder = 4
	// kinkedRel is the relative size under which a one-sided difference
	// (or a cancelling sum) counts as zero.
	kinkedRel = 1e-12
)

// NewKinkedLinear computes the expansion from the one-sided Taylor
// coefficients of σ at 0 (calc.TaylorFloat64 with calc.Above and
// calc.Below). It reports ok = false when σ(0±) ≠ 0, when the one-sided
// coefficients agree to order 4 (no kink at 0: see KZeroOf), or when
// a₊ = a₋ = 0 (A₂ = 0, no critical C_W). A one-sided slope of 0 (ReLU plus
// powers) is allowed.
func NewKinkedLinear(sigma calc.Expr) (KinkedLinear, bool, error) {
	up, err := calc.TaylorFloat64(sigma, 0, kinkedOrder, calc.Above)
	if err != nil {
		return KinkedLinear{}, false, fmt.Errorf("recursions: Taylor series of σ at 0⁺: %w", err)
	}
	dn, err := calc.TaylorFloat64(sigma, 0, kinkedOrder, calc.Below)
	if err != nil {
		return KinkedLinear{}, false, fmt.Errorf("recursions: Taylor series of σ at 0⁻: %w", err)
	}
	kink := false
	for p := range up {
		if !negligible(up[p]-dn[p], up[p], dn[p]) {
			kink = true
		}
	}
	k := KinkedLinear{
		APlus: up[1], AMinus: dn[1],
		BPlus: 2 * up[2], BMinus: 2 * dn[2],
		CPlus: 6 * up[3], CMinus: 6 * dn[3],
	}
	scale := math.Max(math.Abs(k.APlus), math.Abs(k.AMinus))
	if !kink || scale == 0 || math.Abs(up[0]) > kinkedRel*scale || math.Abs(dn[0]) > kinkedRel*scale {
		return KinkedLinear{}, false, nil
	}
	ap, am, bp, bm, cp, cm := k.APlus, k.AMinus, k.BPlus, k.BMinus, k.CPlus, k.CMinus
	k.A2 = (ap*ap + am*am) / 2
	k.CW = 1 / k.A2
	cross := ap*bp - am*bm
	if negligible(cross, ap*bp, am*bm) {
		cross = 0
	}
	k.B = math.Sqrt(2/math.Pi) * cross
	k.BPrime = k.B
	k.G2 = 3.0/8*(bp*bp+bm*bm) + (ap*cp+am*cm)/2
	if negligible(k.G2, 3.0/8*(bp*bp+bm*bm), ap*cp, am*cm) {
		k.G2 = 0
	}
	k.H1 = (bp*bp + bm*bm + ap*cp + am*cm) / 2
	k.A32 = k.B / k.A2
	k.A1 = k.G2 / k.A2
	switch {
	case k.A32 < 0 || (k.A32 == 0 && k.A1 < 0):
		k.Stability = Stable
	case k.A32 > 0 || (k.A32 == 0 && k.A1 > 0):
		k.Stability = Unstable
	default:
		k.Stability = Marginal
	}
	return k, true, nil
}

// negligible reports whether v is within kinkedRel of the largest of the
// terms it was formed from (or all of them are 0).
func negligible(v float64, terms ...float64) bool {
	m := 0.0
	for _, t := range terms {
		m = math.Max(m, math.Abs(t))
	}
	return math.Abs(v) <= kinkedRel*m
}
