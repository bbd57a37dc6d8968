package hermite

import (
	"testing"

	"critcalc/calc"
)

// BenchmarkCoefficientsDigitsGELU30 times the coefficients of
// `critcalc hermite gelu --digits 30 --terms 10`.
func BenchmarkCoefficientsDigitsGELU30(b *testing.B) {
	e := calc.MustParse("gelu")
	for b.Loop() {
		if _, _, err := CoefficientsDigits(e, 10, 30); err != nil {
			b.Fatal(err)
		}
	}
}
