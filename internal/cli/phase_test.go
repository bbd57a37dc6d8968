package cli

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
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

// phaseCSV runs `critcalc phase` with --csv and returns its rows by column.
func phaseCSV(t *testing.T, args ...string) []map[string]string {
	t.Helper()
	code, out, stderr := runCLI(append(append([]string{"phase"}, args...), "--csv")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	head := strings.Split(lines[0], ",")
	var rows []map[string]string
	for _, l := range lines[1:] {
		row := map[string]string{}
		for i, c := range strings.Split(l, ",") {
			row[head[i]] = c
		}
		rows = append(rows, row)
	}
	return rows
}

// TestPhaseDigitsReferences checks --digits 30 against closed forms
// evaluated with bc -l at scale=60 (/usr/bin/bc; pi=4*a(1),
// asin(x) = a(x/sqrt(1-x^2))), each value to all 30 digits:
//
//   - erf's critical point σ_w² = π/4 at σ_b² = 0 (𝒦* = 0, DHG eq 127) and
//     3π/16 = (1 − μ²)π/4 with skip μ = 1/2 (eq 143): pi/4, 3*pi/16;
//   - erf's critical line at σ_b² = 1/2 (eq 126: σ_b² = 𝒦* −
//     (2σ_w²/π)asin((s − p)/(s + p)), 𝒦* = (s − p)/(4p), s = 16σ_w⁴, p = π²),
//     solved for σ_w² by Newton's method in bc (define sb(w) {…}; h=10^-25;
//     w=w-(sb(w)-0.5)/((sb(w+h)-sb(w-h))/(2*h)), 60 steps from w=2.2);
//   - erf at σ_w² = 1.44, σ_b² = 1/10: Newton's method in bc on
//     k = sb + sw(2/π)asin(2k/(1+2k)) (12 steps from k=0.65), then
//     χ_𝒦 = sw(4/π)/((1+2k)√(1+4k)), χ_𝒥 = sw(4/π)/√(1+4k), ξ = −1/l(χ_𝒥);
//   - erf with LayerNorm on preactivations at σ_w² = 1, σ_b² = 1/10:
//     𝒦* = (2/π)asin(2/3) + 1/10, χ_𝒥 = (4/π)/(√5 𝒦*) (DHG eqs 44, 46);
//   - ReLU: 𝒦* = σ_b²/(1 − σ_w²/2), χ = σ_w²/2 (DHG eq 99), ξ(1/2) = 1/l(2);
//     at σ_w² = 2, σ_b² = 0 the kernel stays at 𝒦¹ = 2 and χ_𝒥 = 1; with
//     BatchNorm and μ = 1/2, χ_𝒥 = π(1 − μ²)/(π − 1) + μ² (AutoInit eq 38);
//   - tanh and sin at σ_w² = 1, σ_b² = 0 (𝒦* = 0 as a limit): 0, exactly.
func TestPhaseDigitsReferences(t *testing.T) {
	tests := []struct {
		args []string
		want map[string]string
	}{
		{[]string{"erf", "--sb2", "0", "--critical-line"},
			map[string]string{"sw2": "0.78539816339744830961566084582", "K_star": "0", "chi_J": "1", "phase": "critical"}},
		{[]string{"erf", "--arch", "res", "--mu", "0.5", "--sb2", "0", "--critical-line"},
			map[string]string{"sw2": "0.589048622548086232211745634365", "K_star": "0", "chi_J": "1"}},
		{[]string{"erf", "--sb2", "1/2", "--critical-line"},
			map[string]string{"sw2": "2.23365963454540826180189321422", "K_star": "1.77206092979647266014061844078", "chi_J": "1"}},
		{[]string{"erf", "--sw2", "1.44", "--sb2", "0.1"},
			map[string]string{"K_star": "0.651168920284677124434327578311", "chi_K": "0.419440595154009260754697712507",
				"chi_J": "0.965693954094006433744900123986", "xi": "28.6464719538163678107842342383", "phase": "ordered"}},
		{[]string{"erf", "--arch", "ln-pre", "--sw2", "1", "--sb2", "0.1"},
			map[string]string{"K_star": "0.564559054397539978509532408118", "chi_K": "0",
				"chi_J": "1.00859251179910366173300120287", "xi": "116.879691650768269826077300216"}},
		{[]string{"relu", "--sw2", "1", "--sb2", "0.5"},
			map[string]string{"K_star": "1", "chi_K": "0.5", "chi_J": "0.5", "xi": "1.442695040888963407359924681"}},
		{[]string{"relu", "--sw2", "2", "--sb2", "0"},
			map[string]string{"K_star": "2", "chi_K": "1", "chi_J": "1", "xi": "", "phase": "critical"}},
		{[]string{"relu", "--arch", "bn", "--mu", "0.5", "--sw2", "1", "--sb2", "0"},
			map[string]string{"chi_J": "1.35020665519319489498754610993", "chi_K": "0.25"}},
		{[]string{"tanh", "--sw2", "1", "--sb2", "0"}, map[string]string{"K_star": "0", "chi_J": "1", "phase": "critical"}},
		{[]string{"sin", "--sw2", "1", "--sb2", "0"}, map[string]string{"K_star": "0", "chi_J": "1", "phase": "critical"}},
	}
	for _, tt := range tests {
		rows := phaseCSV(t, append(tt.args, "--digits", "30")...)
		if len(rows) != 1 {
			t.Fatalf("%v: %d rows", tt.args, len(rows))
		}
		for k, want := range tt.want {
			if got := rows[0][k]; got != want {
				t.Errorf("%v: %s = %q, want %q", tt.args, k, got, want)
			}
		}
	}
}

// TestPhaseKStarZero: a kernel that flows to 𝒦* = 0 only as a limit
// (σ_b² = 0, φ(0) = 0, χ_𝒦 → 1) prints 0 in float64, where the fixed-point
// search stops at a rounding-level 𝒦 (5.55e-17 for tanh and sin at σ_w² =
// 1, 5.4e-18 for erf at the float64 π/4).
func TestPhaseKStarZero(t *testing.T) {
	for _, args := range [][]string{
		{"tanh", "--sw2", "1", "--sb2", "0"},
		{"sin", "--sw2", "1", "--sb2", "0"},
		{"erf", "--sw2", "0.7853981633974483", "--sb2", "0", "--digits", "12"},
		{"tanh", "--sw2", "0.5", "--sb2", "0"},
	} {
		if k := phaseCSV(t, args...)[0]["K_star"]; k != "0" {
			t.Errorf("%v: K_star = %q, want 0", args, k)
		}
	}
	// The critical point of erf at σ_b² = 0 is π/4 = 0.785398163397448…
	// (DHG eq 127); the root of χ_𝒥* − 1 on its flat side was 0.785398165954.
	if r := phaseCSV(t, "erf", "--sb2", "0", "--critical-line", "--digits", "12")[0]; r["sw2"] != "0.785398163397" || r["K_star"] != "0" {
		t.Errorf("erf critical point: %v, want sw2 0.785398163397, K_star 0", r)
	}
}

// TestPhaseFloatDigitsRight compares the float64 output (--digits 12) with
// the high-precision one (--digits 30): every printed float64 digit must be
// the 30-digit value rounded to as many digits, and a float64 0 must be
// small. The points include near-critical ones (tanh at σ_w² = 1 ± 10⁻³,
// erf near π/4), where the float64 bounds leave fewer digits. The generic
// 3×3 tanh grid (1.2 s) runs with the exhaustive tests.
func TestPhaseFloatDigitsRight(t *testing.T) {
	for i, args := range [][]string{
		{"tanh", "--sw2", "0.5:3:3", "--sb2", "0:0.8:3"},
		{"erf", "--sw2", "0.7853:0.7855:3", "--sb2", "0:1e-6:2"},
		{"tanh", "--sw2", "0.999:1.001:3", "--sb2", "0:1e-6:2"},
		{"gelu", "--arch", "res", "--mu", "0.5", "--sw2", "0.5:2.5:3", "--sb2", "0.1"},
		{"erf", "--arch", "ln-post", "--sw2", "2", "--sb2", "0.3"},
		{"gelu", "--arch", "resmlp", "--mu", "0.5", "--layerscale", "0.5", "--sb2", "0.1", "--critical-line"},
		{"tanh", "--sb2", "0.2", "--critical-line"},
	} {
		if (i == 0 || i == 3 || i == 5) && !testlevel.IsExhaustive() { // the generic grid; GELU's res grid and ResMLP line at 30 digits take seconds
			continue
		}
		lo := phaseCSV(t, append(args, "--digits", "12")...)
		hi := phaseCSV(t, append(args, "--digits", "30")...)
		for i := range lo {
			for _, k := range []string{"sw2", "K_star", "chi_K", "chi_J", "xi"} {
				f, h := lo[i][k], hi[i][k]
				if f == "" {
					continue
				}
				if !floatDigitsRight(f, h) {
					t.Errorf("%v row %d: %s = %s in float64, %s to 30 digits", args, i, k, f, h)
				}
			}
		}
	}
}

// floatDigitsRight reports whether f is h rounded to f's significant
// digits, or f is 0 and |h| < 10⁻¹².
func floatDigitsRight(f, h string) bool {
	hv, ok := new(big.Float).SetPrec(200).SetString(h)
	if !ok {
		return false
	}
	if f == "0" {
		v, _ := hv.Float64()
		return math.Abs(v) < 1e-12
	}
	mant := strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(strings.SplitN(f, "e", 2)[0], "-"), ".", ""), "0")
	return calc.FormatSignificant(hv, max(len(mant), 1)) == f
}

