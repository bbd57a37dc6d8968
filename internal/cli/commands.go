package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one subcommand of critcalc.
type command struct {
	name    string
	usage   string // the argument synopsis after the name
	summary string // one line for the command list
	detail  string // paragraphs for `critcalc help NAME`
	flags   func(fs *flag.FlagSet) any
	// noDefault names flags whose initial value is not a default the
	// help should show (act's --cw 1 stands in for an absent --cw).
	noDefault []string
	run       func(c *command, args []string, stdout, stderr io.Writer) int
}

var commands []*command

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func suggestCommand(name string) string {
	for _, c := range commands {
		if strings.HasPrefix(c.name, name) || strings.HasPrefix(name, c.name) {
			return fmt.Sprintf(" (did you mean %s?)", c.name)
		}
	}
	return ""
}

// errorf writes "critcalc: message" on stderr.
func errorf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "critcalc: "+format+"\n", args...)
}

// newFlagSet returns the flag set of c, with its usage message.
func newFlagSet(c *command, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: critcalc %s %s\n\n%s\n\nflags:\n", c.name, c.usage, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

// errHelp is returned by parseArgs when -h or --help was given.
var errHelp = flag.ErrHelp

// parseArgs parses flags that may stand before, between or after the
// positional arguments (critcalc expr "x^2" --at 1). An argument that starts
// with '-' counts as a flag only when it names a defined flag, so an
// expression such as "-x^2" stays positional; "--" ends the flags.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, pos []string
	seen := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		name, hasValue := flagName(a)
		if name == "" {
			pos = append(pos, a)
			continue
		}
		if name == "h" || name == "help" {
			return nil, errHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			if strings.HasPrefix(a, "--") || len(a) > 1 && (a[1] < '0' || a[1] > '9') && !looksLikeExpr(a) {
				return nil, fmt.Errorf("unknown flag %s (an expression that starts with '-' can follow --, or be put in parentheses)", a)
			}
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		value := a
		if !hasValue && !isBoolFlag(f) {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag %s needs a value", a)
			}
			i++
			flags = append(flags, args[i])
			value = a + " " + args[i]
		}
		if prev, ok := seen[f.Name]; ok && !strings.Contains(f.Usage, "repeatable") {
			return nil, fmt.Errorf("flag --%s is given twice (%s, then %s); give it once", f.Name, prev, value)
		}
		seen[f.Name] = value
	}
	if err := fs.Parse(flags); err != nil {
		return nil, err
	}
	return pos, nil
}

// parseCommandLine parses the flags of c, defined by define, and its one
// positional argument, the expression. Its errors are usage errors.
func parseCommandLine[F any](c *command, args []string, stderr io.Writer, define func(*flag.FlagSet) F) (F, *flag.FlagSet, string, error) {
	fs := newFlagSet(c, stderr)
	f := define(fs)
	// A bad flag value is reported once, by usageError, not also by the
	// flag package with the whole usage text.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return f, fs, "", err
	}
	if len(pos) != 1 {
		return f, fs, "", fmt.Errorf("want one expression, got %d arguments", len(pos))
	}
	if pos[0] == "-" {
		src, err := readExpr(stdin)
		return f, fs, src, err
	}
	return f, fs, pos[0], nil
}

// maxExprBytes is the longest expression read from the standard input.
const maxExprBytes = 1 << 16

// readExpr reads the expression given as "-" from r: its text up to the
// end of the input, with the surrounding white space removed.
func readExpr(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxExprBytes+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("reading the expression from the standard input: %v", err)
	case len(b) > maxExprBytes:
		return "", fmt.Errorf("the expression on the standard input is longer than %d bytes", maxExprBytes)
	}
	src := strings.TrimSpace(string(b))
	if src == "" {
		return "", errors.New("the expression '-' reads the standard input, which is empty")
	}
	return src, nil
}

// flagName returns the name in "-name", "--name" or "--name=value".
func flagName(a string) (name string, hasValue bool) {
	if len(a) < 2 || a[0] != '-' {
		return "", false
	}
	s := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	name, _, hasValue = strings.Cut(s, "=")
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return "", false
		}
	}
	return name, hasValue
}

// looksLikeExpr reports whether an argument that starts with '-' reads as
// an expression (it contains an operator or parenthesis).
func looksLikeExpr(a string) bool { return strings.ContainsAny(a[1:], "+-*/^()., ") }

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// usageError reports a command-line problem and the usage line.
func usageError(c *command, stderr io.Writer, err error) int {
	if errors.Is(err, errHelp) {
		writeCommandHelp(c, helpOut)
		return exitOK
	}
	commandError(stderr, c.name, err)
	fmt.Fprintf(stderr, "usage: critcalc %s %s (see 'critcalc %s -h')\n", c.name, c.usage, c.name)
	return exitUsage
}

// commandError writes err as the failure of command name: "critcalc: name:
// message", without the name a second time where the message starts with
// it already (the sim and beta packages name themselves, as Go errors do).
func commandError(stderr io.Writer, name string, err error) {
	errorf(stderr, "%s: %s", name, strings.TrimPrefix(err.Error(), name+": "))
}
