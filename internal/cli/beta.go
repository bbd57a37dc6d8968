package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"critcalc/calc"
	"critcalc/loggauss"
	"critcalc/sim"

	"gonum.org/v1/gonum/stat/distuv"
)

func init() {
	commands = append(commands, &command{
		name:    "beta",
		usage:   "--width n --depth d [--widths n0,…,nd] [--alpha a --lambda l] [--act EXPR] [--nin n] [--nout n] [--sim --nets M --seed S] [--bins B] [--workers W] [--backend cpu|auto] [--digits D] [--json]",
		summary: "log-Gaussian output law of deep ReLU networks: β, E[G], Var[G], exact moments, simulation",
		detail: `For z⁰ = √(1/n_in)W⁰x, z^ℓ = √(C_W/n)W^ℓσ(z^{ℓ−1}) (ℓ = 1…d), z_out =
√(1/n)W_out z^d with iid N(0, 1) weights and no biases, ln‖z_out‖² = G +
ln χ²_{n_out} + ln(‖x‖²/n_in) with G = ln[(‖z^d‖²/n)/(‖x‖²/n_in)]
approximately N(−β/2, β), β = 2/n + 5d/n (log-Gaussian notes, Theorem 2;
see README References). Prints β, the log-Gaussian moments, and the exact
finite-width E[G], Var[G] of the product representation (package
loggauss). --widths gives the hidden widths n₀ … n_d
(the 2/n term belongs to the last one); --alpha, --lambda the residual
network z^ℓ = αz^{ℓ−1} + λ√(2/n)W^ℓσ(z^{ℓ−1}) (variance only); --act a
scale-invariant σ at C_W = 1/A₂ (default relu).

--sim samples M networks (the exact sampler of package sim, reproducible for a
seed on any number of cores) and adds the empirical moments of G with
standard errors, the z-scores against the exact and the log-Gaussian values,
and the density of ln‖z_out‖² beside the log-normal law and the Gaussian
(G = 0) law, with Kolmogorov–Smirnov distances to those two and to the
log-normal law with the exact moments of G.

--digits D (1 to 60, default 10) is the significant digits of the theory
values, each certified: β and −β/2 of a ReLU network are exact rationals;
the exact moments (sums of ψ, ψ′ and logarithms) and p_zero are computed
at two working precisions (D+15 and D+30 digits) and keep the digits on
which both agree; β of another scale-invariant σ from its slopes the same
way, and the residual network's β (its sum over layer pairs, with the
tail bounded). The exact moments of a leaky σ are series in the ratio of
the squared slopes with exact Beta moments (at most 6·10⁵ terms in all;
beyond, as for slopes far apart or wide layers, they are the float64
quadrature, about 1e-14, with at most 10 digits, and --digits above 10 is
an error). p_zero and log10_p_condition show 3 and 6 digits unless
--digits is given. The simulated values show the digits of their standard
errors, whatever D.`,
		flags: func(fs *flag.FlagSet) any { return defineBetaFlags(fs) },
		run:   runBeta,
	})
}

type betaFlags struct {
	width, depth    int
	widths          string
	alpha, lambda   float64
	act             string
	sim             bool
	nets, nin, nout int
	seed            uint64
	bins, workers   int
	backend         string
	json            bool
	// digits is --digits D; digitsSet records that it was given (p_zero
	// and log10_p_condition then show D digits, else 3 and 6).
	digits    int
	digitsSet bool
}

