package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"

	"critcalc/calc"
	"critcalc/recursions"
	"critcalc/sim"
)

func init() {
	commands = append(commands, &command{
		name:    "autoinit",
		usage:   "EXPR --width n --depth L [--sw σ_w] [--sb σ_b] [--arch A] [--loss jll|jsl] [--steps T] [--lr η] [--tol T] [--nets M] [--n0 n] [--seed S] [--backend cpu|auto] [--json]",
		summary: "tune σ_w, σ_b layer by layer with AutoInit on simulated networks and compare with the critical point",
		detail: `Runs Algorithm 2 of AutoInit (He, Doshi, Gromov): per-layer scalars a_W, a_b
(initially 1) multiply the weights and biases of a network with base σ_w, σ_b,
and SGD on the Jacobian log loss ½Σ_l [log 𝒥^{l,l+1}]² (--loss jll) or square
loss ½Σ_l (𝒥^{l,l+1} − 1)² (jsl) drives the one-layer APJNs to 1. Each step
samples --nets networks (exact Gaussian-conditional sampler, seed + step)
and measures 𝒥^{l,l+1} by the JVP estimator with a fresh Gaussian vector per
layer; the gradient is a central difference with common random numbers.
The tuned σ_w^(l) = σ_w a_W, σ_b^(l) = σ_b a_b are printed beside the
infinite-width 𝒥 = χ⊥ at the tuned values (recursions) and critcalc's
critical points (C_b, C_W) → (σ_b, σ_w) = (√C_b, √C_W).`,
		flags: func(fs *flag.FlagSet) any { return defineAutoInitFlags(fs) },
		run:   runAutoInit,
	})
}

type autoInitFlags struct {
	sw, sb, lr, tol float64
	width, depth    int
	n0, nets, steps int
	arch, loss      string
	backend         string
	seed            uint64
	json            bool
}

func defineAutoInitFlags(fs *flag.FlagSet) *autoInitFlags {
	f := &autoInitFlags{}
	fs.Float64Var(&f.sw, "sw", 1, "base weight scale σ_w > 0 (C_W = σ_w²)")
	fs.Float64Var(&f.sb, "sb", 0, "base bias scale σ_b ≥ 0")
	fs.IntVar(&f.width, "width", 0, "hidden width `n` (required)")
	fs.IntVar(&f.depth, "depth", 0, "number of layers `L` ≥ 2 (required)")
	fs.IntVar(&f.n0, "n0", 0, "input dimension (default: the width)")
	fs.StringVar(&f.arch, "arch", "mlp", "architecture: mlp, residual:mu=M, residual:alpha=A,lambda=B, ln-pre[:eps=E], ln-post[:eps=E]")
	fs.StringVar(&f.loss, "loss", "jll", "loss: jll (Jacobian log loss) or jsl (Jacobian square loss)")
	fs.IntVar(&f.steps, "steps", 50, "SGD steps `T`")
	fs.Float64Var(&f.lr, "lr", 0.1, "learning rate `η`")
	fs.Float64Var(&f.tol, "tol", 0, "stop when the loss falls below this")
	fs.IntVar(&f.nets, "nets", 32, "networks sampled per step")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
	fs.StringVar(&f.backend, "backend", "cpu", "compute backend: cpu (auto means cpu)")
	fs.BoolVar(&f.json, "json", false, "write JSON")
	return f
}

// autoInitReport is the JSON output of `critcalc autoinit`.
type autoInitReport struct {
	Expression string          `json:"expression"`
	Loss       string          `json:"loss"`
	Steps      int             `json:"steps"`
	LR         jsonNum         `json:"lr"`
	LossStart  jsonNum         `json:"loss_start"`
	LossEnd    jsonNum         `json:"loss_end"`
	Layers     []autoInitLayer `json:"layers"`
	Critical   []autoInitCrit  `json:"critical"`
	MeanSigmaW jsonNum         `json:"mean_sigma_w"`
	MeanSigmaB jsonNum         `json:"mean_sigma_b"`
	// Diverged reports that the loss at the tuned scalars exceeds
	// divergenceFactor times the loss at the start (at least
	// divergenceFloor), or is not finite: SGD
	// made things worse, and the exit status is exitFail.
	Diverged bool   `json:"diverged"`
	Note     string `json:"note,omitempty"`
}

