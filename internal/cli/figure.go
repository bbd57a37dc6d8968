package cli

import (
	"flag"
	"fmt"
	"io"
	"math"

	rpt "critcalc/report"
)

func init() {
	commands = append(commands, &command{
		name:    "figure",
		usage:   "NAME [--act EXPR]… [--kmax K] [--rho0 R] [--depth L] [--arch A] [--mu M] [--sw2 V]… [--sb2 V]… [--sw2-min V] [--sw2-max V] [--sb2-min V] [--sb2-max V] [--grid NW,NB] [--n N] [--nout K] [--d D]… [--samples S] [--seed S] [--sw V]… [--steps T] [--png FILE] [--svg FILE] [--pdf FILE] [--eps FILE] [--data FILE.csv] [--size WxH] [--dpi N] | all --out DIR [--size WxH] [--dpi N]",
		summary: "figures: criticality ratio, kernel map, ρ_ℓ against depth, phase diagram, APJN against depth, ln‖z_out‖² density, AutoInit; all: the appendix",
		detail: `Draws one figure with gonum/plot and writes it as PNG (--png, at --dpi,
default 300), SVG (--svg), PDF (--pdf, fonts embedded) or EPS (--eps), any
of them at once, at --size WxH inches (default 3.4x2.4, one column of a
paper); --data writes the plotted series as CSV (a header naming the
columns, a missing value empty, 6 significant digits). critcalc checks the
flags and runs the program critcalc-figure (beside it or on PATH; go
install ./cmd/... installs both) with the same arguments to draw:

  ratio       the left-hand side of the criticality condition (5.73),
              2K²⟨σ'²⟩/⟨σ²(z²−K)⟩, against K on (0, --kmax] (PDLT Figs 5.1–5.3;
              default activations tanh, sigmoid, softplus, swish, gelu)
  kernel-map  the normalized kernel map κ(ρ) of Joudaki & Hofmann with the
              diagonal and the cobweb of ρ_{ℓ+1} = κ(ρ_ℓ) from --rho0 for
              --depth layers (Figs S.1–S.2; one activation, default gelu)
  depth       |ρ_ℓ − ρ*| against depth ℓ = 0…--depth on a logarithmic axis,
              with Theorem 1's bound (Figs S.1–S.2; one activation)
  phase       the phase diagram of DHG (Fig. 2): χ_𝒥* over a grid of
              (σ_w², σ_b²) in a diverging palette centred on χ_𝒥* = 1 on a log
              scale (colour bar 10^−1 to 10), with the critical line; one activation (default erf), --arch (vanilla,
              ln-pre, ln-post, res, preln-res, bn, mixer, resmlp), --mu, the rectangle
              --sw2-min/--sw2-max (default 0.1, 4), --sb2-min/--sb2-max
              (default 0, 1) and --grid NW,NB points (default 80,50)
  apjn        the APJN 𝒥^{1,ℓ} against ℓ = 1…--depth (default 1000) on log–log
              axes (DHG Fig. 1) with the power law 𝒥 ∝ ℓ^−ζ fitted over the
              last decade where one fits; each --act needs one --sw2 and one
              --sb2 (in order); default erf (π/4, 0), relu (2, 0), gelu at its
              half-stable point (1.98306, 0.172922); --arch, --mu
  lognorm     the density of ln‖z_out‖² for ReLU networks of width --n
              (default 100), --nout outputs (default 10) and depths --d
              (repeatable; default 1, 10, 100): the log-Gaussian law, the
              infinite-width (G = 0) law and a histogram of --samples exact
              draws (default 32768, 0 for none; --seed, default 4)
  autoinit    AutoInit's tuning of a ReLU layer: the tuned σ_w·a_W(t) against
              the update t = 0…--steps (default 30) from each starting --sw
              (repeatable; default 0.5, 1, 2, 3) under JLL and JSL, each at a
              quarter of its one-step rate (AutoInit eqs 17, 19, 41, 43)
  autoinit-phase
              AutoInit on simulated networks (width 32, depth 4, 32 networks,
              50 steps of JLL at η = 0.1, seed 1) from four starting (σ_w, σ_b)
              of one activation (default tanh): arrows from each start to the
              tuned mean over layers 2…L on the phase diagram of a vanilla MLP
  all         every figure above at its appendix settings as PDF and PNG, with
              its data as NAME-data.csv, and
              every table in Markdown, LaTeX, CSV and JSON, into --out DIR with
              manifest.json (file, kind, what, command)`,
		flags: func(fs *flag.FlagSet) any { return defineFigureFlags(fs) },
		run:   runFigure,
	})
}

type figureFlags struct {
	acts   stringList
	kmax   float64
	rho0   float64
	depth  int
	output figureOutput
	sw     floatList
	steps  int

	arch           string
	mu             float64
	sw2, sb2       floatList
	sw2Min, sw2Max float64
	sb2Min, sb2Max float64
	grid           string
	n, nOut        int
	d              intList
	samples        int
	seed           uint64
}