func defineBetaFlags(fs *flag.FlagSet) *betaFlags {
	f := &betaFlags{}
	fs.IntVar(&f.width, "width", 0, "hidden width `n`")
	fs.IntVar(&f.depth, "depth", -1, "number of hidden layers `d` after z⁰")
	fs.StringVar(&f.widths, "widths", "", "hidden widths `n0,…,nd` (instead of --width, --depth)")
	fs.Float64Var(&f.alpha, "alpha", math.NaN(), "residual skip weight α > 0 (with --lambda, α² + λ² = 1)")
	fs.Float64Var(&f.lambda, "lambda", math.NaN(), "residual branch weight λ > 0")
	fs.StringVar(&f.act, "act", "relu", "scale-invariant activation `EXPR`")
	fs.BoolVar(&f.sim, "sim", false, "simulate networks")
	fs.IntVar(&f.nets, "nets", 1<<15, "networks to simulate `M`")
	fs.IntVar(&f.nin, "nin", 10, "input dimension n_in (‖x‖²/n_in = 1)")
	fs.IntVar(&f.nout, "nout", 10, "output dimension n_out")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed")
	fs.IntVar(&f.bins, "bins", 24, "histogram bins for the density of ln‖z_out‖²")
	fs.IntVar(&f.workers, "workers", 0, "goroutines (default: all cores; does not change the numbers)")
	fs.StringVar(&f.backend, "backend", "cpu", "compute backend: cpu (auto means cpu)")
	fs.BoolVar(&f.json, "json", false, "write JSON")
	fs.IntVar(&f.digits, "digits", betaFloatDigits, fmt.Sprintf("significant digits `D` of the theory values (1 to %d)", loggauss.MaxDigits))
	return f
}

// betaReport is the JSON output of `critcalc beta`.
type betaReport struct {
	Activation string  `json:"activation"`
	Widths     []int   `json:"widths"`
	Alpha      jsonNum `json:"alpha,omitempty"`
	Lambda     jsonNum `json:"lambda,omitempty"`
	Beta       jsonNum `json:"beta"`
	MeanG      jsonNum `json:"mean_G"`
	VarG       jsonNum `json:"var_G"`
	ExactMeanG jsonNum `json:"exact_mean_G"`
	ExactVarG  jsonNum `json:"exact_var_G"`
	// PZero is the probability that some hidden layer z⁰ … z^{d−1} is
	// entirely inactive (z_out = 0, G = −∞); the exact moments and the
	// samples are conditional on its complement, of probability
	// 10^Log10PCondition.
	PZero           jsonNum        `json:"p_zero,omitempty"`
	Log10PCondition jsonNum        `json:"log10_p_condition,omitempty"`
	Verdict         *string        `json:"verdict,omitempty"`
	Empirical       *betaEmpirical `json:"empirical,omitempty"`
}

type betaEmpirical struct {
	Nets        int         `json:"nets"`
	Seed        uint64      `json:"seed"`
	MeanG       jsonNum     `json:"mean_G"`
	VarG        jsonNum     `json:"var_G"`
	StderrMean  jsonNum     `json:"stderr_mean"`
	StderrVar   jsonNum     `json:"stderr_var"`
	ZMeanExact  jsonNum     `json:"z_mean_exact"`
	ZVarExact   jsonNum     `json:"z_var_exact"`
	ZMeanBeta   jsonNum     `json:"z_mean_beta"`
	ZVarBeta    jsonNum     `json:"z_var_beta"`
	MeanLogOut  jsonNum     `json:"mean_log_out"`
	VarLogOut   jsonNum     `json:"var_log_out"`
	KSLogNormal jsonNum     `json:"ks_lognormal"`
	KSExact     jsonNum     `json:"ks_lognormal_exact,omitempty"`
	KSGaussian  jsonNum     `json:"ks_gaussian"`
	KSCritical  jsonNum     `json:"ks_critical"`
	ZCrit       jsonNum     `json:"z_crit,omitempty"`
	Judged      int         `json:"judged,omitempty"`
	Density     betaDensity `json:"density"`
}

type betaDensity struct {
	Y         []jsonNum `json:"y"`
	Empirical []jsonNum `json:"empirical"`
	LogNormal []jsonNum `json:"lognormal"`
	Gaussian  []jsonNum `json:"gaussian"`
}

