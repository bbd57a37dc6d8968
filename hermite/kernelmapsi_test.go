package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestKernelMapScaleInvariantClosedForm checks the arc-cosine forms that
// KernelMap uses for a scale-invariant σ against the two-dimensional
// quadrature (Expect2) at correlations across [−1, 1]: κ(ρ) and κ′(ρ) to
// 1e-13 for ReLU, leaky ReLU, |x| and a linear σ (for which κ(ρ) = ρ).
func TestKernelMapScaleInvariantClosedForm(t *testing.T) {
	for _, src := range []string{"relu", "leaky_relu(x, 0.2)", "abs(x)", "relu(x) - 3*relu(-x)", "2*x"} {
		m, err := NewKernelMap(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		if m.slopes == nil {
			t.Fatalf("%s: not recognised as scale-invariant", src)
		}
		for _, rho := range []float64{-1, -0.7, 0, 0.3, 0.9, 0.999, 1} {
			for _, f := range []calc.Expr{m.sigma, m.dsigma} {
				got := scaleInvariantCorrelation(m.slopes[0], m.slopes[1], f == m.dsigma, rho)
				v, err := Expect2(f, f, Cov{K11: 1, K12: rho, K22: 1})
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-v.V) > 1e-13*math.Max(1, math.Abs(v.V)) {
					t.Errorf("%s, f = %s, ρ = %g: closed form %.17g, quadrature %.17g ± %.2g", src, f, rho, got, v.V, v.AbsErr)
				}
			}
		}
		if src == "2*x" {
			if k, _ := m.Kappa(0.3); math.Abs(k-0.3) > 1e-15 {
				t.Errorf("linear σ: κ(0.3) = %.17g, want 0.3", k)
			}
		}
	}
}
