package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDigitsOneRange: every command that prints numbers takes --digits
// from 1 to 60 (expr to 1000) and refuses 0 and 61 alike, as a usage
// error naming the range.
func TestDigitsOneRange(t *testing.T) {
	in := filepath.Join(t.TempDir(), "x.txt")
	if err := os.WriteFile(in, []byte("1 0\n0 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	commands := [][]string{
		{"act", "tanh"},
		{"hermite", "erf"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3"},
		{"kernel", "tanh", "--cb", "0", "--cw", "1", "--layers", "2", "--inputs", in},
		{"phase", "erf", "--sw2", "1", "--sb2", "0.1"},
		{"sim", "tanh", "--cw", "1", "--width", "4", "--depth", "2", "--nets", "4"},
		{"beta", "--width", "10", "--depth", "2"},
		{"table", "pdlt"},
		{"table", "dhg"},
		{"table", "beta"},
	}
	for _, cmd := range commands {
		for _, d := range []string{"0", "61"} {
			code, _, stderr := runCLI(append(append([]string{}, cmd...), "--digits", d)...)
			if code != exitUsage || !strings.Contains(stderr, "between 1 and 60") {
				t.Errorf("%v --digits %s: exit %d, %q; want exit %d naming 1 to 60", cmd, d, code, stderr, exitUsage)
			}
		}
	}
	if code, _, stderr := runCLI("expr", "x", "--digits", "1001"); code != exitUsage || !strings.Contains(stderr, "between 1 and 1000") {
		t.Errorf("expr --digits 1001: exit %d, %q", code, stderr)
	}
}
