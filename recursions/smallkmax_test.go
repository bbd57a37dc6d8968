package recursions

import (
	"testing"

	"critcalc/calc"
)

// TestCriticalSmallKmax searches (0, kmax] for K* > 0 with kmax far below
// every root, for σ of the K* = 0 class: the criticality ratio R(K) ∝ K
// there sinks below the scan table's error (1e-9) from K ≈ 1e-9 down and
// below its own rounding (R's terms are of size 1) from K ≈ 1e-14 down,
// so every sign change, zero and minimum of the grid values is noise. The
// analysis must find the K* = 0 limit alone. It used to take that noise
// for roots (swish at kmax = 1e-6: a "double root" at K = 1.13e-14) whose
// refinement then failed, after up to 6 s at kmax = 1e-300.
func TestCriticalSmallKmax(t *testing.T) {
	for _, c := range []struct {
		sigma string
		kmax  float64
	}{
		{"swish(x)", 1e-6}, {"gelu(x)", 1e-10}, {"mish(x)", 1e-8}, {"tanh(x)", 1e-300},
	} {
		an, err := Analyze(calc.MustParse(c.sigma), c.kmax)
		if err != nil {
			t.Errorf("%s, kmax %g: %v", c.sigma, c.kmax, err)
			continue
		}
		if len(an.Points) != 1 || an.Points[0].K != 0 || len(an.Classes) == 0 || an.Classes[0] != ClassKZero {
			t.Errorf("%s, kmax %g: points %+v, classes %v; want the K* = 0 limit alone", c.sigma, c.kmax, an.Points, an.Classes)
		}
	}
}
