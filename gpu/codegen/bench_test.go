package codegen

import (
	"testing"

	"critcalc/calc"
)

// BenchmarkModule measures generating the whole kernel module (both
// precisions, activation and derivative) for gelu.
func BenchmarkModule(b *testing.B) {
	e := calc.MustParse("gelu")
	for b.Loop() {
		if _, err := Module(e); err != nil {
			b.Fatal(err)
		}
	}
}
