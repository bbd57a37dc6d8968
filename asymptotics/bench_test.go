package asymptotics

import "testing"

// BenchmarkFitSequence fits a 10⁴-point sequence with a free exponent (the
// main fit and its three variants).
func BenchmarkFitSequence(b *testing.B) {
	ls, vs := synthetic([]Term{{1, 0, 0.5}, {2, 1, 0.3}, {2, 0, -0.2}, {3, 2, 0.1}}, 10000)
	for b.Loop() {
		if _, err := FitSequence(ls, vs, FitOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
