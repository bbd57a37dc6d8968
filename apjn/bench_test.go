package apjn

import "testing"

// BenchmarkGridGELU100 is the 100×100 phase grid of a smooth activation
// (GELU, vanilla MLP, σ_w² ∈ [0.5, 4], σ_b² ∈ [0, 2]) in float64.
func BenchmarkGridGELU100(b *testing.B) {
	m := model(b, "gelu", Vanilla)
	var sw, sb []float64
	for i := 0; i < 100; i++ {
		sw = append(sw, 0.5+3.5*float64(i)/99)
		sb = append(sb, 2*float64(i)/99)
	}
	for i := 0; i < b.N; i++ {
		if _, err := m.Grid(sw, sb, 0); err != nil {
			b.Fatal(err)
		}
	}
}
