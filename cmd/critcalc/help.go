package main

import (
	"fmt"
	"io"
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
	fs := newFlagSet(c, stdout)
	c.flags(fs)
	fmt.Fprintf(stdout, "usage: critcalc %s %s\n\n%s\n", c.name, c.usage, c.summary)
	if c.detail != "" {
		fmt.Fprintf(stdout, "\n%s\n", strings.TrimSpace(c.detail))
	}
	fmt.Fprintln(stdout, "\nflags:")
	fs.SetOutput(stdout)
	fs.PrintDefaults()
	return exitOK
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
