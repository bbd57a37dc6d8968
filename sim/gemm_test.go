package sim

import (
	"math"
	"testing"
)

// TestGemm checks gemm64 and gemm32 (whichever backend the build uses)
// against a direct triple loop.
func TestGemm(t *testing.T) {
	const m, n, k = 3, 5, 7
	a := make([]float64, m*k)
	b := make([]float64, n*k)
	fillNormal(a, 1, 1, 1)
	fillNormal(b, 1, 2, 1)
	c := make([]float64, m*n)
	gemm64(m, n, k, a, b, c)
	a32, b32, c32 := make([]float32, m*k), make([]float32, n*k), make([]float32, m*n)
	for i := range a {
		a32[i] = float32(a[i])
	}
	for i := range b {
		b32[i] = float32(b[i])
	}
	gemm32(m, n, k, a32, b32, c32)
	for i := range m {
		for j := range n {
			want := 0.0
			for l := range k {
				want += a[i*k+l] * b[j*k+l]
			}
			if math.Abs(c[i*n+j]-want) > 1e-13 || math.Abs(float64(c32[i*n+j])-want) > 1e-5 {
				t.Errorf("%s: C[%d][%d] = %v (float32 %v), want %v", GemmBackend, i, j, c[i*n+j], c32[i*n+j], want)
			}
		}
	}
}

// BenchmarkGemm is one layer's product for a batch of 64 vectors at width
// 1000 (BatchNorm-sized), the case where the matrix multiply, not the
// random numbers, costs.
func BenchmarkGemm(b *testing.B) {
	const m, n, k = 64, 1000, 1000
	a := make([]float64, m*k)
	w := make([]float64, n*k)
	c := make([]float64, m*n)
	fillNormal(a, 1, 1, 1)
	fillNormal(w, 1, 2, 1)
	for b.Loop() {
		gemm64(m, n, k, a, w, c)
	}
	b.ReportMetric(2*m*n*k*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
