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
	t := words.Shr(s.t[:n], p, s.f)
	s.t = words.DivWord(t, t, k)
	return len(s.t) > 0
}

// term returns the current term; it is overwritten by next.
func (s *wordSeries) term() []big.Word { return s.t }
