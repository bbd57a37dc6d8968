package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/gpu"
	"critcalc/internal/testlevel"
	"critcalc/sim"
	"critcalc/validate"
)

// TestSimJSON pins the JSON keys of `critcalc sim` and checks that ReLU at
// criticality passes and that the numbers do not depend on the number of
// workers.
func TestSimJSON(t *testing.T) {
	args := []string{"sim", "relu", "--cw", "2", "--width", "64", "--depth", "3", "--nets", "300", "--seed", "7", "--json"}
	code, out, stderr := runCLI(args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"expression", "C_b", "C_W", "widths", "arch", "mode", "law", "nets", "seed", "backend", "z_crit", "pass", "checks", "seconds", "digits"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	var checks []map[string]json.RawMessage
	if err := json.Unmarshal(rep["checks"], &checks); err != nil || len(checks) == 0 {
		t.Fatalf("checks: %v, %d", err, len(checks))
	}
	quantities := map[string]bool{}
	for _, c := range checks {
		for _, k := range []string{"quantity", "layer", "theory", "theory_digits", "empirical", "stderr", "z", "pass"} {
			if _, ok := c[k]; !ok {
				t.Errorf("check key %q missing", k)
			}
		}
		var q string
		json.Unmarshal(c["quantity"], &q)
		quantities[q] = true
	}
	for _, q := range []string{"K", "G1", "V", "K+-", "rho", "APJN"} {
		if !quantities[q] {
			t.Errorf("no %s check", q)
		}
	}
	if string(rep["pass"]) != "true" {
		t.Errorf("ReLU at criticality failed: %s", out)
	}
	code, out2, _ := runCLI(append(args, "--workers", "1")...)
	var rep2 map[string]json.RawMessage
	json.Unmarshal([]byte(out2), &rep2)
	if code != exitOK || string(rep2["checks"]) != string(rep["checks"]) {
		t.Errorf("one worker changed the checks")
	}
}

// TestSimText checks the text table and its verdict line.
func TestSimText(t *testing.T) {
	code, out, stderr := runCLI("sim", "tanh", "--cw", "1", "--width", "50", "--depth", "2", "--nets", "200", "--mode", "explicit", "--inputs", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"activation  tanh(x)", "explicit sampler", "quantity", "checks, |z| ≤ z_c", "time"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestSimErrors(t *testing.T) {
	base := []string{"sim", "relu", "--cw", "2", "--width", "8", "--depth", "2"}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no cw", []string{"sim", "relu", "--width", "8", "--depth", "2"}, exitUsage, "--cw must be given"},
		{"no width", []string{"sim", "relu", "--cw", "2", "--depth", "2"}, exitUsage, "--width must be given"},
		{"no depth", []string{"sim", "relu", "--cw", "2", "--width", "8"}, exitUsage, "--depth must be given"},
		{"one net", append(base, "--nets", "1"), exitUsage, "--nets"},
		{"gpu", append(base, "--backend", "gpu"), exitUsage, "--backend gpu"},
		{"bad backend", append(base, "--backend", "tpu"), exitUsage, "--backend must be"},
		{"bad mode", append(base, "--mode", "fast"), exitUsage, "--mode must be"},
		{"uniform exact", append(base, "--law", "uniform"), exitUsage, "exact sampler needs Gaussian"},
		{"bad arch", append(base, "--arch", "resnet"), exitUsage, "--arch must be"},
		{"arch param", append(base, "--arch", "residual:beta=1"), exitUsage, "takes mu"},
		{"arch number", append(base, "--arch", "residual:mu=x"), exitUsage, "want name=number"},
		{"rho", append(base, "--rho", "2"), exitUsage, "--rho"},
		{"l0", append(base, "--l0", "5"), exitUsage, "--l0"},
		{"layernorm eps", append(base, "--arch", "ln-pre:eps=-1"), exitUsage, "eps must be"},
		{"batch too big", append(base, "--arch", "bn", "--batch", "8"), exitUsage, "--batch must be"},
		{"batch rho", append(base, "--arch", "bn", "--batch", "4", "--rho", "-0.5"), exitUsage, "--rho must be ≥ 0"},
		{"syntax", []string{"sim", "relu(", "--cw", "2", "--width", "8", "--depth", "2"}, exitError, ""},
		{"no expression", []string{"sim", "--cw", "2"}, exitUsage, "want one expression"},
		{"digits range", append(base, "--digits", "61"), exitUsage, "--digits must be between 1 and 60"},
		{"digits residual", append(base, "--arch", "residual:mu=0.5", "--digits", "13"), exitUsage, "the theory of --arch residual:mu=0.5 is computed in float64 only"},
		{"digits layernorm", append(base, "--arch", "ln-pre", "--digits", "13"), exitUsage, "--arch ln-pre is computed in float64 only"},
		{"digits cost", []string{"sim", "relu", "--cw", "2", "--width", "8", "--depth", "5000", "--nets", "2", "--digits", "60"}, exitUsage, "the limit at 60 digits is 4166 layers"},
		{"digits cost two inputs", []string{"sim", "tanh", "--cw", "1", "--width", "8", "--depth", "8000", "--nets", "2", "--digits", "30"}, exitUsage, "the limit at 30 digits is 6451 layers"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tt.name, code, stderr, tt.code, tt.want)
		}
	}
}

// The GPU path of `sim`, run with the CPU reference of the device's kernels
// in place of the device: ReLU at criticality passes every check, and the
// report says which backend ran. Without a device, --backend auto runs on
// the CPU and --backend gpu is an error.
func TestSimGPUPath(t *testing.T) {
	args := []string{"sim", "relu", "--cw", "2", "--width", "64", "--depth", "4", "--nets", "300", "--mode", "explicit",
		"--inputs", "1", "--tangents", "0", "--json"}
	defer func(f func(gpu.ForwardConfig) ([][]float64, error)) { gpuForward = f }(gpuForward)
	gpuForward = gpu.ForwardReference
	code, out, stderr := runCLI(append(args, "--backend", "gpu")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Backend string
		Pass    bool
		Checks  []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Backend != "gpu" || !rep.Pass || len(rep.Checks) < 4 {
		t.Errorf("backend %q, pass %v, %d checks: %s", rep.Backend, rep.Pass, len(rep.Checks), out)
	}
	gpuForward = func(gpu.ForwardConfig) ([][]float64, error) { return nil, fmt.Errorf("open: %w", gpu.ErrNoDevice) }
	code, out, _ = runCLI(append(args, "--backend", "auto")...)
	if code != exitOK || !strings.Contains(out, `"backend": "cpu"`) {
		t.Errorf("auto without a device: exit %d: %s", code, out)
	}
	if code, _, stderr := runCLI(append(args, "--backend", "gpu")...); code != exitError || !strings.Contains(stderr, "no CUDA device") && !strings.Contains(stderr, gpu.ErrNoDevice.Error()) {
		t.Errorf("gpu without a device: exit %d: %s", code, stderr)
	}
}

// TestSimExitStatus: a report that FAILs exits with status 3 and
// "verdict": "FAIL" (tanh at width 3: the 1/n theory is far off at depth
// 20; 32 of 63 rows fail, so this is no chance outcome); the overflowing
// network of C_W = 1e300 marks its rows "not computable", never "ok"; a
// constant activation reproduces ρ = 1 exactly and passes.
func TestSimExitStatus(t *testing.T) {
	code, stdout, stderr := runCLI("sim", "tanh", "--cw", "1", "--width", "3", "--depth", "20", "--nets", "4000", "--json")
	if code != exitFail {
		t.Fatalf("exit %d, want %d: %s", code, exitFail, stderr)
	}
	var rep struct {
		Verdict *string `json:"verdict"`
		Pass    bool    `json:"pass"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Verdict == nil || *rep.Verdict != "FAIL" || rep.Pass {
		t.Errorf("verdict %v, pass %v", rep.Verdict, rep.Pass)
	}

	code, stdout, stderr = runCLI("sim", "tanh", "--cw", "1e300", "--width", "64", "--depth", "3", "--nets", "100")
	if code != exitOK {
		t.Fatalf("C_W = 1e300: exit %d: %s", code, stderr)
	}
	for _, l := range strings.Split(stdout, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && (f[0] == "K" || f[0] == "K+-" || f[0] == "rho") && !strings.HasSuffix(l, "not computable") {
			t.Errorf("C_W = 1e300: %q", l)
		}
	}

	code, stdout, stderr = runCLI("sim", "1", "--cw", "1", "--width", "64", "--depth", "2", "--nets", "100")
	if code != exitOK || !strings.Contains(stdout, "): PASS") {
		t.Errorf("constant σ: exit %d, %s%s", code, stdout, stderr)
	}
}

// simTheory runs `critcalc sim ARGS --json` and returns the theory of
// every check, keyed "quantity/layer", as written (with its digits) and
// with the digits it reports.
func simTheory(t *testing.T, args ...string) (theory map[string]string, digits map[string]int) {
	t.Helper()
	code, out, stderr := runCLI(append(append([]string{"sim"}, args...), "--json")...)
	if code != exitOK && code != exitFail {
		t.Fatalf("sim %v: exit %d: %s", args, code, stderr)
	}
	return parseSimTheory(t, out)
}

// parseSimTheory reads the theory of every check of a JSON report of
// `critcalc sim` (see simTheory).
func parseSimTheory(t *testing.T, out string) (theory map[string]string, digits map[string]int) {
	t.Helper()
	var rep struct {
		Checks []struct {
			Quantity     string
			Layer        int
			Theory       json.RawMessage
			TheoryDigits int `json:"theory_digits"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	theory, digits = map[string]string{}, map[string]int{}
	for _, c := range rep.Checks {
		k := fmt.Sprintf("%s/%d", c.Quantity, c.Layer)
		theory[k], digits[k] = string(c.Theory), c.TheoryDigits
	}
	return theory, digits
}

// roundsTo reports whether the decimal text exact, rounded to the number
// of significant digits of the decimal text got, is got: every digit of
// got is a digit of exact.
func roundsTo(t *testing.T, got, exact string) bool {
	t.Helper()
	g, _, err1 := big.ParseFloat(got, 10, 512, big.ToNearestEven)
	x, _, err2 := big.ParseFloat(exact, 10, 512, big.ToNearestEven)
	if err1 != nil || err2 != nil {
		t.Fatalf("not numbers: %q, %q", got, exact)
	}
	d := len(strings.TrimLeft(strings.ReplaceAll(strings.TrimLeft(strings.Split(got, "e")[0], "-"), ".", ""), "0"))
	return calc.FormatSignificant(x, max(d, 1)) == calc.FormatSignificant(g, max(d, 1))
}

// TestSimDigitsAgainstDepth: the theory column of `sim --digits 30` for a
// tanh network is the `depth --digits 30` iteration of the same kernel
// (K + G{1}/n, G{1}, V, K₊₋, ρ, and Θ₊₊, Θ₋₋, Θ₊₋ of --ntk), digit for
// digit (exhaustive: 3 s; TestSimDigitsClosedForms checks --digits 30 by
// default).
func TestSimDigitsAgainstDepth(t *testing.T) {
	testlevel.Exhaustive(t)
	var (
		code        int
		out, stderr string
		wg          sync.WaitGroup
	)
	wg.Add(1)
	go func() { // the two commands run side by side
		defer wg.Done()
		code, out, stderr = runCLI("sim", "tanh", "--cw", "1", "--width", "32", "--depth", "3", "--nets", "20", "--ntk", "--digits", "30", "--json")
	}()
	layers := depthJSONRun(t, "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--every", "1", "--width", "32",
		"--inputs", "1,1,0.5", "--ntk", "--digits", "30")
	wg.Wait()
	if code != exitOK {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	theory, digits := parseSimTheory(t, out)
	pairs := map[string]string{"K": "K_plus_G1_over_n", "G1": "G1", "V": "V", "K+-": "K_pm", "rho": "rho",
		"Theta_pp": "Theta_pp", "Theta_mm": "Theta_mm", "Theta_pm": "Theta_pm"}
	n := 0
	for _, l := range layers {
		ell, _ := l["l"].Int64()
		for q, col := range pairs {
			k := fmt.Sprintf("%s/%d", q, ell)
			got, ok := theory[k]
			if !ok {
				continue // G1 and V have no check at layer 1
			}
			n++
			want := string(l[col])
			if got != want || digits[k] < 28 && got != "0" {
				t.Errorf("%s: sim %s (%d digits), depth %s", k, got, digits[k], want)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d values compared", n)
	}
}

// TestSimDigitsClosedForms checks `sim --digits 30` against closed forms
// computed here: for ReLU, K^(ℓ+1) = C_b + (C_W/2)K^(ℓ), V^(ℓ+1) =
// (C_W/2)²V^(ℓ) + (5/4)C_W²K^(ℓ)² (⟨σ⁴⟩ − ⟨σ²⟩² = 3K²/2 − K²/4), G{1} = 0
// and 𝒥^{1,ℓ} = (C_W/2)^(ℓ−1), exact rationals; for erf, the arcsine
// kernel K'₊₋ = C_b + C_W(2/π)arcsin(2K₊₋/√((1 + 2K₊₊)(1 + 2K₋₋))) (Williams).
func TestSimDigitsClosedForms(t *testing.T) {
	const L = 5
	check := func(name string, theory map[string]string, digits map[string]int, k string, want *big.Float) {
		t.Helper()
		w := calc.FormatSignificant(want, 40)
		if got, ok := theory[k]; !ok || digits[k] < 28 || !roundsTo(t, got, w) {
			t.Errorf("%s %s = %s (%d digits), want %s", name, k, got, digits[k], w)
		}
	}
	theory, digits := simTheory(t, "relu", "--cb", "0.1", "--cw", "1.8", "--width", "64", "--depth", "5", "--every", "1",
		"--nets", "20", "--inputs", "1", "--digits", "30")
	cb, half := big.NewRat(1, 10), big.NewRat(9, 10)
	k, v, j := big.NewRat(19, 10), new(big.Rat), big.NewRat(1, 1)
	f := func(r *big.Rat) *big.Float { return new(big.Float).SetPrec(256).SetRat(r) }
	for l := 1; l <= L; l++ {
		check("relu", theory, digits, fmt.Sprintf("K/%d", l), f(k))
		if l > 1 {
			check("relu", theory, digits, fmt.Sprintf("V/%d", l), f(v))
			check("relu", theory, digits, fmt.Sprintf("APJN/%d", l), f(j))
			if g := theory[fmt.Sprintf("G1/%d", l)]; g != "0" {
				t.Errorf("relu G1/%d = %s, want 0", l, g)
			}
		}
		nv := new(big.Rat).Mul(new(big.Rat).Mul(half, half), v)
		src := new(big.Rat).Mul(big.NewRat(5*81, 4*25), new(big.Rat).Mul(k, k)) // (5/4)C_W²K²
		v = nv.Add(nv, src)
		k = new(big.Rat).Add(cb, new(big.Rat).Mul(half, k))
		j = new(big.Rat).Mul(j, half)
	}

	theory, digits = simTheory(t, "erf", "--cb", "0.1", "--cw", "1.5", "--rho", "0.3", "--width", "64", "--depth", "5",
		"--every", "1", "--nets", "20", "--digits", "30")
	const prec = 256
	c := func(x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }
	pi := bigmath.Pi(prec)
	arcsinKernel := func(kab, ka, kb *big.Float) *big.Float {
		d := new(big.Float).Mul(new(big.Float).Add(c(1), new(big.Float).Mul(c(2), ka)), new(big.Float).Add(c(1), new(big.Float).Mul(c(2), kb)))
		d, _ = bigmath.Sqrt(prec, d)
		x := new(big.Float).Quo(new(big.Float).Mul(c(2), kab), d)
		s, _ := bigmath.Sqrt(prec, new(big.Float).Sub(c(1), new(big.Float).Mul(x, x)))
		a := bigmath.Atan(prec, new(big.Float).Quo(x, s)) // arcsin x
		r := new(big.Float).Quo(new(big.Float).Mul(c(2*1.5), a), pi)
		return r.Add(r, new(big.Float).SetPrec(prec).SetRat(big.NewRat(1, 10)))
	}
	kpp := new(big.Float).SetPrec(prec).SetRat(big.NewRat(16, 10))  // 0.1 + 1.5·1
	kpm := new(big.Float).SetPrec(prec).SetRat(big.NewRat(55, 100)) // 0.1 + 1.5·0.3
	for l := 1; l <= L; l++ {
		check("erf", theory, digits, fmt.Sprintf("K+-/%d", l), kpm)
		check("erf", theory, digits, fmt.Sprintf("rho/%d", l), new(big.Float).Quo(kpm, kpp))
		kpp, kpm = arcsinKernel(kpp, kpp, kpp), arcsinKernel(kpm, kpp, kpp)
	}
}

// TestSimTextCheckedDigits: the text report prints a theory value with the
// digits its check keeps, never the float64 it was computed as; and every
// digit of the default report's theory column is a digit of the theory to
// 30 digits.
func TestSimTextCheckedDigits(t *testing.T) {
	x := 0.123456789012345
	rep := &validate.Report{Checks: []validate.Check{{Quantity: "K", Layer: 3, Theory: x, Empirical: 0.1234, StdErr: 0.01,
		TheoryDigits: calc.Certified{V: new(big.Float).SetFloat64(x), Digits: 4}}}}
	cfg := sim.Config{Widths: []int{8, 8, 8, 8}, Nets: 10}
	var b strings.Builder
	writeSimText(&b, simReportFor("tanh(x)", &simFlags{arch: "mlp"}, cfg, rep, nil, 0))
	if !strings.Contains(b.String(), " 0.1235 ") || strings.Contains(b.String(), "0.12345") {
		t.Errorf("a value checked to 4 digits:\n%s", b.String())
	}

	args := []string{"tanh", "--cw", "1", "--width", "64", "--depth", "5", "--nets", "50"}
	code, out, stderr := runCLI(append([]string{"sim"}, args...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	exact, _ := simTheory(t, append(args, "--digits", "30")...)
	n := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || exact[f[0]+"/"+f[1]] == "" {
			continue
		}
		n++
		if !roundsTo(t, f[2], exact[f[0]+"/"+f[1]]) {
			t.Errorf("%s(%s) prints %s, the theory to 30 digits is %s", f[0], f[1], f[2], exact[f[0]+"/"+f[1]])
		}
	}
	if n != 27 {
		t.Errorf("%d theory values compared, want 27", n)
	}
}

// TestWithError checks the format of Monte-Carlo estimates: down to the
// place of the standard error's second significant digit, fixed-point
// where that place is 10⁰ to 10⁻¹⁵ and the value at least 10⁻⁴,
// scientific otherwise. The first scientific rows were printed as
// "0.000000000000000" and with 15 significant digits before.
func TestWithError(t *testing.T) {
	tests := []struct {
		v, se float64
		want  jsonNum
	}{
		{2.983, 0.042, "2.983"},
		{0.0647, 0.0012, "0.0647"},
		{0.99999999172, 4.7e-10, "0.99999999172"},
		{1346.3, 34, "1346"},
		{0, 0.01, "0.000"},
		{-0.0004, 0.01, "0.000"},
		{5e-5, 0.01, "0.000"},
		{3.71e-15, 2.4e-16, "3.71e-15"},
		{1.51e-19, 1.2e-20, "1.51e-19"},
		{-7.2e-5, 3e-7, "-7.2e-5"},
		{2.85111899699986e19, 7.8e18, "2.85e19"},
		{1346.3, 340, "1.35e3"},
		{4e-22, 1.2e-20, "0"},
		{8e-22, 1.2e-20, "1e-21"},
		{1.5, 0, "1.5"},
		{math.NaN(), 1, ""},
	}
	for _, tt := range tests {
		if got := withError(tt.v, tt.se); got != tt.want {
			t.Errorf("withError(%g, %g) = %q, want %q", tt.v, tt.se, got, tt.want)
		}
	}
}
