package sim

import (
	"math"
	"testing"
)

// TestCholeskyPSD factors a singular Gram matrix (the third vector is the
// sum of the first two, the fourth is zero) and checks LLᵀ = Γ.
func TestCholeskyPSD(t *testing.T) {
	v := [][]float64{{1, 2, 0, 1}, {0, 1, 3, 1}, {1, 3, 3, 2}, {0, 0, 0, 0}}
	const m = 4
	g := make([]float64, m*m)
	want := make([]float64, m*m)
	for a := range m {
		for b := range m {
			want[a*m+b] = dot(v[a], v[b])
			g[a*m+b] = want[a*m+b]
		}
	}
	choleskyPSD(g, m)
	for a := range m {
		for b := 0; b <= a; b++ {
			s := 0.0
			for k := 0; k <= b; k++ {
				s += g[a*m+k] * g[b*m+k]
			}
			if math.Abs(s-want[a*m+b]) > 1e-12 {
				t.Errorf("(LLᵀ)[%d][%d] = %v, want %v", a, b, s, want[a*m+b])
			}
		}
	}
}

// TestConditionalCovariance checks that the rows drawn by the exact
// sampler have covariance (C_W/n_in)·Γ.
func TestConditionalCovariance(t *testing.T) {
	const nIn, nOut, m, cw = 4, 20000, 3, 1.5
	v := []float64{1, 0, 2, 1, 0.5, 1, 1, 0, 1, 1, 1, 1}
	y := make([]float64, m*nOut)
	c := &conditional{seed: 2}
	c.apply(0, 1, cw, nIn, nOut, m, v, y)
	for a := range m {
		for b := 0; b <= a; b++ {
			want := cw / nIn * dot(v[a*nIn:(a+1)*nIn], v[b*nIn:(b+1)*nIn])
			got := dot(y[a*nOut:(a+1)*nOut], y[b*nOut:(b+1)*nOut]) / nOut
			// Var of a product of jointly Gaussian entries: Γ_aa Γ_bb + Γ_ab².
			gaa := cw / nIn * dot(v[a*nIn:(a+1)*nIn], v[a*nIn:(a+1)*nIn])
			gbb := cw / nIn * dot(v[b*nIn:(b+1)*nIn], v[b*nIn:(b+1)*nIn])
			se := math.Sqrt((gaa*gbb + want*want) / nOut)
			if math.Abs(got-want) > zTol*se {
				t.Errorf("cov(%d, %d) = %v, want %v ± %v", a, b, got, want, se)
			}
		}
	}
}
