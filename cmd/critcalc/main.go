// Command critcalc is a calculator for the theory of deep neural networks at
// initialization: activations as text, Gaussian expectations, kernel
// recursions, criticality and finite-width corrections.
//
// Usage:
//
//	critcalc COMMAND [arguments] [flags]
//
// Run "critcalc help" for the list of commands and "critcalc COMMAND -h"
// for the flags of one. `critcalc figure` checks its flags and runs the
// program critcalc-figure (cmd/critcalc-figure) to draw, so that no other
// command pays for loading the plotting libraries.
package main

import (
	"os"

	"critcalc/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, nil))
}
