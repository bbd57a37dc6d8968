package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"critcalc/calc"
	"critcalc/gpu"
	"critcalc/sim"
	"critcalc/validate"
)

func init() {
	commands = append(commands, &command{
		name:    "sim",
		usage:   "EXPR --cw Y [--cb X] --width n --depth L [--nets M] [--arch A] [--mode exact|explicit] [--seed S] [--backend cpu|gpu|auto] [--n0 n] [--inputs 1|2] [--q Q] [--rho R] [--law gaussian|uniform] [--float32] [--batch B] [--tangents T] [--l0 l0] [--every k] [--workers W] [--ntk [--lambda-b X --lambda-w Y]] [--digits D] [--json]",
		summary: "sample random networks and check the theory (K, G{1}, V, ρ, K₊₋, APJN) against them",
		detail: `Samples M random networks of depth L and width n (inputs of dimension
--n0, by default n) and puts every prediction of critcalc beside its
Monte-Carlo estimate: the metric K + G{1}/n (PDLT 5.108, 5.110), the NLO
metric G{1}, the four-point vertex V (5.109), the two-input kernel K₊₋ and
correlation ρ, and the APJN 𝒥^{l0,l} = Π χ⊥ from Jacobian-vector products.
Each row has the Monte-Carlo standard error, z = (simulation − theory)/error
and a verdict at the Bonferroni level z_c = t_{M−1}(1 − 0.01/(2N)) (Student
t) for the N rows with a verdict; V gets none below 100 networks ("too few
networks"), a row that overflows none ("not computable"). The exit status
is 3 when the report FAILs.
V, ρ, K₊₋ and APJN are infinite-width predictions: their O(ℓ/n) corrections
are not in the error bar.

The simulated values are printed to the second significant digit of their
standard error. The theory column prints only checked digits, at most
--digits D (default 9; at most 12, the float64 limit of every command):
it is computed twice, the second time with every Gaussian average moved by
its accuracy (1e-14 of itself, 1e-13 for a two-dimensional one), and each
value keeps the digits to which both runs, and the mirror of the second
about the first, round alike (Θ of --ntk: the digits its
error estimate certifies); z uses the float64 value, whose error is far
below the standard error. --digits D from 13 to 60 (--arch mlp only) computes
the theory column in high precision as depth --digits does: twice, with the
averages certified to D+10 and D+20 digits, each value keeping the digits
on which the two runs agree, from the exact decimals of --cb, --cw, --q and
--rho (K^(1) = C_b + C_W q, K₊₋^(1) = C_b + C_W ρ q, which the sampled
inputs have to float64 rounding). The two-input kernel of a smooth σ is
then Mehler's series, about 20 ms a layer at 30 digits for tanh (--depth
is limited to about 5 minutes of it; --inputs 1 leaves it out), which may
not converge on a kernel that grows geometrically (GELU at C_W = 3: an
error naming the layer). The residual, LayerNorm and BatchNorm maps are
computed in float64 only: with them --digits above 12 is an error.

--mode exact (default) draws each layer from its exact Gaussian law given
the tracked vectors (O(n·m²) per layer, Gaussian weights only); --mode
explicit draws the weight matrices and multiplies them (gonum BLAS; any
--law of the weights, --float32; biases are Gaussian under every law).
--arch is mlp, residual:mu=M, residual:alpha=A,lambda=B (z' = αz +
λ(b + Wσ(z))), ln-pre or ln-post (LayerNorm before or after σ,
ε = 0 unless ln-pre:eps=E) or bn[:eps=E,mu=M] (BatchNorm before σ over a
batch of --batch equicorrelated inputs, AutoInit's Pre-BN, optionally with
a residual μ; no APJN). For residual and normalized networks the theory is
infinite-width K, K₊₋, ρ and APJN (no V, G{1}); for BatchNorm it is the
large-batch map. Results do not depend on
the number of cores; the same --seed gives the same numbers.

--ntk also samples the networks with explicit Gaussian weights and
measures their neural tangent kernel (learning rates --lambda-b for the
biases and --lambda-w/n_{ℓ−1} for the weights, default C_b and C_W) by
backpropagating a random direction of each checked layer, and checks it
against the infinite-width Θ of PDLT (8.63) (its O(ℓ/n) corrections are
not in the error bar either).`,
		flags: func(fs *flag.FlagSet) any { return defineSimFlags(fs) },
		run:   runSim,
	})
}

