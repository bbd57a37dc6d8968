package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFigureRunsProgram checks that critcalc without a Drawer checks the
// flags itself, runs critcalc-figure from PATH with the arguments of
// `critcalc figure` and returns its exit status and output, and says how
// to get the program when there is none.
func TestFigureRunsProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in program is a shell script")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"drawn: $*\"\necho \"to stderr\" >&2\nexit 3\n"
	t.Setenv("PATH", dir)
	// No program yet: the message says how to install or run it.
	code, _, stderr := runWith(nil, "figure", "ratio", "--act", "x/(1+exp(-x))", "--png", "r.png")
	if code != exitError || !strings.Contains(stderr, "critcalc-figure, which is neither beside this critcalc nor on PATH") ||
		!strings.Contains(stderr, "go run ./cmd/critcalc-figure ratio --act 'x/(1+exp(-x))' --png r.png") ||
		!strings.Contains(stderr, "go install ./cmd/...") {
		t.Fatalf("without the program: exit %d, stderr %q", code, stderr)
	}
	// A usage error is found before any program is looked for.
	code, _, stderr = runWith(nil, "figure", "ratio", "--kmax", "-1", "--png", "r.png")
	if code != exitUsage || !strings.Contains(stderr, "--kmax") {
		t.Fatalf("usage error: exit %d, stderr %q", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, figureProgram), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runWith(nil, "figure", "depth", "--act", "tanh", "--pdf", "d.pdf")
	if code != 3 || stdout != "drawn: depth --act tanh --pdf d.pdf\n" || stderr != "to stderr\n" {
		t.Fatalf("with the program: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestFindFigureProgram checks that an executable critcalc-figure beside
// critcalc comes before one on PATH, and that a file there that cannot be
// run does not.
func TestFindFigureProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the permission bits are Unix's")
	}
	beside, onPath := t.TempDir(), t.TempDir()
	t.Setenv("PATH", onPath)
	for _, dir := range []string{beside, onPath} {
		if err := os.WriteFile(filepath.Join(dir, figureProgram), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := findFigureProgram(beside); err != nil || got != filepath.Join(beside, figureProgram) {
		t.Errorf("with both: %q, %v; want the one beside", got, err)
	}
	if err := os.Chmod(filepath.Join(beside, figureProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := findFigureProgram(beside); err != nil || got != filepath.Join(onPath, figureProgram) {
		t.Errorf("with the one beside not executable: %q, %v; want the one on PATH", got, err)
	}
	if got, err := findFigureProgram(""); err != nil || got != filepath.Join(onPath, figureProgram) {
		t.Errorf("without a directory: %q, %v; want the one on PATH", got, err)
	}
}

// TestShellJoin checks the quoting of the command line that the message
// without critcalc-figure suggests, by having sh read it back.
func TestShellJoin(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"ratio", "--png", "a/b.png"}, "ratio --png a/b.png"},
		{[]string{"--act", "x*tanh(x)"}, "--act 'x*tanh(x)'"},
		{[]string{"--act", "it's"}, `--act 'it'\''s'`},
		{[]string{""}, "''"},
		{[]string{"--size", "3.4x2.4", "--act", "max(x, 0)"}, "--size 3.4x2.4 --act 'max(x, 0)'"},
	}
	for _, tt := range tests {
		if got := shellJoin(tt.args); got != tt.want {
			t.Errorf("shellJoin(%q) = %s, want %s", tt.args, got, tt.want)
		}
		// The shell reads the line back into the same arguments.
		out, err := exec.Command("sh", "-c", "printf '%s|' "+tt.want).Output()
		if err != nil {
			t.Fatalf("sh: %v", err)
		}
		if back := strings.Join(tt.args, "|") + "|"; string(out) != back {
			t.Errorf("sh reads %s back as %q, want %q", tt.want, out, back)
		}
	}
}
