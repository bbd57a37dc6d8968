package recursions

import (
	"testing"

	"critcalc/calc"
)

// BenchmarkIterateTwoChecked times the float64 two-input columns of
// `critcalc depth tanh --cb 0.1 --cw 1.5 --layers 100 --inputs 1,1.2,0.9`
// (IterateTwoChecked) and, beside them, the bootstrapped columns
// (IterateBootstrapChecked), each from a new Activation.
func BenchmarkIterateTwoChecked(b *testing.B) {
	e, err := calc.Parse("tanh")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("two", func(b *testing.B) {
		for b.Loop() {
			a, err := New(e)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := a.IterateTwoChecked(0.1, 1.5, 1, 1.2, 0.9, 100, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
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
