package bigmath

import "math/big"

// Most kernels of this package work in binary fixed point: a real number
// r is held as the big.Int R = r·2^f for some number f of fractional
// bits. Every multiplication is followed by a right shift of f bits, so
// each operation adds an absolute error of at most one unit, 2^-f, and
// error bounds are simple sums. Fixed point is also markedly faster than
// big.Float at the sizes used here, because it neither normalises nor
// rounds.

// newFloat returns a new zero Float with precision prec and rounding mode
// ToNearestEven. It panics if prec is zero.
func newFloat(prec uint) *big.Float {
	if prec == 0 {
		panic("bigmath: precision must be positive")
	}
	return new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven)
}

// exponent returns the binary exponent e of the finite, nonzero x, with
// 2^(e-1) ≤ |x| < 2^e.
func exponent(x *big.Float) int {
	return x.MantExp(nil)
}

// toFixed returns x·2^f truncated toward zero. x must be finite.
func toFixed(x *big.Float, f uint) *big.Int {
	t := new(big.Float).SetMantExp(x, int(f))
	i, _ := t.Int(nil)
	return i
}

// setFixed sets z to v·2^-f, rounded to the precision of z, and returns z.
func setFixed(z *big.Float, v *big.Int, f uint) *big.Float {
	z.SetInt(v)
	return z.SetMantExp(z, -int(f))
}

// mulFixed sets z to a·b·2^-f, rounded toward minus infinity, and
// returns z.
func mulFixed(z, a, b *big.Int, f uint) *big.Int {
	z.Mul(a, b)
	return z.Rsh(z, f)
}

// scratch holds the temporaries of a fixed-point loop. A math/big product
// whose destination aliases an operand, and the remainder of a division,
// would otherwise allocate on every term.
type scratch struct {
	prod, rem, div big.Int
}

// mulShift sets z to a·b·2^-f, rounded toward minus infinity, and returns
// z; z may alias a or b.
func (s *scratch) mulShift(z, a, b *big.Int, f uint) *big.Int {
	s.prod.Mul(a, b)
	return z.Rsh(&s.prod, f)
}

// quoSmall sets z to x/k, truncated toward zero, and returns z.
func (s *scratch) quoSmall(z, x *big.Int, k int64) *big.Int {
	z.QuoRem(x, s.div.SetInt64(k), &s.rem)
	return z
}

// one is the constant 1; it is only read.
var one = big.NewFloat(1)