type simFlags struct {
	cb, cw, q, rho     *exactFlag
	digits             int
	width, depth, n0   int
	nets               int
	inputs, tangents   int
	batch              int
	l0, every, workers int
	arch, mode, law    string
	backend            string
	seed               uint64
	float32, json      bool
	ntkFlags           simNTKFlags
}

func defineSimFlags(fs *flag.FlagSet) *simFlags {
	f := &simFlags{}
	f.cb, f.cw, f.q, f.rho = newExactFlag(0), newRequiredFlag(), newExactFlag(1), newExactFlag(0.5)
	fs.Var(f.cb, "cb", "bias variance `C_b` ≥ 0")
	fs.Var(f.cw, "cw", "weight variance `C_W` > 0 (required)")
	fs.IntVar(&f.width, "width", 0, "hidden width `n` (required)")
	fs.IntVar(&f.depth, "depth", 0, "number of layers `L` (required)")
	fs.IntVar(&f.n0, "n0", 0, "input dimension (default: the width)")
	fs.IntVar(&f.nets, "nets", 1000, "number of networks `M` ≥ 2")
	fs.IntVar(&f.inputs, "inputs", 2, "number of inputs, 1 or 2")
	fs.Var(f.q, "q", "input norm ‖x‖²/n0 > 0")
	fs.Var(f.rho, "rho", "correlation of the two inputs, in [−1, 1]")
	fs.IntVar(&f.digits, "digits", validate.DefaultDigits, float64OrHighUsage(" of the theory column", ", --arch mlp"))
	fs.IntVar(&f.tangents, "tangents", 1, "Hutchinson tangent vectors for the APJN (0: none, -1: whole Jacobian)")
	fs.IntVar(&f.l0, "l0", 1, "APJN 𝒥^{l0,l} from layer `l0` (0: from the input x)")
	fs.StringVar(&f.arch, "arch", "mlp", "architecture: mlp, residual:mu=M, residual:alpha=A,lambda=B, ln-pre[:eps=E], ln-post[:eps=E], bn[:eps=E,mu=M]")
	fs.IntVar(&f.batch, "batch", 64, "BatchNorm batch size (--arch bn): equicorrelated inputs at correlation --rho")
	fs.StringVar(&f.mode, "mode", "exact", "sampler: exact or explicit")
	fs.StringVar(&f.law, "law", "gaussian", "weight law: gaussian or uniform (explicit sampler)")
	fs.BoolVar(&f.float32, "float32", false, "explicit sampler in float32 (blas32)")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
	fs.StringVar(&f.backend, "backend", "cpu", "compute `backend`: cpu, gpu (plain MLPs with explicit Gaussian weights on a CUDA device) or auto (the device when there is one and the network is plain)")
	fs.IntVar(&f.every, "every", 0, "check every `k`-th layer (default: about 10 layers)")
	fs.IntVar(&f.workers, "workers", 0, "goroutines (default: all cores; does not change the numbers)")
	fs.BoolVar(&f.json, "json", false, "write JSON")
	defineSimNTKFlags(fs, &f.ntkFlags)
	return f
}

// simReport is the JSON output of `critcalc sim`.
type simReport struct {
	Expression string     `json:"expression"`
	Cb         jsonNum    `json:"C_b"`
	CW         jsonNum    `json:"C_W"`
	Widths     []int      `json:"widths"`
	Arch       string     `json:"arch"`
	Mode       string     `json:"mode"`
	Law        string     `json:"law"`
	Nets       int        `json:"nets"`
	Batch      int        `json:"batch,omitempty"`
	Seed       uint64     `json:"seed"`
	Backend    string     `json:"backend"`
	ZCrit      jsonNum    `json:"z_crit"`
	DOF        int        `json:"dof"`
	Pass       bool       `json:"pass"`
	Verdict    *string    `json:"verdict"`
	Judged     int        `json:"judged"`
	Digits     int        `json:"digits"`
	Checks     []simCheck `json:"checks"`
	Seconds    jsonNum    `json:"seconds"`
}

