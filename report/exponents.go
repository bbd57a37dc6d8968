package report

import (
	"math"

	"critcalc/recursions"
)

// exponents are the depth exponents of PDLT chapter 5 at one critical
// point: an observable O decays as ℓ^(−p_O) (5.93). An unset exponent is
// one the chapter does not give for the class (or an unstable point, which
// has none).
type exponents struct {
	p0, pPar, pPerp, pV, p1Bare, p1Ren expo
}

// expo is one exponent: its value and cell.
type expo struct {
	v    float64
	set  bool
	cell Cell
}

func exact(v int) expo { return expo{float64(v), true, IntCell(v)} }

func floatExpo(v float64, digits int) expo { return expo{v, true, FloatCell(v, digits)} }

// scalingLaw returns p_V − 2p₀ (−1 for the classes of (5.128)–(5.129)).
func (x exponents) scalingLaw() Cell {
	if !x.p0.set || !x.pV.set {
		return Cell{}
	}
	d := x.pV.v - 2*x.p0.v
	if d == math.Trunc(d) {
		return IntCell(int(d))
	}
	return FloatCell(d, 12)
}

// scaleInvariantExponents: K* is any point of the line of fixed points,
// p₀ = 0 (5.66); δK_[1] is constant, p∥ = 0 (5.65); at finite angle
// K_[2] ∝ 1/ℓ² (5.168), p⊥ = 2, unless σ is linear (ρ_kink = 0, nothing
// decays); V ∝ ℓ, p_V = −1 (5.120); G{1} ≡ 0 (5.118), no p₁.
func scaleInvariantExponents(rhoKink float64) exponents {
	x := exponents{p0: exact(0), pPar: exact(0), pPerp: exact(2), pV: exact(-1)}
	if rhoKink == 0 {
		x.pPerp = exact(0)
	}
	return x
}

// kZeroExponents: for a₁ < 0, ΔK ∝ 1/ℓ (5.94), δK_[1] ∝ 1/ℓ² (5.97),
// δδK_[2] ∝ ℓ^(−b₁/a₁) (5.99), V ∝ 1/ℓ (5.127), G{1} → const bare (5.134)
// and ∝ 1/ℓ renormalized (5.143). pPerp is b₁/a₁ as given.
func kZeroExponents(a1 float64, pPerp expo) exponents {
	if !(a1 < 0) {
		return exponents{}
	}
	return exponents{p0: exact(1), pPar: exact(2), pPerp: pPerp, pV: exact(1), p1Bare: exact(0), p1Ren: exact(1)}
}

// halfStableExponents: from the attracted side ΔK ∝ 1/ℓ (5.103).
func halfStableExponents() exponents { return exponents{p0: exact(1)} }

// kinkedExponents: ΔK ≈ 4/(a₃ᐟ₂² ℓ²) for a₃ᐟ₂ < 0, ΔK ≈ 1/(−a₁ℓ) for
// a₃ᐟ₂ = 0 and a₁ < 0 (recursions.KinkedLinear).
func kinkedExponents(kl *recursions.KinkedLinear) exponents {
	switch {
	case kl == nil:
		return exponents{}
	case kl.A32 < 0:
		return exponents{p0: exact(2)}
	case kl.A32 == 0 && kl.A1 < 0:
		return exponents{p0: exact(1)}
	}
	return exponents{}
}
