package calc

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// agreeingSlow is Agreeing's digits without agreeingBound: every number of
// digits from the requested one down.
func agreeingSlow(lo, hi *big.Float, digits int) int {
	for d := digits; d >= 1; d-- {
		if lo.Sign() != 0 && hi.Sign() != 0 && lo.Text('e', d-1) == hi.Text('e', d-1) {
			return d
		}
	}
	return 0
}

// TestAgreeingBound checks that skipping the digits agreeingBound rules out
// leaves Agreeing's answer unchanged: pairs at every relative distance from
// 1e-40 to 1, on both sides of rounding boundaries (…4999 vs …5001), at
// 60-digit precision.
func TestAgreeingBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		prec := uint(200)
		x := new(big.Float).SetPrec(prec).SetFloat64((rng.Float64() + 0.05) * math.Pow(10, float64(rng.IntN(40)-20)))
		if i%3 == 0 { // a rounding boundary: x = 0.125 at some digit
			x.SetFloat64(0.125 * math.Pow(10, float64(rng.IntN(10)-5)))
		}
		r := math.Pow(10, -40*rng.Float64())
		y := new(big.Float).SetPrec(prec).Mul(x, new(big.Float).SetFloat64(1+r*(2*rng.Float64()-1)))
		want := agreeingSlow(x, y, 60)
		c, err := Agreeing("x", x, y, 60)
		got := c.Digits
		if err != nil {
			got = 0
		}
		if got != want {
			t.Fatalf("%s vs %s: %d digits, want %d", x.Text('e', 45), y.Text('e', 45), got, want)
		}
	}
}

// AgreeingFloat64 compares strconv's digits where Agreeing compares
// big.Float's: the same answer (digits, or an error) as big.Float's
// digits of both ends of the interval x ± |x − y| (y, and the mirror
// 2x − y computed exactly) on random pairs, on dyadic rationals (exact
// decimal ties) and on zeros.
func TestAgreeingFloat64MatchesAgreeing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		x := rng.Float64() * math.Pow(10, float64(rng.IntN(60)-30))
		if i%3 == 0 {
			x = float64(rng.IntN(1<<20)) / 1024
		}
		y := x * (1 + math.Pow(10, -17*rng.Float64())*(2*rng.Float64()-1))
		if i%50 == 0 {
			y = 0
		}
		d := 1 + rng.IntN(17)
		got, gerr := AgreeingFloat64("x", x, y, d)
		xb, yb := new(big.Float).SetFloat64(x), new(big.Float).SetFloat64(y)
		mb := new(big.Float).SetPrec(2200).Add(xb, xb)
		mb.Sub(mb, yb)
		// The most digits k ≤ d at which y, x and 2x − y all round alike.
		want, wok := 0, false
		if x == 0 && y == 0 {
			want, wok = d, true
		} else if x != 0 && y != 0 && mb.Sign() != 0 {
			for k := d; k >= 1; k-- {
				s := xb.Text('e', k-1)
				if yb.Text('e', k-1) == s && mb.Text('e', k-1) == s {
					want, wok = k, true
					break
				}
			}
		}
		if (gerr == nil) != wok || (wok && (got.Digits != want || got.V.Cmp(xb) != 0)) {
			t.Fatalf("%v vs %v at %d digits: %+v %v; want %d digits (%v)", x, y, d, got, gerr, want, wok)
		}
	}
}