type simCheck struct {
	Quantity string `json:"quantity"`
	Layer    int    `json:"layer"`
	// Theory is written with its certified digits, TheoryDigits of them
	// (null, and 0, when not one digit is certified).
	Theory       jsonNum `json:"theory"`
	TheoryDigits int     `json:"theory_digits"`
	Empirical    jsonNum `json:"empirical"`
	StdErr       jsonNum `json:"stderr"`
	Z            jsonNum `json:"z"`
	Pass         bool    `json:"pass"`
	Verdict      string  `json:"verdict"`
}

func runSim(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineSimFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if f.n0 == 0 {
		f.n0 = f.width
	}
	cfg, err := simConfig(f)
	if err == nil {
		err = checkBackend(f.backend)
	}
	if err == nil {
		err = checkSimNTK(f, &cfg)
	}
	if err != nil {
		return usageError(c, stderr, err)
	}
	e, err := parseActivation(c.name, src, stderr)
	if err != nil {
		return exitError
	}
	cfg.Sigma = e
	if err := cfg.Validate(); err != nil {
		return usageError(c, stderr, errors.New(strings.TrimPrefix(err.Error(), "sim: ")))
	}
	opt, err := simOptions(f, e)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if f.backend == "gpu" && !cfg.Plain() {
		return usageError(c, stderr, errors.New("--backend gpu runs plain MLPs with explicit Gaussian weights, one input and no Jacobians (--mode explicit --inputs 1 --tangents 0 --arch mlp)"))
	}
	cfg.Progress = progressBar(stderr, "sim")
	start := time.Now()
	rep, res, backend, err := runOnBackend(f.backend, cfg, opt)
	if err == nil && f.ntkFlags.ntk {
		err = addSimNTK(f, cfg, rep, opt)
	}
	if err != nil {
		return report(c, stdout, stderr, f.json, err, nil, nil)
	}
	out := simReportFor(e.String(), f, cfg, rep, res, time.Since(start))
	out.Backend = backend
	code := report(c, stdout, stderr, f.json, nil, out, func(w io.Writer) { writeSimText(w, out) })
	return verdictExit(code, out.Verdict)
}

// simTwoInputDigitCost is the estimated time a layer and digit of the
// high-precision two-input kernel of a smooth σ, Mehler's series
// (recursions.IterateTwoDigits), with a margin of about 2.5 for a loaded
// machine: tanh takes about 20 ms a layer at 30 digits. The arc-cosine form
// of a scale-invariant σ (which has a kink) costs little beside the
// single-input averages.
const simTwoInputDigitCost = 1500 * time.Microsecond

// simOptions checks --digits and returns the options of the comparison:
// the digits of the theory column and, above calc.Float64Digits, the
// exact hyperparameters of its high-precision theory (a plain MLP only:
// the residual and normalized maps are computed in float64), whose
// first-layer kernel is the nominal one of --q and --rho, K^(1) = C_b +
// C_W q and K₊₋^(1) = C_b + C_W ρ q (the sampled inputs have it to float64
// rounding).
func simOptions(f *simFlags, e calc.Expr) (validate.Options, error) {
	opt := validate.Options{Every: f.every, Digits: f.digits}
	switch {
	case f.digits < 1 || f.digits > calc.MaxDigits:
		return opt, fmt.Errorf("--digits must be between 1 and %d, got %d", calc.MaxDigits, f.digits)
	case f.digits <= calc.Float64Digits:
		return opt, nil
	case f.arch != "mlp":
		return opt, fmt.Errorf("--digits %d: the theory of --arch %s is computed in float64 only, to at most %d checked digits (more need --arch mlp)",
			f.digits, f.arch, calc.Float64Digits)
	}
	smooth := calc.Smooth(e)
	perLayer := depthDigitsLayerCost(f.digits, smooth)
	if f.inputs == 2 && smooth {
		perLayer += time.Duration(f.digits) * simTwoInputDigitCost
	}
	if limit := min(100000, int(depthDigitsBudget/perLayer)); f.depth > limit {
		return opt, fmt.Errorf("--digits %d --depth %d: the theory would take about %s (about %v a layer); the limit at %d digits is %d layers",
			f.digits, f.depth, roughDuration(time.Duration(f.depth)*perLayer), perLayer, f.digits, limit)
	}
	k := func(rho *big.Rat) *big.Rat {
		r := new(big.Rat).Mul(f.cw.r, f.q.r)
		if rho != nil {
			r.Mul(r, rho)
		}
		return r.Add(r, f.cb.r)
	}
	ex := &validate.Exact{Cb: f.cb.r, CW: f.cw.r, K00: k(nil)}
	if f.inputs == 2 {
		ex.K11, ex.K01 = k(nil), k(f.rho.r)
	}
	opt.Exact = ex
	return opt, nil
}

