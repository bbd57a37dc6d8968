package sim

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestLogGaussianExperiment reproduces the Monte-Carlo experiment of the
// log-Gaussian notes (§1.1): 2¹⁵ ReLU networks, n = 100, n_in =
// n_out = 10, d hidden layers, N(0, 1) weights with √(1/n_in), √(2/n) and
// √(1/n) scalings, no bias, ‖x‖²/n_in = 1. The exact finite-width moments
// of G and of ln‖z_out‖² = G + ln χ²₁₀ come from digamma/trigamma sums over
// the product representation (derived, not printed); the tolerance is
// zTol Monte-Carlo standard errors. At d = 100 the test also checks that
// the leading-order Var[G] = β = 2/n + 5d/n = 5.02 is rejected: the exact
// value 5.214201 lies 4.7 standard errors (0.041) above it.
func TestLogGaussianExperiment(t *testing.T) {
	if testing.Short() {
		t.Skip("2¹⁵ networks of depth 101 (about 2 s)")
	}
	tests := []struct {
		d               int
		meanG, varG     float64 // §1.1 setting, exact n = 100
		meanOut, varOut float64 // ln‖z_out‖², exact n = 100
		beta            float64 // Theorem 2, 2/n + 5d/n
	}{
		{1, -0.035454, 0.072141, 2.163811, 0.293464, 0.07},
		{10, -0.264242, 0.539601, 1.935023, 0.760924, 0.52},
		{100, -2.552122, 5.214201, -0.352857, 5.435524, 5.02},
	}
	x, _ := DefaultInputs(10, 1, 1, 0, 1)
	for _, tt := range tests {
		c := Config{Sigma: calc.MustParse("relu"), CW: 2, FirstCW: 1, Widths: equalWidths(10, 100, tt.d+1),
			Inputs: x, Readout: 10, Nets: 1 << 15, Seed: 2026}
		r := mustRun(t, c)
		g, err := r.LogGain()
		if err != nil {
			t.Fatal(err)
		}
		o, _ := r.LogOut()
		checks := []struct {
			name string
			got  Estimate
			want float64
		}{
			{"E[G]", g.Mean, tt.meanG}, {"Var[G]", g.Var, tt.varG},
			{"E ln‖z_out‖²", o.Mean, tt.meanOut}, {"Var ln‖z_out‖²", o.Var, tt.varOut},
		}
		for _, ch := range checks {
			if z := (ch.got.Value - ch.want) / ch.got.StdErr; math.Abs(z) > zTol {
				t.Errorf("d = %d: %s = %.5f ± %.5f, exact %.6f (z = %.2f)", tt.d, ch.name, ch.got.Value, ch.got.StdErr, ch.want, z)
			}
		}
		zBeta := (g.Var.Value - tt.beta) / g.Var.StdErr
		t.Logf("d = %d: E[G] = %.5f ± %.5f, Var[G] = %.5f ± %.5f (exact %.6f, β = %.2f: z = %.2f)",
			tt.d, g.Mean.Value, g.Mean.StdErr, g.Var.Value, g.Var.StdErr, tt.varG, tt.beta, zBeta)
		if tt.d == 100 && zBeta < 3 {
			t.Errorf("d = 100: Var[G] = %.4f ± %.4f does not reject β = %.2f (z = %.2f)", g.Var.Value, g.Var.StdErr, tt.beta, zBeta)
		}
	}
}

// TestInputOutputGradient checks the log-Gaussian notes' §1.2.3 statement
// that for ReLU networks ∂z_out/∂x_i has the law of z_out (with ‖x‖ = ‖e_i‖): with
// ‖x‖²/n_in = 1 and u = e_1, ln‖(∂z_out/∂x)e_1‖² = G' + ln χ²₁₀ + ln(1/n_in)
// with G' distributed as G, so its moments are the exact-n moments of
// ln‖z_out‖² (d = 10: 1.935023, 0.760924) shifted by
// ln(1/n_in). n_in = 4 keeps the exact Jacobian cheap (5 tracked vectors).
func TestInputOutputGradient(t *testing.T) {
	x, _ := DefaultInputs(4, 1, 1, 0, 1)
	c := Config{Sigma: calc.MustParse("relu"), CW: 2, FirstCW: 1, Widths: equalWidths(4, 100, 11), Inputs: x,
		Readout: 10, InputJacobian: true, Tangents: ExactJacobian, Nets: 4096, Seed: 3}
	r := mustRun(t, c)
	g, err := r.LogGradOut()
	if err != nil {
		t.Fatal(err)
	}
	o, _ := r.LogOut()
	checks := []struct {
		name string
		got  Estimate
		want float64
	}{
		{"E ln‖J e₁‖²", g.Mean, 1.935023 - math.Log(4)}, {"Var ln‖J e₁‖²", g.Var, 0.760924},
		{"E ln‖z_out‖²", o.Mean, 1.935023}, {"Var ln‖z_out‖²", o.Var, 0.760924},
	}
	for _, ch := range checks {
		if z := (ch.got.Value - ch.want) / ch.got.StdErr; math.Abs(z) > zTol {
			t.Errorf("%s = %.5f ± %.5f, exact %.6f (z = %.2f)", ch.name, ch.got.Value, ch.got.StdErr, ch.want, z)
		}
	}
	// 𝒥^{0,l} = C_W1·Π χ⊥ = 1 for every l at criticality, exactly for ReLU.
	for l := 1; l <= 11; l += 5 {
		j, _ := r.APJN(l)
		if z := (j.Value - 1) / j.StdErr; math.Abs(z) > zTol {
			t.Errorf("𝒥^{0,%d} = %v ± %v, want 1", l, j.Value, j.StdErr)
		}
	}
}
