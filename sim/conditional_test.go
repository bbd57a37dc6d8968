package sim

import (
	"math"
	"testing"
)

// TestCholeskyPSD factors Gram matrices and checks LLᵀ = Γ entry by entry
// to 10⁻¹² of √(Γ_aa·Γ_bb): a singular one (the third vector is the sum of
// the first two, the fourth is zero), and one of independent vectors of
// lengths 1, 10⁻⁸ and 10⁸ with a fourth that depends on the first two
// (Γ entries from 10⁻¹⁶ to 10¹⁶, as a deep network's tangents and inputs
// reach). A bound on the pivots relative to the largest diagonal entry
// drops the short vectors (Γ_bb = 10⁻¹⁶ against 10⁻¹³·10¹⁶), and this
// fails.
func TestCholeskyPSD(t *testing.T) {
	tests := []struct {
		name string
		v    [][]float64
	}{
		{"singular", [][]float64{{1, 2, 0, 1}, {0, 1, 3, 1}, {1, 3, 3, 2}, {0, 0, 0, 0}}},
		{"lengths 1, 1e-8, 1e8", [][]float64{{1, 2, 0, 1}, {0, 1e-8, 3e-8, 1e-8}, {2e8, 0, 1e8, -1e8}, {1, 2 + 1e-8, 3e-8, 1 + 1e-8}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := len(tt.v)
			g := make([]float64, m*m)
			want := make([]float64, m*m)
			for a := range m {
				for b := range m {
					want[a*m+b] = dot(tt.v[a], tt.v[b])
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
					scale := math.Sqrt(want[a*m+a] * want[b*m+b])
					if math.Abs(s-want[a*m+b]) > 1e-12*scale {
						t.Errorf("(LLᵀ)[%d][%d] = %v, want %v", a, b, s, want[a*m+b])
					}
				}
			}
		})
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
