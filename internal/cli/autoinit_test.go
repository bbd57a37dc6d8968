package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestAutoInitJSON pins the JSON keys of `critcalc autoinit` and checks that
// ReLU from σ_w = 1 is tuned towards the critical σ_w = √2 (C_W = 2, PDLT
// 5.67): with 𝒥 = (σ_w a_W)²/2 the JLL dynamics (AutoInit eq. 17) converge
// in a few steps at η = 0.3, up to the Monte-Carlo error of the 𝒥 estimates
// (relative √(2/(n·M)) = 1.25% here, so σ_w within zTol·0.6·1.25%).
func TestAutoInitJSON(t *testing.T) {
	code, out, stderr := runCLI("autoinit", "relu", "--width", "200", "--depth", "4", "--steps", "6", "--lr", "0.3", "--nets", "64", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"expression", "loss", "steps", "lr", "loss_start", "loss_end", "layers", "critical", "mean_sigma_w", "mean_sigma_b"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	var layers []map[string]any
	json.Unmarshal(rep["layers"], &layers)
	if len(layers) != 4 {
		t.Fatalf("%d layers", len(layers))
	}
	for _, l := range layers[1:] {
		for _, k := range []string{"l", "sigma_w", "sigma_b", "J", "J_stderr", "J_theory"} {
			if _, ok := l[k]; !ok {
				t.Errorf("layer key %q missing", k)
			}
		}
		se := 0.6 * math.Sqrt(2.0/(200*64))
		if sw := l["sigma_w"].(float64); math.Abs(sw-math.Sqrt2) > 4.5*se {
			t.Errorf("layer %v: σ_w = %v, want √2 ± %v", l["l"], sw, 4.5*se)
		}
	}
	var crit []map[string]any
	json.Unmarshal(rep["critical"], &crit)
	if len(crit) != 1 || crit[0]["C_W"].(float64) != 2 {
		t.Errorf("critical points %v", crit)
	}
}

// TestAutoInitClassAgreesWithAct checks that autoinit names the class of
// each critical point as act does: both read it from the analysis (ELU's
// K* = 0 point is kinked-linear, not K*=0; swish has both kinds).
func TestAutoInitClassAgreesWithAct(t *testing.T) {
	for _, src := range []string{"elu", "swish", "tanh", "relu"} {
		code, out, stderr := runCLI("act", src, "--json")
		if code != exitOK {
			t.Fatalf("act %s: exit %d: %s", src, code, stderr)
		}
		var act struct {
			Class string `json:"class"`
		}
		if err := json.Unmarshal([]byte(out), &act); err != nil {
			t.Fatal(err)
		}
		code, out, stderr = runCLI("autoinit", src, "--width", "8", "--depth", "3", "--steps", "1", "--nets", "4", "--json")
		if code != exitOK {
			t.Fatalf("autoinit %s: exit %d: %s", src, code, stderr)
		}
		var ai struct {
			Critical []struct {
				Class string `json:"class"`
			} `json:"critical"`
		}
		if err := json.Unmarshal([]byte(out), &ai); err != nil {
			t.Fatal(err)
		}
		var classes []string
		for _, c := range ai.Critical {
			classes = append(classes, c.Class)
		}
		if got := strings.Join(classes, "+"); got != act.Class {
			t.Errorf("%s: autoinit lists classes %q, act says %q", src, got, act.Class)
		}
	}
}

func TestAutoInitErrors(t *testing.T) {
	base := []string{"autoinit", "relu", "--width", "8", "--depth", "3"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no width", []string{"autoinit", "relu", "--depth", "3"}, "--width must be given"},
		{"depth 1", []string{"autoinit", "relu", "--width", "8", "--depth", "1"}, "--depth"},
		{"loss", append(base, "--loss", "l2"), "--loss must be"},
		{"lr", append(base, "--lr", "0"), "--lr must be"},
		{"sw", append(base, "--sw", "-1"), "--sw must be"},
		{"gpu", append(base, "--backend", "gpu"), "--backend gpu"},
		{"arch", append(base, "--arch", "resnet"), "--arch must be"},
		{"batchnorm", append(base, "--arch", "bn"), "not for BatchNorm"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, stderr %q", tt.name, code, stderr)
		}
	}
	code, _, stderr := runCLI(append(base, "--lr", "100", "--sw", "3")...)
	if code != exitError || !strings.Contains(stderr, "learning rate too large") {
		t.Errorf("huge learning rate: exit %d, %q", code, stderr)
	}
}

// TestAutoInitDivergence: a learning rate of 10¹⁰ blows the loss up from
// 0.76 to about 3·10³ in five steps (far beyond the factor 10 that
// Monte-Carlo noise cannot reach): the report says DIVERGED and exits with
// status 3. With --steps 0 the loss is measured, not blank.
func TestAutoInitDivergence(t *testing.T) {
	code, out, stderr := runCLI("autoinit", "relu", "--width", "64", "--depth", "4", "--lr", "1e10", "--steps", "5")
	if code != exitFail || !strings.Contains(out, "DIVERGED") || !strings.Contains(out, "the loss diverged") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
	code, out, stderr = runCLI("autoinit", "tanh", "--width", "64", "--depth", "4", "--steps", "0")
	first, _, _ := strings.Cut(out, "\n")
	if code != exitOK || !strings.HasSuffix(first, "loss 0.462 → 0.462") {
		t.Errorf("exit %d: %q %s", code, first, stderr)
	}
}
