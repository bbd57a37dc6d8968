package hermite

import (
	"math/big"
	"math/bits"

	"critcalc/internal/words"
)

// Fixed-width integer arithmetic for the trapezoidal sums (trapSums). The
// sums add, for every node, the product of an integrand's mantissa and a
// weight's, shifted to the sum's units; with big.Int each term costs a
// multiplication, a shift and an addition, each with its bookkeeping,
// which at the few words of a 30- to 60-digit value is most of the cost.
// Here the product is formed by schoolbook multiplication in a buffer of
// the caller's and shifted into a two's-complement accumulator as it is
// added; the accumulator is widened when a term needs more words, so that
// a term allocates nothing.

// wordBits is the width of a big.Word.
const wordBits = words.Bits

// fixedSum is a signed integer in two's complement, in little-endian
// words, of a width its user keeps wide enough for every partial sum it
// will hold (widened); the zero value is 0, in no words.
type fixedSum struct{ w []big.Word }

// widened returns s with the given width in words, at least its own: the
// same value, its sign extended.
func (s fixedSum) widened(words int) fixedSum {
	w := make([]big.Word, max(words, len(s.w)))
	copy(w, s.w)
	if len(s.w) > 0 && s.w[len(s.w)-1]>>(wordBits-1) != 0 {
		for k := len(s.w); k < len(w); k++ {
			w[k] = ^big.Word(0)
		}
	}
	return fixedSum{w: w}
}

// addShifted adds p·2^sh to s, or subtracts it where neg, with p a
// magnitude: shifted right (sh < 0), p·2^sh is rounded towards −∞ as
// big.Int.Rsh rounds a signed value, so that s changes by exactly what
// the big.Int sum of (±p)·2^sh, shifted alike, would.
func (s fixedSum) addShifted(p []big.Word, neg bool, sh int) {
	if sh >= 0 {
		s.addLeft(p, neg, uint(sh))
		return
	}
	r := uint(-sh)
	ws, bs := int(r/wordBits), r%wordBits
	sticky := false
	for k := 0; k < min(ws, len(p)); k++ {
		if p[k] != 0 {
			sticky = true
			break
		}
	}
	if ws < len(p) && bs > 0 && p[ws]<<(wordBits-bs) != 0 {
		sticky = true
	}
	// The words of ⌊p·2^sh⌋, low to high, formed as they are added.
	n := len(p) - ws
	var c uint
	k := 0
	for ; k < n; k++ {
		q := uint(p[k+ws]) >> bs
		if bs > 0 && k+ws+1 < len(p) {
			q |= uint(p[k+ws+1]) << (wordBits - bs)
		}
		if neg {
			var v uint
			v, c = bits.Sub(uint(s.w[k]), q, c)
			s.w[k] = big.Word(v)
		} else {
			var v uint
			v, c = bits.Add(uint(s.w[k]), q, c)
			s.w[k] = big.Word(v)
		}
	}
	if neg && sticky {
		// −⌈p·2^sh⌉ = −⌊p·2^sh⌋ − 1 where bits were shifted out.
		s.propagate(0, true, 1)
	}
	s.propagate(max(k, 0), neg, c)
}

// addLeft adds (or subtracts, where neg) p·2^sh, sh ≥ 0.
func (s fixedSum) addLeft(p []big.Word, neg bool, sh uint) {
	ws, bs := int(sh/wordBits), sh%wordBits
	n := len(p) // words of p·2^sh from word ws on
	if bs > 0 {
		n++
	}
	var c, prev uint
	k := 0
	for ; k < n; k++ {
		var cur uint
		if k < len(p) {
			cur = uint(p[k])
		}
		q := cur << bs
		if bs > 0 {
			q |= prev >> (wordBits - bs)
		}
		prev = cur
		if neg {
			var v uint
			v, c = bits.Sub(uint(s.w[ws+k]), q, c)
			s.w[ws+k] = big.Word(v)
		} else {
			var v uint
			v, c = bits.Add(uint(s.w[ws+k]), q, c)
			s.w[ws+k] = big.Word(v)
		}
	}
	s.propagate(ws+k, neg, c)
}

// propagate adds (or subtracts, where neg) the carry c at word k and up,
// as far as it goes; what passes the top word is the wrap-around of two's
// complement.
func (s fixedSum) propagate(k int, neg bool, c uint) {
	for ; c != 0 && k < len(s.w); k++ {
		var v uint
		if neg {
			v, c = bits.Sub(uint(s.w[k]), c, 0)
		} else {
			v, c = bits.Add(uint(s.w[k]), c, 0)
		}
		s.w[k] = big.Word(v)
	}
}

// Int sets z to the value of s and returns z.
func (s fixedSum) Int(z *big.Int) *big.Int {
	w := make([]big.Word, len(s.w))
	copy(w, s.w)
	neg := len(w) > 0 && w[len(w)-1]>>(wordBits-1) != 0
	if neg {
		// The magnitude: the complement plus one.
		c := uint(1)
		for k := range w {
			var v uint
			v, c = bits.Add(^uint(w[k]), c, 0)
			w[k] = big.Word(v)
		}
	}
	z.SetBits(w)
	if neg {
		z.Neg(z)
	}
	return z
}

// shiftedWords returns the number of words that p·2^sh needs, p a
// magnitude of n words (at least one).
func shiftedWords(n, sh int) int {
	b := n*wordBits + sh
	return max(1, (b+wordBits-1)/wordBits)
}
