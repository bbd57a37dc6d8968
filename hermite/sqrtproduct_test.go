package hermite

import (
	"math"
	"math/big"
	"testing"
)

// TestSqrtProduct checks √(a·b) against arbitrary precision, to one
// rounding, where the float64 product is normal and where it underflows
// or overflows (the variances of a deep ordered or chaotic phase), and
// that it is √(a·b) rounded once, bit for bit, where the product is
// normal.
func TestSqrtProduct(t *testing.T) {
	for _, c := range []struct{ a, b float64 }{
		{2, 8}, {0.3, 0.7}, {1e-150, 3e-150}, {1e150, 3e150},
		{1e-163, 1.2e-163}, {5e-300, 5e-300}, {1e200, 4e200}, {1e300, 1e-300},
		{0, 1}, {0, 1e-320}, {math.MaxFloat64, math.MaxFloat64}, {5e-324, 5e-324},
	} {
		got := SqrtProduct(c.a, c.b)
		p := new(big.Float).SetPrec(300).Mul(big.NewFloat(c.a), big.NewFloat(c.b))
		want, _ := p.Sqrt(p).Float64()
		if math.Abs(got-want) > 2*ulpOf(want) {
			t.Errorf("SqrtProduct(%g, %g) = %g, want %g", c.a, c.b, got, want)
		}
		if pr := c.a * c.b; pr >= 0x1p-1022 && pr <= math.MaxFloat64 && got != math.Sqrt(pr) {
			t.Errorf("SqrtProduct(%g, %g) = %g, not √(a·b) = %g rounded once", c.a, c.b, got, math.Sqrt(pr))
		}
	}
}

// ulpOf returns the spacing of float64 values at x.
func ulpOf(x float64) float64 { return math.Nextafter(math.Abs(x), math.Inf(1)) - math.Abs(x) }
