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
// A pivot that is not above 1e-13 times its own diagonal entry Γ_jj (a
// vector whose part outside the span of the earlier ones is below about
// 3·10⁻⁷ of its length, which rounding no longer resolves, or a zero
// vector) gives a zero column, which is the exact factor of a singular Γ.
// The bound is relative to each vector's own length, not to the longest
// one's: the tracked vectors differ in length by many orders of magnitude
// (the tangents of a deep network in the ordered phase shrink like χ⊥^ℓ,
// in the chaotic phase they grow so), and a vector that is merely short is
// not dependent.
func choleskyPSD(g []float64, m int) {
	for j := range m {
		d := g[j*m+j]
		tol := 1e-13 * d
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
