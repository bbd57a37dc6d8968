package cli

import (
	"flag"
	"fmt"
	"io"

	rpt "critcalc/report"
)

// runFigureAll has the appendix written into --out DIR (by the Drawer:
// report/figure.WriteAppendix). It takes only --out, --size and --dpi.
func runFigureAll(c *command, fs *flag.FlagSet, f *figureFlags, args []string, opts rpt.SaveOptions, stdout, stderr io.Writer) int {
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
	return drawFigure(rpt.FigureRequest{Name: "all", Dir: f.output.out, Options: opts}, args, stdout, stderr)
}