// simConfig checks the flags and builds the networks' configuration.
func simConfig(f *simFlags) (sim.Config, error) {
	var cfg sim.Config
	switch {
	case !(f.cb.f >= 0) || math.IsInf(f.cb.f, 0):
		return cfg, fmt.Errorf("--cb must be finite and ≥ 0, got %g", f.cb.f)
	case !(f.cw.f > 0) || math.IsInf(f.cw.f, 0):
		return cfg, fmt.Errorf("--cw must be given, finite and > 0, got %g", f.cw.f)
	case f.width < 1 || f.width > 1<<20:
		return cfg, fmt.Errorf("--width must be given, between 1 and 1048576, got %d", f.width)
	case f.depth < 1 || f.depth > 100000:
		return cfg, fmt.Errorf("--depth must be given, between 1 and 100000, got %d", f.depth)
	case f.n0 < 1 || f.n0 > 1<<20:
		return cfg, fmt.Errorf("--n0 must be between 1 and 1048576, got %d", f.n0)
	case f.n0 < 2 && f.inputs == 2 && f.rho.f*f.rho.f != 1:
		return cfg, fmt.Errorf("two inputs at correlation --rho %g need an input dimension --n0 of 2 or more (it is the width unless given), got %d; or give --inputs 1", f.rho.f, f.n0)
	case f.nets < 2 || f.nets > 1<<30:
		return cfg, fmt.Errorf("--nets must be between 2 and 2³⁰, got %d", f.nets)
	case f.inputs != 1 && f.inputs != 2:
		return cfg, fmt.Errorf("--inputs must be 1 or 2, got %d", f.inputs)
	case !(f.q.f > 0) || math.IsInf(f.q.f, 0):
		return cfg, fmt.Errorf("--q must be finite and > 0, got %g", f.q.f)
	case !(f.rho.f >= -1 && f.rho.f <= 1):
		return cfg, fmt.Errorf("--rho must be in [−1, 1], got %g", f.rho.f)
	case f.tangents < -1 || f.tangents > 4096:
		return cfg, fmt.Errorf("--tangents must be −1 (whole Jacobian), 0 or up to 4096, got %d", f.tangents)
	case f.l0 < 0 || f.l0 > f.depth:
		return cfg, fmt.Errorf("--l0 must be between 0 (the input) and the depth %d, got %d", f.depth, f.l0)
	case f.every < 0:
		return cfg, fmt.Errorf("--every must be ≥ 1, got %d", f.every)
	case f.workers < 0:
		return cfg, fmt.Errorf("--workers must be ≥ 0, got %d", f.workers)
	case f.tangents == -1 && f.width > 2048:
		return cfg, fmt.Errorf("--tangents -1 tracks the whole Jacobian: at most width 2048, got %d", f.width)
	}
	cfg = sim.Config{Cb: f.cb.f, CW: f.cw.f, Nets: f.nets, Seed: f.seed, Workers: f.workers, Float32: f.float32,
		Tangents: f.tangents, JacobianFrom: f.l0}
	if f.l0 == 0 {
		cfg.InputJacobian = f.tangents != 0
	}
	cfg.Widths = networkWidths(f.n0, f.width, f.depth)
	var err error
	if cfg.Mode, err = parseMode(f.mode); err != nil {
		return cfg, err
	}
	// About 0.8 µs a unit of width per network and layer for the exact
	// sampler, 0.1 µs a weight for the explicit one (two cores).
	perNetLayer := time.Duration(float64(f.width) * 800)
	if cfg.Mode == sim.Explicit {
		perNetLayer += time.Duration(float64(f.width) * float64(f.width) * 100)
	}
	if err := checkSimCost("", f.nets, f.depth, perNetLayer, false); err != nil {
		return cfg, err
	}
	switch f.law {
	case "gaussian":
	case "uniform":
		cfg.Law = sim.Uniform
	default:
		return cfg, fmt.Errorf("--law must be gaussian or uniform, got %q", f.law)
	}
	if err := parseArch(f.arch, &cfg); err != nil {
		return cfg, err
	}
	if cfg.LayerNorm == sim.PreBN {
		if f.batch < 2 || f.batch >= f.n0 || f.batch > sim.MaxInputs {
			return cfg, fmt.Errorf("--batch must be between 2 and min(n0 − 1, %d), got %d (n0 = %d)", sim.MaxInputs, f.batch, f.n0)
		}
		if f.rho.f < 0 {
			return cfg, fmt.Errorf("--rho must be ≥ 0 for a BatchNorm batch, got %g", f.rho.f)
		}
		cfg.Tangents = 0
		cfg.Inputs, err = sim.EquicorrelatedInputs(f.n0, f.batch, f.q.f, f.rho.f, f.seed)
		return cfg, err
	}
	cfg.Inputs, err = sim.DefaultInputs(f.n0, f.inputs, f.q.f, f.rho.f, f.seed)
	return cfg, err
}

