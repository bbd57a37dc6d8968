package sim

import (
	"math"
	"testing"

	"critcalc/sim/philox"
)

// zTol is the tolerance of the statistical tests in standard errors: a
// single comparison of a correct sampler fails with probability 7e-6.
const zTol = 4.5

// TestWeightVariateNumbering checks the documented numbering: W[i][j] of
// layer l of network k is variate i·n_in + j of stream(k, l, KindWeight).
func TestWeightVariateNumbering(t *testing.T) {
	const nIn, nOut = 3, 5
	e := &explicit64{seed: 11}
	v := make([]float64, nIn)
	y := make([]float64, nOut)
	for j := range nIn {
		clear(v)
		v[j] = 1
		e.apply(4, 2, 1, nIn, nOut, 1, v, y)
		for i := range nOut {
			idx := uint64(i*nIn + j)
			z0, z1 := philox.Normals(11, Stream(4, 2, KindWeight), idx/2)
			want := z0
			if idx%2 == 1 {
				want = z1
			}
			want *= math.Sqrt(1.0 / nIn)
			if y[i] != want {
				t.Errorf("W[%d][%d] = %v, want variate %d = %v", i, j, y[i], idx, want)
			}
		}
	}
}

// TestDrawMoments checks the uniform weight law's moments (the binomial
// and chi-square draws of the norm shortcut are package philox's, tested
// there).
func TestDrawMoments(t *testing.T) {
	const M = 20000
	u := make([]float64, M)
	fillUniform(u, 3, 4, 2)
	m, _ := MomentsOf(u, "uniform")
	if math.Abs(m.Mean.Value)/m.Mean.StdErr > zTol || math.Abs(m.Var.Value-4)/m.Var.StdErr > zTol {
		t.Errorf("uniform of variance 4: mean %+v, variance %+v", m.Mean, m.Var)
	}
}
