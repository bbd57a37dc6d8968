package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"critcalc/gpu"
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
	for _, k := range []string{"expression", "C_b", "C_W", "widths", "arch", "mode", "law", "nets", "seed", "backend", "z_crit", "pass", "checks", "seconds"} {
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
		for _, k := range []string{"quantity", "layer", "theory", "empirical", "stderr", "z", "pass"} {
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
