package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestActExitCodes pins the command-line errors of `critcalc act`.
func TestActExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // substring
	}{
		{"help", []string{"act", "-h"}, exitOK, "usage: critcalc act"},
		{"no argument", []string{"act"}, exitUsage, "want one expression"},
		{"two arguments", []string{"act", "x", "x"}, exitUsage, "want one expression"},
		{"bad kmax", []string{"act", "tanh", "--kmax", "0"}, exitUsage, "--kmax must be positive"},
		{"kmax not a number", []string{"act", "tanh", "--kmax", "big"}, exitUsage, "invalid value"},
		{"cb without cw", []string{"act", "tanh", "--cb", "0"}, exitUsage, "--cb and --cw go together"},
		{"negative cb", []string{"act", "tanh", "--cb", "-1", "--cw", "1"}, exitUsage, "--cb must be"},
		{"zero cw", []string{"act", "tanh", "--cb", "0", "--cw", "0"}, exitUsage, "--cw must be"},
		{"unknown flag", []string{"act", "tanh", "--fast"}, exitUsage, "unknown flag --fast"},
		{"syntax error", []string{"act", "tanhh"}, exitError, "unknown name"},
		{"no criticality is a report", []string{"act", "sigmoid"}, exitOK, ""},
		{"ok", []string{"act", "tanh", "--cb", "0", "--cw", "1"}, exitOK, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and stderr containing %q", tt.name, code, stderr, tt.code, tt.stderr)
		}
	}
}

// actJSON runs `critcalc act ARGS --json` and decodes the report.
func actJSON(t *testing.T, args ...string) (map[string]json.RawMessage, string) {
	t.Helper()
	code, out, stderr := runCLI(append(append([]string{"act"}, args...), "--json")...)
	if code != exitOK {
		t.Fatalf("act %v: exit %d: %s", args, code, stderr)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return got, out
}

// TestActJSONKeys pins the JSON keys of every kind of report.
func TestActJSONKeys(t *testing.T) {
	tests := []struct {
		args    []string
		present []string
		absent  []string
	}{
		{[]string{"swish", "--cb", "0.5", "--cw", "2"}, []string{"expression", "digits", "class", "critical_points", "taylor", "fixed_points"}, []string{"scale_invariant", "exponents", "reason"}},
		{[]string{"tanh"}, []string{"expression", "digits", "class", "critical_points", "taylor", "exponents"}, []string{"scale_invariant", "reason", "fixed_points"}},
		{[]string{"relu"}, []string{"expression", "digits", "class", "critical_points", "scale_invariant"}, []string{"taylor", "exponents", "reason", "fixed_points"}},
		{[]string{"softplus"}, []string{"expression", "digits", "class", "critical_points", "taylor", "reason"}, []string{"scale_invariant", "exponents"}},
	}
	for _, tt := range tests {
		got, out := actJSON(t, tt.args...)
		for _, k := range tt.present {
			if _, ok := got[k]; !ok {
				t.Errorf("act %v: key %q missing from %s", tt.args, k, out)
			}
		}
		for _, k := range tt.absent {
			if _, ok := got[k]; ok {
				t.Errorf("act %v: unexpected key %q in %s", tt.args, k, out)
			}
		}
	}
	got, out := actJSON(t, "swish", "--cb", "0.5", "--cw", "2")
	var pts []map[string]json.RawMessage
	if err := json.Unmarshal(got["critical_points"], &pts); err != nil || len(pts) == 0 {
		t.Fatalf("critical_points: %v in %s", err, out)
	}
	for _, k := range []string{"K_star", "C_b", "C_W", "physical", "stability", "a1"} {
		if _, ok := pts[0][k]; !ok {
			t.Errorf("critical point key %q missing from %s", k, out)
		}
	}
	var fps []map[string]json.RawMessage
	if err := json.Unmarshal(got["fixed_points"], &fps); err != nil || len(fps) == 0 {
		t.Fatalf("fixed_points: %v in %s", err, out)
	}
	for _, k := range []string{"K_star", "chi_par", "chi_perp", "stability", "phase", "xi"} {
		if _, ok := fps[0][k]; !ok {
			t.Errorf("fixed point key %q missing from %s", k, out)
		}
	}
	var tay map[string]json.RawMessage
	if err := json.Unmarshal(got["taylor"], &tay); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"sigma", "a1", "a2", "b1"} {
		if _, ok := tay[k]; !ok {
			t.Errorf("taylor key %q missing from %s", k, out)
		}
	}
	got, out = actJSON(t, "tanh")
	var ex map[string]json.RawMessage
	if err := json.Unmarshal(got["exponents"], &ex); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"p0", "p_par", "p_perp", "p_V", "p1_bare", "p1_renormalized"} {
		if _, ok := ex[k]; !ok {
			t.Errorf("exponent key %q missing from %s", k, out)
		}
	}
	got, out = actJSON(t, "relu")
	var si map[string]json.RawMessage
	if err := json.Unmarshal(got["scale_invariant"], &si); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"a_plus", "a_minus", "A2", "A4", "rho_kink", "vertex"} {
		if _, ok := si[k]; !ok {
			t.Errorf("scale_invariant key %q missing from %s", k, out)
		}
	}
}

