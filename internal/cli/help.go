package cli

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"
	"text/tabwriter"

	"critcalc/calc"
)

func writeUsage(w io.Writer) {
	fmt.Fprint(w, `critcalc — a calculator for deep neural networks at initialization

usage: critcalc COMMAND [arguments] [flags]

commands:
`)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprint(w, `
  help [COMMAND]   describe a command; 'critcalc help functions' lists the functions
  --version        print the version

Activations are written as text in x: "x/(1+exp(-x))", "gelu", "leaky_relu(x, 0.2)".
`)
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeUsage(stdout)
		return exitOK
	}
	if args[0] == "functions" {
		writeFunctions(stdout)
		return exitOK
	}
	c := lookupCommand(args[0])
	if c == nil {
		errorf(stderr, "help: unknown command %q%s", args[0], suggestCommand(args[0]))
		return exitUsage
	}
	writeCommandHelp(c, stdout)
	return exitOK
}

// writeCommandHelp writes the one help of c, which both `critcalc help
// CMD` and `critcalc CMD -h` print on stdout: usage line, summary,
// details and flags.
func writeCommandHelp(c *command, w io.Writer) {
	fs := newFlagSet(c, w)
	if c.flags != nil {
		c.flags(fs)
	}
	fmt.Fprintf(w, "usage: critcalc %s %s\n\n%s\n", c.name, c.usage, c.summary)
	if c.detail != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.detail))
	}
	fmt.Fprintln(w, "\nflags:")
	writeFlags(c, fs, w)
}

// writeFlags writes the flags of fs as flag.PrintDefaults does, with a
// "(default X)" only where the flag has a default: not for a flag whose
// usage states its default or says it is required, not for the sentinels
// NaN and -1 that mark a flag as unset, not for the zero value, and not
// for the flags c.noDefault names (whose initial value stands in for an
// absent one).
func writeFlags(c *command, fs *flag.FlagSet, w io.Writer) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		if len(line) <= 4 { // a one-letter flag: usage on the same line
			line += "\t"
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(usage, "\n", "\n    \t")
		if showDefault(c, f, usage) {
			if isStringFlag(f) {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintln(w, line)
	})
}

func showDefault(c *command, f *flag.Flag, usage string) bool {
	switch f.DefValue {
	case "", "NaN", "-1", "[]":
		return false
	}
	// The zero value of the flag's type is no default, as for
	// flag.PrintDefaults (0 of an int, false, ""), but an exact 0 is.
	if t := reflect.TypeOf(f.Value); t.Kind() == reflect.Pointer {
		if z, ok := reflect.New(t.Elem()).Interface().(flag.Value); ok && z.String() == f.DefValue {
			return false
		}
	}
	if strings.Contains(usage, "(default") || strings.Contains(usage, "(required)") {
		return false
	}
	for _, n := range c.noDefault {
		if n == f.Name {
			return false
		}
	}
	return true
}

func isStringFlag(f *flag.Flag) bool {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	_, ok = g.Get().(string)
	return ok
}

func writeFunctions(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "name\targuments\tmeaning")
	for _, f := range calc.Funcs() {
		args := "constant"
		switch {
		case f.MinArgs == 1 && f.MaxArgs == 1:
			args = "(x)"
		case f.MinArgs == 1:
			args = "(x[, a])"
		case f.MinArgs == 2:
			args = "(a, b)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Name, args, f.Doc)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nAliases: silu = swish; z = x. Operators: + - * / and ^ or ** (right-associative, binding tighter than unary minus).")
}
