package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// Kinked is the kinked-linear class: the small-K expansion of an
// activation with σ(0) = 0 and a kink at 0, the analogue of the K* = 0 class (5.80)–(5.90) for an
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
//
// Its values are certified to a requested number of significant digits
// (KinkedOf): every one follows exactly from the one-sided Taylor
// coefficients of σ at 0, which calc.TaylorDigits certifies.
type Kinked struct {
	APlus, AMinus, BPlus, BMinus calc.Certified // one-sided σ′(0±), σ″(0±)
	CPlus, CMinus                calc.Certified // one-sided σ‴(0±)
	A2                           calc.Certified // (a₊² + a₋²)/2
	CW                           calc.Certified // 1/A2, the critical C_W of the K* → 0 limit (C_b = 0)
	// B is the coefficient of K³ᐟ² in g(K) = ⟨σ²⟩_K, and of K¹ᐟ² in
	// ⟨σ′²⟩_K.
	B calc.Certified
	// G2 is the coefficient of K² in g(K), and H1 that of K in ⟨σ′²⟩_K.
	G2, H1 calc.Certified
	A32    calc.Certified // coefficient of ΔK³ᐟ² of the map K → C_W g(K) at C_W = 1/A2
	A1     calc.Certified // coefficient of ΔK² of the same map, C_W·G2
	// Decay is 4/a₃ᐟ₂² of ΔK ≈ Decay/ℓ² (no value unless a₃ᐟ₂ < 0).
	Decay calc.Certified
	// Stability is Stable (A32 < 0, or A32 = 0 and A1 < 0), Unstable
	// (A32 > 0, or A32 = 0 and A1 > 0) or Marginal (both 0).
	Stability Stability
}

// kinkedOrder is the order of the one-sided expansions compared for a
// kink at 0.
const kinkedOrder = 4

// kinkedValues holds the one-sided coefficients and the class data at one
// precision, in the order of kinkedNames (decay nil unless a₃ᐟ₂ < 0), and
// whether σ is in the class.
type kinkedValues struct {
	v  [len(kinkedNames)]*big.Float
	ok bool
}

// kinkedNames names the values of kinkedValues.
var kinkedNames = [...]string{"a₊", "a₋", "b₊", "b₋", "c₊", "c₋", "A₂", "C_W", "B", "G₂", "H₁", "a₃ᐟ₂", "a₁", "4/a₃ᐟ₂²"}