func defineFigureFlags(fs *flag.FlagSet) *figureFlags {
	f := &figureFlags{}
	fs.Var(&f.acts, "act", "activation `EXPR` (repeatable for ratio; one for kernel-map and depth)")
	fs.Float64Var(&f.kmax, "kmax", 20, "ratio: largest `K` of the axis")
	fs.Float64Var(&f.rho0, "rho0", 0.5, "kernel-map, depth: starting correlation `R` in (−1, 1)")
	fs.IntVar(&f.depth, "depth", 30, "kernel-map, depth: number of layers `L` (1 to 10000, default 30); apjn: the last layer ℓ (2 to 100000, default 1000)")
	r := rpt.DefaultPhaseRange
	fs.StringVar(&f.arch, "arch", "vanilla", "phase, apjn: architecture `A` (vanilla, ln-pre, ln-post, res, preln-res, bn, mixer, resmlp; resmlp with LayerScale 0.1)")
	fs.Float64Var(&f.mu, "mu", 0, "phase, apjn: skip strength `M` in [0, 1] (res, preln-res, bn, mixer, resmlp)")
	fs.Var(&f.sw2, "sw2", "apjn: weight variance `V` of the matching --act (repeatable)")
	fs.Var(&f.sb2, "sb2", "apjn: bias variance `V` of the matching --act (repeatable)")
	fs.Float64Var(&f.sw2Min, "sw2-min", r.SW2Min, "phase: smallest σ_w² `V`")
	fs.Float64Var(&f.sw2Max, "sw2-max", r.SW2Max, "phase: largest σ_w² `V`")
	fs.Float64Var(&f.sb2Min, "sb2-min", r.SB2Min, "phase: smallest σ_b² `V`")
	fs.Float64Var(&f.sb2Max, "sb2-max", r.SB2Max, "phase: largest σ_b² `V`")
	fs.StringVar(&f.grid, "grid", fmt.Sprintf("%d,%d", r.NW, r.NB), "phase: grid points `NW,NB` on the σ_w² and σ_b² axes (2 to 400 each)")
	fs.IntVar(&f.n, "n", rpt.BetaWidth, "lognorm: hidden width `N` (1 to 100000)")
	fs.IntVar(&f.nOut, "nout", rpt.BetaOutputs, "lognorm: output width `K` (1 to 100000)")
	fs.Var(&f.d, "d", "lognorm: number of hidden layers `D` (repeatable, up to 8; default 1, 10, 100)")
	fs.IntVar(&f.samples, "samples", rpt.LogNormSamples, "lognorm: exact samples `S` per depth (0 to 1048576; 0: no histogram)")
	fs.Uint64Var(&f.seed, "seed", rpt.LogNormSeed, "lognorm: Philox seed `S` of the samples")
	fs.Var(&f.sw, "sw", "autoinit: starting `σ_w` (repeatable, up to 8; default 0.5, 1, 2, 3)")
	fs.IntVar(&f.steps, "steps", rpt.AutoInitFigureSteps, "autoinit: number of updates `T` (1 to 10000)")
	f.output.define(fs)
	return f
}

func runFigure(c *command, args []string, stdout, stderr io.Writer) int {
	f, fs, name, err := parseName(c, args, stderr, defineFigureFlags, rpt.FigureNames)
	if err != nil {
		return usageError(c, stderr, err)
	}
	opts, err := f.output.check(name, fs)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if err := checkFigureFlags(name, fs); err != nil {
		return usageError(c, stderr, err)
	}
	depthSet := false
	fs.Visit(func(fl *flag.Flag) { depthSet = depthSet || fl.Name == "depth" })
	switch {
	case name != "ratio" && name != "apjn" && len(f.acts) > 1:
		return usageError(c, stderr, fmt.Errorf("figure %s draws one activation, got %d", name, len(f.acts)))
	case !(f.kmax > 0) || math.IsInf(f.kmax, 0):
		return usageError(c, stderr, fmt.Errorf("--kmax must be positive and finite, got %g", f.kmax))
	case !(f.rho0 > -1 && f.rho0 < 1):
		return usageError(c, stderr, fmt.Errorf("--rho0 must be in (−1, 1), got %g", f.rho0))
	case name != "apjn" && (f.depth < 1 || f.depth > 10000):
		return usageError(c, stderr, fmt.Errorf("--depth must be between 1 and 10000, got %d", f.depth))
	}
	if name == "apjn" && !depthSet {
		f.depth = 1000
	}
	if name == "all" {
		return runFigureAll(c, fs, f, args, opts, stdout, stderr)
	}
	sp, err := checkSpecFlags(name, f)
	if err != nil {
		return usageError(c, stderr, err)
	}
	acts, err := parseActivations("figure "+name, f.acts, stderr)
	if err != nil {
		return exitError
	}
	req := rpt.FigureRequest{
		Name: name, Acts: acts, KMax: f.kmax, Rho0: f.rho0, Depth: f.depth,
		Arch: sp.arch, Mu: f.mu, Range: sp.rng,
		Width: f.n, Outputs: f.nOut, Depths: f.d, Samples: f.samples, Seed: f.seed,
		Starts: f.sw, Steps: f.steps,
		Images: f.output.images(), Data: f.output.data, Options: opts,
	}
	if name == "apjn" {
		for i, a := range acts {
			req.Curves = append(req.Curves, rpt.APJNCurve{Act: a, SW2: f.sw2[i], SB2: f.sb2[i]})
		}
	}
	return drawFigure(req, args, stdout, stderr)
}
