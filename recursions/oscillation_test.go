package recursions

import (
	"errors"
	"math"
	"testing"

	"critcalc/calc"
)

// TestSignChangesJoin checks that the halves of the grid, counted in
// chunks and joined, give the count of the whole grid taken point by
// point.
func TestSignChangesJoin(t *testing.T) {
	for _, src := range []string{"sin(5*x)", "sin(1000*x)", "sin(1e6*x)", "mish", "tanh", "x^2", "relu", "sin(x)*step(x)", "log(x)"} {
		d := calc.Compile(calc.Derivative(calc.MustParse(src), 1))
		for _, zmax := range []float64{10, 100} {
			want, prev := 0, 0.0
			for i := 0; i <= oscillationGrid; i++ {
				v := d.Eval(-zmax + 2*zmax*float64(i)/oscillationGrid)
				if v == 0 || math.IsNaN(v) {
					continue
				}
				if prev != 0 && (v > 0) != (prev > 0) {
					want++
				}
				prev = v
			}
			half := (oscillationGrid + 1) / 2
			lo, hi := countSignChanges(d, zmax, 0, half), countSignChanges(d, zmax, half, oscillationGrid+1)
			if got := lo.join(hi).n; got != want {
				t.Errorf("%s on |z| ≤ %g: %d sign changes, the whole grid has %d", src, zmax, got, want)
			}
		}
	}
}

// TestAnalyzeRefusesOscillation checks that the analysis refuses a σ whose
// derivative changes sign more than analysisSignChanges times within 10
// standard deviations at K = kmax, before its scans (which took 40 s for
// sin(50x) at kmax = 100, through the critical-point search of `depth`'s
// asymptotic fit), and that a smaller kmax, whose range holds fewer sign
// changes, lets sin(5x) through the check.
func TestAnalyzeRefusesOscillation(t *testing.T) {
	_, err := Analyze(calc.MustParse("sin(50*x)"), 100)
	var oe *OscillationError
	if !errors.As(err, &oe) || oe.Changes < 3000 || oe.Zmax != 100 || oe.Limit != analysisSignChanges {
		t.Fatalf("sin(50x) at kmax = 100: %v", err)
	}
	if err := CheckAnalysisOscillation(calc.MustParse("sin(5*x)"), 1); err != nil {
		t.Errorf("sin(5x) at kmax = 1 (32 sign changes): %v", err)
	}
}
