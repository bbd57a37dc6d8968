package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestUndefinedActivationRefused checks that every command that averages
// over σ refuses an activation undefined on part of the real line with one
// message naming the point, before any average (depth, kernel, sim,
// beta, table and others used to fail deep inside, "recursions: detecting
// scale invariance: scale invariance: taylor: log at x = 0: …", or name
// their package twice, "beta: beta: …").
func TestUndefinedActivationRefused(t *testing.T) {
	inputs := writeFile(t, "inputs.txt", "1 0\n0 1\n1 1\n")
	for _, tc := range []struct {
		args []string
		who  string
	}{
		{[]string{"act", "log(x)"}, "act"},
		{[]string{"depth", "log(x)", "--cb", "0", "--cw", "1", "--layers", "3"}, "depth"},
		{[]string{"depth", "sqrt(x)", "--cb", "0", "--cw", "1", "--layers", "3"}, "depth"},
		{[]string{"kernel", "1/x", "--cb", "0", "--cw", "1", "--layers", "3", "--inputs", inputs}, "kernel"},
		{[]string{"sim", "log(x)", "--cw", "1", "--width", "10", "--depth", "3"}, "sim"},
		{[]string{"beta", "--width", "10", "--depth", "3", "--act", "log(x)"}, "beta"},
		{[]string{"autoinit", "log(x)", "--width", "10", "--depth", "3"}, "autoinit"},
		{[]string{"hermite", "log(x)"}, "hermite"},
		{[]string{"phase", "log(x)", "--sw2", "1", "--sb2", "0"}, "phase"},
		{[]string{"table", "pdlt", "--act", "log(x)"}, "table pdlt"},
		{[]string{"table", "joudaki", "--act", "log(x)"}, "table joudaki"},
		{[]string{"figure", "ratio", "--act", "log(x)", "--data", filepath.Join(t.TempDir(), "r.csv")}, "figure ratio"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != exitError {
			t.Errorf("%v: exit %d, want %d; stderr %q", tc.args, code, exitError, stderr)
			continue
		}
		first := strings.SplitN(stderr, "\n", 2)[0]
		if !strings.HasPrefix(first, "critcalc: "+tc.who+": ") || !strings.Contains(first, " is undefined at x = ") ||
			!strings.Contains(first, "defined on the whole real line") {
			t.Errorf("%v: %q, want \"critcalc: %s: σ is undefined at x = …\"", tc.args, first, tc.who)
		}
	}
}

// TestCommandNameOnce checks that a package error whose message names the
// package as the command is named (sim, beta) is not prefixed twice.
func TestCommandNameOnce(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		twice string
	}{
		{[]string{"sim", "tanh", "--cw", "1", "--width", "1", "--depth", "3", "--nets", "100"}, "sim: sim: "},
		{[]string{"sim", "tanh", "--cw", "1", "--width", "10", "--depth", "3", "--n0", "1"}, "sim: sim: "},
		{[]string{"table", "joudaki", "--act", "0*x"}, "kernel map of 0*x: kernel map of"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code == exitOK {
			t.Errorf("%v: exit 0, want an error", tc.args)
			continue
		}
		if strings.Contains(stderr, tc.twice) {
			t.Errorf("%v: %q says %q", tc.args, stderr, tc.twice)
		}
	}
	_, _, stderr := runCLI("sim", "tanh", "--cw", "1", "--width", "1", "--depth", "3", "--nets", "100")
	if !strings.Contains(stderr, "--n0") || !strings.Contains(stderr, "--inputs 1") {
		t.Errorf("sim --width 1: %q, want the flags that fix it named", stderr)
	}
}