// networkWidths returns the widths n₀, n, …, n of an input of dimension
// n0 and depth layers of width n.
func networkWidths(n0, n, depth int) []int {
	ws := []int{n0}
	for range depth {
		ws = append(ws, n)
	}
	return ws
}

func parseMode(s string) (sim.Mode, error) {
	switch s {
	case "exact":
		return sim.Exact, nil
	case "explicit":
		return sim.Explicit, nil
	}
	return 0, fmt.Errorf("--mode must be exact or explicit, got %q", s)
}

// checkBackend accepts cpu, gpu and auto.
func checkBackend(s string) error {
	switch s {
	case "cpu", "gpu", "auto":
		return nil
	}
	return fmt.Errorf("--backend must be cpu, gpu or auto, got %q", s)
}

// checkCPUBackend is checkBackend for the commands that run on the CPU
// only (beta --sim, autoinit): auto means cpu, and gpu is an error.
func checkCPUBackend(s string) error {
	if s == "gpu" {
		return errors.New("--backend gpu: this command runs on the CPU; the GPU path covers `critcalc sim` on plain MLPs (use --backend cpu or auto)")
	}
	return checkBackend(s)
}

// gpuForward runs explicit-weight networks on a GPU. It is a variable so
// that the tests can put the CPU reference of the same kernels in its
// place on a machine without one.
var gpuForward = gpu.ExplicitForward

// runOnBackend samples the networks of cfg on the chosen backend and
// compares them with the theory. gpu runs a plain MLP (sim.Config.Plain)
// on the device and is an error otherwise or without a device; auto uses
// the device when the configuration is plain and a device is there, the
// CPU otherwise. It returns the backend that ran.
func runOnBackend(backend string, cfg sim.Config, opt validate.Options) (*validate.Report, *sim.Result, string, error) {
	if backend != "cpu" && cfg.Plain() {
		norms, err := gpuForward(gpu.ForwardConfig{Activation: cfg.Sigma, CW: cfg.CW, CB: cfg.Cb, Widths: cfg.Widths,
			Nets: cfg.Nets, Seed: cfg.Seed, Input: cfg.Inputs[0]})
		switch {
		case err == nil:
			th, err := validate.PredictWith(cfg, opt)
			if err != nil {
				return nil, nil, "", err
			}
			res, err := sim.FromNorms(cfg, norms)
			if err != nil {
				return nil, nil, "", err
			}
			rep, err := validate.Compare(res, th, opt)
			return rep, res, "gpu", err
		case backend == "gpu" || !errors.Is(err, gpu.ErrNoDevice) && !errors.Is(err, gpu.ErrNoCompiler):
			return nil, nil, "", fmt.Errorf("--backend %s: %w", backend, err)
		}
	}
	rep, res, err := validate.Run(cfg, opt)
	return rep, res, "cpu", err
}

