package words

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// random returns a random magnitude of n words, its top word nonzero.
func random(rng *rand.Rand, n int) *big.Int {
	w := make([]big.Word, n)
	for k := range w {
		w[k] = big.Word(rng.Uint64())
	}
	if w[n-1] == 0 {
		w[n-1] = 1
	}
	return new(big.Int).SetBits(w)
}

// garbage returns a buffer of n words holding random values, which the
// functions must overwrite or clear.
func garbage(rng *rand.Rand, n int) []big.Word {
	z := make([]big.Word, n)
	for k := range z {
		z[k] = big.Word(rng.Uint64())
	}
	return z
}

// TestAgainstBigInt checks every function against big.Int's arithmetic
// on random magnitudes of 1 to 20 words and random shifts.
func TestAgainstBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		x, y := random(rng, 1+rng.IntN(20)), random(rng, 1+rng.IntN(20))
		xb, yb := x.Bits(), y.Bits()
		check := func(what string, got []big.Word, want *big.Int) {
			t.Helper()
			if g := new(big.Int).SetBits(Norm(got)); g.Cmp(want) != 0 {
				t.Fatalf("%s of %s and %s: %s, want %s", what, x, y, g, want)
			}
		}
		check("Mul", Mul(garbage(rng, 40), xb, yb), new(big.Int).Mul(x, y))
		s := uint(rng.IntN(1400))
		check("Shr", Shr(garbage(rng, 20), xb, s), new(big.Int).Rsh(x, s))
		d := uint(rng.Uint64()>>uint(rng.IntN(64))) | 1
		check("DivWord", DivWord(garbage(rng, 20), xb, d), new(big.Int).Quo(x, new(big.Int).SetUint64(uint64(d))))
		v := append([]big.Word(nil), xb...)
		check("DivWord in place", DivWord(v, v, d), new(big.Int).Quo(x, new(big.Int).SetUint64(uint64(d))))
		check("AddTo", AddTo(append(make([]big.Word, 0, 1), xb...), yb), new(big.Int).Add(x, y))
		if got, want := BitLen(xb), x.BitLen(); got != want {
			t.Fatalf("BitLen(%s) = %d, want %d", x, got, want)
		}
	}
}