// divergenceFactor is how much the loss must grow from the first step to
// the tuned scalars for autoinit to call the run diverged. The Monte-Carlo
// loss of M networks fluctuates by a few tens of percent near a minimum,
// so a smaller growth is noise, not divergence.
const divergenceFactor = 10

// divergenceFloor is the loss below which a start counts as this value in
// the divergence test, so that a run started at (or reaching) a loss near
// 0 is not called diverged for Monte-Carlo noise.
const divergenceFloor = 0.01

type autoInitLayer struct {
	L       int     `json:"l"`
	SigmaW  jsonNum `json:"sigma_w"`
	SigmaB  jsonNum `json:"sigma_b"`
	J       jsonNum `json:"J"`
	JStdErr jsonNum `json:"J_stderr"`
	JTheory jsonNum `json:"J_theory"`
}

type autoInitCrit struct {
	Cb     jsonNum `json:"C_b"`
	CW     jsonNum `json:"C_W"`
	SigmaB jsonNum `json:"sigma_b"`
	SigmaW jsonNum `json:"sigma_w"`
	Class  string  `json:"class"`
}

// autoInitDigits is how many significant digits of the critical points
// autoinit lists, as critcalc act certifies them.
const autoInitDigits = 10

// autoInitCritical is one critical point (C_b, C_W) with σ_b = √C_b and
// σ_w = √C_W, each with its certified digits.
func autoInitCritical(cb, cw calc.Certified, class recursions.Class) (autoInitCrit, error) {
	sb, err := cb.Sqrt("σ_b")
	if err != nil {
		return autoInitCrit{}, err
	}
	sw, err := cw.Sqrt("σ_w")
	if err != nil {
		return autoInitCrit{}, err
	}
	d := autoInitDigits
	return autoInitCrit{Cb: certNum(cb.AtMost(d)), CW: certNum(cw.AtMost(d)), SigmaB: certNum(sb.AtMost(d)), SigmaW: certNum(sw.AtMost(d)),
		Class: class.String()}, nil
}

func runAutoInit(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineAutoInitFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if f.n0 == 0 {
		f.n0 = f.width
	}
	switch {
	case !(f.sw > 0) || math.IsInf(f.sw, 0):
		err = fmt.Errorf("--sw must be finite and > 0, got %g", f.sw)
	case !(f.sb >= 0) || math.IsInf(f.sb, 0):
		err = fmt.Errorf("--sb must be finite and ≥ 0, got %g", f.sb)
	case f.width < 1 || f.width > 1<<16:
		err = fmt.Errorf("--width must be given, between 1 and 65536, got %d", f.width)
	case f.depth < 2 || f.depth > 10000:
		err = fmt.Errorf("--depth must be given, between 2 and 10000, got %d", f.depth)
	case f.n0 < 1 || f.n0 > 1<<16:
		err = fmt.Errorf("--n0 must be between 1 and 65536, got %d", f.n0)
	case f.nets < 2 || f.nets > 1<<20:
		err = fmt.Errorf("--nets must be between 2 and 1048576, got %d", f.nets)
	case f.steps < 0 || f.steps > 100000:
		err = fmt.Errorf("--steps must be between 0 and 100000, got %d", f.steps)
	case !(f.lr > 0) || math.IsInf(f.lr, 0):
		err = fmt.Errorf("--lr must be finite and > 0, got %g", f.lr)
	case !(f.tol >= 0) || math.IsInf(f.tol, 0):
		err = fmt.Errorf("--tol must be finite and ≥ 0, got %g", f.tol)
	case f.loss != "jll" && f.loss != "jsl":
		err = fmt.Errorf("--loss must be jll or jsl, got %q", f.loss)
	}
	if err == nil {
		err = checkCPUBackend(f.backend)
	}
	var cfg sim.Config
	if err == nil {
		cfg = sim.Config{Cb: f.sb * f.sb, CW: f.sw * f.sw, Nets: f.nets, Seed: f.seed}
		cfg.Widths = networkWidths(f.n0, f.width, f.depth)
		err = parseArch(f.arch, &cfg)
	}
	if err == nil && cfg.LayerNorm == sim.PreBN {
		err = errors.New("--arch bn: autoinit is not for BatchNorm networks yet (their APJN is not implemented)")
	}
	if err == nil {
		cfg.Inputs, err = sim.DefaultInputs(f.n0, 1, 1, 0, f.seed)
	}
	if err != nil {
		return usageError(c, stderr, err)
	}
	e, err := parseActivation(c.name, src, stderr)
	if err != nil {
		return exitError
	}
	cfg.Sigma = e
	loss := sim.JLL
	if f.loss == "jsl" {
		loss = sim.JSL
	}
	res, err := sim.RunAutoInit(sim.AutoInit{Net: cfg, Loss: loss, Steps: f.steps, LR: f.lr, Tol: f.tol})
	if err != nil {
		return report(c, stdout, stderr, f.json, errors.New(strings.TrimPrefix(err.Error(), "sim: ")), nil, nil)
	}
	rep, err := autoInitReportFor(e, f, cfg, res)
	code := report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeAutoInitText(w, rep) })
	if code == exitOK && rep != nil && rep.Diverged {
		return exitFail
	}
	return code
}

