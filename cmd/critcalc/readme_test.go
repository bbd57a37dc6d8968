package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeExamples runs every complete example of README.md (a line
// "$ critcalc …" followed by its output, up to the closing fence) and
// compares the output, so that the guide cannot drift from the program.
// Examples cut short with "…" are checked line by line up to the cut.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	found := 0
	for i, line := range lines {
		cmd, ok := strings.CutPrefix(line, "$ critcalc ")
		if !ok {
			continue
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
