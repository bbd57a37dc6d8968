package main

import (
	"flag"
	"fmt"
	"io"

	rpt "critcalc/report"
	"critcalc/report/figure"
)

// runFigureAll writes the appendix (figure.WriteAppendix) into --out DIR. It
// takes only --out, --size and --dpi.
func runFigureAll(c *command, fs *flag.FlagSet, f *figureFlags, opts rpt.SaveOptions, stdout, stderr io.Writer) int {
	var extra string
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "out", "size", "dpi":
		default:
			if extra == "" {
				extra = fl.Name
			}
		}
	})
	if extra != "" {
		return usageError(c, stderr, fmt.Errorf("figure all draws every figure at its appendix settings and takes no --%s", extra))
	}
	m, err := figure.WriteAppendix(f.output.out, opts)
	if err != nil {
		errorf(stderr, "figure all: %v", err)
		return exitError
	}
	fmt.Fprintf(stdout, "wrote %d files and %s to %s\n", len(m.Files), rpt.ManifestFile, f.output.out)
	return exitOK
}
