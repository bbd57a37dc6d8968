package asymptotics

import (
	"math/big"

	"critcalc/calc"
	"critcalc/recursions"
)

// Exponents are the depth exponents of one critical point: an observable O
// decays as ℓ^(−p_O) (PDLT (5.93)). An entry without a value (V nil) is one
// PDLT gives none for at this point (an unstable point has none).
type Exponents struct {
	// P0 is the kernel's, ΔK ∝ ℓ^(−p₀); PPar and PPerp are those of the
	// two-input perturbations δK[1] and δδK[2]; PV the four-point
	// vertex's; P1Bare and P1Ren the NLO metric G{1}'s, bare and with the
	// renormalized c_W{1} = (2/3)c_W{0} (5.142).
	P0, PPar, PPerp, PV, P1Bare, P1Ren calc.Certified
}

// exponent is the exact integer p, certified to digits digits.
func exponent(p int64, digits int) calc.Certified {
	return calc.Exact(new(big.Float).SetInt64(p), digits)
}

// ScalingLaw returns p_V − 2p₀ (−1 for the K* = 0 and half-stable classes,
// (5.128)–(5.129)); ok is false when either exponent is missing. Both are
// integers wherever PDLT gives both.
func (x Exponents) ScalingLaw() (int64, bool) {
	if x.P0.V == nil || x.PV.V == nil {
		return 0, false
	}
	p0, _ := x.P0.V.Int64()
	pv, _ := x.PV.V.Int64()
	return pv - 2*p0, true
}

// ExponentsOf returns the depth exponents of the i-th critical point of ad
// (i = -1 for the scale-invariant line), each certified to ad's digits:
//
//   - scale-invariant: p₀ = 0 (5.66), p∥ = 0 (5.65), p⊥ = 2 at finite angle
//     (5.168; 0 for a linear σ, whose ρ_kink = 0), p_V = −1 (5.120);
//   - K* = 0 with a₁ < 0: p₀ = 1 (5.94), p∥ = 2 (5.97), p⊥ = b₁/a₁ (5.99),
//     p_V = 1 (5.127), p₁ = 0 bare (5.134) and 1 renormalized (5.143);
//   - half-stable, from the attracted side: p₀ = 1 (5.103);
//   - kinked-linear: p₀ = 2 for a₃ᐟ₂ < 0 (ΔK ≈ 4/(a₃ᐟ₂²ℓ²)), p₀ = 1 for
//     a₃ᐟ₂ = 0 and a₁ < 0 (recursions.Kinked).
//
// Any other point has none.
func ExponentsOf(ad *recursions.AnalysisDigits, i int) Exponents {
	d := ad.Digits
	if i < 0 {
		si := ad.Analysis.ScaleInvariant
		if si == nil {
			return Exponents{}
		}
		x := Exponents{P0: exponent(0, d), PPar: exponent(0, d), PPerp: exponent(2, d), PV: exponent(-1, d)}
		if si.RhoKink.IsZero() {
			x.PPerp = exponent(0, d)
		}
		return x
	}
	p := ad.Analysis.Points[i]
	switch p.Class {
	case recursions.ClassKZero:
		if !(p.A1 < 0) || ad.Taylor == nil {
			return Exponents{}
		}
		return Exponents{P0: exponent(1, d), PPar: exponent(2, d), PPerp: ad.Taylor.PPerp, PV: exponent(1, d),
			P1Bare: exponent(0, d), P1Ren: exponent(1, d)}
	case recursions.ClassKinkedLinear:
		kl := ad.Analysis.Kinked
		switch {
		case kl == nil:
		case kl.A32.V.Sign() < 0:
			return Exponents{P0: exponent(2, d)}
		case kl.A32.IsZero() && kl.A1.V.Sign() < 0:
			return Exponents{P0: exponent(1, d)}
		}
	case recursions.ClassHalfStable:
		if p.Stability.HalfStable() {
			return Exponents{P0: exponent(1, d)}
		}
	}
	return Exponents{}
}
