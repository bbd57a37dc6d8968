package bigmath

import (
	"math/big"

	"critcalc/internal/words"
)

// wordSeries steps through the terms of a fixed-point series of
// nonnegative terms, t_n = ⌊⌊t_(n−1)·c·2^−f⌋/k_n⌋, on the words of the
// magnitudes (package words): the integers that scratch.mulShift and then
// scratch.quoSmall give, without big.Int's normalisations and write
// barriers, which at the two to four words of the usual precisions cost
// several times the arithmetic (erf's series at 80 bits: 16 µs a value
// with big.Int, most of it that bookkeeping).
type wordSeries struct {
	c    []big.Word
	f    uint
	t    []big.Word // the current term, without leading zero words
	prod []big.Word // t·c
}

// newWordSeries returns the series with first term t0 and factor c (both
// ≥ 0, neither modified) at f fractional bits.
func newWordSeries(t0, c *big.Int, f uint) *wordSeries {
	return &wordSeries{c: c.Bits(), f: f, t: append([]big.Word(nil), t0.Bits()...)}
}

// next advances to the term ⌊⌊t·c·2^−f⌋/k⌋ (k > 0) and reports whether it
// is nonzero.
func (s *wordSeries) next(k uint) bool {
	n := len(s.t) + len(s.c)
	if cap(s.prod) < n {
		s.prod = make([]big.Word, n)
	}
	p := words.Mul(s.prod[:n], s.t, s.c)
	if cap(s.t) < n {
		s.t = make([]big.Word, n)
	}
	s.t = words.Shr(s.t[:n], p, s.f)
	if k != 1 { // a division by one would cost a hardware division a word
		s.t = words.DivWord(s.t, s.t, k)
	}
	return len(s.t) > 0
}

// term returns the current term; it is overwritten by next.
func (s *wordSeries) term() []big.Word { return s.t }

// alternatingOddSum returns Σ_{n≥0} (−1)^n·⌊p_n/(2n+1)⌋ for p_0 = x ≥ 0
// and p_n = ⌊⌊p_(n−1)·c·2^−f⌋/k_n⌋ (k_n = n where byN, else 1), to the
// first p_n that is zero: in fixed point at f fractional bits, atan's
// series (c = x², k_n = 1) and erf's Taylor series (c = x², k_n = n,
// p_n = x^(2n+1)/n!). The terms added and those subtracted are summed
// apart, in words, and subtracted once: exact integers, so the sum is the
// one term-by-term big.Int arithmetic gives.
func alternatingOddSum(x, c *big.Int, f uint, byN bool) *big.Int {
	plus, minus := append([]big.Word(nil), x.Bits()...), []big.Word(nil)
	ser := newWordSeries(x, c, f)
	var term []big.Word
	for n := uint(1); ; n++ {
		k := uint(1)
		if byN {
			k = n
		}
		if !ser.next(k) {
			break
		}
		if cap(term) < len(ser.term()) {
			term = make([]big.Word, len(ser.term()))
		}
		term = words.DivWord(term[:len(ser.term())], ser.term(), 2*n+1)
		if n%2 == 1 {
			minus = words.AddTo(minus, term)
		} else {
			plus = words.AddTo(plus, term)
		}
	}
	sum := new(big.Int).SetBits(plus)
	return sum.Sub(sum, new(big.Int).SetBits(minus))
}
