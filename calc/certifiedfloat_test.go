package calc

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFromFloat64Text checks that the float64 path writes what
// FromFloat64(…).Text() writes, at up to 9 digits (what the kernel
// matrices print), on 20000 random values and error bounds across 40
// decades, some bounds 0.
func TestFromFloat64Text(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		v := (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(40)-20))
		e := math.Abs(v) * math.Pow(10, -float64(r.IntN(17))) * r.Float64()
		if r.IntN(50) == 0 {
			e = 0
		}
		d := 1 + r.IntN(9)
		want := ""
		if c, err := FromFloat64("x", v, e, d); err == nil {
			want = c.Text()
		}
		if got := FromFloat64Text(v, e, d); got != want {
			t.Fatalf("FromFloat64Text(%.17g, %.3g, %d) = %q, FromFloat64 gives %q", v, e, d, got, want)
		}
	}
}
