package recursions

import (
	"testing"

	"critcalc/calc"
)

// BenchmarkIterateTwoChecked times the float64 two-input columns of
// `critcalc depth tanh --cb 0.1 --cw 1.5 --layers 100 --inputs 1,1.2,0.9`
// (two: IterateTwoChecked; the diagonals meet at layer 49) and of `…
// --cb 0 --cw 1 --inputs 1,0.8,0.5` (critical: they never do), and the
// bootstrapped columns of the first (IterateBootstrapChecked), and the
// first for hard tanh (hardtanh), each from a new Activation.
func BenchmarkIterateTwoChecked(b *testing.B) {
	for _, c := range []struct {
		name, sigma     string
		cb, cw, p, m, x float64
	}{
		{"two", "tanh", 0.1, 1.5, 1, 1.2, 0.9},
		{"critical", "tanh", 0, 1, 1, 0.8, 0.5},
		// Kinks, so no Mehler series: the two-dimensional integral at
		// every layer, its inner expectations in closed form.
		{"hardtanh", "max(-1,min(1,x))", 0.1, 1.5, 1, 1.2, 0.9},
	} {
		e, err := calc.Parse(c.sigma)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				a, err := New(e)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := a.IterateTwoChecked(c.cb, c.cw, c.p, c.m, c.x, 100, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	e, err := calc.Parse("tanh")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("bootstrap", func(b *testing.B) {
		for b.Loop() {
			a, err := New(e)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := a.IterateBootstrapChecked(0.1, 1.5, 1.0, -0.1, 0.1, 100, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
}
