package apjn

import (
	"testing"

	"critcalc/calc"
)

// BenchmarkGridMixerGELU20 is a 20×20 MLP-Mixer phase grid of GELU (μ = 0.5,
// σ_w² ∈ [0.5, 4], σ_b² ∈ [0.01, 2]): every point needs the two-input average
// Bₚ (hermite.Expect2).
func BenchmarkGridMixerGELU20(b *testing.B) {
	m := model(b, "gelu", Mixer)
	benchGrid(b, m, 20, 0.5)
}

// BenchmarkGridResMLPGELU20 is a 20×20 ResMLP phase grid of GELU (μ = 0.5,
// 𝓔 = 0.5): a root search of the block map per point.
func BenchmarkGridResMLPGELU20(b *testing.B) {
	m, err := NewResMLP(calc.MustParse("gelu"), 0.5)
	if err != nil {
		b.Fatal(err)
	}
	benchGrid(b, m, 20, 0.5)
}

func benchGrid(b *testing.B, m *Model, n int, mu float64) {
	var sw, sb []float64
	for i := 0; i < n; i++ {
		sw = append(sw, 0.5+3.5*float64(i)/float64(n-1))
		sb = append(sb, 0.01+1.99*float64(i)/float64(n-1))
	}
	for i := 0; i < b.N; i++ {
		if _, err := m.Grid(sw, sb, mu); err != nil {
			b.Fatal(err)
		}
	}
}
