package recursions

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// BenchmarkIterateDigits times `critcalc depth tanh --cb 0 --cw 1 --layers
// 20 --digits D` (the iteration only).
func BenchmarkIterateDigits(b *testing.B) {
	for _, c := range []struct {
		name   string
		sigma  string
		digits int
	}{{"tanh15", "tanh", 15}, {"long30", "tanh", -30}, {"tanh30", "tanh", 30}, {"tanh60", "tanh", 60}, {"gelu30", "gelu", 30}, {"swish30", "swish", 30}} {
		b.Run(c.name, func(b *testing.B) {
			e, err := calc.Parse(c.sigma)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				a, err := New(e)
				if err != nil {
					b.Fatal(err)
				}
				L, d := 20, c.digits
				if d < 0 { // a long iteration: the cost of a layer
					L, d = 500, -d
				}
				if _, err := a.IterateDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 1), L, 1, d, nil, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
