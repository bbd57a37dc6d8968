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

// TestDrawMoments checks the moments of the binomial, chi-square and
// uniform draws against their laws.
func TestDrawMoments(t *testing.T) {
	const M = 20000
	tests := []struct {
		name       string
		draw       func(d *draws) float64
		mean, vari float64
	}{
		{"Bin(100, 1/2)", func(d *draws) float64 { return float64(d.binomialHalf(100)) }, 50, 25},
		{"Bin(37, 1/2)", func(d *draws) float64 { return float64(d.binomialHalf(37)) }, 18.5, 9.25},
		{"chi2(1)", func(d *draws) float64 { return d.chi2(1) }, 1, 2},
		{"chi2(10)", func(d *draws) float64 { return d.chi2(10) }, 10, 20},
		{"chi2(101)", func(d *draws) float64 { return d.chi2(101) }, 101, 202},
	}
	for _, tt := range tests {
		d := &draws{seed: 5, stream: 9}
		xs := make([]float64, M)
		for i := range xs {
			xs[i] = tt.draw(d)
		}
		m, _ := sampleMoments(xs, tt.name)
		if z := (m.Mean.Value - tt.mean) / m.Mean.StdErr; math.Abs(z) > zTol {
			t.Errorf("%s: mean %v ± %v, want %v", tt.name, m.Mean.Value, m.Mean.StdErr, tt.mean)
		}
		if z := (m.Var.Value - tt.vari) / m.Var.StdErr; math.Abs(z) > zTol {
			t.Errorf("%s: variance %v ± %v, want %v", tt.name, m.Var.Value, m.Var.StdErr, tt.vari)
		}
	}
	u := make([]float64, M)
	fillUniform(u, 3, 4, 2)
	m, _ := sampleMoments(u, "uniform")
	if math.Abs(m.Mean.Value)/m.Mean.StdErr > zTol || math.Abs(m.Var.Value-4)/m.Var.StdErr > zTol {
		t.Errorf("uniform of variance 4: mean %+v, variance %+v", m.Mean, m.Var)
	}
}