// parseArch reads --arch into cfg.
func parseArch(s string, cfg *sim.Config) error {
	name, params, _ := strings.Cut(s, ":")
	vals := map[string]float64{}
	if params != "" {
		for _, kv := range strings.Split(params, ",") {
			k, v, ok := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(v, 64)
			if !ok || err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("--arch %q: want name=number, got %q", s, kv)
			}
			vals[k] = x
		}
	}
	allow := func(keys ...string) error {
		for k := range vals {
			if !contains(keys, k) {
				return fmt.Errorf("--arch %s takes %s, not %q", name, strings.Join(keys, ", "), k)
			}
		}
		return nil
	}
	switch name {
	case "mlp":
		return allow()
	case "residual":
		if err := allow("mu", "alpha", "lambda"); err != nil {
			return err
		}
		mu, hasMu := vals["mu"]
		a, hasA := vals["alpha"]
		l, hasL := vals["lambda"]
		switch {
		case hasMu && !hasA && !hasL:
			cfg.Alpha, cfg.Lambda = mu, 1
		case !hasMu && hasA && hasL:
			cfg.Alpha, cfg.Lambda = a, l
		default:
			return fmt.Errorf("--arch residual needs mu=M or both alpha=A,lambda=B, got %q", s)
		}
		if cfg.Alpha == 0 {
			return fmt.Errorf("--arch %q: a skip weight of 0 is the plain mlp", s)
		}
		return nil
	case "bn":
		if err := allow("eps", "mu"); err != nil {
			return err
		}
		cfg.LayerNorm = sim.PreBN
		cfg.Epsilon = vals["eps"]
		if mu, ok := vals["mu"]; ok && mu != 0 {
			cfg.Alpha, cfg.Lambda = mu, 1
		}
		if cfg.Epsilon < 0 {
			return fmt.Errorf("--arch %q: eps must be ≥ 0", s)
		}
		return nil
	case "ln-pre", "ln-post":
		if err := allow("eps"); err != nil {
			return err
		}
		cfg.LayerNorm = sim.PreLN
		if name == "ln-post" {
			cfg.LayerNorm = sim.PostLN
		}
		cfg.Epsilon = vals["eps"]
		if cfg.Epsilon < 0 {
			return fmt.Errorf("--arch %q: eps must be ≥ 0", s)
		}
		return nil
	}
	return fmt.Errorf("--arch must be mlp, residual:…, ln-pre, ln-post or bn, got %q", s)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func simReportFor(expr string, f *simFlags, cfg sim.Config, rep *validate.Report, res *sim.Result, d time.Duration) *simReport {
	out := &simReport{Expression: expr, Cb: floatNum(cfg.Cb, 15), CW: floatNum(cfg.CW, 15), Widths: cfg.Widths,
		Arch: f.arch, Mode: cfg.Mode.String(), Law: cfg.Law.String(), Nets: cfg.Nets, Seed: cfg.Seed,
		ZCrit: floatNum(rep.ZCrit, 3), DOF: int(rep.DOF), Pass: rep.Pass, Judged: rep.Judged,
		Verdict: reportVerdict(rep), Seconds: floatNum(d.Seconds(), 3), Digits: f.digits}
	if cfg.LayerNorm == sim.PreBN {
		out.Batch = len(cfg.Inputs)
	}
	for _, ch := range rep.Checks {
		th := certNum(ch.TheoryDigits)
		digits := 0
		if th != "" {
			digits = ch.TheoryDigits.Digits
		}
		out.Checks = append(out.Checks, simCheck{Quantity: ch.Quantity, Layer: ch.Layer,
			Theory: th, TheoryDigits: digits, Empirical: withError(ch.Empirical, ch.StdErr),
			StdErr: floatNum(ch.StdErr, 2), Z: fixedNum(ch.Z, 2), Pass: ch.Passed(), Verdict: ch.Verdict.String()})
	}
	return out
}

// exitFail is the exit status of a command whose report was written and
// says FAIL (sim, beta --sim, autoinit); the other statuses are in main.go.
const exitFail = 3

// reportVerdict is the joint verdict of rep: "PASS", "FAIL", or nil when
// no check could be judged (all too few networks or not computable).
func reportVerdict(rep *validate.Report) *string {
	v := "PASS"
	switch {
	case !rep.Pass:
		v = "FAIL"
	case rep.Judged == 0:
		return nil
	}
	return &v
}