func runBeta(c *command, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(c, stderr)
	f := defineBetaFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if len(pos) != 0 {
		return usageError(c, stderr, fmt.Errorf("no positional arguments expected, got %q (the activation goes in --act)", pos[0]))
	}
	fs.Visit(func(fl *flag.Flag) { f.digitsSet = f.digitsSet || fl.Name == "digits" })
	if f.digits < 1 || f.digits > loggauss.MaxDigits {
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", loggauss.MaxDigits, f.digits))
	}

	widths, err := betaWidths(f)
	if err == nil {
		err = checkCPUBackend(f.backend)
	}
	if err == nil && f.sim {
		n := 0
		for _, w := range widths[1:] {
			n = max(n, w)
		}
		err = checkSimCost("--sim: ", f.nets, len(widths)-1, netLayerCost+time.Duration(n)*netLayerWidthCost, false)
	}
	if err != nil {
		return usageError(c, stderr, err)
	}
	e, err := parseActivation(c.name, f.act, stderr)
	if err != nil {
		return exitError
	}
	rep, err := betaReportFor(e, widths, f, stderr)
	code := report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeBetaText(w, rep) })
	if rep == nil {
		return code
	}
	return verdictExit(code, rep.Verdict)
}

// betaWidths reads the hidden widths n₀ … n_d from the flags.
func betaWidths(f *betaFlags) ([]int, error) {
	residual := !math.IsNaN(f.alpha) || !math.IsNaN(f.lambda)
	switch {
	case residual && (!(f.alpha > 0) || !(f.lambda > 0) || math.Abs(f.alpha*f.alpha+f.lambda*f.lambda-1) > 1e-12):
		return nil, fmt.Errorf("--alpha and --lambda go together, both > 0 with α² + λ² = 1, got %g, %g", f.alpha, f.lambda)
	case f.sim && (f.nets < 2 || f.nets > 1<<30):
		return nil, fmt.Errorf("--nets must be between 2 and 2³⁰, got %d", f.nets)
	case f.nin < 1 || f.nout < 1 || f.nin > 1<<20 || f.nout > 1<<20:
		return nil, fmt.Errorf("--nin and --nout must be between 1 and 1048576, got %d, %d", f.nin, f.nout)
	case f.bins < 2 || f.bins > 1000:
		return nil, fmt.Errorf("--bins must be between 2 and 1000, got %d", f.bins)
	case f.workers < 0:
		return nil, fmt.Errorf("--workers must be ≥ 0, got %d", f.workers)
	}
	if f.widths != "" {
		if f.width != 0 {
			return nil, fmt.Errorf("--widths and --width exclude each other")
		}
		if residual {
			return nil, fmt.Errorf("--widths and --alpha/--lambda exclude each other")
		}
		var ws []int
		for _, s := range strings.Split(f.widths, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 || n > 1<<20 {
				return nil, fmt.Errorf("--widths: %q is not a width between 1 and 1048576", s)
			}
			ws = append(ws, n)
		}
		if f.depth >= 0 && f.depth != len(ws)-1 {
			return nil, fmt.Errorf("--depth %d disagrees with --widths (%d widths n₀ … n_d give d = %d)", f.depth, len(ws), len(ws)-1)
		}
		if len(ws)-1 > 100000 {
			return nil, fmt.Errorf("--widths: at most 100000 hidden layers")
		}
		return ws, nil
	}
	switch {
	case f.width < 1 || f.width > 1<<20:
		return nil, fmt.Errorf("--width must be given, between 1 and 1048576, got %d", f.width)
	case f.depth < 0 || f.depth > 100000:
		return nil, fmt.Errorf("--depth must be given, between 0 and 100000, got %d", f.depth)
	}
	ws := make([]int, f.depth+1)
	for i := range ws {
		ws[i] = f.width
	}
	return ws, nil
}

