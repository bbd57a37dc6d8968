package calc

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestAgreeingHugeExponent checks Agreeing beyond ±textMaxExp, where it
// rounds with formatHuge instead of big.Float's exact decimal conversion
// (quadratic in the exponent): at 2^±5000 the exact conversion is still
// fast, and the digits on which 64 pairs at relative distances 10^−1 …
// 10^−16 agree must be those it finds.
func TestAgreeingHugeExponent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	exact := func(lo, hi *big.Float, digits int) int {
		for d := digits; d >= 1; d-- {
			if lo.Text('e', d-1) == hi.Text('e', d-1) {
				return d
			}
		}
		return 0
	}
	for _, exp := range []int{-5000, 5000} {
		for i := range 32 {
			hi := new(big.Float).SetPrec(200).SetFloat64(1 + 9*rng.Float64())
			hi.SetMantExp(hi, exp)
			rel := new(big.Float).SetPrec(200).SetFloat64((rng.Float64() - 0.5) * 2)
			rel.SetMantExp(rel, -int(3.33*float64(1+i%16)))
			lo := new(big.Float).SetPrec(200).Mul(hi, rel)
			lo.Add(lo, hi)
			want := exact(lo, hi, 20)
			got, err := Agreeing("x", lo, hi, 20)
			if want == 0 {
				if err == nil {
					t.Errorf("2^%d: %s and %s agree to %d digits, exactly to none", exp, lo.Text('g', 25), hi.Text('g', 25), got.Digits)
				}
				continue
			}
			if err != nil || got.Digits != want {
				t.Errorf("2^%d: %s and %s: %d digits (%v), exactly %d", exp, lo.Text('g', 25), hi.Text('g', 25), got.Digits, err, want)
			}
		}
	}
}

// BenchmarkAgreeingHuge times Agreeing at 2^−10⁶, beta's probability that
// one hidden layer of 10⁶ ReLUs is inactive (about 2 s a call by exact
// decimal conversion).
func BenchmarkAgreeingHuge(b *testing.B) {
	hi := new(big.Float).SetPrec(100).SetMantExp(big.NewFloat(1), -1_000_000)
	lo := new(big.Float).SetPrec(100).Mul(hi, big.NewFloat(1+1e-12))
	for b.Loop() {
		if _, err := Agreeing("p", lo, hi, 15); err != nil {
			b.Fatal(err)
		}
	}
}
