package apjn

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/recursions"
)

// ExponentDigits is CriticalExponent's ζ = χ_𝒥'(𝒦*)/ã₁ to digits
// significant digits (1 to MaxDigits) at the critical point p of a
// vanilla or res network with fixed point kStar; ok is false where no
// power law holds (scale-invariant φ; 𝒦* = 0 with ã₁ ≥ 0).
//
// At 𝒦* = 0 it is b₁/a₁ from recursions.KZeroOf (PDLT's p⊥; the skip
// scales a₁ and b₁ alike). At 𝒦* > 0, with ⟨·⟩ the average over
// z ~ N(0, 𝒦*) and Stein's lemma (∂_𝒦⟨F⟩ = ⟨F(z² − 𝒦)⟩/(2𝒦²)),
//
//	ã₁ = ½σ_w² g″(𝒦*),  g″ = (⟨z³φφ'⟩ − 3𝒦⟨zφφ'⟩)/(2𝒦³),
//	χ_𝒥' = σ_w²(⟨φ'²z²⟩ − 𝒦⟨φ'²⟩)/(2𝒦²),
//
// so ζ = 2χ_𝒥'/(σ_w² g″), computed from averages to digits+15 and
// digits+30 digits, keeping the digits on which the two agree. kStar is
// taken as exact: a 𝒦* known to 10^−(digits+13) (AtDigits) moves ζ far
// below its last digit.
func (m *Model) ExponentDigits(p ExactParams, kStar *big.Rat, digits int) (zeta calc.Certified, ok bool, err error) {
	if m.Arch != Vanilla && m.Arch != Res {
		return calc.Certified{}, false, fmt.Errorf("apjn: critical exponents are for the vanilla and res recursions, not %s", m.Arch)
	}
	if err := m.checkDigits(p, digits); err != nil {
		return calc.Certified{}, false, err
	}
	if m.si != nil {
		return calc.Certified{}, false, nil
	}
	if kStar.Sign() == 0 {
		kz, ok, err := recursions.KZeroOf(m.Sigma, digits)
		if err != nil {
			return calc.Certified{}, false, err
		}
		if !ok || !kz.OK {
			return calc.Certified{}, false, fmt.Errorf("apjn: 𝒦* = 0 but %v is not in the K* = 0 class", m.Sigma)
		}
		if kz.A1.V == nil || kz.A1.V.Sign() >= 0 || kz.PPerp.V == nil {
			return calc.Certified{}, false, nil
		}
		return kz.PPerp.AtMost(digits), true, nil
	}
	var z [2]*big.Float
	for i, d := range []int{digits + digitsLow, digits + digitsHigh} {
		if z[i], err = m.zetaAt(kStar, d); err != nil {
			return calc.Certified{}, false, err
		}
		if z[i] == nil {
			return calc.Certified{}, false, nil
		}
	}
	c, err := calc.Agreeing("ζ", z[0], z[1], digits)
	return c, err == nil, err
}

// zetaAt is ζ at 𝒦* = K > 0 from averages to d digits (nil where g″ = 0).
func (m *Model) zetaAt(K *big.Rat, d int) (*big.Float, error) {
	many, _, err := m.digitsAverages()
	if err != nil {
		return nil, err
	}
	v, err := many.AtDigits(K, d)
	if err != nil {
		return nil, fmt.Errorf("apjn: averages at 𝒦 = %s: %w", K.FloatString(6), err)
	}
	c := hpMath{precFor(d)}
	k := c.rat(K)
	gpp := c.quo(c.sub(v[nZ3ssp], c.mul(c.mul(big.NewFloat(3), k), v[nZssp])), c.mul(big.NewFloat(2), c.mul(k, c.mul(k, k))))
	if gpp.Sign() == 0 {
		return nil, nil
	}
	sp := c.quo(c.sub(v[nSp2z2], c.mul(k, v[nSp2])), c.mul(big.NewFloat(2), c.mul(k, k)))
	return c.quo(c.mul(big.NewFloat(2), sp), gpp), nil
}
