package hermite

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRestCutAbove checks the square-root-free test of Mehler's rest
// bound: wherever restCut says |ρ|^k·√(r_a·r_b) is certainly above g, the
// bound as GHSeries.Expect computes it (apk·SqrtProduct) is above g, over
// a million draws within a few units of rounding of the boundary and
// across the exponent range; and it does say so for most draws clearly
// above, so that the test covers its cuts.
func TestRestCutAbove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cuts, clear := 0, 0
	for range 1_000_000 {
		g := math.Ldexp(1+rng.Float64(), rng.IntN(400)-300)
		apk := math.Ldexp(1+rng.Float64(), -rng.IntN(200))
		rA := math.Ldexp(1+rng.Float64(), rng.IntN(400)-200)
		// r_b puts the bound at g times 1 ± a few units, or well away.
		target := g / apk
		rB := target * target / rA
		switch rng.IntN(3) {
		case 0:
			rB *= 1 + float64(rng.IntN(17)-8)*0x1p-52
		case 1:
			rB *= 1 + rng.Float64()
		default:
			rB *= 1 - rng.Float64()/2
		}
		c := newRestCut(g)
		above := c.above(apk, rA*rB)
		exact := apk * SqrtProduct(rA, rB)
		if above && !(exact > g) {
			t.Fatalf("g = %g, |ρ|^k = %g, r = %g, %g: cut, but the bound %g is not above g", g, apk, rA, rB, exact)
		}
		if above {
			cuts++
		}
		if exact > 1.01*g {
			clear++
		}
	}
	if cuts < clear/2 {
		t.Errorf("%d cuts of %d draws clearly above g", cuts, clear)
	}
}
