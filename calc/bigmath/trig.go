package bigmath

import (
	"math"
	"math/big"
)

// trigGuard is the number of guard bits carried by Sin and Cos beyond the
// requested precision.
const trigGuard = 12

// trigMaxExp bounds the binary exponent of arguments of Sin and Cos.
// Reducing an argument near 2^e modulo π/2 needs π to about e + prec bits;
// beyond 2^16 bits this grows too costly, and Sin and Cos report a
// DomainError.
const trigMaxExp = 1 << 16

// Sin returns the sine of x (in radians) rounded to prec bits.
//
// The argument is reduced modulo π/2 with π carried to as many extra
// bits as x has integer bits, plus as many as the reduced argument turns
// out to have leading zeros, so that results such as sin(1e30) are
// accurate to the last bit.
//
// Special cases are:
//
//	Sin(±0) = ±0
//	Sin(±Inf) = nil and a *DomainError
//	Sin(x) = nil and a *DomainError for |x| ≥ 2^65536
func Sin(prec uint, x *big.Float) (*big.Float, error) {
	if err := trigCheck("sin", x); err != nil {
		return nil, err
	}
	return sinCosInto(newFloat(prec), x, false), nil
}

// Cos returns the cosine of x (in radians) rounded to prec bits. The
// argument is reduced as for Sin.
//
// Special cases are:
//
//	Cos(±0) = 1
//	Cos(±Inf) = nil and a *DomainError
//	Cos(x) = nil and a *DomainError for |x| ≥ 2^65536
func Cos(prec uint, x *big.Float) (*big.Float, error) {
	if err := trigCheck("cos", x); err != nil {
		return nil, err
	}
	return sinCosInto(newFloat(prec), x, true), nil
}

// trigCheck returns a DomainError for arguments that Sin and Cos reject.
func trigCheck(fn string, x *big.Float) error {
	switch {
	case x.IsInf():
		return domainError(fn, x, "is infinite")
	case x.Sign() != 0 && exponent(x) > trigMaxExp:
		return domainError(fn, x, "is too large for argument reduction")
	}
	return nil
}

// sinCosInto sets z to sin x, or to cos x if cos is set, rounded to the
// precision of z, and returns z. x must be finite with |x| < 2^trigMaxExp.
func sinCosInto(z, x *big.Float, cos bool) *big.Float {
	if x.Sign() == 0 {
		if cos {
			return z.SetInt64(1)
		}
		return z.Set(x)
	}
	wp := z.Prec() + trigGuard
	if exponent(x) < -int(wp/2)-1 {
		// |x| < 2^-(wp/2+1): sin x = x·(1 − x²/6 + ...) and
		// cos x = 1 − x²/2 + ..., with corrections below 2^-(wp+2).
		if cos {
			return z.SetInt64(1)
		}
		return z.Set(x)
	}
	ax := new(big.Float).Abs(x)
	r, f, q := reduceHalfPi(ax, wp)
	s, v := sinCosFixed(r, f)

	// x = q·(π/2) + r (mod 2π) with q in 0..3.
	if cos {
		q++
	}
	var res *big.Int
	switch q & 3 {
	case 0:
		res = s
	case 1:
		res = v.Sub(new(big.Int).Lsh(big.NewInt(1), f), v) // 1 − v = cos r
	case 2:
		res = s.Neg(s)
	case 3:
		res = v.Sub(v, new(big.Int).Lsh(big.NewInt(1), f))
	}
	setFixed(z, res, f)
	if !cos && x.Signbit() {
		z.Neg(z)
	}
	return z
}

// reduceHalfPi returns r, f and q with ax = k·(π/2) + r·2^-f, q = k mod 4,
// |r·2^-f| ≲ π/4, and r accurate to about wp+4 bits relative to its own
// size. ax must be positive and finite.
//
// The subtraction is done in fixed point with g fractional bits, where g
// covers the integer bits of ax; the error of π/2 times k is then below
// 2^-(g-e-1). When ax is close to a multiple of π/2, the remainder has
// leading zeros that this error would reach, and the reduction is redone
// with as many more bits (an adaptive multiple-precision reduction;
// compare Muller, Elementary Functions, ch. 11).
func reduceHalfPi(ax *big.Float, wp uint) (r *big.Int, f uint, q uint) {
	e := exponent(ax)
	if e <= -1 {
		// ax < 1/2 < π/4: no reduction.
		f = wp + uint(-e) + 4
		return toFixed(ax, f), f, 0
	}
	limit := 4*(wp+uint(e)+ax.Prec()) + 256
	extra := uint(0)
	for {
		g := wp + uint(e) + 8 + extra
		x := toFixed(ax, g)
		p := halfPiFixed(g)
		// k = round(x/p) = ⌊(2x + p)/(2p)⌋.
		k := new(big.Int).Lsh(x, 1)
		k.Add(k, p)
		p2 := new(big.Int).Lsh(p, 1)
		k.Quo(k, p2)
		r = x.Sub(x, p.Mul(p, k))
		// Error of r: under 1 + 3·k units, so below 2^loss units.
		loss := uint(k.BitLen()) + 2
		if uint(r.BitLen()) >= wp+loss+4 || g > limit {
			if k.Sign() != 0 {
				q = uint(k.Bits()[0]) & 3
			}
			return r.Rsh(r, loss), g - loss, q
		}
		extra += wp + loss + 12 - uint(r.BitLen())
	}
}

// sinCosFixed returns sin(r)·2^f and (1 − cos r)·2^f for r = R·2^-f,
// |r| ≤ 2, each with an absolute error of at most two units.
//
// The argument is halved s times, t = r/2^s; sin t and 1 − cos t are
// summed as Taylor series; and the double-angle formulas
//
//	sin 2t = 2·sin t·(1 − (1 − cos t)),  1 − cos 2t = 2·sin²t
//
// are applied s times. Carrying 1 − cos instead of cos keeps the relative
// accuracy of both quantities for small t, and the absolute errors at
// most double per step, so s+10 extra bits suffice (compare Brent &
// Zimmermann, Modern Computer Arithmetic, §4.3.1).
func sinCosFixed(R *big.Int, f uint) (s, v *big.Int) {
	if R.Sign() == 0 {
		return new(big.Int), new(big.Int)
	}
	h := max(0, trigHalvings(f)+R.BitLen()-int(f))
	w := f + uint(h) + 10
	t := new(big.Int).Lsh(R, w-f-uint(h))

	s = new(big.Int).Set(t)
	v = new(big.Int)
	p := new(big.Int).Set(t) // t^k/k!
	var sc scratch
	for k := int64(2); ; k++ {
		sc.mulShift(p, p, t, w)
		sc.quoSmall(p, p, k)
		if p.Sign() == 0 {
			break
		}
		switch k & 3 {
		case 0:
			v.Sub(v, p)
		case 1:
			s.Add(s, p)
		case 2:
			v.Add(v, p)
		case 3:
			s.Sub(s, p)
		}
	}

	sv := p
	for range h {
		sc.mulShift(sv, s, v, w)
		sc.mulShift(v, s, s, w)
		v.Lsh(v, 1)
		s.Sub(s, sv)
		s.Lsh(s, 1)
	}
	return s.Rsh(s, w-f), v.Rsh(v, w-f)
}

// trigHalvings returns the number of halvings for an argument of about
// one at f fractional bits. A doubling step costs two products here
// against one for Exp, so fewer halvings pay off.
func trigHalvings(f uint) int {
	return int(math.Sqrt(float64(f)) * 0.6)
}
