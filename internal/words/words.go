package words

import (
	"math/big"
	"math/bits"
)

// Bits is the width of a big.Word.
const Bits = bits.UintSize

// Mul sets z[:len(x)+len(y)] to the product x·y of two magnitudes by
// schoolbook multiplication and returns it; z may hold anything before,
// and may not overlap x or y.
func Mul(z, x, y []big.Word) []big.Word {
	z = z[:len(x)+len(y)]
	clear(z)
	for i, d := range y {
		if d == 0 {
			continue
		}
		var c uint
		for j, xj := range x {
			hi, lo := bits.Mul(uint(xj), uint(d))
			var cc uint
			lo, cc = bits.Add(lo, uint(z[i+j]), 0)
			hi += cc
			lo, cc = bits.Add(lo, c, 0)
			hi += cc
			z[i+j] = big.Word(lo)
			c = hi
		}
		z[i+len(x)] = big.Word(c)
	}
	return z
}

// Shr sets z to ⌊x·2^−r⌋ for a magnitude x and returns it without leading
// zero words; z needs len(x) words and may not overlap x.
func Shr(z, x []big.Word, r uint) []big.Word {
	ws, bs := int(r/Bits), r%Bits
	if ws >= len(x) {
		return z[:0]
	}
	n := len(x) - ws
	z = z[:n]
	for k := range n {
		q := uint(x[k+ws]) >> bs
		if bs > 0 && k+ws+1 < len(x) {
			q |= uint(x[k+ws+1]) << (Bits - bs)
		}
		z[k] = big.Word(q)
	}
	return Norm(z)
}

// DivWord sets z to ⌊x/d⌋ for a magnitude x and a word d > 0 and returns
// it without leading zero words; z needs len(x) words and may be x.
func DivWord(z, x []big.Word, d uint) []big.Word {
	z = z[:len(x)]
	var r uint
	for k := len(x) - 1; k >= 0; k-- {
		var q uint
		q, r = bits.Div(r, uint(x[k]), d)
		z[k] = big.Word(q)
	}
	return Norm(z)
}

// AddTo adds the magnitude y to the magnitude x in place and returns the
// sum, grown by append where it needs more words than x has.
func AddTo(x, y []big.Word) []big.Word {
	for len(x) < len(y) {
		x = append(x, 0)
	}
	var c uint
	for k := range x {
		var v uint
		if k < len(y) {
			v = uint(y[k])
		} else if c == 0 {
			return x
		}
		var s uint
		s, c = bits.Add(uint(x[k]), v, c)
		x[k] = big.Word(s)
	}
	if c != 0 {
		x = append(x, 1)
	}
	return x
}

// Norm returns x without its leading zero words.
func Norm(x []big.Word) []big.Word {
	for len(x) > 0 && x[len(x)-1] == 0 {
		x = x[:len(x)-1]
	}
	return x
}

// BitLen returns the bit length of a magnitude without leading zero
// words.
func BitLen(x []big.Word) int {
	if len(x) == 0 {
		return 0
	}
	return (len(x)-1)*Bits + bits.Len(uint(x[len(x)-1]))
}
