package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestPhaseJSON pins the JSON keys of `critcalc phase` and checks ReLU with
// LayerNorm on activations on its critical line σ_b² = σ_w²/(π − 1) (DHG eq
// 111): the point (π − 1, 1) is critical.
func TestPhaseJSON(t *testing.T) {
	code, out, stderr := runCLI("phase", "relu", "--arch", "ln-post", "--sw2", "2.141592653589793", "--sb2", "1", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Points       []map[string]any
		CriticalLine []map[string]any `json:"critical_line"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Points) != 1 || rep.CriticalLine == nil {
		t.Fatalf("output %s", out)
	}
	for _, k := range []string{"sw2", "sb2", "K_star", "chi_K", "chi_J", "xi", "phase"} {
		if _, ok := rep.Points[0][k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	if rep.Points[0]["phase"] != "critical" || rep.Points[0]["chi_J"] != 1.0 || rep.Points[0]["xi"] != nil {
		t.Errorf("point %v", rep.Points[0])
	}
}

// TestPhaseCriticalLine inverts the erf line: at σ_b² = 0.7168483070² the
// critical σ_w² is 2.25 (DHG eq 126 at σ_w = 1.5; 10 decimals in σ_b ⇒ rel
// 1e-9 in σ_w²).
func TestPhaseCriticalLine(t *testing.T) {
	code, out, stderr := runCLI("phase", "erf", "--sb2", "0.5138714952487663", "--critical-line", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		CriticalLine []map[string]float64 `json:"critical_line"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.CriticalLine) != 1 || math.Abs(rep.CriticalLine[0]["sw2"]-2.25) > 2.25e-9 {
		t.Errorf("critical line %v", rep.CriticalLine)
	}
}

// TestPhaseGridCSV checks the grid order (σ_w² outer) and the phases of
// ReLU's vanilla MLP, χ_𝒥 = σ_w²/2 (DHG eq 99).
func TestPhaseGridCSV(t *testing.T) {
	code, out, stderr := runCLI("phase", "relu", "--sw2", "1:3:3", "--sb2", "0:0.5:2", "--csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"ordered", "ordered", "critical", "critical", "chaotic", "chaotic"}
	if len(lines) != 7 || lines[0] != "sw2,sb2,K_star,chi_K,chi_J,xi,phase" {
		t.Fatalf("CSV %q", out)
	}
	for i, w := range want {
		if !strings.HasSuffix(lines[i+1], ","+w) {
			t.Errorf("row %d: %q, want phase %s", i+1, lines[i+1], w)
		}
	}
}

func TestPhaseBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"phase", "tanh", "--sb2", "0"},
		{"phase", "tanh", "--sw2", "-1", "--sb2", "0"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--arch", "resnet"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--mu", "0.5"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--arch", "res", "--mu", "2"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--digits", "61"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--digits", "0"},
		{"phase", "tanh", "--arch", "mixer", "--sw2", "1", "--sb2", "0", "--digits", "13"},
		{"phase", "tanh", "--sw2", "0:1:11", "--sb2", "0:1:10", "--digits", "13"},
		{"phase", "tanh", "--sw2", "1:2", "--sb2", "0"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0", "--critical-line"},
	} {
		if code, _, stderr := runCLI(args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, stderr := runCLI("phase", "relu", "--arch", "bn", "--sb2", "0.1", "--critical-line"); code != exitError || !strings.Contains(stderr, "no critical point") {
		t.Errorf("bn critical line: exit %d, %s", code, stderr)
	}
}

// TestPhaseResMLP checks --arch resmlp against AutoInit eq 72 (ReLU, μ = 1,
// 𝓔 = 0.1: χ_J = 1.01505 at σ_w² = 1 and 1.0404 at σ_w² = 2,
// exact decimals), where the kernel diverges (K_star null), and pins the
// layer_scale key.
func TestPhaseResMLP(t *testing.T) {
	code, out, stderr := runCLI("phase", "relu", "--arch", "resmlp", "--mu", "1", "--layerscale", "0.1", "--sw2", "1:2:2", "--sb2", "0", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		LayerScale *float64 `json:"layer_scale"`
		Points     []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.LayerScale == nil || *rep.LayerScale != 0.1 || len(rep.Points) != 2 {
		t.Fatalf("output %s", out)
	}
	for i, want := range []float64{1.01505, 1.0404} {
		p := rep.Points[i]
		if p["chi_J"] != want || p["K_star"] != nil || p["phase"] != "chaotic" {
			t.Errorf("point %d: %v, want chi_J = %g, K_star null, chaotic", i, p, want)
		}
	}
}

// TestPhaseMixer: a ReLU MLP-Mixer at σ_b² = 0, μ = 0 has χ_J* = π/(π − 1)
// = 1.466942207 (apjn.ReLUMixerChiJ; AutoInit eq 38's value, 10 digits),
// with no layer_scale; with μ = 1 it is everywhere critical.
func TestPhaseMixer(t *testing.T) {
	code, out, stderr := runCLI("phase", "relu", "--arch", "mixer", "--sw2", "2", "--sb2", "0", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		LayerScale *float64 `json:"layer_scale"`
		Points     []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"layer_scale": null`) || len(rep.Points) != 1 || rep.Points[0]["chi_J"] != 1.466942207 {
		t.Errorf("output %s", out)
	}
	code, out, _ = runCLI("phase", "gelu", "--arch", "mixer", "--mu", "1", "--sw2", "1", "--sb2", "0.1", "--csv")
	if code != exitOK || !strings.HasSuffix(strings.TrimSpace(out), ",everywhere-critical") {
		t.Errorf("μ = 1: exit %d, %q", code, out)
	}
}

// TestPhaseLayerScaleBadInput: --layerscale must be finite and > 0 and
// belongs to --arch resmlp only.
func TestPhaseLayerScaleBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--layerscale", "0"},
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--layerscale", "-0.1"},
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--layerscale", "NaN"},
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--layerscale", "+Inf"},
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--layerscale", "x"},
		{"phase", "gelu", "--arch", "mixer", "--sw2", "1", "--sb2", "0", "--layerscale", "0.1"},
		{"phase", "gelu", "--sw2", "1", "--sb2", "0", "--layerscale", "0.1"},
		{"phase", "gelu", "--arch", "resmlp", "--sw2", "1", "--sb2", "0", "--mu", "1.5"},
	} {
		if code, _, stderr := runCLI(args...); code != exitUsage || !strings.Contains(stderr, "--") {
			t.Errorf("%v: exit %d (%q), want %d", args, code, stderr, exitUsage)
		}
	}
}
