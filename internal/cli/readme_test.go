package cli

import (
	"os"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// TestReadmeExamples runs every complete example of README.md (a line
// "$ critcalc …" followed by its output, up to the closing fence) and
// compares the output, so that the guide cannot drift from the program.
// Examples cut short with "…" are checked line by line up to the cut.
// The examples of slowReadmeExamples run with the exhaustive tests only.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	found := 0
	slowSeen := map[string]bool{}
	for i, line := range lines {
		cmd, ok := strings.CutPrefix(line, "$ critcalc ")
		if !ok {
			continue
		}
		if slowReadmeExamples[cmd] {
			slowSeen[cmd] = true
			if !testlevel.IsExhaustive() {
				found++
				continue
			}
		}
		// "| head -N" only shortens the output, which is compared up to
		// the lines the guide shows anyway.
		if i := strings.Index(cmd, " | head -"); i >= 0 {
			cmd = cmd[:i]
		}
		var want []string
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "```") || l == "…" {
				break
			}
			want = append(want, l)
		}
		_, stdout, stderr := runCLI(shellWords(cmd)...)
		got := strings.Split(strings.TrimRight(stdout+stderr, "\n"), "\n")
		if len(got) < len(want) {
			t.Errorf("README example %q: %d lines of output, the guide shows %d", cmd, len(got), len(want))
			continue
		}
		for j, w := range want {
			if got[j] != w {
				t.Errorf("README example %q, line %d:\n got  %q\n want %q", cmd, j+1, got[j], w)
				break
			}
		}
		found++
	}
	if found < 4 {
		t.Errorf("found %d README examples, expected at least 4", found)
	}
	for cmd := range slowReadmeExamples {
		if !slowSeen[cmd] {
			t.Errorf("slowReadmeExamples: %q is not an example of README.md", cmd)
		}
	}
}

// slowReadmeExamples are the README examples that take a second or more
// each (about 9 s together): the Monte-Carlo β over 2¹⁷ networks and the
// 10⁵-layer depth runs. They run with the exhaustive tests
// (testlevel.Exhaustive).
var slowReadmeExamples = map[string]bool{
	"beta --width 100 --depth 100 --sim --nets 131072":                                       true,
	"depth tanh --cb 0 --cw 1 --layers 100000 --every 100000 --renormalize --width 1000":     true,
	"depth relu --cb 0 --cw 2 --layers 100000 --every 50000 --inputs 1,1,0.5403023058681398": true,
}

// shellWords splits a command line at spaces outside double quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}
