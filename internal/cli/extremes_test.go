package cli

import (
	"math/big"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// TestAnsweredAtExtremes runs the commands of issue 15 part A, which used
// to fail where an answer exists: exp at the default --kmax (its float64
// ⟨zσσ'⟩ overflowed where its part is negligible), and gelu and swish at
// K of 3e6 to 7e8 (the float64 partition missed the transition of σ' at
// z ≈ 0, of width 1/√K in t). The expected values are K^(ℓ) = K/2 to
// O(1/√K) for C_b = 0, C_W = 1, and for the 50-layer run the closed-form
// GELU kernel's K^(50) = 6.7e8.
func TestAnsweredAtExtremes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"act", "exp(x)"}, []string{"class       none", "≠ 1 on (0, 100]"}},
		{[]string{"act", "exp(x)", "--kmax", "84"}, []string{"class       none", "≠ 1 on (0, 84]"}},
		{[]string{"act", "exp(x)", "--kmax", "1000"}, []string{"class       none", "≠ 1 on (0, 121]", "note        K searched on (0, 121] only: above, the Gaussian averages leave the float64 range"}},
		{[]string{"act", "gelu", "--at", "4e6"}, []string{"g = 1999999.99991", "χ⊥ = 0.500028134856"}}, // exhaustive: seconds
		{[]string{"depth", "gelu", "--cb", "0", "--cw", "1", "--layers", "2", "--k1", "3e6"}, []string{"\n  2  1500000 "}},
		{[]string{"depth", "x*sigmoid(x)", "--cb", "0", "--cw", "1", "--layers", "2", "--k1", "5e7"}, []string{"\n  2  25000000 "}},
		{[]string{"depth", "gelu", "--cb", "0.5", "--cw", "3", "--layers", "50", "--inputs", "1,1.5,0.6"}, []string{"\n  50   674576282 "}},
	} {
		if c.args[0] == "act" && len(c.args) > 2 && c.args[2] == "--at" && !testlevel.IsExhaustive() {
			continue
		}
		code, out, errs := runCLI(c.args...)
		if code != exitOK {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(c.args, " "), code, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", strings.Join(c.args, " "), w, out)
			}
		}
	}
}

// TestDepthStopsWithLayersBefore checks that a run which fails at some
// layer prints the layers before it, in float64 and with --digits alike:
// ReLU at C_W = 2e20 multiplies K by 1e20 a layer from K^(1) = 1 until
// ⟨σ²z⁴⟩ ≈ 105K³ leaves float64 at layer 7 (K = 1e120); with --digits 15,
// x² at C_W = 2e20, whose K grows like 2e20·3K², stops where ⟨σ²z⁴⟩ leaves
// float64 at layer 4 (K = 2.8e145). With --digits, ReLU goes on to
// K = 1e380 at layer 20: its averages at K = 1, scaled by powers of K,
// serve every layer (it stopped at layer 6 as in float64 before).
func TestDepthStopsWithLayersBefore(t *testing.T) {
	for _, c := range []struct {
		sigma, digits, stop, row string
	}{
		{"relu", "9", "stopped after layer 6", "\n  6  1e100 "},
		{"x^2", "15", "stopped after layer 3", "\n  3  2.16e62 "},
	} {
		args := []string{"depth", c.sigma, "--cb", "0", "--cw", "2e20", "--layers", "20", "--every", "1", "--digits", c.digits}
		code, out, errs := runCLI(args...)
		if code != exitError || !strings.Contains(errs, c.stop) || !strings.Contains(out, c.row) {
			t.Errorf("%s: exit %d, stderr %q, stdout:\n%s", strings.Join(args, " "), code, errs, out)
		}
	}
	args := []string{"depth", "relu", "--cb", "0", "--cw", "2e20", "--layers", "20", "--every", "1", "--digits", "15"}
	if code, out, errs := runCLI(args...); code != exitOK || !strings.Contains(out, "\n  20  1e380 ") {
		t.Errorf("%s: exit %d, stderr %q, stdout:\n%s", strings.Join(args, " "), code, errs, out)
	}
}

// TestDepthInputsHugeKernel runs the two-input map from variances of 1e200,
// whose product overflows float64: tanh is a sign function on the scale of
// those Gaussians, so K₊₋ at layer 2 is (2/π)·arcsin ρ = 1/3 for ρ = ½, to
// O(1e-100). ρ used to come out 0, and K₊₋ with it.
func TestDepthInputsHugeKernel(t *testing.T) {
	rows := layersByL(t, "tanh", "--cb", "0", "--cw", "1", "--layers", "2", "--every", "1", "--inputs", "1e200,1e200,0.5e200")
	if rho := rows["1"]["rho"]; rho != "0.5" {
		t.Errorf("layer 1: ρ = %s, want 0.5", rho)
	}
	if kpm := rows["2"]["K_pm"]; kpm == "" || !agreesToPrinted(t, kpm, new(big.Float).Quo(big.NewFloat(1), big.NewFloat(3)), 1e-15) {
		t.Errorf("layer 2: K₊₋ = %q, want 1/3", kpm)
	}
}

// TestDepthStopNamesOmittedColumns checks that a run which stops says
// which of the columns asked for its rows lack: the two-input and NTK
// columns are computed only once the single-input run has reached the
// last layer (ReLU at C_W = 2e20 stops after layer 6 as above; x² at
// C_W = 1.5 with 20 digits after layer 7, where ⟨x⁸⟩ leaves float64).
func TestDepthStopNamesOmittedColumns(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"depth", "relu", "--cb", "0", "--cw", "2e20", "--layers", "20", "--every", "1"}, "(the layers up to it are above):"},
		{[]string{"depth", "relu", "--cb", "0", "--cw", "2e20", "--layers", "20", "--every", "1", "--ntk"}, "(the layers up to it are above, without the NTK columns):"},
		{[]string{"depth", "x^2", "--cb", "0.1", "--cw", "1.5", "--layers", "30", "--digits", "20", "--inputs", "1,1.2,0.9"}, "(the layers up to it are above, without the two-input columns):"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != exitError || !strings.Contains(errs, c.want) || !strings.Contains(out, "\n  6 ") {
			t.Errorf("%s: exit %d, stderr %q, stdout:\n%s", strings.Join(c.args, " "), code, errs, out)
		}
	}
}

// TestDepthRefusesStretchedOscillation runs the depth iteration of
// x + 0.1·sin(3x) at C_b = 0.1, C_W = 1.5, whose K grows by half each
// layer, so that the oscillation of σ spans ever more periods of the
// Gaussian's width: it used to take 21 s for 50 layers and over a minute
// for 60. Now the averages at layer 42 (K ≈ 2·10^7) exceed the
// quadrature's budget of evaluations and the run stops there, naming the
// oscillation, with the layers before it printed (exhaustive: seconds).
func TestDepthRefusesStretchedOscillation(t *testing.T) {
	testlevel.Exhaustive(t)
	args := []string{"depth", "x+0.1*sin(3*x)", "--cb", "0.1", "--cw", "1.5", "--layers", "60"}
	code, out, errs := runCLI(args...)
	if code != exitError || !strings.Contains(errs, "stopped after layer 41 (the layers up to it are above)") || !strings.Contains(errs, "oscillation over too many periods") ||
		!strings.Contains(out, "\n  41  13513380") {
		t.Errorf("%s: exit %d, stderr %q, stdout:\n%s", strings.Join(args, " "), code, errs, out)
	}
}
