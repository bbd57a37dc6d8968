package cli

import (
	"io"
	"os"
)

// Exit codes.
const (
	exitOK    = 0
	exitError = 1 // the computation failed (bad expression, domain error, …)
	exitUsage = 2 // the command line is wrong
)

// stdin is where an expression given as "-" is read from (Run).
var stdin io.Reader = os.Stdin

// helpOut is where `critcalc CMD -h` writes the command's help: the
// stdout of the running command line (Run).
var helpOut io.Writer = os.Stdout

// Run executes one command line of critcalc (args without the program's
// name) and returns the exit code. It never panics on user input: every
// problem becomes a message on stderr. draw draws what `figure` asks for;
// with nil, `figure` checks its flags and runs the critcalc-figure program
// (see figureexec.go), so that a program that passes nil links no plotting
// library. Run sets the package's standard input, help output and drawer
// for its duration, so two command lines do not run at once.
func Run(args []string, in io.Reader, stdout, stderr io.Writer, draw Drawer) int {
	defer func(oldIn io.Reader, oldOut io.Writer, oldDraw Drawer) {
		stdin, helpOut, drawer = oldIn, oldOut, oldDraw
	}(stdin, helpOut, drawer)
	stdin, helpOut, drawer = in, stdout, draw
	if len(args) == 0 {
		writeUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		return runHelp(args[1:], stdout, stderr)
	case "-version", "--version", "version":
		writeVersion(stdout)
		return exitOK
	}
	cmd := lookupCommand(name)
	if cmd == nil {
		errorf(stderr, "unknown command %q%s; run 'critcalc help' for the list", name, suggestCommand(name))
		return exitUsage
	}
	return cmd.run(cmd, args[1:], stdout, stderr)
}