// kinkedAt computes the kinked-linear data from one-sided Taylor
// coefficients of σ at 0 certified to digits digits. A sum of terms that
// cancel to below the working precision's rounding (a₊b₊ = a₋b₋ of a
// leaky ReLU plus matched squares, or a coefficient that is the same on
// both sides) is an exact 0. ok is false when σ(0±) ≠ 0, when the
// one-sided coefficients agree to order 4 (no kink at 0: see KZeroOf), or
// when a₊ = a₋ = 0 (A₂ = 0, no critical C_W); a one-sided slope of 0 (ReLU
// plus powers) is allowed.
func kinkedAt(sigma calc.Expr, digits int) (kinkedValues, error) {
	up, err := calc.TaylorDigits(sigma, new(big.Rat), kinkedOrder, calc.Above, digits)
	if errors.Is(err, calc.ErrNoSeries) {
		return kinkedValues{}, nil // not linear near 0 on this side
	}
	if err != nil {
		return kinkedValues{}, fmt.Errorf("recursions: Taylor series of σ at 0⁺ to %d digits: %w", digits, err)
	}
	dn, err := calc.TaylorDigits(sigma, new(big.Rat), kinkedOrder, calc.Below, digits)
	if errors.Is(err, calc.ErrNoSeries) {
		return kinkedValues{}, nil
	}
	if err != nil {
		return kinkedValues{}, fmt.Errorf("recursions: Taylor series of σ at 0⁻ to %d digits: %w", digits, err)
	}
	prec := calc.BitsForDigits(digits) + 64
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	num := func(n int64) *big.Float { return f().SetInt64(n) }
	// sum returns Σ terms, or 0 when it is below 2^(16−prec) of the
	// largest term: rounding noise of a cancellation that is exact.
	sum := func(terms ...*big.Float) *big.Float {
		s, m := f(), f()
		for _, t := range terms {
			s.Add(s, t)
			if a := f().Abs(t); a.Cmp(m) > 0 {
				m = a
			}
		}
		if f().Abs(s).Cmp(m.SetMantExp(m, 16-int(prec))) <= 0 {
			return f()
		}
		return s
	}
	kink := false
	for p := range up {
		kink = kink || sum(up[p], f().Neg(dn[p])).Sign() != 0
	}
	ap, am := up[1], dn[1]
	A2 := f().Quo(f().Add(f().Mul(ap, ap), f().Mul(am, am)), num(2))
	if !kink || up[0].Sign() != 0 || dn[0].Sign() != 0 || A2.Sign() == 0 {
		return kinkedValues{}, nil
	}
	bp, bm := f().Mul(up[2], num(2)), f().Mul(dn[2], num(2))
	cp, cm := f().Mul(up[3], num(6)), f().Mul(dn[3], num(6))
	cw := f().Quo(num(1), A2)
	cross := sum(f().Mul(ap, bp), f().Neg(f().Mul(am, bm)))
	sqrt2OverPi := f().Sqrt(f().Quo(num(2), bigmath.Pi(prec)))
	b := f().Mul(sqrt2OverPi, cross)
	a32 := f().Quo(b, A2)
	sq := f().Mul(f().Quo(num(3), num(8)), f().Add(f().Mul(bp, bp), f().Mul(bm, bm)))
	g2 := sum(sq, f().Quo(f().Mul(ap, cp), num(2)), f().Quo(f().Mul(am, cm), num(2)))
	h1 := sum(f().Mul(bp, bp), f().Mul(bm, bm), f().Mul(ap, cp), f().Mul(am, cm))
	h1.Quo(h1, num(2))
	a1 := f().Quo(g2, A2)
	var decay *big.Float
	if a32.Sign() < 0 {
		decay = f().Quo(num(4), f().Mul(a32, a32))
	}
	return kinkedValues{v: [...]*big.Float{ap, am, bp, bm, cp, cm, A2, cw, b, g2, h1, a32, a1, decay}, ok: true}, nil
}

// KinkedOf returns the kinked-linear class data of σ to digits
// significant digits, and whether σ is in the class: each value is
// computed from one-sided Taylor coefficients certified to digits+10 and
// to digits+20 digits, and only the digits that agree are kept.
func KinkedOf(sigma calc.Expr, digits int) (Kinked, bool, error) {
	lo, err := kinkedAt(sigma, digits+10)
	if err != nil {
		return Kinked{}, false, err
	}
	hi, err := kinkedAt(sigma, digits+20)
	if err != nil {
		return Kinked{}, false, err
	}
	if lo.ok != hi.ok {
		return Kinked{}, false, fmt.Errorf("recursions: kinked-linear class: in the class at one precision only")
	}
	if !lo.ok {
		return Kinked{}, false, nil
	}
	var k Kinked
	dst := [...]*calc.Certified{&k.APlus, &k.AMinus, &k.BPlus, &k.BMinus, &k.CPlus, &k.CMinus, &k.A2, &k.CW, &k.B, &k.G2, &k.H1, &k.A32, &k.A1, &k.Decay}
	for i := range dst {
		if (lo.v[i] == nil) != (hi.v[i] == nil) {
			return Kinked{}, false, fmt.Errorf("recursions: kinked-linear class: %s exists at one precision only", kinkedNames[i])
		}
		if lo.v[i] == nil {
			continue
		}
		if *dst[i], err = calc.Agreeing(kinkedNames[i], lo.v[i], hi.v[i], digits); err != nil {
			return Kinked{}, false, fmt.Errorf("recursions: kinked-linear class: %w", err)
		}
	}
	switch a32, a1 := k.A32.V.Sign(), k.A1.V.Sign(); {
	case a32 < 0 || a32 == 0 && a1 < 0:
		k.Stability = Stable
	case a32 > 0 || a32 == 0 && a1 > 0:
		k.Stability = Unstable
	default:
		k.Stability = Marginal
	}
	return k, true, nil
}
