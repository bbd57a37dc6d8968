package cli

import (
	"encoding/json"
	"math/big"
	"strings"
	"sync"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
)

// depthInputsKeys are the two-input columns of `critcalc depth --inputs`.
var depthInputsKeys = []string{"K_pp", "K_mm", "K_pm", "rho", "psi", "dK1", "ddK2"}

// depthRuns holds the layers of each depthJSONNumbers run by its
// arguments, so that the tests reading the same run (the 30-digit tanh run
// of TestDepthInputsDigits and TestDepthInputsDigitsFull) compute it once.
// No caller may change them.
var depthRuns struct {
	sync.Mutex
	m map[string][]map[string]json.Number
}

// depthJSONNumbers runs `critcalc depth` with --json and returns the
// layers' numbers as written.
func depthJSONNumbers(t *testing.T, args ...string) []map[string]json.Number {
	t.Helper()
	key := strings.Join(args, "\x00")
	depthRuns.Lock()
	defer depthRuns.Unlock()
	if layers, ok := depthRuns.m[key]; ok {
		return layers
	}
	layers := depthJSONRun(t, args...)
	if depthRuns.m == nil {
		depthRuns.m = map[string][]map[string]json.Number{}
	}
	depthRuns.m[key] = layers
	return layers
}

func depthJSONRun(t *testing.T, args ...string) []map[string]json.Number {
	t.Helper()
	code, out, stderr := runCLI(append(append([]string{"depth"}, args...), "--json")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, stderr)
	}
	var rep struct{ Layers []map[string]json.Number }
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	return rep.Layers
}

// TestDepthInputsDigits checks that --digits covers the two-input
// columns: the digits printed at --digits 30 are the value of a --digits
// 40 run rounded to as many digits (all 30 where the value is well
// conditioned; fewer for ψ of nearly parallel inputs, whose error is that
// of ρ over sin ψ), for tanh (Hermite series), ReLU (arc-cosine map) and
// erf with ρ = 1 − 10⁻²⁰.
func TestDepthInputsDigits(t *testing.T) {
	cases := [][]string{
		{"tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--every", "5", "--inputs", "1,1,0.5"},
		{"relu", "--cb", "1/10", "--cw", "3/2", "--layers", "10", "--every", "5", "--inputs", "2,1,-0.5"},
		{"erf", "--cb", "0", "--cw", "1", "--layers", "2", "--every", "1", "--inputs", "1,1,0.99999999999999999999"},
	}
	for _, args := range cases {
		if args[0] != "relu" && !testlevel.IsExhaustive() {
			continue // a 40-digit run of a smooth σ takes seconds: the default run compares relu's
		}
		lo := depthJSONNumbers(t, append(args, "--digits", "30")...)
		hi := depthJSONNumbers(t, append(args, "--digits", "40")...)
		if len(lo) != len(hi) || len(lo) == 0 {
			t.Fatalf("%v: %d and %d layers", args, len(lo), len(hi))
		}
		for i := range lo {
			for _, k := range depthInputsKeys {
				s30, s40 := string(lo[i][k]), string(hi[i][k])
				v40, _, err := big.ParseFloat(s40, 10, 256, big.ToNearestEven)
				if err != nil {
					t.Fatalf("%v layer %s %s: %q: %v", args, lo[i]["l"], k, s40, err)
				}
				ok := false
				for d := 1; d <= 30 && !ok; d++ {
					ok = calc.FormatSignificant(v40, d) == s30
				}
				if !ok {
					t.Errorf("%s layer %s: %s = %s at 30 digits, %s at 40", args[0], lo[i]["l"], k, s30, s40)
				}
			}
		}
	}
}

// TestDepthInputsDigitsFull checks that well-conditioned two-input values
// keep all 30 digits: tanh's K_pm, ρ and ψ at ℓ = 10 from (1, 1, 0.5) (the
// run of TestDepthInputsDigits).
func TestDepthInputsDigitsFull(t *testing.T) {
	ls := depthJSONNumbers(t, "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--every", "5", "--inputs", "1,1,0.5", "--digits", "30")
	last := ls[len(ls)-1]
	if last["l"] != "10" {
		t.Fatalf("last layer %s, want 10", last["l"])
	}
	for _, k := range []string{"K_pm", "rho", "psi"} {
		s := strings.TrimLeft(strings.ReplaceAll(string(last[k]), ".", ""), "0")
		if len(s) < 29 { // 30 digits, less a trailing zero %g drops
			t.Errorf("%s = %s: %d significant digits", k, last[k], len(s))
		}
	}
}

// TestDepthFloat64Limit checks the one switch to high precision at
// calc.Float64Digits = 12: --digits 12 is the checked float64 iteration
// (single- and two-input columns), each value it prints the value of the
// --digits 20 high-precision iteration rounded to the digits printed, and
// at least 10 digits of every K beyond the inputs' layer are kept.
func TestDepthFloat64Limit(t *testing.T) {
	args := []string{"tanh", "--cb", "0.1", "--cw", "1.5", "--layers", "3", "--inputs", "1,1.2,0.9"}
	lo := depthJSONRun(t, append(args, "--digits", "12")...)
	hi := depthJSONRun(t, append(args, "--digits", "20")...)
	if len(lo) != len(hi) {
		t.Fatalf("%d rows at 12 digits, %d at 20", len(lo), len(hi))
	}
	for i, row := range lo {
		for k, v := range row {
			s := v.String()
			if k == "l" || k == "psi" {
				continue // ψ keeps the digits above its own error estimate
			}
			n := len(strings.TrimLeft(strings.ReplaceAll(strings.TrimPrefix(strings.Split(s, "e")[0], "-"), ".", ""), "0"))
			if n > 12 {
				t.Errorf("layer %s %s = %s: %d digits at --digits 12", row["l"], k, s, n)
			}
			if strings.HasPrefix(k, "K") && n < 10 && i > 0 {
				t.Errorf("layer %s %s = %s: only %d digits kept", row["l"], k, s, n)
			}
			ref, _, err := big.ParseFloat(hi[i][k].String(), 10, 256, big.ToNearestEven)
			if err != nil {
				t.Fatalf("layer %s %s at 20 digits: %v", row["l"], k, err)
			}
			if want := calc.FormatSignificant(ref, n); want != s && s != "0" {
				t.Errorf("layer %s %s = %s at --digits 12, %s at 20 (rounded: %s)", row["l"], k, s, hi[i][k], want)
			}
		}
	}
}