// TestPhaseMissing: a value that does not exist (𝒦* of a diverging kernel,
// ξ at criticality) is an empty CSV field, — in text and null in JSON.
func TestPhaseMissing(t *testing.T) {
	args := []string{"phase", "relu", "--arch", "resmlp", "--mu", "1", "--sw2", "1", "--sb2", "0"}
	if r := phaseCSV(t, args[1:]...)[0]; r["K_star"] != "" || r["chi_J"] != "1.01505" {
		t.Errorf("CSV row %v, want an empty K_star", r)
	}
	_, out, _ := runCLI(args...)
	if f := strings.Fields(strings.Split(strings.TrimSpace(out), "\n")[3]); len(f) != 7 || f[2] != "—" {
		t.Errorf("text row %q, want K_star —", f)
	}
	_, out, _ = runCLI("phase", "relu", "--sw2", "2", "--sb2", "0", "--json")
	if !strings.Contains(out, `"xi": null`) {
		t.Errorf("JSON %s, want xi null", out)
	}
}

// TestPhaseMixerDigits checks --arch mixer --digits 30 against the Mixer
// recursion (apjn/mixer.go) in closed form, evaluated with mpmath at
// mp.dps = 50 (/usr/bin/python3) and printed with nstr(x, 30): with K₁ =
// σ_w² + σ_b², ⟨erf²⟩ = (2/π)asin(2K₁/(1 + 2K₁)), ⟨erf'²⟩ = (4/π)/√(1 + 4K₁)
// and E[erf(u)erf(v)] = (2/π)asin(2σ_b²/(1 + 2K₁)) (Cov(u, v) = σ_b²; 0 at
// σ_b² = 0, where erf is odd), A = σ_w⁴⟨erf'²⟩, B = σ_w²⟨erf²⟩ + σ_b², Bₚ =
// σ_w²E[erf(u)erf(v)] + σ_b², 𝒦* = B/(1 − μ²), P* = μ²Bₚ/(1 − μ⁴), χ_𝒥* =
// (A/(𝒦* − P*) + μ²)(A/(B + μ²𝒦* − Bₚ − μ²P*) + μ²), ξ = 1/|log χ_𝒥*|; the
// critical σ_w² by findroot(χ_𝒥* − 1, x0, tol=1e-45) from x0 = 1.26 (μ = 0)
// and 1.31 (μ = 1/2). ReLU at σ_b² = 0: A = B = σ_w⁴/2, Bₚ = σ_w⁴/(2π) (as
// apjn.ReLUMixerChiJ; μ = 0: χ_𝒥* = π/(π − 1)). The float64 output
// (--digits 12) must be the same values rounded. By default one point at
// σ_b² > 0, one critical line and ReLU at μ = 0 run; the rest are
// exhaustive.
func TestPhaseMixerDigits(t *testing.T) {
	tests := []struct {
		args []string
		want map[string]string
		slow bool
	}{
		{[]string{"erf", "--mu", "1/2", "--sw2", "3/2", "--sb2", "0"},
			map[string]string{"K_star": "1.07978617534953645914487772918", "chi_K": "0.0625",
				"chi_J": "1.56945882955371537269414801005", "xi": "2.2186188628107747875996345598", "phase": "chaotic"}, true},
		{[]string{"erf", "--sw2", "3/2", "--sb2", "3/10"},
			map[string]string{"K_star": "1.15833415984586892281590636424", "chi_K": "0",
				"chi_J": "1.17810365714308836425280721499", "xi": "6.10105511172628476365890896776"}, false},
		{[]string{"erf", "--mu", "1/2", "--sw2", "3/2", "--sb2", "3/10"},
			map[string]string{"K_star": "1.54444554646115856375454181899",
				"chi_J": "1.10735389958906762863029334265", "xi": "9.8064890297359834790716746585"}, true},
		{[]string{"erf", "--mu", "3/10", "--sw2", "7/10", "--sb2", "2"},
			map[string]string{"K_star": "2.6895821553471348468943895935", "chi_K": "0.0081",
				"chi_J": "0.0948181285565218154850950643808", "xi": "0.424485214103941991821781807165", "phase": "ordered"}, true},
		{[]string{"erf", "--sb2", "3/10", "--critical-line"},
			map[string]string{"sw2": "1.26307030189015215771238238377", "K_star": "0.991275965664339494443355085226",
				"chi_J": "1", "phase": "critical"}, false},
		{[]string{"erf", "--mu", "1/2", "--sb2", "3/10", "--critical-line"},
			map[string]string{"sw2": "1.31356112827555801680070870828", "K_star": "1.36848834332395674507708940884", "chi_J": "1"}, true},
		{[]string{"relu", "--sw2", "3/2", "--sb2", "0"},
			map[string]string{"K_star": "1.125", "chi_J": "1.46694220692425985998339481323", "xi": "2.60973884670152549952504819802"}, false},
		{[]string{"relu", "--mu", "1/2", "--sw2", "3/2", "--sb2", "0"},
			map[string]string{"K_star": "1.5", "chi_J": "1.32029482106984227893304925675", "xi": "3.5989986886091251923581572419"}, true},
	}
	for _, tt := range tests {
		if tt.slow && !testlevel.IsExhaustive() {
			continue
		}
		args := append([]string{"--arch", "mixer"}, tt.args...)
		hi := phaseCSV(t, append(args, "--digits", "30")...)
		lo := phaseCSV(t, append(args, "--digits", "12")...)
		if len(hi) != 1 || len(lo) != 1 {
			t.Fatalf("%v: %d and %d rows", tt.args, len(hi), len(lo))
		}
		for k, want := range tt.want {
			if got := hi[0][k]; got != want {
				t.Errorf("%v --digits 30: %s = %q, want %q", tt.args, k, got, want)
			}
			if f := lo[0][k]; k != "phase" && f != "" && !floatDigitsRight(f, want) {
				t.Errorf("%v --digits 12: %s = %q, not %s rounded", tt.args, k, f, want)
			}
		}
	}
}

// TestPhaseMixerDigitsKinked: above 12 digits the Mixer's patch offset at
// σ_b² > 0 is Mehler's series, which a φ with kinks does not have; the
// command says so (and serves 12 digits).
func TestPhaseMixerDigitsKinked(t *testing.T) {
	code, _, stderr := runCLI("phase", "relu", "--arch", "mixer", "--sw2", "1.5", "--sb2", "0.3", "--digits", "13")
	if code != exitError || !strings.Contains(stderr, "needs a smooth φ") || !strings.Contains(stderr, "kinks") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI("phase", "relu", "--arch", "mixer", "--sw2", "1.5", "--sb2", "0.3", "--digits", "12"); code != exitOK {
		t.Errorf("--digits 12: exit %d, %q", code, stderr)
	}
}
