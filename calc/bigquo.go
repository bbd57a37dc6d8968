package calc

import "math/big"

// quoScratch is the scratch space of quoRounded, kept by a bigWork from
// one point to the next.
type quoScratch struct {
	f          big.Float
	x, y, q, r big.Int
}

// quoMaxExp bounds the exponents quoRounded handles itself; beyond it (far
// beyond a Gaussian average's values) big.Float's own quotient decides.
const quoMaxExp = 1 << 28

// quoRounded sets z to x/y rounded to the precision of z in its rounding
// mode and returns z: the value and the Accuracy z.Quo(x, y) gives, since
// both are the quotient correctly rounded, but without the three
// allocations of big.Float's division. The integer quotient of the
// mantissas is taken to p + 3 bits at least, its remainder becomes a
// sticky bit below them, and the result, scaled exactly, is rounded once
// into z. A zero x goes to z.Quo, as do a zero y (an infinite quotient,
// which the kernels' callers report as an overflow), infinities,
// exponents beyond quoMaxExp and a z of precision 0.
func quoRounded(z, x, y *big.Float, s *quoScratch) *big.Float {
	if x.Sign() == 0 || y.Sign() == 0 || x.IsInf() || y.IsInf() || z.Prec() == 0 {
		return z.Quo(x, y)
	}
	ex, ey := s.mant(&s.x, x), s.mant(&s.y, y)
	if ex > quoMaxExp || ex < -quoMaxExp || ey > quoMaxExp || ey < -quoMaxExp {
		return z.Quo(x, y)
	}
	// X·2^sh / Y ≥ 2^(p+2): the quotient has p + 3 bits at least.
	sh := max(0, int(z.Prec())+3-(s.x.BitLen()-s.y.BitLen()))
	s.x.Lsh(&s.x, uint(sh))
	s.q.QuoRem(&s.x, &s.y, &s.r)
	s.q.Lsh(&s.q, 1)
	if s.r.Sign() != 0 {
		s.q.SetBit(&s.q, 0, 1)
	}
	if x.Signbit() != y.Signbit() {
		s.q.Neg(&s.q) // rounded as a negative value, as Quo rounds it
	}
	// Exact in s.f at the quotient's own bits, then one rounding into z,
	// which sets z's Accuracy as Quo's (a scaling after rounding would
	// reset it to Exact).
	s.f.SetPrec(uint(s.q.BitLen()))
	s.f.SetInt(&s.q)
	s.f.SetMantExp(&s.f, ex-ey-sh-1)
	return z.Set(&s.f)
}

// mant sets m to |v|'s mantissa as an integer, |v| = m·2^e, and returns e.
func (s *quoScratch) mant(m *big.Int, v *big.Float) int {
	e := v.MantExp(nil)
	p := int(v.Prec())
	s.f.SetPrec(v.Prec())
	s.f.SetMantExp(v, p-e)
	s.f.Int(m) // exact: |μ|·2^p has at most p bits
	m.Abs(m)
	return e - p
}
