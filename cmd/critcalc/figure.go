package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"

	"critcalc/calc"
	rpt "critcalc/report"
)

// figureNames lists the figures of `critcalc figure`.
var figureNames = []string{"ratio", "kernel-map", "depth"}

func init() {
	commands = append(commands, &command{
		name:    "figure",
		usage:   "NAME [--act EXPR]… [--kmax K] [--rho0 R] [--depth L] (--png FILE | --svg FILE)",
		summary: "figures: the criticality ratio against K, the kernel map with its cobweb, ρ_ℓ against depth",
		detail: `Draws one figure with gonum/plot and writes it as PNG (--png) or SVG (--svg):

  ratio       the left-hand side of the criticality condition (5.73),
              2K²⟨σ'²⟩/⟨σ²(z²−K)⟩, against K on (0, --kmax] (PDLT Figs 5.1–5.3;
              default activations tanh, sigmoid, softplus, swish, gelu)
  kernel-map  the normalized kernel map κ(ρ) of Joudaki & Hofmann with the
              diagonal and the cobweb of ρ_{ℓ+1} = κ(ρ_ℓ) from --rho0 for
              --depth layers (Figs S.1–S.2; one activation, default gelu)
  depth       |ρ_ℓ − ρ*| against depth ℓ = 0…--depth on a logarithmic axis,
              with Theorem 1's bound (Figs S.1–S.2; one activation)`,
		flags: func(fs *flag.FlagSet) any { return defineFigureFlags(fs) },
		run:   runFigure,
	})
}

type figureFlags struct {
	acts     stringList
	kmax     float64
	rho0     float64
	depth    int
	png, svg string
}

func defineFigureFlags(fs *flag.FlagSet) *figureFlags {
	f := &figureFlags{}
	fs.Var(&f.acts, "act", "activation `EXPR` (repeatable for ratio; one for kernel-map and depth)")
	fs.Float64Var(&f.kmax, "kmax", 20, "ratio: largest `K` of the axis")
	fs.Float64Var(&f.rho0, "rho0", 0.5, "kernel-map, depth: starting correlation `R` in (−1, 1)")
	fs.IntVar(&f.depth, "depth", 30, "kernel-map, depth: number of layers `L` (1 to 10000)")
	fs.StringVar(&f.png, "png", "", "write the figure as PNG to `FILE`")
	fs.StringVar(&f.svg, "svg", "", "write the figure as SVG to `FILE`")
	return f
}

func runFigure(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, name, err := parseName(c, args, stderr, defineFigureFlags, figureNames)
	if err != nil {
		return usageError(c, stderr, err)
	}
	path := f.png
	switch {
	case (f.png == "") == (f.svg == ""):
		return usageError(c, stderr, errors.New("give one of --png FILE and --svg FILE"))
	case f.svg != "":
		path = f.svg
	}
	if ext := strings.ToLower(filepath.Ext(path)); (f.png != "" && ext != ".png") || (f.svg != "" && ext != ".svg") {
		return usageError(c, stderr, fmt.Errorf("the file name %q does not end in the extension of its flag", path))
	}
	switch {
	case name != "ratio" && len(f.acts) > 1:
		return usageError(c, stderr, fmt.Errorf("figure %s draws one activation, got %d", name, len(f.acts)))
	case !(f.kmax > 0) || math.IsInf(f.kmax, 0):
		return usageError(c, stderr, fmt.Errorf("--kmax must be positive and finite, got %g", f.kmax))
	case !(f.rho0 > -1 && f.rho0 < 1):
		return usageError(c, stderr, fmt.Errorf("--rho0 must be in (−1, 1), got %g", f.rho0))
	case f.depth < 1 || f.depth > 10000:
		return usageError(c, stderr, fmt.Errorf("--depth must be between 1 and 10000, got %d", f.depth))
	}
	acts, err := parseActivations(f.acts, stderr)
	if err != nil {
		return exitError
	}
	one := rpt.Activation{Label: "gelu", Sigma: calc.MustParse("gelu")}
	if len(acts) == 1 {
		one = acts[0]
	}
	var p *plot.Plot
	switch name {
	case "ratio":
		if len(acts) == 0 {
			acts = rpt.RatioFigureActivations()
		}
		p, err = rpt.RatioFigure(acts, f.kmax, 400)
	case "kernel-map":
		p, err = rpt.KernelMapFigure(one, f.rho0, f.depth)
	case "depth":
		p, err = rpt.DepthFigure(one, f.rho0, f.depth)
	}
	if err == nil {
		err = rpt.Save(p, path)
	}
	if err != nil {
		errorf(stderr, "figure %s: %v", name, err)
		return exitError
	}
	fmt.Fprintf(stdout, "wrote %s\n", path)
	return exitOK
}
