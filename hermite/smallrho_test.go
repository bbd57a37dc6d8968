package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// Expect2SmallRho against the closed form of erf, E[erf(u)erf(v)] =
// (2/π)·arcsin(2K₁₂/√((1 + 2K₁₁)(1 + 2K₂₂))), and against Expect2 where that
// converges (tanh, GELU, softplus); at K = 146.86, ρ = 5.56e-4, where
// Expect2's inner expectation does not converge, against the closed form.
func TestExpect2SmallRho(t *testing.T) {
	for _, c := range []struct {
		sigma string
		K     float64
		rho   float64
	}{
		{"erf(x)", 1, 0.003}, {"erf(x)", 146.86155941526764, 0.08163265306122448 / 146.86155941526764},
		{"erf(x)", 1e4, -0.01}, {"erf(x)", 0.01, 0.01}, {"erf(x)", 3, 0},
		{"tanh(x)", 2, 0.007}, {"gelu(x)", 5, -0.004}, {"softplus(x)", 0.5, 0.01}, {"relu(x)", 2, 0.005},
	} {
		got, err := Expect2SmallRho(calc.MustParse(c.sigma), c.K, c.rho)
		if err != nil {
			t.Fatalf("%s K = %g ρ = %g: %v", c.sigma, c.K, c.rho, err)
		}
		var want, wantErr float64
		if c.sigma == "erf(x)" {
			want = erfKernel(Cov{K11: c.K, K12: c.rho * c.K, K22: c.K})
		} else {
			v, err := Expect2(calc.MustParse(c.sigma), calc.MustParse(c.sigma), Cov{K11: c.K, K22: c.K, K12: c.rho * c.K})
			if err != nil {
				t.Fatalf("%s: Expect2: %v", c.sigma, err)
			}
			want, wantErr = v.V, v.AbsErr
		}
		if d := math.Abs(got.V - want); !(d <= got.AbsErr+wantErr+1e-16) || got.AbsErr > 1e-13 {
			t.Errorf("%s K = %g ρ = %g: %.17g ± %.2g, reference %.17g ± %.2g (off by %.2g)", c.sigma, c.K, c.rho, got.V, got.AbsErr, want, wantErr, d)
		}
	}
	if _, err := Expect2SmallRho(calc.MustParse("tanh(x)"), 1, 0.5); err == nil {
		t.Error("ρ = 0.5 accepted")
	}
}
