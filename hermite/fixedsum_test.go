package hermite

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"critcalc/calc/bigmath"
	"critcalc/internal/words"
)

// randomMagnitude returns a random magnitude of n words, its top bit
// set.
func randomMagnitude(rng *rand.Rand, n int) *big.Int {
	x := new(big.Int)
	for range n {
		x.Lsh(x, wordBits)
		x.Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.SetBit(x, n*wordBits-1, 1)
}

// TestFixedSumMatchesBigInt checks fixedSum against the big.Int sum it
// replaces in trapSums: products of signed mantissas and weights, each
// shifted by big.Int's Lsh or Rsh (towards −∞ for a negative product,
// which gives −1 where every bit is shifted out), added in a random order
// of signs and shifts, from far right (nothing left) to left.
func TestFixedSumMatchesBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		nx, ny := 1+rng.IntN(6), 1+rng.IntN(6)
		terms := 1 + rng.IntN(200)
		type term struct {
			x, y *big.Int
			sh   int
		}
		ts := make([]term, terms)
		width := 1
		for k := range ts {
			x := randomMagnitude(rng, 1+rng.IntN(nx))
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			y := randomMagnitude(rng, 1+rng.IntN(ny))
			bits := (len(x.Bits()) + len(y.Bits())) * wordBits
			sh := rng.IntN(bits+200) - bits - 130 // from all shifted out to 70 bits left
			ts[k] = term{x, y, sh}
			width = max(width, shiftedWords(len(x.Bits())+len(y.Bits()), sh))
		}
		var s fixedSum // widened as the terms need, as trapParts does
		want := new(big.Int)
		p := make([]big.Word, 2*max(nx, ny))
		for _, tm := range ts {
			prod := new(big.Int).Mul(tm.x, tm.y)
			if tm.sh >= 0 {
				prod.Lsh(prod, uint(tm.sh))
			} else {
				prod.Rsh(prod, uint(-tm.sh))
			}
			want.Add(want, prod)
			if need := shiftedWords(len(tm.x.Bits())+len(tm.y.Bits()), tm.sh) + 2; len(s.w) < need {
				s = s.widened(need)
			}
			s.addShifted(words.Mul(p, tm.x.Bits(), tm.y.Bits()), tm.x.Sign() < 0, tm.sh)
		}
		if got := s.Int(new(big.Int)); got.Cmp(want) != 0 {
			t.Fatalf("trial %d (%d terms): %s, want %s", trial, terms, got, want)
		}
		// Widened, the sum keeps its value, its sign extended.
		if got := s.widened(width + 5).Int(new(big.Int)); got.Cmp(want) != 0 {
			t.Fatalf("trial %d, widened: %s, want %s", trial, got, want)
		}
	}
}

// TestTrapWeights checks the weights' recurrence in words against the
// same recurrence in big.Int, as trapSums first computed it, for weights
// that stay above the cut and weights that fall below it and to 0.
func TestTrapWeights(t *testing.T) {
	for _, c := range []struct {
		u       float64 // r = e^u
		F, keep int
		J       int
	}{
		{-0.001, 250, 225, 600},
		{-0.02, 250, 225, 300},
		{-0.3, 130, 100, 40},
		{-1e-5, 1100, 1050, 2000},
	} {
		F := uint(c.F)
		wp := F + 16
		r := new(big.Float).SetPrec(wp).SetFloat64(c.u)
		r = bigmath.Exp(wp, r)
		R, _ := new(big.Float).SetMantExp(r, c.F).Int(nil)
		R2 := new(big.Int).Mul(R, R)
		R2.Rsh(R2, F)
		wm, we := trapWeights(R, R2, F, c.J, c.keep)

		W := new(big.Int).Lsh(big.NewInt(1), F)
		S := new(big.Int).Set(R)
		zeros := 0
		for j := range c.J + 1 {
			want, wantE := new(big.Int), -c.F
			if sh := W.BitLen() - c.keep; sh > 0 {
				want.Rsh(W, uint(sh))
				wantE += sh
			} else {
				want.Set(W)
			}
			if got := new(big.Int).SetBits(wm[j]); got.Cmp(want) != 0 || we[j] != wantE {
				t.Fatalf("u = %g, j = %d: %s·2^%d, want %s·2^%d", c.u, j, got, we[j], want, wantE)
			}
			if want.Sign() == 0 {
				zeros++
			}
			W.Mul(W, S)
			W.Rsh(W, F)
			S.Mul(S, R2)
			S.Rsh(S, F)
		}
		if c.u == -0.3 && zeros == 0 {
			t.Fatalf("u = %g: no weight fell to 0; the case is meant to reach it", c.u)
		}
	}
}
