package recursions

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// KinkedDigits is the kinked-linear class (KinkedLinear) to a requested
// number of significant digits: every value follows exactly from the
// one-sided Taylor coefficients of σ at 0, which calc.TaylorDigits
// certifies.
type KinkedDigits struct {
	APlus, AMinus, BPlus, BMinus calc.Certified // σ′(0±), σ″(0±)
	A2, CW                       calc.Certified // (a₊² + a₋²)/2 and 1/A₂
	A32, A1                      calc.Certified // a₃ᐟ₂ = B/A₂ and a₁ = G₂/A₂
	// Decay is 4/a₃ᐟ₂² of ΔK ≈ Decay/ℓ² (nil V unless a₃ᐟ₂ < 0).
	Decay calc.Certified
}

// kinkedValues holds a₊, a₋, b₊, b₋, A₂, C_W, a₃ᐟ₂, a₁ and the decay
// constant at one precision (decay nil unless a₃ᐟ₂ < 0).
type kinkedValues [9]*big.Float

// kinkedAt computes the kinked-linear data from one-sided Taylor
// coefficients of σ at 0 certified to digits digits. A sum of terms that
// cancel to below the working precision's rounding (a₊b₊ = a₋b₋ of a
// leaky ReLU plus matched squares) is an exact 0, as in NewKinkedLinear.
func kinkedAt(sigma calc.Expr, digits int) (kinkedValues, error) {
	up, err := calc.TaylorDigits(sigma, new(big.Rat), 3, calc.Above, digits)
	if err != nil {
		return kinkedValues{}, fmt.Errorf("recursions: Taylor series of σ at 0⁺ to %d digits: %w", digits, err)
	}
	dn, err := calc.TaylorDigits(sigma, new(big.Rat), 3, calc.Below, digits)
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
	ap, am := up[1], dn[1]
	bp, bm := f().Mul(up[2], num(2)), f().Mul(dn[2], num(2))
	cp, cm := f().Mul(up[3], num(6)), f().Mul(dn[3], num(6))
	A2 := f().Quo(f().Add(f().Mul(ap, ap), f().Mul(am, am)), num(2))
	if A2.Sign() == 0 {
		return kinkedValues{}, fmt.Errorf("recursions: kinked-linear class with a₊ = a₋ = 0")
	}
	cw := f().Quo(num(1), A2)
	cross := sum(f().Mul(ap, bp), f().Neg(f().Mul(am, bm)))
	sqrt2OverPi := f().Sqrt(f().Quo(num(2), bigmath.Pi(prec)))
	a32 := f().Quo(f().Mul(sqrt2OverPi, cross), A2)
	sq := f().Mul(f().Quo(num(3), num(8)), f().Add(f().Mul(bp, bp), f().Mul(bm, bm)))
	g2 := sum(sq, f().Quo(f().Mul(ap, cp), num(2)), f().Quo(f().Mul(am, cm), num(2)))
	a1 := f().Quo(g2, A2)
	var decay *big.Float
	if a32.Sign() < 0 {
		decay = f().Quo(num(4), f().Mul(a32, a32))
	}
	return kinkedValues{ap, am, bp, bm, A2, cw, a32, a1, decay}, nil
}

// KinkedDigitsOf returns the kinked-linear class data of σ to digits
// significant digits: each value is computed from one-sided Taylor
// coefficients certified to digits+10 and to digits+20 digits, and only
// the digits that agree are kept. σ must be in the class (NewKinkedLinear
// reports ok).
func KinkedDigitsOf(sigma calc.Expr, digits int) (*KinkedDigits, error) {
	lo, err := kinkedAt(sigma, digits+10)
	if err != nil {
		return nil, err
	}
	hi, err := kinkedAt(sigma, digits+20)
	if err != nil {
		return nil, err
	}
	kd := &KinkedDigits{}
	dst := [...]*calc.Certified{&kd.APlus, &kd.AMinus, &kd.BPlus, &kd.BMinus, &kd.A2, &kd.CW, &kd.A32, &kd.A1, &kd.Decay}
	names := [...]string{"a₊", "a₋", "b₊", "b₋", "A₂", "C_W", "a₃ᐟ₂", "a₁", "4/a₃ᐟ₂²"}
	for i := range dst {
		if (lo[i] == nil) != (hi[i] == nil) {
			return nil, fmt.Errorf("recursions: kinked-linear class: %s exists at one precision only", names[i])
		}
		if lo[i] == nil {
			continue
		}
		if *dst[i], err = calc.Agreeing(names[i], lo[i], hi[i], digits); err != nil {
			return nil, fmt.Errorf("recursions: kinked-linear class: %w", err)
		}
	}
	return kd, nil
}
