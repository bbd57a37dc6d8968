package cli

import (
	"encoding/json"
	"math"
	"math/big"
	"os"
	"strings"
	"testing"

	"critcalc/calc"
	"critcalc/fixtures"
)

// TestActExitCodes pins the command-line errors of `critcalc act`.
func TestActExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // substring
	}{
		{"help", []string{"act", "-h"}, exitOK, ""},
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
		{"at zero", []string{"act", "tanh", "--at", "0"}, exitUsage, "--at must be > 0"},
		{"at not a number", []string{"act", "tanh", "--at", "one"}, exitUsage, "invalid value"},
		{"at beyond float64", []string{"act", "tanh", "--at", "1e999"}, exitUsage, "float64 range"},
		{"cw fraction with zero", []string{"act", "tanh", "--at", "1", "--cw", "1/0"}, exitUsage, "not a fraction"},
		{"cw alone without at", []string{"act", "tanh", "--cw", "1"}, exitUsage, "--cb and --cw go together"},
		{"at with cw", []string{"act", "tanh", "--at", "2/3", "--cw", "1.5"}, exitOK, ""},
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
		{[]string{"softplus"}, []string{"expression", "digits", "class", "critical_points", "taylor", "reason"}, []string{"scale_invariant", "exponents", "search_limit"}},
		{[]string{"exp(x)", "--kmax", "200"}, []string{"expression", "class", "reason", "search_limit"}, []string{"scale_invariant", "exponents"}},
		{[]string{"tanh", "--at", "1"}, []string{"expression", "at"}, []string{"fixed_points"}},
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
	for _, s := range []string{"class       K*=0+half-stable", "K* = 3.56155281281", "a1 = -0.000143626418732", "fixed points for (C_b, C_W) = (0.2, 2)"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
}

// actDigitsJSON runs `critcalc act ARGS --json` and decodes the numbers of
// the report as the strings printed.
type actDigitsNumbers struct {
	Digits         int
	CriticalPoints []struct {
		KStar json.Number `json:"K_star"`
		Cb    json.Number `json:"C_b"`
		CW    json.Number `json:"C_W"`
		A1    json.Number
	} `json:"critical_points"`
	Taylor struct {
		A1, A2, B1 json.Number
	}
}

func actDigitsNums(t *testing.T, args ...string) actDigitsNumbers {
	t.Helper()
	_, out := actJSON(t, args...)
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	var r actDigitsNumbers
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// roundDigits rounds the decimal string s to d significant digits.
func roundDigits(t *testing.T, s json.Number, d int) string {
	t.Helper()
	v, _, err := big.ParseFloat(string(s), 10, 512, big.ToNearestEven)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return string(bigNum(v, d))
}

// fixtureValue returns the golden value of one quantity of one activation
// in fixtures/pdlt_criticality.json.
func fixtureValue(t *testing.T, activation, quantity string) float64 {
	t.Helper()
	b, err := os.ReadFile("../../fixtures/pdlt_criticality.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Rows []struct {
			Activation, Quantity string
			Value                *float64
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Rows {
		if r.Activation == activation && r.Quantity == quantity && r.Value != nil {
			return *r.Value
		}
	}
	t.Fatalf("no golden %s %s", activation, quantity)
	return 0
}

// TestActDigitsSelfConsistent checks that a 30-digit run agrees with the
// first 30 digits of a 40-digit run (SWISH, PDLT (5.101)–(5.102)).
func TestActDigitsSelfConsistent(t *testing.T) {
	lo := actDigitsNums(t, "swish", "--digits", "30")
	hi := actDigitsNums(t, "swish", "--digits", "40")
	if lo.Digits != 30 || hi.Digits != 40 || len(lo.CriticalPoints) != 2 || len(hi.CriticalPoints) != 2 {
		t.Fatalf("swish: %+v, %+v", lo, hi)
	}
	l, h := lo.CriticalPoints[1], hi.CriticalPoints[1]
	tests := []struct {
		name   string
		lo, hi json.Number
	}{
		{"K*", l.KStar, h.KStar},
		{"C_b", l.Cb, h.Cb},
		{"C_W", l.CW, h.CW},
		{"ã₁", l.A1, h.A1},
	}
	for _, tt := range tests {
		if got, want := string(tt.lo), roundDigits(t, tt.hi, 30); got != want {
			t.Errorf("swish %s: 30 digits %s, 40 digits rounded %s", tt.name, got, want)
		}
	}
	if !strings.HasPrefix(string(l.KStar), "14.32017361802") || !strings.HasPrefix(string(l.A1), "2.8497921894") {
		t.Errorf("swish K* = %s, ã₁ = %s; want 14.3201736180… and 2.8497921894…e-6 (PDLT (5.101), (5.102))", l.KStar, l.A1)
	}
}

// TestActDigitsValues checks high-precision values against closed forms
// (PDLT (5.67), (5.86)–(5.90), (5.105)) and the fixture goldens.
func TestActDigitsValues(t *testing.T) {
	exact := func(src string) string {
		v, err := calc.CompileBig(calc.MustParse(src)).EvalDigits(new(big.Rat), 30)
		if err != nil {
			t.Fatal(err)
		}
		return string(bigNum(v, 30))
	}
	gelu := actDigitsNums(t, "gelu", "--digits", "30")
	tanh := actDigitsNums(t, "tanh", "--digits", "30")
	relu := actDigitsNums(t, "relu", "--digits", "30")
	erf := actDigitsNums(t, "erf(x)", "--digits", "30")
	tests := []struct {
		name string
		got  json.Number
		want string
	}{
		{"gelu K* = (3+√17)/2 (5.105)", gelu.CriticalPoints[1].KStar, exact("(3+sqrt(17))/2")},
		{"gelu a₁ = 6/π (5.86)", gelu.Taylor.A1, exact("6/pi")},
		{"tanh a₁ = −2 (5.86)", tanh.Taylor.A1, "-2"},
		{"tanh a₂ = 17/3 (5.87)", tanh.Taylor.A2, "5.66666666666666666666666666667"},
		{"tanh b₁ = −2 (5.88)", tanh.Taylor.B1, "-2"},
		{"relu C_W = 2 (5.67)", relu.CriticalPoints[0].CW, "2"},
		{"erf C_W = π/4 (5.90)", erf.CriticalPoints[0].CW, exact("pi/4")},
	}
	for _, tt := range tests {
		if string(tt.got) != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	// The goldens are rounded to 10 decimals.
	goldens := []struct {
		quantity string
		got      json.Number
	}{
		{"Cb_star", gelu.CriticalPoints[1].Cb},
		{"CW_star", gelu.CriticalPoints[1].CW},
	}
	for _, g := range goldens {
		want := fixtureValue(t, "gelu", g.quantity)
		got, err := g.got.Float64()
		if err != nil || math.Abs(got-want) > 0.51e-10 {
			t.Errorf("gelu %s = %s, golden %.10f (PDLT (5.105))", g.quantity, g.got, want)
		}
	}
}

// TestActDigitsFlag pins the range of --digits and the float64 fixed
// points under it.
func TestActDigitsFlag(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"act", "tanh", "--digits", "0"}, exitUsage, "--digits must be between 1 and 60"},
		{[]string{"act", "tanh", "--digits", "61"}, exitUsage, "--digits must be between 1 and 60"},
		{[]string{"act", "tanh", "--digits", "5"}, exitOK, ""},
		{[]string{"act", "sigmoid", "--digits", "20"}, exitOK, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and stderr containing %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
	r := actNums(t, "gelu", "--digits", "5")
	if r.Digits != 5 || *r.CriticalPoints[1].KStar != 3.5616 {
		t.Errorf("gelu --digits 5: %+v", r)
	}
	code, out, stderr := runCLI("act", "gelu", "--digits", "20")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{"K* = 3.5615528128088302749", "a1 = -0.00014362641873238557203"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
	// Fixed points are refined too (their float64 values, 5.19675637647
	// and 0.992003196106, are the leading digits).
	code, out, stderr = runCLI("act", "swish", "--digits", "20", "--cb", "0.5", "--cw", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{"K* = 14.320173618025798817", "K* = 5.1967563764657079426  χ∥ = 0.99200319610617770614"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
}

// TestActDigitsMishAgainstMpmath compares `act mish --digits 30` with an
// independent 30-digit computation in mpmath (fixture mish_mpmath.json).
func TestActDigitsMishAgainstMpmath(t *testing.T) {
	data, err := fixtures.Read("mish_mpmath.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	got := actDigitsNums(t, "mish", "--digits", "30")
	half := got.CriticalPoints[1]
	for _, c := range []struct {
		key string
		got json.Number
	}{
		{"K_star", half.KStar}, {"C_b", half.Cb}, {"C_W", half.CW}, {"a1_tilde", half.A1},
		{"K0_C_W", got.CriticalPoints[0].CW}, {"K0_a1", got.Taylor.A1}, {"K0_a2", got.Taylor.A2}, {"K0_b1", got.Taylor.B1},
	} {
		if string(c.got) != want[c.key] {
			t.Errorf("%s: critcalc %s, mpmath %s", c.key, c.got, want[c.key])
		}
	}
}

// TestActKinkedLinear pins the kinked-linear class (σ(0) = 0, kink at 0):
// ELU's a3/2 = −√(2/π) and ΔK ≈ 2π/ℓ² (derivation in recursions/kinked.go).
func TestActKinkedLinear(t *testing.T) {
	code, out, stderr := runCLI("act", "elu", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Class  string
		Points []struct {
			A1  *float64 `json:"a1"`
			A32 float64  `json:"a3_2"`
			CW  float64  `json:"C_W"`
		} `json:"critical_points"`
		Kinked map[string]float64 `json:"kinked_linear"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want := -math.Sqrt(2 / math.Pi)
	if rep.Class != "kinked-linear" || len(rep.Points) != 1 || rep.Points[0].A1 != nil || rep.Points[0].CW != 1 ||
		math.Abs(rep.Points[0].A32-want) > 1e-11 || math.Abs(rep.Kinked["decay"]-2*math.Pi) > 1e-10 {
		t.Errorf("elu: %s", out)
	}
	for _, k := range []string{"a_plus", "a_minus", "b_plus", "b_minus", "A2", "a3_2", "a1", "decay"} {
		if _, ok := rep.Kinked[k]; !ok {
			t.Errorf("kinked_linear lacks %q", k)
		}
	}
}

// TestActKinkedLinearDigits checks that --digits 30 reaches the
// kinked-linear class: SELU's C_W = 2/(λ²(1 + α²)) and a₃ᐟ₂ =
// −√(2/π)·2α²/(1 + α²) (recursions.TestKinkedDigits derives them), here
// with those closed forms rounded to 30 digits from `bc -l` at scale=70
// (λ, α as in calc's selu; π = 4·a(1)).
func TestActKinkedLinearDigits(t *testing.T) {
	code, out, stderr := runCLI("act", "selu", "--digits", "30", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Points []struct {
			CW  json.Number `json:"C_W"`
			A32 json.Number `json:"a3_2"`
		} `json:"critical_points"`
		Kinked map[string]json.Number `json:"kinked_linear"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	const cw, a32 = "0.476771017882752898080030628979", "-1.17580886760595410904899714166"
	if len(rep.Points) != 1 || rep.Points[0].CW != cw || rep.Points[0].A32 != a32 || rep.Kinked["a3_2"] != a32 {
		t.Errorf("selu --digits 30: C_W %v, a3_2 %v, kinked %v; want %s and %s", rep.Points, rep.Points, rep.Kinked, cw, a32)
	}
}

// TestActOtherFixedPoints checks the "trivial" fixed points at the
// half-critical hyperparameters (PDLT §5.3.4 footnotes 22 and 21: GELU
// 3.0349814355, not the printed ≈ 3.2, see README Corrections; SWISH
// 14.5931, printed ≈ 14.5) and the finite-width tuning
// c_W{1} = (2/3)c_W{0} (5.142; tanh: 2/3).
func TestActOtherFixedPoints(t *testing.T) {
	for _, c := range []struct {
		act  string
		want float64
		tol  float64 // the printed digits are only those the flat map keeps
	}{
		{"gelu", 3.0349814355, 1e-7},
		{"swish", 14.5931, 1e-4},
	} {
		_, out, _ := runCLI("act", c.act, "--json")
		var rep struct {
			Points []struct {
				Other []struct {
					KStar float64 `json:"K_star"`
				} `json:"other_fixed_points"`
			} `json:"critical_points"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		last := rep.Points[len(rep.Points)-1]
		if len(last.Other) != 1 || math.Abs(last.Other[0].KStar-c.want) > c.tol*c.want {
			t.Errorf("%s: other fixed points %+v, want %g", c.act, last.Other, c.want)
		}
	}
	_, out, _ := runCLI("act", "tanh", "--json")
	var rep struct {
		Taylor struct {
			CW1 float64 `json:"c_W1"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || math.Abs(rep.Taylor.CW1-2.0/3) > 1e-12 {
		t.Errorf("tanh c_W1 = %v (%v), want 2/3", rep.Taylor.CW1, err)
	}
}

// --at K reports the quantities at K with the documented keys, and ReLU's
// are exact: at K = 1, C_W = 2, g = K/2, g' = 1/2, χ∥ = χ⊥ = 1,
// h = j = g” = 0 (χ⊥ and g' do not depend on K) and the vertex source
// C_W²(⟨σ⁴⟩ − ⟨σ²⟩²) = 4(3/2 − 1/4) = 5 (PDLT (5.109), ⟨relu⁴⟩_1 = 3/2).
func TestActAt(t *testing.T) {
	got, out := actJSON(t, "relu", "--at", "1", "--cw", "2", "--digits", "20")
	var at map[string]any
	if err := json.Unmarshal(got["at"], &at); err != nil {
		t.Fatalf("no \"at\" object in %s", out)
	}
	want := map[string]float64{"K": 1, "C_W": 2, "g": 0.5, "g_prime": 0.5, "chi_par": 1, "chi_par_zssp": 1, "chi_perp": 1,
		"h": 0, "j": 0, "vertex_source": 5, "g_second": 0}
	for k, w := range want {
		v, ok := at[k].(float64)
		if !ok || v != w {
			t.Errorf("at.%s = %v, want %v (%s)", k, at[k], w, out)
		}
	}
	if len(at) != len(want) {
		t.Errorf("at has keys %v, want exactly %v", at, want)
	}
}

// --digits above 12 refines the fixed points of --cb, --cw: tanh at
// (0.1, 1.5) has one, whose float64 value the 30-digit one extends.
func TestActFixedPointDigits(t *testing.T) {
	got, out := actJSON(t, "tanh", "--cb", "0.1", "--cw", "1.5", "--digits", "30")
	var fps []map[string]json.RawMessage
	if err := json.Unmarshal(got["fixed_points"], &fps); err != nil || len(fps) != 1 {
		t.Fatalf("fixed points: %s", out)
	}
	if s := string(fps[0]["K_star"]); len(strings.TrimLeft(strings.ReplaceAll(s, ".", ""), "0")) != 30 || !strings.HasPrefix(s, "0.520216136262") {
		t.Errorf("K* = %s, want 30 digits starting 0.520216136262", s)
	}
}

// At the default --digits every fixed point K* > 0 is refined and
// certified as at 30 digits: each printed value is the 30-digit one
// rounded to the digits printed (SWISH's and GELU's flat fixed points at
// χ∥ near 1 included, which the float64 solution would blur).
func TestActFixedPointDefaultDigits(t *testing.T) {
	for _, tc := range [][]string{
		{"tanh", "--cb", "0.1", "--cw", "1.5"},
		{"gelu", "--cb", "0", "--cw", "1.9"},
		{"swish", "--cb", "0.05", "--cw", "1.99"},
	} {
		fixed := func(args ...string) []map[string]json.RawMessage {
			got, out := actJSON(t, args...)
			var fps []map[string]json.RawMessage
			if err := json.Unmarshal(got["fixed_points"], &fps); err != nil || len(fps) == 0 {
				t.Fatalf("act %v: no fixed points: %s", args, out)
			}
			return fps
		}
		def, hi := fixed(tc...), fixed(append(tc, "--digits", "30")...)
		if len(def) != len(hi) {
			t.Fatalf("act %v: %d fixed points, %d at 30 digits", tc, len(def), len(hi))
		}
		for i := range def {
			for _, k := range []string{"K_star", "chi_par", "chi_perp", "xi"} {
				s := string(def[i][k])
				if s == "null" {
					continue
				}
				v, _, err := big.ParseFloat(string(hi[i][k]), 10, 256, big.ToNearestEven)
				if err != nil {
					t.Fatalf("act %v --digits 30: %s = %s: %v", tc, k, hi[i][k], err)
				}
				n := len(strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(s, "-"), ".", ""), "0"))
				if want := calc.FormatSignificant(v, n); want != s {
					t.Errorf("act %v: fixed point %d %s = %s, want %s (the 30-digit %s rounded)", tc, i, k, s, want, hi[i][k])
				}
			}
		}
	}
}

// SWISH's other fixed point at its half-stable critical point, to 30
// digits, against mpmath (mp.dps = 50: findroot of C_b + C_W⟨swish²⟩_K − K
// with quad split at 0, ±2, ±5, ±10, ±20, for the C_b, C_W printed at 30
// digits, 0.555143170721530396201231319433 and
// 1.9880046782694920052712893067): 14.593104990554102794785662281478…. The
// map is flat there (χ∥ = 0.99999924), so the 30-digit rounding of C_b and
// C_W moves this root by about 1e-24: they must agree to 22 digits.
func TestActOtherFixedPointDigits(t *testing.T) {
	_, out := actJSON(t, "swish", "--digits", "30")
	var rep struct {
		Points []struct {
			Other []struct {
				KStar json.Number `json:"K_star"`
			} `json:"other_fixed_points"`
		} `json:"critical_points"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	last := rep.Points[len(rep.Points)-1]
	if len(last.Other) != 1 {
		t.Fatalf("other fixed points %+v", last.Other)
	}
	got, _, err := big.ParseFloat(last.Other[0].KStar.String(), 10, 200, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := big.ParseFloat("14.593104990554102794785662281478", 10, 200, big.ToNearestEven)
	if a, b := calc.FormatSignificant(got, 22), calc.FormatSignificant(want, 22); a != b {
		t.Errorf("SWISH's other fixed point %s, mpmath %s (22 digits: %s, %s)", last.Other[0].KStar, want.Text('g', 32), a, b)
	}
}

// The fixed point K* = 0 (C_b = 0, σ(0) = 0) has χ∥ = χ⊥ = C_W s₀ with
// s₀ = (σ'(0⁺)² + σ'(0⁻)²)/2 and ξ = 1/|ln χ⊥|, to --digits digits; ξ
// against mpmath (mp.dps = 40, 1/|log χ|).
func TestActZeroFixedPointDigits(t *testing.T) {
	for _, c := range []struct {
		act, cw, chi, xi string
	}{
		{"tanh", "0.5", "0.5", "1.442695040888963407359924681001892137427"},
		{"relu", "1.5", "0.75", "3.476059496782206910376499401645766368748"},
		{"elu", "0.5", "0.5", "1.442695040888963407359924681001892137427"},
		{"sin", "0.7", "0.7", "2.803673252057129054907221522806138197976"},
		{"x^2", "1", "0", "0"},
	} {
		got, out := actJSON(t, c.act, "--cb", "0", "--cw", c.cw, "--digits", "30")
		var fps []map[string]json.RawMessage
		if err := json.Unmarshal(got["fixed_points"], &fps); err != nil || len(fps) == 0 {
			t.Fatalf("%s: fixed points: %s", c.act, out)
		}
		p := fps[0]
		if string(p["K_star"]) != "0" || string(p["chi_par"]) != c.chi || string(p["chi_perp"]) != c.chi {
			t.Errorf("%s at C_W = %s: K* = %s, χ∥ = %s, χ⊥ = %s; want 0, %s, %s", c.act, c.cw, p["K_star"], p["chi_par"], p["chi_perp"], c.chi, c.chi)
		}
		want, _, _ := big.ParseFloat(c.xi, 10, 200, big.ToNearestEven)
		if w := calc.FormatSignificant(want, 30); string(p["xi"]) != w {
			t.Errorf("%s at C_W = %s: ξ = %s, want %s", c.act, c.cw, p["xi"], w)
		}
	}
}
