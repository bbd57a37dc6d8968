package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestDepthJSON pins the JSON keys of `critcalc depth` and checks ReLU at
// criticality: K stays K1, V^(ℓ) = (ℓ − 1)·5·K1² (PDLT 5.120).
func TestDepthJSON(t *testing.T) {
	code, out, stderr := runCLI("depth", "relu", "--cb", "0", "--cw", "2", "--layers", "50", "--every", "10", "--width", "100", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Expression string
		Digits     int
		Layers     []map[string]float64
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Layers) != 5 || rep.Digits != depthDigits {
		t.Fatalf("%d layers, digits %d", len(rep.Layers), rep.Digits)
	}
	for _, l := range rep.Layers {
		for _, k := range []string{"l", "K", "V", "G1", "chi_par", "chi_perp", "V_over_nK2", "K_plus_G1_over_n"} {
			if _, ok := l[k]; !ok {
				t.Errorf("key %q missing", k)
			}
		}
		if want := (l["l"] - 1) * 5; math.Abs(l["V"]-want) > 1e-9*want || l["K"] != 1 {
			t.Errorf("ℓ = %v: K = %v, V = %v, want 1 and %v", l["l"], l["K"], l["V"], want)
		}
	}
}

// TestDepthTanh checks tanh at criticality (C_b, C_W) = (0, 1) at
// ℓ = 10⁴ against PDLT's 1/ℓ laws: K·ℓ → 1/2 (5.94), V·ℓ → 1/6 (5.127),
// renormalized G{1}·ℓ → 89/72 ((5.143) corrected; see README Corrections),
// with the subleading log ℓ/ℓ terms still visible at this depth.
func TestDepthTanh(t *testing.T) {
	code, out, stderr := runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10000", "--every", "10000", "--renormalize", "--csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || lines[0] != "l,K,V,G1,chi_par,chi_perp" {
		t.Fatalf("CSV: %q", out)
	}
	f := strings.Split(lines[1], ",")
	var K, V, G float64
	json.Unmarshal([]byte(f[1]), &K)
	json.Unmarshal([]byte(f[2]), &V)
	json.Unmarshal([]byte(f[3]), &G)
	if l := 1e4; math.Abs(K*l-0.5) > 2e-3 || math.Abs(V*l-1.0/6) > 2e-3 || math.Abs(G*l-89.0/72) > 3e-2 {
		t.Errorf("K·ℓ = %v, V·ℓ = %v, G{1}·ℓ = %v", K*l, V*l, G*l)
	}
}

func TestDepthBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"depth", "tanh", "--cw", "1", "--layers", "10"},
		{"depth", "tanh", "--cb", "0", "--cw", "-1", "--layers", "10"},
		{"depth", "tanh", "--cb", "0", "--cw", "1"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--json", "--csv"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--inputs", "1,1"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--inputs", "1,1,2"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--inputs", "0,1,0"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--inputs", "1,x,0"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--digits", "0"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--widths", "10"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--widths", "10,0"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--widths", "10,20", "--width", "5"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--widths", "10,20", "--digits", "20"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "200000", "--digits", "20"},
	} {
		if code, _, _ := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// --inputs adds the two-input columns with their keys; for ReLU at
// criticality the polar angle from ψ = 1 follows the exact arc-cosine map:
// ψ·(ℓ+1) = 9.2752 at ℓ = 10³ (an independent iteration of PDLT (5.162), 4
// decimals; → 3π by (5.166)), and the
// diagonal stays at K = 1.
func TestDepthInputs(t *testing.T) {
	code, out, stderr := runCLI("depth", "relu", "--cb", "0", "--cw", "2", "--layers", "1001", "--every", "1001",
		"--inputs", "1,1,0.54030230586813971740", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct{ Layers []map[string]float64 }
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Layers) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	l := rep.Layers[0]
	for _, k := range []string{"K_pp", "K_mm", "K_pm", "rho", "psi", "dK1", "ddK2"} {
		if _, ok := l[k]; !ok {
			t.Errorf("key %q missing from %v", k, l)
		}
	}
	if got := l["psi"] * 1001; math.Abs(got-9.2752) > 1e-4 || l["K_pp"] != 1 || l["K_mm"] != 1 {
		t.Errorf("ψ·(ℓ+1) = %v, K_pp = %v, K_mm = %v", got, l["K_pp"], l["K_mm"])
	}
}

// --digits above 9 iterates in high precision: tanh at criticality keeps
// the float64 run's leading digits and prints more.
func TestDepthDigits(t *testing.T) {
	code, out, stderr := runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "20", "--every", "20", "--digits", "20", "--csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, fout, _ := runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "20", "--every", "20", "--csv")
	hi := strings.Split(strings.Split(strings.TrimSpace(out), "\n")[1], ",")
	lo := strings.Split(strings.Split(strings.TrimSpace(fout), "\n")[1], ",")
	for i := 1; i < len(lo); i++ {
		var h, f float64
		json.Unmarshal([]byte(hi[i]), &h)
		json.Unmarshal([]byte(lo[i]), &f)
		if len(strings.TrimLeft(strings.NewReplacer(".", "", "-", "").Replace(strings.Split(hi[i], "e")[0]), "0")) < 18 || math.Abs(h-f) > 1e-8*math.Abs(f) {
			t.Errorf("column %d: %s at 20 digits, %s in float64", i, hi[i], lo[i])
		}
	}
}

// With 10⁴ layers the report carries the asymptotics block: tanh at
// criticality is in the K* = 0 class and every compared exponent and
// coefficient agrees with PDLT's predictions (5.94), (5.127), (5.134),
// except K's two ℓ⁻³ log-coefficients, whose fits (0.087 ± 0.095, 0.1 ± 2)
// cannot tell the term from its absence: they are "inconclusive", and
// agrees is false for them.
func TestDepthAsymptotics(t *testing.T) {
	code, out, stderr := runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10000", "--every", "10000", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Asymptotics struct {
			Class       string
			KStar       float64 `json:"K_star"`
			Predictions []map[string]json.RawMessage
			Comparisons []struct {
				Quantity, What string
				Predicted, Err float64
				Fitted         json.Number
				Agrees         bool
				Verdict        string
				Reason         string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	a := rep.Asymptotics
	if a.Class != "K*=0" || len(a.Predictions) == 0 || len(a.Comparisons) < 5 {
		t.Fatalf("asymptotics block: %+v", a)
	}
	seen := map[string]bool{}
	inconclusive := 0
	for _, c := range a.Comparisons {
		seen[c.Quantity] = true
		if c.Verdict == "inconclusive" {
			inconclusive++
			if c.Agrees || c.Reason == "" || 3*c.Err < math.Abs(c.Predicted) {
				t.Errorf("%s %s: inconclusive with agrees %v, reason %q, predicted %v ± %v", c.Quantity, c.What, c.Agrees, c.Reason, c.Predicted, c.Err)
			}
			continue
		}
		if !c.Agrees || c.Verdict != "agrees" {
			t.Errorf("%s %s: predicted %v, fitted %v ± %v", c.Quantity, c.What, c.Predicted, c.Fitted, c.Err)
		}
		// A fitted value shows no digit below the second significant
		// digit of its uncertainty.
		_, frac, _ := strings.Cut(string(c.Fitted), ".")
		if last := math.Pow(10, -float64(len(frac))); last < c.Err/100 {
			t.Errorf("%s %s: fitted %s shows digits below its uncertainty %g", c.Quantity, c.What, c.Fitted, c.Err)
		}
	}
	if inconclusive != 2 {
		t.Errorf("%d inconclusive comparisons, want K's two ℓ⁻³ log terms", inconclusive)
	}
	for _, q := range []string{"K", "V", "G1"} {
		if !seen[q] {
			t.Errorf("no comparison of %s in %+v", q, a.Comparisons)
		}
	}
	for _, k := range []string{"quantity", "exponent", "terms", "relative", "uses_l0", "zero", "source"} {
		if _, ok := a.Predictions[0][k]; !ok {
			t.Errorf("prediction key %q missing", k)
		}
	}
	// Below 1000 layers there is no fit.
	_, out, _ = runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "999", "--json")
	if strings.Contains(out, "asymptotics") {
		t.Errorf("999 layers: unexpected asymptotics block")
	}
}

// --widths: ReLU at criticality adds 5K*²/n_ℓ to the normalized vertex
// V^(ℓ)/(n_{ℓ−1}K²) per layer: 1/2, 5/8, 7/8, 15/16, 31/16 for widths
// 10, 40, 20, 80, 5.
func TestDepthWidths(t *testing.T) {
	code, out, stderr := runCLI("depth", "relu", "--cb", "0", "--cw", "2", "--layers", "6", "--every", "1", "--widths", "10,40,20,80,5", "--csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"0", "0.5", "0.625", "0.875", "0.9375", "1.9375"}
	for i, w := range want {
		f := strings.Split(lines[i+1], ",")
		if f[6] != w {
			t.Errorf("layer %d: V_over_nK2 = %s, want %s", i+1, f[6], w)
		}
	}
}
