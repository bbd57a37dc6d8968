package calc

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestQuoRounded checks quoRounded against big.Float.Quo bit for bit, and
// the Accuracy it reports: random
// operands of 53 to 600 bits (sometimes of few significant bits, so that
// quotients are exact or land on ties) and both signs, rounded to random
// precisions in the modes of nearest-even and towards zero, with one scratch
// kept throughout.
func TestQuoRounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var s quoScratch
	random := func(prec uint) *big.Float {
		m := new(big.Int)
		for m.BitLen() < int(prec) {
			m.Lsh(m, 64)
			m.Or(m, new(big.Int).SetUint64(rng.Uint64()))
		}
		m.Rsh(m, uint(m.BitLen()-int(prec)))
		if rng.IntN(3) == 0 {
			m.Rsh(m, uint(rng.IntN(int(prec)-1)))
		}
		m.SetBit(m, 0, 1)
		f := new(big.Float).SetPrec(prec).SetInt(m)
		f.SetMantExp(f, rng.IntN(400)-200)
		if rng.IntN(2) == 0 {
			f.Neg(f)
		}
		return f
	}
	for trial := range 30000 {
		x, y := random(uint(53+rng.IntN(550))), random(uint(53+rng.IntN(550)))
		switch trial % 50 {
		case 0:
			x.SetInt64(0)
		case 1:
			y.SetInt64(0) // an infinite quotient
		case 2:
			x.SetInf(trial%4 == 0)
		}
		p := uint(2 + rng.IntN(600))
		mode := []big.RoundingMode{big.ToNearestEven, big.ToZero}[trial%2]
		want := new(big.Float).SetPrec(p).SetMode(mode).Quo(x, y)
		got := quoRounded(new(big.Float).SetPrec(p).SetMode(mode), x, y, &s)
		if got.Cmp(want) != 0 || got.Signbit() != want.Signbit() || got.Prec() != want.Prec() || got.Acc() != want.Acc() {
			t.Fatalf("%s / %s at %d bits (%v): %s (%v), Quo %s (%v)", x.Text('p', 0), y.Text('p', 0), p, mode, got.Text('p', 0), got.Acc(), want.Text('p', 0), want.Acc())
		}
	}
}
