package sim

import (
	"math"
	"testing"
)

// TestMomentsMergeMatchesTwoPass checks the one-pass updates and merges
// against two-pass sums, for several ways of cutting the data into blocks.
func TestMomentsMergeMatchesTwoPass(t *testing.T) {
	const n = 1000
	xs := make([]float64, 2*n)
	fillNormal(xs, 7, 3, 1)
	for i := range n {
		xs[2*i] = 5 + xs[2*i]*xs[2*i] // skewed, shifted
		xs[2*i+1] += 0.5 * xs[2*i]    // correlated
	}
	var mean [2]float64
	for i := range n {
		mean[0] += xs[2*i] / n
		mean[1] += xs[2*i+1] / n
	}
	var c01, m2, m3, m4 float64
	for i := range n {
		d0, d1 := xs[2*i]-mean[0], xs[2*i+1]-mean[1]
		c01 += d0 * d1
		m2 += d0 * d0
		m3 += d0 * d0 * d0
		m4 += d0 * d0 * d0 * d0
	}
	for _, block := range []int{1, 7, 64, 1000} {
		total := newMoments(2)
		for lo := 0; lo < n; lo += block {
			b := newMoments(2)
			for i := lo; i < min(lo+block, n); i++ {
				b.add(xs[2*i : 2*i+2])
			}
			total.merge(b)
		}
		checks := []struct {
			name      string
			got, want float64
		}{
			{"mean", total.mean[0], mean[0]},
			{"co-moment", total.c2[1], c01},
			{"M2", total.c2[0], m2},
			{"M3", total.m3[0], m3},
			{"M4", total.m4[0], m4},
		}
		for _, c := range checks {
			if math.Abs(c.got-c.want) > 1e-10*math.Abs(c.want) {
				t.Errorf("block %d: %s = %.15g, two-pass %.15g", block, c.name, c.got, c.want)
			}
		}
	}
}