// verdictExit turns the exit code of a written report into exitFail when
// its verdict is FAIL.
func verdictExit(code int, verdict *string) int {
	if code == exitOK && verdict != nil && *verdict == "FAIL" {
		return exitFail
	}
	return code
}

// withError formats a Monte-Carlo estimate v down to the decimal place
// of the second significant digit of its standard error se: with that
// many decimals where the place is 10⁰ to 10⁻¹⁵ and |v| ≥ 10⁻⁴ (or v
// rounds to zero there), in scientific notation with the significant
// digits down to that place otherwise (an APJN of 1.51e-19 ± 1.2e-20, a
// Var G of 2.2e5 ± 4.7e4).
func withError(v, se float64) jsonNum {
	if !(se > 0) || math.IsInf(se, 0) {
		return floatNum(v, 15)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	place := int(math.Floor(math.Log10(se))) - 1
	sig := 0 // v's significant digits down to 10^place
	if v != 0 {
		sig = 1 + int(math.Floor(math.Log10(math.Abs(v)))) - place
	}
	switch {
	case place <= 0 && place >= -15 && (sig < 1 || math.Abs(v) >= 1e-4):
		return fixedNum(v, -place)
	case sig >= 1:
		return floatNum(v, sig)
	case math.Abs(v) < 0.5*math.Pow(10, float64(place)):
		return "0"
	}
	// |v| rounds up to 10^place.
	return floatNum(math.Copysign(math.Pow(10, float64(place)), v), 1)
}

// fixedNum formats v with dec decimals (null when not finite).
func fixedNum(v float64, dec int) jsonNum {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	s := strconv.FormatFloat(v, 'f', dec, 64)
	if s == "-0" || strings.HasPrefix(s, "-0.") && strings.Trim(s[3:], "0") == "" {
		s = s[1:]
	}
	return jsonNum(s)
}

func writeSimText(w io.Writer, r *simReport) {
	fmt.Fprintf(w, "activation  %s   C_b = %s  C_W = %s   arch %s\n", r.Expression, r.Cb, r.CW, r.Arch)
	batch := ""
	if r.Batch > 0 {
		batch = fmt.Sprintf(", batch %d", r.Batch)
	}
	fmt.Fprintf(w, "networks    %d × depth %d, width %d, n0 = %d%s   %s sampler, %s weights, seed %d, %s\n\n",
		r.Nets, len(r.Widths)-1, r.Widths[len(r.Widths)-1], r.Widths[0], batch, r.Mode, r.Law, r.Seed, r.Backend)
	g := grid{columns: []string{"quantity", "l", "theory", "simulation", "± stderr", "z", ""}}
	for _, c := range r.Checks {
		v := c.Verdict
		z := string(c.Z)
		if z == "" && v == "FAIL" {
			z = "∞"
		}
		g.rows = append(g.rows, []string{c.Quantity, strconv.Itoa(c.Layer), string(c.Theory), string(c.Empirical), string(c.StdErr), z, v})
	}
	g.writeText(w)
	verdict := "no verdict (no check could be judged)"
	if r.Verdict != nil {
		verdict = *r.Verdict
	}
	skipped := ""
	if n := len(r.Checks) - r.Judged; n > 0 {
		skipped = fmt.Sprintf(" (%d without a verdict)", n)
	}
	fmt.Fprintf(w, "\n%d checks%s, |z| ≤ z_c = %s (Student t, %d d.o.f., Bonferroni over %d, family-wise α = 0.01): %s\n",
		len(r.Checks), skipped, r.ZCrit, r.DOF, r.Judged, verdict)
	fmt.Fprintf(w, "time        %s s\n", r.Seconds)
}

// progressBar returns a progress callback that draws a bar on stderr when
// it is a terminal, and nil otherwise.
func progressBar(stderr io.Writer, label string) func(done, total int) {
	f, ok := stderr.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var (
		mu   sync.Mutex
		last time.Time
	)
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done < total && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		const width = 30
		k := width * done / total
		fmt.Fprintf(f, "\r%s [%s%s] %d/%d", label, strings.Repeat("#", k), strings.Repeat(" ", width-k), done, total)
		if done == total {
			fmt.Fprintf(f, "\r%s\r", strings.Repeat(" ", len(label)+width+30))
		}
	}
}
