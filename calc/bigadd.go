package calc

import "math/big"

// Sums of operands of very different size. big.Float.Add forms the exact
// sum before it rounds, a number as long as the exponent gap of the
// operands: beside 1, a term e^−|u| with |u| ≈ 10⁹ makes it 10⁹ bits long.
// When one operand is too small to change the rounded sum, addRounded and
// subRounded return the other without forming it; the results are those of
// Add and Sub.

// addRounded sets z to a + b rounded to the precision of z and returns z.
func addRounded(z, a, b *big.Float) *big.Float {
	switch dominant(z, a, b) {
	case a:
		return z.Set(a)
	case b:
		return z.Set(b)
	}
	return z.Add(a, b)
}

// subRounded sets z to a − b rounded to the precision of z and returns z.
func subRounded(z, a, b *big.Float) *big.Float {
	switch dominant(z, a, b) {
	case a:
		return z.Set(a)
	case b:
		return z.Neg(b)
	}
	return z.Sub(a, b)
}

// dominant returns the operand of a ± b that the sum rounds to at the
// precision p of z, or nil. That operand must be exact at p bits and the
// other nonzero and below 2^−(p+3) of it: an eighth of an ulp of the
// larger, and a quarter of the ulp just below it when the larger is a
// power of two, so that rounding to nearest gives the larger back.
func dominant(z, a, b *big.Float) *big.Float {
	p := z.Prec()
	if p == 0 || a.Sign() == 0 || b.Sign() == 0 || a.IsInf() || b.IsInf() {
		return nil
	}
	ea, eb := int64(a.MantExp(nil)), int64(b.MantExp(nil))
	gap := int64(p) + 3
	switch {
	case eb < ea-gap && a.MinPrec() <= p:
		return a
	case ea < eb-gap && b.MinPrec() <= p:
		return b
	}
	return nil
}
