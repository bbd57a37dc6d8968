// Command critcalc-figure draws critcalc's figures: `critcalc-figure NAME
// [flags]` is `critcalc figure NAME [flags]`, which runs it. It is a
// program of its own because it links gonum/plot, whose initialisation
// (twelve fonts parsed, the PDF and image encoders) would otherwise slow
// the start of every critcalc command.
//
// Usage:
//
//	critcalc-figure NAME [--act EXPR]… [flags] --png FILE | --svg FILE | --pdf FILE | --eps FILE | --data FILE.csv
//	critcalc-figure all --out DIR
//
// Run "critcalc help figure" or "critcalc-figure -h" for the names and
// flags.
package main

import (
	"os"

	"critcalc/internal/cli"
	"critcalc/report/figure"
)

func main() {
	args := append([]string{"figure"}, os.Args[1:]...)
	os.Exit(cli.Run(args, os.Stdin, os.Stdout, os.Stderr, figure.Write))
}
