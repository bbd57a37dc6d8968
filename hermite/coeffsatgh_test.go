package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestAtGaussHermiteAgreesWithPanels compares the moments ScaledSeries.At
// takes from Gauss–Hermite rules with those of the panels (Panels), which
// it used for every K before: each within the sum of the two error
// bounds, and the moments beyond the rules' last order, which At leaves
// out, holding less than ghMomentRest of E[σ²] (by the panels). Where no
// pair of rules is accurate enough (tanh at K = 1) At must give the
// panels' moments themselves.
func TestAtGaussHermiteAgreesWithPanels(t *testing.T) {
	usedGH := 0
	for _, src := range []string{"tanh(x)", "erf(x)", "gelu", "x*sigmoid(x)", "sin(x)"} {
		s, err := NewScaledSeries(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, K := range []float64{1e-3, 0.05, 0.1, 0.3, 1} {
			m, err := s.At(K, MaxCoefficients)
			if err != nil {
				t.Fatalf("%s K = %g: %v", src, K, err)
			}
			p, err := s.Panels().At(K, MaxCoefficients)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.A) < len(p.A) {
				usedGH++
			}
			for k, a := range m.A {
				if d := math.Abs(a - p.A[k]); !(d <= m.Err[k]+p.Err[k]) || m.Err[k] > 1e-14*math.Sqrt(p.Sq) {
					t.Errorf("%s K = %g: a_%d = %.17g, panels %.17g (bounds %.2g, %.2g)", src, K, k, a, p.A[k], m.Err[k], p.Err[k])
				}
			}
			left := 0.0
			for _, a := range p.A[len(m.A):] {
				left += a * a
			}
			if !(left <= ghMomentRest*p.Sq) {
				t.Errorf("%s K = %g: the %d moments left out hold %.2g of E[σ²]", src, K, len(p.A)-len(m.A), left/p.Sq)
			}
		}
	}
	if usedGH < 10 {
		t.Errorf("Gauss–Hermite moments taken in %d of 25 cases, want most of the small K", usedGH)
	}
	tanh, _ := NewScaledSeries(calc.MustParse("tanh(x)"))
	if m, _ := tanh.At(1, MaxCoefficients); len(m.A) != MaxCoefficients+1 {
		t.Errorf("tanh at K = 1: %d moments, want the panels' %d", len(m.A), MaxCoefficients+1)
	}
}
