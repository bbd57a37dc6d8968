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
