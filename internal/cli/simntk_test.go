package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// sim --ntk adds the NTK checks of every checked layer and pair of inputs;
// the first layer's NTK is exact (Θ^(1) = λ_b + λ_W x·x/n₀).
func TestSimNTK(t *testing.T) {
	code, out, stderr := runCLI("sim", "relu", "--cw", "2", "--width", "128", "--depth", "3", "--nets", "24", "--ntk",
		"--lambda-b", "0.5", "--seed", "5", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, stderr, out)
	}
	var rep struct {
		Verdict *string
		Checks  []struct {
			Quantity       string
			Layer          int
			Theory, Stderr json.Number
			Verdict        string
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range rep.Checks {
		if strings.HasPrefix(c.Quantity, "Theta") {
			seen[c.Quantity]++
			if c.Verdict != "ok" {
				t.Errorf("%+v", c)
			}
		}
	}
	for _, q := range []string{"Theta_pp", "Theta_mm", "Theta_pm"} {
		if seen[q] != 3 {
			t.Errorf("%s: %d checks, want one a layer (3)", q, seen[q])
		}
	}
	if rep.Verdict == nil || *rep.Verdict != "PASS" {
		t.Errorf("verdict %v", rep.Verdict)
	}
	for _, args := range [][]string{
		{"sim", "relu", "--cw", "2", "--width", "64", "--depth", "3", "--lambda-b", "1"},
		{"sim", "relu", "--cw", "2", "--width", "64", "--depth", "3", "--ntk", "--arch", "ln-pre"},
		{"sim", "relu", "--cw", "2", "--width", "64", "--depth", "3", "--ntk", "--lambda-w", "-1"},
		{"sim", "relu", "--cw", "2", "--width", "4096", "--depth", "1000", "--ntk", "--nets", "1000"},
	} {
		if code, _, _ := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
