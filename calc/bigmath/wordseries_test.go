package bigmath

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestWordSeriesMatchesBigInt checks that wordSeries.next gives, term by
// term, the integers of the big.Int recurrence it replaces
// (scratch.mulShift, then scratch.quoSmall), for random first terms and
// factors of 1 to 6 words, factors above and below 1 (growing and
// shrinking terms) and random divisors, to the first zero term.
func TestWordSeriesMatchesBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	word := func(n int) *big.Int {
		w := make([]big.Word, n)
		for k := range w {
			w[k] = big.Word(rng.Uint64())
		}
		return new(big.Int).SetBits(w)
	}
	steps := 0
	for trial := range 500 {
		f := uint(40 + rng.IntN(300))
		t0 := word(1 + rng.IntN(6))
		// c·2^−f below 2^6: the terms grow by at most that factor a step.
		c := word(1 + rng.IntN(6))
		if excess := c.BitLen() - int(f) - 6; excess > 0 {
			c.Rsh(c, uint(excess+rng.IntN(64)))
		}
		ser := newWordSeries(t0, c, f)
		want := new(big.Int).Set(t0)
		var sc scratch
		for step := 1; step <= 300; step++ {
			// Mostly small divisors, as in the series (2n+1, n), and
			// some of up to 40 bits.
			k := uint64(1 + rng.IntN(1<<uint(1+rng.IntN(8))))
			if rng.IntN(8) == 0 {
				k = uint64(1 + rng.IntN(1<<40))
			}
			sc.mulShift(want, want, c, f)
			sc.quoSmall(want, want, int64(k))
			nonzero := ser.next(uint(k))
			steps++
			if got := new(big.Int).SetBits(ser.term()); got.Cmp(want) != 0 || nonzero != (want.Sign() != 0) {
				t.Fatalf("trial %d, step %d (f = %d, k = %d): term %s (nonzero %v), want %s", trial, step, f, k, got, nonzero, want)
			}
			if !nonzero {
				break
			}
		}
	}
	if steps < 5000 {
		t.Errorf("%d steps in all: the series end too soon to test much", steps)
	}
}
