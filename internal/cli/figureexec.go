package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	rpt "critcalc/report"
)

// A Drawer draws the figure of a checked request and writes its files,
// reporting each on stdout: report/figure.Write. Package cli does not
// import it, so that a program that needs no figures does not link
// gonum/plot.
type Drawer func(req rpt.FigureRequest, stdout io.Writer) error

// drawer is the Drawer of the running command line (Run): nil in
// critcalc, whose figure command runs figureProgram instead.
var drawer Drawer

// figureProgram is the program that draws for a command line without a
// Drawer: cmd/critcalc-figure, whose arguments are those of `critcalc
// figure`.
const figureProgram = "critcalc-figure"

// drawFigure draws req with the drawer, or, without one, runs
// figureProgram with args (the arguments of `critcalc figure`, already
// checked) and returns its exit status.
func drawFigure(req rpt.FigureRequest, args []string, stdout, stderr io.Writer) int {
	if drawer != nil {
		if err := drawer(req, stdout); err != nil {
			errorf(stderr, "figure %s: %v", req.Name, err)
			return exitError
		}
		return exitOK
	}
	path, err := findFigureProgram(executableDir())
	if err != nil {
		errorf(stderr, "figure: the figures are drawn by the program %s, which is neither beside this critcalc nor on PATH: "+
			"install both with `go install ./cmd/...` (or build them into one directory with `go build -o DIR/ ./cmd/...`), "+
			"or run `go run ./cmd/%s %s` in critcalc's source", figureProgram, figureProgram, shellJoin(args))
		return exitError
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	}
	errorf(stderr, "figure: running %s: %v", path, err)
	return exitError
}

// findFigureProgram returns the path of figureProgram: in dir, the
// running program's directory (where `go install ./cmd/...` and `go build
// -o DIR/ ./cmd/...` put both) if it is an executable file there, else on
// PATH.
func findFigureProgram(dir string) (string, error) {
	name := figureProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if dir != "" {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, nil
		}
	}
	p, err := exec.LookPath(figureProgram)
	if err != nil {
		return "", fmt.Errorf("finding %s: %w", figureProgram, err)
	}
	return p, nil
}

// executableDir returns the directory of the running program, links
// resolved, or "" where it cannot be found.
func executableDir() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return ""
	}
	return filepath.Dir(exe)
}

// shellJoin joins args into a POSIX shell command line, quoting an
// argument that holds anything but letters, digits and _./,:=+@%^-.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		plain := a != ""
		for _, r := range a {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./,:=+@%^-", r)) {
				plain = false
				break
			}
		}
		if plain {
			quoted[i] = a
		} else {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}