func autoInitReportFor(e calc.Expr, f *autoInitFlags, cfg sim.Config, res *sim.AutoInitResult) (*autoInitReport, error) {
	rep := &autoInitReport{Expression: e.String(), Loss: f.loss, Steps: res.Steps, LR: floatNum(f.lr, 15)}
	// The loss at the tuned scalars, from the APJNs measured there (the
	// last entry of res.Loss is the loss before the last update).
	end := 0.0
	for _, j := range res.J {
		d := j.Value - 1
		if f.loss == "jll" {
			d = math.Log(j.Value)
		}
		end += d * d / 2
	}
	start := end
	if len(res.Loss) > 0 {
		start = res.Loss[0]
	}
	rep.LossStart, rep.LossEnd = floatNum(start, 3), floatNum(end, 3)
	if !(end <= divergenceFactor*math.Max(start, divergenceFloor)) {
		rep.Diverged = true
		rep.Note = fmt.Sprintf("the loss diverged: %.3g at the start, %.3g after %d steps (learning rate η = %g too large?)", start, end, res.Steps, f.lr)
	}
	L := len(res.SigmaW)
	// Infinite-width one-layer APJN at the tuned values: 𝒥^{l,l+1} =
	// α² + λ²·C_W^(l+1)⟨σ'²⟩ at K^(l), K^(l+1) = α²K + λ²(C_b + C_W g(K)).
	a, err := recursions.New(e)
	if err != nil {
		return nil, fmt.Errorf("autoinit: %w", err)
	}
	var theory []float64
	if cfg.LayerNorm == sim.NoNorm {
		theory, err = autoInitTheory(a, cfg, res)
		if err != nil && !rep.Diverged {
			return nil, err
		}
		if err != nil {
			theory = nil
			rep.Note = joinNote(rep.Note, "no infinite-width APJN at the diverged scalars")
		}
	} else {
		rep.Note = joinNote(rep.Note, "no infinite-width APJN theory for LayerNorm networks")
	}
	var sw, sb float64
	for l := range L {
		row := autoInitLayer{L: l + 1, SigmaW: floatNum(res.SigmaW[l], 4), SigmaB: floatNum(res.SigmaB[l], 4)}
		if l > 0 { // 𝒥^{l−1,l}, set by the weights of layer l
			j := res.J[l-1]
			row.J, row.JStdErr = withError(j.Value, j.StdErr), floatNum(j.StdErr, 2)
			if theory != nil {
				row.JTheory = floatNum(theory[l-1], 4)
			}
		}
		if l > 0 {
			sw += res.SigmaW[l] / float64(L-1)
			sb += res.SigmaB[l] / float64(L-1)
		}
		rep.Layers = append(rep.Layers, row)
	}
	rep.MeanSigmaW, rep.MeanSigmaB = floatNum(sw, 4), floatNum(sb, 4)
	ad, err := recursions.AnalyzeDigits(e, recursions.DefaultKmax, autoInitDigits+2) // guard digits for √
	if err != nil {
		return nil, fmt.Errorf("autoinit: %w", err)
	}
	if si := ad.ScaleInvariant; si != nil {
		crit, err := autoInitCritical(calc.Exact(new(big.Float), autoInitDigits), si.CW, recursions.ClassScaleInvariant)
		if err != nil {
			return nil, err
		}
		rep.Critical = append(rep.Critical, crit)
	}
	for i, p := range ad.Points {
		if !ad.Analysis.Points[i].Physical {
			continue
		}
		crit, err := autoInitCritical(p.Cb, p.CW, ad.Analysis.Points[i].Class)
		if err != nil {
			return nil, err
		}
		rep.Critical = append(rep.Critical, crit)
	}
	return rep, nil
}

