package hermite

import (
	"math"
	"testing"
)

// TestGHSeriesAgainstExpect2 compares Mehler's series with moments from
// Gauss–Hermite rules with the two-dimensional adaptive quadrature: where
// the series answers, the two agree within the sum of their error bounds,
// and the series answers at the moderate correlations and variances a
// deep iteration of a smooth σ visits.
func TestGHSeriesAgainstExpect2(t *testing.T) {
	type kk struct{ k11, k22 float64 }
	vars := []kk{{1, 1.2}, {0.52, 0.53}, {0.05, 0.3}, {2, 0.7}, {0.3, 0.3}}
	rhos := []float64{-0.999, -0.5, 0, 0.3, 0.9, 0.999999}
	// tanh, erf and sin are odd and x·tanh(x) even: they take the paths
	// that evaluate σ at the positive nodes only.
	for _, name := range []string{"tanh", "erf", "gelu", "x/(1+exp(-x))", "sin", "log(1+exp(x))", "x*tanh(x)"} {
		s := mustGHSeries(t, name)
		e := s.expr
		answered := 0
		for _, v := range vars {
			a, b := s.Input(v.k11), s.Input(v.k22)
			for _, rho := range rhos {
				got, _, _, ok := s.Expect(a, b, rho, 0)
				if !ok {
					continue
				}
				answered++
				want, err := Expect2(e, e, Cov{K11: v.k11, K12: rho * math.Sqrt(v.k11*v.k22), K22: v.k22})
				if err != nil {
					t.Fatal(err)
				}
				if d := math.Abs(got.V - want.V); d > got.AbsErr+want.AbsErr {
					t.Errorf("%s K = (%g, %g) ρ = %g: series %.17g ± %.2e, quadrature %.17g ± %.2e (off by %.2e)",
						name, v.k11, v.k22, rho, got.V, got.AbsErr, want.V, want.AbsErr, d)
				}
				t.Logf("%s K = (%g, %g) ρ = %g: ± %.1e, off by %.1e", name, v.k11, v.k22, rho, got.AbsErr, math.Abs(got.V-want.V))
			}
		}
		if answered < len(rhos) {
			t.Errorf("%s: the series answered %d of %d cases", name, answered, len(vars)*len(rhos))
		}
	}
}
