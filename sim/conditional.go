package sim

import "math"

// conditional is the exact Gaussian-conditional sampler: given the tracked
// vectors v_1 … v_m, the rows (y_1i … y_mi) of W·[v_1 … v_m] for iid
// N(0, cw/nIn) weights are iid N(0, (cw/nIn)·Γ), Γ_ab = v_a·v_b. With Γ' =
// (cw/nIn)Γ = LLᵀ, y_ai = Σ_b L_ab ζ_ib for iid standard normals ζ.
type conditional struct {
	seed uint64
	gram []float64
	z    []float64
}

func (c *conditional) apply(k, l int, cw float64, nIn, nOut, m int, v, y []float64) {
	c.gram = grow(c.gram, m*m)
	s := cw / float64(nIn)
	for a := range m {
		va := v[a*nIn : (a+1)*nIn]
		for b := 0; b <= a; b++ {
			vb := v[b*nIn : (b+1)*nIn]
			d := 0.0
			for j, x := range va {
				d += x * vb[j]
			}
			c.gram[a*m+b] = s * d
		}
	}
	choleskyPSD(c.gram, m)
	c.z = grow(c.z, nOut*m)
	fillNormal(c.z, c.seed, Stream(k, l, KindConditional), 1)
	for a := range m {
		ya := y[a*nOut : (a+1)*nOut]
		la := c.gram[a*m : a*m+a+1]
		for i := range ya {
			zi := c.z[i*m : i*m+a+1]
			t := 0.0
			for b, lab := range la {
				t += lab * zi[b]
			}
			ya[i] = t
		}
	}
}

// choleskyPSD overwrites the lower triangle of the symmetric positive
// semidefinite m×m matrix g (row-major, lower triangle read) with L, g = LLᵀ.
// A pivot that is not above 1e-13 times the largest diagonal entry (a vector
// that depends linearly on the earlier ones, or a zero vector) gives a zero
// column, which is the exact factor of a singular Γ.
func choleskyPSD(g []float64, m int) {
	maxDiag := 0.0
	for a := range m {
		maxDiag = math.Max(maxDiag, g[a*m+a])
	}
	tol := 1e-13 * maxDiag
	for j := range m {
		d := g[j*m+j]
		for k := range j {
			d -= g[j*m+k] * g[j*m+k]
		}
		if d <= tol {
			for i := j; i < m; i++ {
				g[i*m+j] = 0
			}
			continue
		}
		d = math.Sqrt(d)
		g[j*m+j] = d
		for i := j + 1; i < m; i++ {
			s := g[i*m+j]
			for k := range j {
				s -= g[i*m+k] * g[j*m+k]
			}
			g[i*m+j] = s / d
		}
	}
}
