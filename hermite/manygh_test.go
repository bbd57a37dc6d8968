package hermite

import (
	"math"
	"math/big"
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

// TestAtGHErrorBound checks the Gauss–Hermite path of AtTol wherever it
// is taken, for every average of the recursions of scanActivations and a
// few σ with narrow or fast features, K on a log grid from 1e-8 to 10
// (four points a decade): each value within its error bound of the
// 25-digit value (a bound atGH accepts only within the scan tolerance of
// E|F|). Half a second: the references are cheap at these K.
func TestAtGHErrorBound(t *testing.T) {
	const relTol = 1e-12
	names := append([]string{"tanh(30*x)", "sin(5*x)", "exp(x)", "x^2", "x*tanh(x)", "1/(1+(3*x)^2)"}, scanActivations...)
	taken, checked := 0, 0
	for _, name := range names {
		m, err := NewMany(scanIntegrands(calc.MustParse(name))...)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i <= 36; i++ {
			K := 1.0137 * math.Pow(10, -8+float64(i)/4)
			gh, ok := m.atGH(K, relTol)
			if !ok {
				continue
			}
			taken++
			ref, err := m.AtDigits(new(big.Rat).SetFloat64(K), 25)
			if err != nil {
				t.Errorf("%s K=%g: 25 digits: %v", name, K, err)
				continue
			}
			for j := range gh {
				checked++
				r, _ := ref[j].Float64()
				if e := math.Abs(gh[j].V - r); !(e <= gh[j].AbsErr) {
					t.Errorf("%s K=%g, average %d: %.17g, 25 digits %.17g: error %.2g > bound %.2g", name, K, j, gh[j].V, r, e, gh[j].AbsErr)
				}
			}
		}
	}
	t.Logf("the rules taken at %d of %d (σ, K); %d values checked", taken, 37*len(names), checked)
}