func betaReportFor(e calc.Expr, widths []int, f *betaFlags, stderr io.Writer) (*betaReport, error) {
	d := len(widths) - 1
	n := widths[0]
	equal := true
	for _, w := range widths {
		equal = equal && w == n
	}
	residual := !math.IsNaN(f.alpha)
	si, isSI, err := calc.DetectScaleInvariant(e, 64)
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	if !isSI {
		return nil, fmt.Errorf("beta: %s is not scale-invariant (σ(z) = a₊z for z ≥ 0, a₋z for z < 0); the log-Gaussian law is for the ReLU family", e)
	}
	ap, _ := si.APlus.Float64()
	am, _ := si.AMinus.Float64()
	a2 := (ap*ap + am*am) / 2
	isReLU := ap == 1 && am == 0
	rep := &betaReport{Activation: e.String(), Widths: widths}
	num := func(v float64) jsonNum { return floatNum(v, min(f.digits, betaFloatDigits)) }
	var beta float64
	var exact *loggauss.Moments
	switch {
	case residual:
		if !isReLU {
			return nil, fmt.Errorf("beta: the residual network is for relu only")
		}
		rep.Alpha, rep.Lambda = floatNum(f.alpha, 15), floatNum(f.lambda, 15)
		beta, err = loggauss.BetaResidual(n, d, f.alpha, f.lambda)
	case !equal:
		if !isReLU {
			return nil, fmt.Errorf("beta: unequal widths are for relu only")
		}
		beta, err = loggauss.BetaWidths(widths)
		if err == nil {
			m, e2 := loggauss.ExactMomentsWidths(widths)
			exact, err = &m, e2
		}
	case isReLU:
		beta = loggauss.Beta(n, d)
		m, e2 := loggauss.ExactMoments(n, d)
		exact, err = &m, e2
	default:
		beta, err = loggauss.BetaScaleInvariant(n, d, e)
		if err == nil {
			m, e2 := loggauss.ExactMomentsScaleInvariant(n, d, e)
			exact, err = &m, e2
		}
	}
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	rep.Beta, rep.VarG = num(beta), num(beta)
	if !residual {
		rep.MeanG = num(-beta / 2)
	}
	if exact != nil {
		rep.ExactMeanG, rep.ExactVarG = num(exact.MeanG), num(exact.VarG)
		if am == 0 {
			p, err := loggauss.ZeroEventProbability(widths)
			if err != nil {
				return nil, fmt.Errorf("beta: %w", err)
			}
			logP := 0.0
			for _, w := range widths[:d] {
				logP += math.Log1p(-math.Ldexp(1, -w))
			}
			rep.PZero, rep.Log10PCondition = floatNum(p, 3), floatNum(logP/math.Ln10, 6)
		}
	}
	if err := betaDigitsInto(rep, e, widths, equal, isReLU, residual, am == 0 || ap == 0, f); err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	if !f.sim {
		return rep, nil
	}
	cfg := sim.Config{Sigma: e, CW: 1 / a2, FirstCW: 1, Readout: f.nout, Nets: f.nets, Seed: f.seed, Workers: f.workers}
	if residual {
		cfg.CW, cfg.Alpha, cfg.Lambda = 2, f.alpha, f.lambda
	}
	cfg.Widths = append([]int{f.nin}, widths...)
	if cfg.Inputs, err = sim.DefaultInputs(f.nin, 1, 1, 0, f.seed); err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	cfg.Progress = progressBar(stderr, "beta")
	res, err := sim.Run(cfg)
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	g, err := res.LogGain()
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	out, err := res.LogOut()
	if err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	emp := &betaEmpirical{Nets: f.nets, Seed: f.seed,
		MeanG: withError(g.Mean.Value, g.Mean.StdErr), VarG: withError(g.Var.Value, g.Var.StdErr),
		StderrMean: floatNum(g.Mean.StdErr, 2), StderrVar: floatNum(g.Var.StdErr, 2),
		MeanLogOut: withError(out.Mean.Value, out.Mean.StdErr), VarLogOut: withError(out.Var.Value, out.Var.StdErr)}
	z := func(e sim.Estimate, want float64) jsonNum { return fixedNum((e.Value-want)/e.StdErr, 2) }
	if exact != nil {
		emp.ZMeanExact, emp.ZVarExact = z(g.Mean, exact.MeanG), z(g.Var, exact.VarG)
		// The verdict: E[G] and Var[G] against the exact moments, Student t
		// with M − 1 degrees of freedom, Bonferroni over the two (family-wise
		// α = 0.01). The z-scores against β are leading-order comparisons
		// and take no part in it.
		// Var[G] is judged from minNetsVarG networks on: the error bar of
		// a variance from fewer samples has heavy tails.
		checks := []struct {
			e    sim.Estimate
			want float64
		}{{g.Mean, exact.MeanG}}
		if f.nets >= minNetsVarG {
			checks = append(checks, checks[0])
			checks[1].e, checks[1].want = g.Var, exact.VarG
		}
		zc := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(f.nets - 1)}.Quantile(1 - 0.01/(2*float64(len(checks))))
		emp.ZCrit, emp.Judged = floatNum(zc, 3), len(checks)
		v := "PASS"
		for _, c := range checks {
			err := math.Hypot(c.e.StdErr, 1e-9*math.Abs(c.want))
			if !(math.Abs(c.e.Value-c.want) <= zc*err) {
				v = "FAIL"
			}
		}
		rep.Verdict = &v
	}
	if !residual {
		emp.ZMeanBeta = z(g.Mean, -beta/2)
	}
	emp.ZVarBeta = z(g.Var, beta)
	if exact != nil {
		law := loggauss.OutputLaw{G: *exact, NOut: f.nout, XScale: 1}
		ks, err := law.KolmogorovSmirnov(res.LogOutSamples())
		if err != nil {
			return nil, fmt.Errorf("beta: %w", err)
		}
		emp.KSExact = floatNum(ks, 3)
	}
	if err := betaDensityFor(emp, res.LogOutSamples(), beta, residual, f); err != nil {
		return nil, fmt.Errorf("beta: %w", err)
	}
	rep.Empirical = emp
	return rep, nil
}

