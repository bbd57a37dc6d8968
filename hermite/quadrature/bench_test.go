package quadrature

import "testing"

// BenchmarkGaussHermite200 measures the uncached generation of the
// 200-point float64 rule.
func BenchmarkGaussHermite200(b *testing.B) {
	for b.Loop() {
		roots, ws, err := hermiteRoots(200)
		if err != nil {
			b.Fatal(err)
		}
		hermiteRule(200, roots, ws)
	}
}

// BenchmarkGaussLegendre1000 measures the uncached generation of the
// 1000-point float64 rule.
func BenchmarkGaussLegendre1000(b *testing.B) {
	for b.Loop() {
		if _, err := legendreRule(1000); err != nil {
			b.Fatal(err)
		}
	}
}