// actNumbers is the decoded numeric part of a report.
type actNumbers struct {
	Digits         int
	Class          string
	Reason         string
	CriticalPoints []struct {
		KStar     *float64 `json:"K_star"`
		Cb        float64  `json:"C_b"`
		CW        float64  `json:"C_W"`
		Physical  bool
		Stability string
		A1        *float64
	} `json:"critical_points"`
	Exponents struct {
		PPerp float64 `json:"p_perp"`
	}
	ScaleInvariant struct {
		Vertex  float64
		RhoKink float64 `json:"rho_kink"`
	} `json:"scale_invariant"`
	FixedPoints []struct {
		KStar float64 `json:"K_star"`
		Xi    *float64
		Phase string
	} `json:"fixed_points"`
	FixedLine bool `json:"fixed_point_line"`
}

func actNums(t *testing.T, args ...string) actNumbers {
	t.Helper()
	_, out := actJSON(t, args...)
	var r actNumbers
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// TestActValues checks the printed values against the PDLT goldens at the
// printed precision (12 digits, 9 for ã₁: relative 1e-11 and 1e-8).
func TestActValues(t *testing.T) {
	near := func(got, want, rel float64) bool { return math.Abs(got-want) <= rel*math.Abs(want) }

	r := actNums(t, "swish")
	if r.Digits != 12 || r.Class != "K*=0+half-stable" || len(r.CriticalPoints) != 2 {
		t.Fatalf("swish: %+v", r)
	}
	p := r.CriticalPoints[1]
	if !near(*p.KStar, 14.3201736180, 1e-10) || !near(p.Cb, 0.5551431707, 1e-9) || !near(p.CW, 1.9880046783, 1e-10) || !near(*p.A1, 2.8497921894e-6, 1e-8) {
		t.Errorf("swish half-stable point %+v", p)
	}
	if z := r.CriticalPoints[0]; *z.KStar != 0 || z.CW != 4 || *z.A1 != 0.75 || z.Stability != "unstable" {
		t.Errorf("swish K*=0 point %+v", z)
	}

	r = actNums(t, "gelu")
	p = r.CriticalPoints[1]
	if !near(*p.KStar, (3+math.Sqrt(17))/2, 1e-11) || !near(*p.A1, -1.4362641873e-4, 1e-8) || !strings.Contains(p.Stability, "attracts K > K*") {
		t.Errorf("gelu half-stable point %+v", p)
	}
	if !near(*r.CriticalPoints[0].A1, 6/math.Pi, 1e-11) {
		t.Errorf("gelu a1 = %g, want 6/π", *r.CriticalPoints[0].A1)
	}

	r = actNums(t, "tanh")
	if r.Class != "K*=0" || r.Exponents.PPerp != 1 || r.CriticalPoints[0].Stability != "stable" {
		t.Errorf("tanh: %+v", r)
	}

	r = actNums(t, "relu", "--cb", "0", "--cw", "2")
	if r.Class != "scale-invariant" || r.CriticalPoints[0].KStar != nil || r.CriticalPoints[0].CW != 2 || r.ScaleInvariant.Vertex != 5 || !r.FixedLine {
		t.Errorf("relu: %+v", r)
	}

	r = actNums(t, "sigmoid")
	if r.Class != "none" || !strings.Contains(r.Reason, "-4 < 0") {
		t.Errorf("sigmoid: %+v", r)
	}

	r = actNums(t, "tanh", "--cb", "0", "--cw", "1")
	if len(r.FixedPoints) != 1 || r.FixedPoints[0].KStar != 0 || r.FixedPoints[0].Phase != "critical" || r.FixedPoints[0].Xi != nil {
		t.Errorf("tanh fixed points: %+v", r.FixedPoints)
	}
}

// TestActText checks the readable report.
func TestActText(t *testing.T) {
	code, out, stderr := runCLI("act", "gelu", "--cb", "0.2", "--cw", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{"class       K*=0+half-stable", "K* = 3.56155281281", "a1 = -0.000143626419", "fixed points for (C_b, C_W) = (0.2, 2)"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
}