// minNetsVarG is the smallest number of networks at which beta --sim
// judges Var[G]. The delta-method error bar of a variance from M samples
// is itself noisy and heavy-tailed, more so for G than for sim's V (the
// log-gain of a deep narrow network has a large kurtosis): with Var[G]
// judged, the correct exact moments FAILed (width 32, depth 10, 1000
// seeds) in 21% of seeds at M = 5, 14.5% at M = 10 and 2.4% at M = 100.
const minNetsVarG = 300

// betaDensityFor fills the histogram of ln‖z_out‖² and the two laws, and the
// Kolmogorov–Smirnov distances.
func betaDensityFor(emp *betaEmpirical, ys []float64, beta float64, residual bool, f *betaFlags) error {
	lo, hi := ys[0], ys[0]
	for _, y := range ys {
		lo, hi = math.Min(lo, y), math.Max(hi, y)
	}
	ln := loggauss.OutputLaw{G: loggauss.Moments{MeanG: -beta / 2, VarG: beta}, NOut: f.nout, XScale: 1}
	gauss, err := loggauss.InfiniteWidthLaw(f.nout, 1)
	if err != nil {
		return err
	}
	counts := make([]int, f.bins)
	h := (hi - lo) / float64(f.bins)
	for _, y := range ys {
		k := min(int((y-lo)/h), f.bins-1)
		counts[k]++
	}
	mids := make([]float64, f.bins)
	for k := range mids {
		mids[k] = lo + (float64(k)+0.5)*h
	}
	var dl []float64
	if !residual {
		if dl, err = ln.Density(mids); err != nil {
			return err
		}
	}
	dg, err := gauss.Density(mids)
	if err != nil {
		return err
	}
	for k, m := range mids {
		emp.Density.Y = append(emp.Density.Y, floatNum(m, 4))
		emp.Density.Empirical = append(emp.Density.Empirical, floatNum(float64(counts[k])/(float64(len(ys))*h), 3))
		if dl != nil {
			emp.Density.LogNormal = append(emp.Density.LogNormal, floatNum(dl[k], 3))
		}
		emp.Density.Gaussian = append(emp.Density.Gaussian, floatNum(dg[k], 3))
	}
	if !residual {
		ks, err := ln.KolmogorovSmirnov(ys)
		if err != nil {
			return err
		}
		emp.KSLogNormal = floatNum(ks, 3)
	}
	ks, err := gauss.KolmogorovSmirnov(ys)
	if err != nil {
		return err
	}
	emp.KSGaussian = floatNum(ks, 3)
	emp.KSCritical = floatNum(1.358/math.Sqrt(float64(len(ys))), 3)
	return nil
}

