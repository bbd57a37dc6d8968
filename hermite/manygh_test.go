package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// scanMany returns the Many of ⟨σ²⟩, ⟨zσσ'⟩ and ⟨σ'²⟩ of src.
func scanMany(t *testing.T, src string) *Many {
	t.Helper()
	s := calc.MustParse(src)
	d := calc.Derivative(s, 1)
	m, err := NewMany(calc.Mul(s, s), calc.Mul(calc.Var(), calc.Mul(s, d)), calc.Mul(d, d))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestAtGHAgreesWithPanels checks the Gauss–Hermite path of AtTol against
// the panels of At (1e-14) where it is taken, to the scan tolerance, and
// that it is taken at a small K and left at a large one.
func TestAtGHAgreesWithPanels(t *testing.T) {
	const relTol = 1e-12
	for _, src := range []string{"mish(x)", "tanh(x)", "gelu(x)", "swish(x)", "sin(x)", "exp(x)", "x^3 + x", "erf(x)"} {
		m := scanMany(t, src)
		taken := 0
		for _, K := range []float64{1e-300, 1e-12, 1e-6, 1e-3, 0.05, 0.3, 1, 4, 100} {
			gh, ok := m.atGH(K, relTol)
			if K == 1e-6 && !ok {
				t.Errorf("%s at K = %g: the Gauss–Hermite rules were not taken", src, K)
			}
			if K == 100 && ok {
				t.Errorf("%s at K = %g: the Gauss–Hermite rules were taken where their nodes are too far apart", src, K)
			}
			if !ok {
				continue
			}
			taken++
			ref, err := m.At(K)
			if err != nil {
				t.Fatal(err)
			}
			for i := range gh {
				scale := math.Abs(ref[i].V) + ref[i].AbsErr
				if d := math.Abs(gh[i].V - ref[i].V); !(d <= relTol*scale+ref[i].AbsErr) || !(d <= gh[i].AbsErr+ref[i].AbsErr) {
					t.Errorf("%s at K = %g, integrand %d: %.17g (±%.2g), the panels give %.17g (±%.2g)", src, K, i, gh[i].V, gh[i].AbsErr, ref[i].V, ref[i].AbsErr)
				}
			}
		}
		if taken == 0 {
			t.Errorf("%s: the Gauss–Hermite rules were never taken", src)
		}
	}
}

// TestAtGHLeavesKinksAndNarrowFeatures checks that the Gauss–Hermite path
// is not taken for integrands with kinks, nor where a transition narrower
// than the nodes' spacing would be missed by both rules alike: tanh(100x)
// at K = 1, whose σ² dips to 0 over |z| ≲ 0.01, which the panels resolve.
func TestAtGHLeavesKinksAndNarrowFeatures(t *testing.T) {
	for _, tc := range []struct {
		src string
		K   float64
	}{
		{"relu(x)", 1e-6},
		{"x/(1+abs(x))", 0.01},
		{"elu(x)", 1e-6},
		{"tanh(100*x)", 1},
		{"tanh(100*x)", 0.01},
	} {
		if _, ok := scanMany(t, tc.src).atGH(tc.K, 1e-12); ok {
			t.Errorf("%s at K = %g: the Gauss–Hermite rules were taken", tc.src, tc.K)
		}
	}
}
