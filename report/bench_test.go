package report

import (
	"io"
	"testing"
)

func benchTable(b *testing.B, name string, acts []Activation, digits int) {
	for b.Loop() {
		t, err := BuildTable(name, acts, digits)
		if err != nil {
			b.Fatal(err)
		}
		if err := Write(io.Discard, t, Markdown); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTablePDLT builds and renders the PDLT table of the twelve
// default activations (float64).
func BenchmarkTablePDLT(b *testing.B) { benchTable(b, "pdlt", nil, DefaultDigits) }

// BenchmarkTablePDLTDigits30 certifies SWISH and GELU to 30 digits.
func BenchmarkTablePDLTDigits30(b *testing.B) {
	benchTable(b, "pdlt", MustActivations("swish", "swish", "gelu", "gelu"), 30)
}

// BenchmarkTableJoudaki recomputes Table S.1 (eight activations).
func BenchmarkTableJoudaki(b *testing.B) { benchTable(b, "joudaki", nil, DefaultDigits) }