func writeBetaText(w io.Writer, r *betaReport) {
	d := len(r.Widths) - 1
	fmt.Fprintf(w, "activation  %s   hidden widths n₀ … n_%d: %s", r.Activation, d, widthsText(r.Widths))
	if r.Alpha != "" {
		fmt.Fprintf(w, "   residual α = %s, λ = %s", r.Alpha, r.Lambda)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "β\t%s\n", r.Beta)
	if r.MeanG != "" {
		fmt.Fprintf(tw, "E[G] = −β/2\t%s\n", r.MeanG)
	}
	fmt.Fprintf(tw, "Var[G] = β\t%s\n", r.VarG)
	if r.ExactMeanG != "" {
		fmt.Fprintf(tw, "exact E[G]\t%s\t(finite width, product representation)\n", r.ExactMeanG)
		fmt.Fprintf(tw, "exact Var[G]\t%s\n", r.ExactVarG)
	}
	tw.Flush()
	if r.PZero != "" {
		fmt.Fprintf(w, "exact moments conditioned on no hidden layer z⁰ … z^%d entirely inactive: probability %s (p_zero = %s)\n", d-1, conditionText(r), r.PZero)
	}
	e := r.Empirical
	if e == nil {
		return
	}
	fmt.Fprintf(w, "\nsimulation  %d networks, seed %d\n\n", e.Nets, e.Seed)
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "\tsimulation\t± stderr\tz vs exact\tz vs β\n")
	fmt.Fprintf(tw, "E[G]\t%s\t%s\t%s\t%s\n", e.MeanG, e.StderrMean, orMissing(e.ZMeanExact), orMissing(e.ZMeanBeta))
	fmt.Fprintf(tw, "Var[G]\t%s\t%s\t%s\t%s\n", e.VarG, e.StderrVar, orMissing(e.ZVarExact), orMissing(e.ZVarBeta))
	fmt.Fprintf(tw, "E ln‖z_out‖²\t%s\n", e.MeanLogOut)
	fmt.Fprintf(tw, "Var ln‖z_out‖²\t%s\n", e.VarLogOut)
	tw.Flush()
	if r.Verdict != nil {
		what := "E[G], Var[G]"
		if e.Judged == 1 {
			what = fmt.Sprintf("E[G] (Var[G]: too few networks, below %d)", minNetsVarG)
		}
		fmt.Fprintf(w, "\n%s against the exact moments: |z| ≤ z_c = %s (Student t, %d d.o.f., Bonferroni over %d, family-wise α = 0.01): %s\n",
			what, e.ZCrit, e.Nets-1, e.Judged, *r.Verdict)
	}
	fmt.Fprintf(w, "\nKolmogorov–Smirnov distance of ln‖z_out‖² (5%% critical value %s):", e.KSCritical)
	if e.KSLogNormal != "" {
		fmt.Fprintf(w, " log-normal (β) %s,", e.KSLogNormal)
	}
	if e.KSExact != "" {
		fmt.Fprintf(w, " log-normal (exact moments) %s,", e.KSExact)
	}
	fmt.Fprintf(w, " Gaussian (G = 0) %s\n\n", e.KSGaussian)
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "ln‖z_out‖²\tsimulation\tlog-normal\tG = 0\t\n")
	for k, y := range e.Density.Y {
		ln := missingText
		if e.Density.LogNormal != nil {
			ln = string(e.Density.LogNormal[k])
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", y, e.Density.Empirical[k], ln, e.Density.Gaussian[k])
	}
	tw.Flush()
}

// conditionText writes the probability of the conditioning event, 1 −
// p_zero, readably when it is near 1 or below float64's range.
func conditionText(r *betaReport) string {
	l, _ := strconv.ParseFloat(string(r.Log10PCondition), 64)
	p, _ := strconv.ParseFloat(string(r.PZero), 64)
	switch {
	case p < 1e-3:
		return "1 − " + string(r.PZero)
	case l > -300:
		return strconv.FormatFloat(math.Pow(10, l), 'g', 4, 64)
	}
	return "10^" + strconv.FormatFloat(l, 'f', 1, 64)
}

func widthsText(ws []int) string {
	for _, w := range ws {
		if w != ws[0] {
			parts := make([]string, len(ws))
			for i, w := range ws {
				parts[i] = strconv.Itoa(w)
			}
			return strings.Join(parts, ",")
		}
	}
	return fmt.Sprintf("%d × %d", len(ws), ws[0])
}