// autoInitTheory returns the infinite-width one-layer APJN 𝒥^{l,l+1} = α² +
// λ²·C_W^(l+1)⟨σ'²⟩ at K^(l), K^(l+1) = α²K + λ²(C_b + C_W g(K)), at the
// tuned values, l = 1 … L−1.
func autoInitTheory(a *recursions.Activation, cfg sim.Config, res *sim.AutoInitResult) ([]float64, error) {
	L := len(res.SigmaW)
	var theory []float64
	alpha2, lambda2 := 0.0, 1.0
	if cfg.Alpha != 0 || cfg.Lambda != 0 {
		alpha2, lambda2 = cfg.Alpha*cfg.Alpha, cfg.Lambda*cfg.Lambda
	}
	K := res.SigmaB[0]*res.SigmaB[0] + res.SigmaW[0]*res.SigmaW[0]*1 // ‖x‖²/n0 = 1
	for l := 1; l < L; l++ {
		cw, cb := res.SigmaW[l]*res.SigmaW[l], res.SigmaB[l]*res.SigmaB[l]
		cp, err := a.ChiPerp(K, cw)
		if err != nil {
			return nil, fmt.Errorf("autoinit: %w", err)
		}
		theory = append(theory, alpha2+lambda2*cp)
		g, err := a.G(K)
		if err != nil {
			return nil, fmt.Errorf("autoinit: %w", err)
		}
		K = alpha2*K + lambda2*(cb+cw*g)
	}
	return theory, nil
}

// joinNote appends b to the note a.
func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func writeAutoInitText(w io.Writer, r *autoInitReport) {
	diverged := ""
	if r.Diverged {
		diverged = "  DIVERGED"
	}
	fmt.Fprintf(w, "activation  %s   loss %s, %d steps at η = %s: loss %s → %s%s\n\n", r.Expression, r.Loss, r.Steps, r.LR, orMissing(r.LossStart), orMissing(r.LossEnd), diverged)
	g := grid{columns: []string{"l", "σ_w", "σ_b", "𝒥^{l−1,l} sim", "± stderr", "infinite width"}}
	for _, l := range r.Layers {
		g.rows = append(g.rows, []string{strconv.Itoa(l.L), string(l.SigmaW), string(l.SigmaB), string(l.J), string(l.JStdErr), string(l.JTheory)})
	}
	g.writeText(w)
	fmt.Fprintf(w, "\nmean over layers 2 … L: σ_w = %s, σ_b = %s\n", r.MeanSigmaW, r.MeanSigmaB)
	if r.Note != "" {
		fmt.Fprintf(w, "(%s)\n", r.Note)
	}
	if len(r.Critical) == 0 {
		fmt.Fprintln(w, "critcalc finds no physical critical point for this activation")
		return
	}
	fmt.Fprintln(w, "critical points (critcalc act):")
	for _, c := range r.Critical {
		fmt.Fprintf(w, "  σ_w = %s, σ_b = %s   (C_W = %s, C_b = %s, %s)\n", c.SigmaW, c.SigmaB, c.CW, c.Cb, c.Class)
	}
}
