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
	"sync"
	"time"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/recursions"
)

func init() {
	commands = append(commands, &command{
		name:    "depth",
		usage:   "EXPR --cb X --cw Y --layers L [--k1 K1] [--width n | --widths n1,…] [--renormalize] [--inputs K11,K22,K12] [--ntk [--lambda-b X --lambda-w Y]] [--every k] [--digits D] [--json|--csv]",
		summary: "layer-by-layer kernel K, four-point vertex V and NLO metric G{1} of a deep MLP",
		detail: `Iterates PDLT's single-input recursions from K^(1) = K1, V^(1) = 0, G{1}^(1) = 0:
K' = C_b + C_W g(K) (5.108), V' = χ∥²V + C_W²(⟨σ⁴⟩ − ⟨σ²⟩²) (5.109),
G{1}' = χ∥G{1} + j(K)V/(8K²) (5.110). --renormalize adds the finite-width
tuning c_b{1} = 0, c_W{1} = (2/3)C_W of (5.140)–(5.142). With --width n the
rows also carry V/(nK²) and K + G{1}/n.

With --inputs K11,K22,K12 (the first-layer kernel of two inputs x₊, x₋)
the rows add the exact two-input kernel K₊₊, K₋₋, K₊₋ (5.1), its
correlation ρ and polar angle ψ (for a scale-invariant σ the exact
arc-cosine recursion (5.160), iterated through 1 − cos ψ so that small
angles keep their digits; for σ without kinks Mehler's series with
Gauss–Hermite moments of the diagonal entries, microseconds a layer;
otherwise a two-dimensional Gaussian integral, about a millisecond a
layer where σ is piecewise polynomial of degree at most 2 or has
exponential pieces (hard tanh, ReLU6, hard swish, ELU, SELU: the inner
expectations in closed form), several milliseconds where it is not), and
the bootstrapped δK[1], δδK[2]
(5.46)–(5.48) started from K[0], K[1], K[2] of the inputs.

Numbers are float64 recursions of Gaussian averages accurate to ~1e-14 per
layer, iterated twice, the second time with every average moved by its
accuracy; each value keeps the digits, at most --digits D (default 9, at
most 12, the float64 limit of every command), to which both runs and the
mirror of the second about the first round alike (checked for tanh, GELU
and erf against the high-precision iteration). With
--digits D from 13 to 60 (at most the layers that take about 5 minutes at
an estimated 50 µs a layer per digit for a smooth σ, or a scale-invariant
one without --inputs, and 1.2 ms for another with kinks, 4166 at 60
digits) K, V, G{1}, χ∥ and χ⊥, and with --inputs the two-input columns,
are iterated in high precision twice, with averages certified to D+10
and D+20 digits, and each value keeps the digits on which the two runs
agree: ψ keeps fewer as ρ → ±1 (unless σ is scale-invariant). The two-input average of a σ that is not scale-invariant
is then Mehler's Hermite series with a bounded tail, which needs a smooth σ.
--cb, --cw, --k1 and --inputs are exact decimals or fractions.

--ntk adds the neural tangent kernel Θ (PDLT (8.63)): Θ' = λ_b + λ_W⟨σ²⟩
+ C_W⟨σ'²⟩Θ from Θ^(1) = λ_b + λ_W K^(0), K^(0) = (K1 − C_b)/C_W, and with
--inputs Θ₊₊, Θ₋₋, Θ₊₋ from ⟨σ(z₊)σ(z₋)⟩ and ⟨σ'(z₊)σ'(z₋)⟩. The
learning rates --lambda-b and --lambda-w default to C_b and C_W (the NTK
parameterization, Θ^(1) = K^(1)).`,
		flags: func(fs *flag.FlagSet) any { return defineDepthFlags(fs) },
		run:   runDepth,
	})
}

// depthDigits is how many significant digits `critcalc depth` (and
// `kernel`) prints by default; up to calc.Float64Digits come from the
// checked float64 runs, more from the high-precision iteration.
const depthDigits = 9

type depthFlags struct {
	cb, cw, k1  *exactFlag
	layers      int
	width       int
	renormalize bool
	inputs      string
	widths      string
	every       int
	digits      int
	widthList   []int // parsed --widths
	json, csv   bool
	ntk         bool
	lambdaB     *exactFlag // --lambda-b; nil value: C_b
	lambdaW     *exactFlag // --lambda-w; nil value: C_W
}

// float64Digits is how many digits the float64 runs print: --digits, at
// most calc.Float64Digits.
func (f *depthFlags) float64Digits() int { return min(f.digits, calc.Float64Digits) }

func defineDepthFlags(fs *flag.FlagSet) *depthFlags {
	f := &depthFlags{}
	f.cb, f.cw, f.k1 = newRequiredFlag(), newRequiredFlag(), newExactFlag(1)
	fs.Var(f.cb, "cb", "bias variance `C_b` ≥ 0 (required)")
	fs.Var(f.cw, "cw", "weight variance `C_W` > 0 (required)")
	fs.Var(f.k1, "k1", "first-layer kernel `K1` > 0 (default 1)")
	fs.StringVar(&f.widths, "widths", "", "hidden widths `n1,…,n(L−1)` of unequal layers (float64 only)")
	fs.StringVar(&f.inputs, "inputs", "", "first-layer kernel `K11,K22,K12` of two inputs: adds the two-input columns")
	fs.IntVar(&f.digits, "digits", depthDigits, float64OrHighUsage("", ""))
	fs.IntVar(&f.layers, "layers", 0, "number of layers `L` (1 to 1000000, required)")
	fs.IntVar(&f.width, "width", 0, "hidden width `n` for V/(nK²) and K + G{1}/n (0: none)")
	fs.BoolVar(&f.renormalize, "renormalize", false, "use c_b{1} = 0, c_W{1} = (2/3)C_W in the G{1} recursion (5.142)")
	fs.IntVar(&f.every, "every", 0, "print every `k`-th layer (default: about 100 rows)")
	fs.BoolVar(&f.json, "json", false, "write JSON")
	fs.BoolVar(&f.csv, "csv", false, "write CSV")
	defineDepthNTKFlags(fs, f)
	return f
}

// depthReport is the JSON output of `critcalc depth`.
type depthReport struct {
	Expression string     `json:"expression"`
	Cb         jsonNum    `json:"C_b"`
	CW         jsonNum    `json:"C_W"`
	Digits     int        `json:"digits"`
	Layers     []depthRow `json:"layers"`
	// Asymptotics sets the large-depth predictions against fits of the
	// iterated sequences (float64 runs of at least minFitLayers layers).
	Asymptotics *depthAsymptotics `json:"asymptotics,omitempty"`
	// ntkColumns are the NTK columns the rows carry (--ntk).
	ntkColumns []string
}

type depthRow struct {
	L          int     `json:"l"`
	K          jsonNum `json:"K"`
	V          jsonNum `json:"V"`
	G1         jsonNum `json:"G1"`
	ChiPar     jsonNum `json:"chi_par"`
	ChiPerp    jsonNum `json:"chi_perp"`
	VOverNK2   jsonNum `json:"V_over_nK2,omitempty"`
	KPlusG1OvN jsonNum `json:"K_plus_G1_over_n,omitempty"`
	Kpp        jsonNum `json:"K_pp,omitempty"`
	Kmm        jsonNum `json:"K_mm,omitempty"`
	Kpm        jsonNum `json:"K_pm,omitempty"`
	Rho        jsonNum `json:"rho,omitempty"`
	Psi        jsonNum `json:"psi,omitempty"`
	DK1        jsonNum `json:"dK1,omitempty"`
	DDK2       jsonNum `json:"ddK2,omitempty"`
	Theta      jsonNum `json:"Theta,omitempty"`
	ThetaPP    jsonNum `json:"Theta_pp,omitempty"`
	ThetaMM    jsonNum `json:"Theta_mm,omitempty"`
	ThetaPM    jsonNum `json:"Theta_pm,omitempty"`
}

// depthInputs is the parsed --inputs: the first-layer two-input kernel,
// in float64 and as the exact numbers its decimals (or fractions) denote.
type depthInputs struct {
	kpp, kmm, kpm float64
	exact         [3]*big.Rat // K11, K22, K12
}

func parseInputs(s string) (*depthInputs, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("--inputs wants K11,K22,K12, got %q", s)
	}
	in := &depthInputs{}
	dst := [3]*float64{&in.kpp, &in.kmm, &in.kpm}
	for i, p := range parts {
		var x exactFlag
		if err := x.Set(strings.TrimSpace(p)); err != nil {
			return nil, fmt.Errorf("--inputs: %q is not a finite number", p)
		}
		in.exact[i] = x.r
		*dst[i] = x.f
	}
	switch {
	case !(in.kpp > 0) || !(in.kmm > 0):
		return nil, fmt.Errorf("--inputs: K11 and K22 must be > 0, got %g, %g", in.kpp, in.kmm)
	case math.Abs(in.kpm) > hermite.SqrtProduct(in.kpp, in.kmm):
		return nil, fmt.Errorf("--inputs: |K12| = %g exceeds √(K11·K22) = %g: not a kernel", math.Abs(in.kpm), hermite.SqrtProduct(in.kpp, in.kmm))
	}
	return in, nil
}

// parseWidths parses --widths: the L − 1 hidden widths n_1 … n_{L−1}.
func parseWidths(s string, L int) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != L-1 {
		return nil, fmt.Errorf("--widths wants the %d hidden widths n_1 … n_(L−1) of %d layers, got %d", L-1, L, len(parts))
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("--widths: %q is not a width ≥ 1", p)
		}
		out[i] = n
	}
	return out, nil
}

func runDepth(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineDepthFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	switch {
	case !(f.cb.f >= 0):
		return usageError(c, stderr, fmt.Errorf("--cb must be given and ≥ 0, got %s", f.cb))
	case !(f.cw.f > 0):
		return usageError(c, stderr, fmt.Errorf("--cw must be given and > 0, got %s", f.cw))
	case !(f.k1.f > 0):
		return usageError(c, stderr, fmt.Errorf("--k1 must be > 0, got %s", f.k1))
	case f.layers < 1 || f.layers > 1000000:
		return usageError(c, stderr, fmt.Errorf("--layers must be between 1 and 1000000, got %d", f.layers))
	case f.width < 0:
		return usageError(c, stderr, fmt.Errorf("--width must be ≥ 0, got %d", f.width))
	case f.every < 0:
		return usageError(c, stderr, fmt.Errorf("--every must be ≥ 1, got %d", f.every))
	case f.json && f.csv:
		return usageError(c, stderr, fmt.Errorf("--json and --csv exclude each other"))
	case f.digits < 1 || f.digits > recursions.MaxDigits:
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", recursions.MaxDigits, f.digits))
	}
	inputs, err := parseInputs(f.inputs)
	if err != nil {
		return usageError(c, stderr, err)
	}
	widths, err := parseWidths(f.widths, f.layers)
	switch {
	case err != nil:
		return usageError(c, stderr, err)
	case widths != nil && f.width > 0:
		return usageError(c, stderr, fmt.Errorf("--width and --widths exclude each other"))
	case widths != nil && f.digits > calc.Float64Digits:
		return usageError(c, stderr, fmt.Errorf("--widths works in float64 (--digits at most %d)", calc.Float64Digits))
	}
	f.widthList = widths
	if err := checkDepthNTKFlags(f, inputs); err != nil {
		return usageError(c, stderr, err)
	}
	if f.every == 0 {
		f.every = max(1, f.layers/100)
	}
	e, err := parseActivation(c.name, src, stderr)
	if err != nil {
		return exitError
	}
	if smooth := costsAsSmooth(e, inputs == nil); f.digits > calc.Float64Digits && f.layers > depthMaxDigitsLayers(f.digits, smooth) {
		cost := depthDigitsLayerCost(f.digits, smooth)
		return usageError(c, stderr, fmt.Errorf("--digits %d --layers %d would take about %s (about %v a layer at %d digits); the limit at %d digits is %d layers (about %s)",
			f.digits, f.layers, roughDuration(time.Duration(f.layers)*cost), cost, f.digits,
			f.digits, depthMaxDigitsLayers(f.digits, smooth), roughDuration(depthDigitsBudget)))
	}
	if inputs != nil {
		if err := checkDepthInputsCost(e, f); err != nil {
			return usageError(c, stderr, err)
		}
	}
	bar := progressBar(stderr, "depth")
	rep, err := depthReportFor(e, f, inputs, bar)
	if bar != nil {
		bar(1, 1) // clears the bar, also after a failure
	}
	err = nameOverflow(e, err)
	var ds *depthStopped
	if errors.As(err, &ds) {
		// The layers before the one that failed, then the failure.
		switch {
		case f.csv:
			depthGrid(rep).writeCSV(stdout, stderr)
		case f.json:
			writeJSON(stdout, stderr, rep)
		default:
			writeDepthText(stdout, rep)
		}
		commandError(stderr, c.name, ds)
		return exitError
	}
	if err == nil && f.csv {
		return depthGrid(rep).writeCSV(stdout, stderr)
	}
	return report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeDepthText(w, rep) })
}

// nameOverflow names as a float64 overflow an average whose integrand
// the quadrature found not finite (hermite.ErrUndefined) when σ itself is
// defined, finite and representable at moderate arguments
// (activationTrouble): the kernel has grown until σ(z)², or its product
// with a power of z, is beyond ±1.8e308 (ReLU at C_W = 3 by layer 573,
// K = 5.3e100).
func nameOverflow(e calc.Expr, err error) error {
	if err == nil || !errors.Is(err, hermite.ErrUndefined) || activationTrouble(e, 0) != nil {
		return err
	}
	var ds *depthStopped
	if errors.As(err, &ds) {
		return &depthStopped{last: ds.last, err: nameOverflow(e, ds.err)}
	}
	return fmt.Errorf("float64 overflow: %s is defined everywhere, but the integrands of its Gaussian averages at this kernel exceed ±1.8e308: %w", e, err)
}

// depthStopped is the error of a run that stopped after layer last: the
// report holds the layers up to it, without the columns named in omitted
// (see noteOmitted).
type depthStopped struct {
	last    int
	err     error
	omitted string
}

func (e *depthStopped) Error() string {
	return fmt.Sprintf("stopped after layer %d (the layers up to it are above%s): %v", e.last, e.omitted, e.err)
}

// noteOmitted records in ds which of the columns asked for (the two-input
// ones with --inputs, Θ with --ntk) the layers of rep lack: those are
// computed once the single-input run has reached the last layer.
func noteOmitted(ds *depthStopped, rep *depthReport, inputs, ntk bool) {
	var missing []string
	if inputs && (len(rep.Layers) == 0 || rep.Layers[0].Kpp == "") {
		missing = append(missing, "two-input")
	}
	if ntk && (len(rep.Layers) == 0 || rep.Layers[0].Theta == "") {
		missing = append(missing, "NTK")
	}
	if len(missing) > 0 {
		ds.omitted = ", without the " + strings.Join(missing, " and ") + " columns"
	}
}

func (e *depthStopped) Unwrap() error { return e.err }

// costsAsSmooth reports whether the high-precision layers of σ cost what
// a smooth σ's do (depthDigitsLayerCost): σ is smooth, or it is
// scale-invariant and runs alone (single: no --inputs), so that its
// averages at K = 1 serve every layer, the NTK's too (2.1 s for 100000
// layers of relu at 60 digits, 0.16 s for 4000 with --ntk).
func costsAsSmooth(e calc.Expr, single bool) bool {
	if calc.Smooth(e) {
		return true
	}
	si, err := recursions.IsScaleInvariant(e)
	return single && err == nil && si
}

// depthDigitsLayerCost is the estimated time of one high-precision layer
// at d digits, with a margin of about 3 for a loaded machine: for a smooth
// σ, whose averages come from the trapezoidal rule on nodes shared from
// layer to layer, 50 µs a digit (tanh: 0.62 ms a layer at 30 digits,
// 1.05 ms at 60, on the two-core machine); for a σ with kinks, Gauss–Legendre
// panels at every layer, 1.2 ms a digit (elu at 60 digits: 72 ms a layer).
func depthDigitsLayerCost(d int, smooth bool) time.Duration {
	if smooth {
		return time.Duration(d) * 50 * time.Microsecond
	}
	return time.Duration(d) * 1200 * time.Microsecond
}

// twoInputDigitsLayerCost is the estimated time of one high-precision
// layer of the two-input map at d digits (depth --inputs, one pair of
// kernel): 18 ms a digit, the slowest measured (tanh at C_b = 0.3, C_W =
// 0.5, whose inputs merge: ρ within 10^−30 of 1 needs hundreds of Hermite
// moments a layer, 0.36 s a layer at 20 digits and 0.57 s at 30 on the
// two-core machine); a run away from ρ = 1 is about 15 times faster (GELU,
// SWISH and tanh at criticality: 20–26 ms a layer at 20 digits). For a
// scale-invariant σ, whose map is the closed arc-cosine form, the
// single-input cost (depthDigitsLayerCost) covers it.
func twoInputDigitsLayerCost(d int) time.Duration {
	return time.Duration(d) * 18 * time.Millisecond
}

// checkTwoInputDigitsCost refuses a high-precision run of pairs pairs of
// inputs through layers layers whose estimated time exceeds
// depthDigitsBudget, at per a pair and layer, with the estimate and the
// most layers that fit; worst says that per is the slowest case, where
// the inputs' correlation comes near 1.
func checkTwoInputDigitsCost(d, pairs, layers int, per time.Duration, worst bool) error {
	cost := time.Duration(pairs) * time.Duration(layers) * per
	if cost <= depthDigitsBudget {
		return nil
	}
	most := int(depthDigitsBudget / (time.Duration(pairs) * per))
	how := fmt.Sprintf("would take about %s (about %v a pair and layer)", roughDuration(cost), per)
	if worst {
		how = fmt.Sprintf("could take up to about %s (up to %v a pair and layer, where the inputs' correlation comes near 1; about 15 times less away from it)", roughDuration(cost), per)
	}
	what := fmt.Sprintf("%d layers", layers)
	if pairs > 1 {
		what = fmt.Sprintf("%d pairs through %d layers", pairs, layers)
	}
	return fmt.Errorf("--digits %d: %s %s; the limit is %d layers (about %s)",
		d, what, how, most, roughDuration(depthDigitsBudget))
}

// checkDepthInputsCost refuses depth --inputs whose two-input columns
// would take longer than depthDigitsBudget: in float64 where the pair
// averages are two-dimensional integrals (checkTwoInputQuadCost), at
// --digits where σ is not scale-invariant (a scale-invariant σ's pair is
// the closed arc-cosine form, and the single-input limit covers it).
func checkDepthInputsCost(e calc.Expr, f *depthFlags) error {
	if f.digits <= calc.Float64Digits {
		return checkTwoInputQuadCost(e, f.layers, f.ntk)
	}
	if si, err := recursions.IsScaleInvariant(e); err != nil || si {
		return nil
	}
	if err := checkTwoInputDigitsCost(f.digits, 1, f.layers, twoInputDigitsLayerCost(f.digits), true); err != nil {
		return fmt.Errorf("--inputs with %w", err)
	}
	return nil
}

// depthQuadLayerCost is the estimated time of one layer of the two-input
// columns of depth for a σ whose pair averages are two-dimensional
// integrals (kinks in σ or σ′, not scale-invariant): ⟨σ(z₊)σ(z₋)⟩ in two
// runs side by side, about 4 ms a layer for ELU on the two-core machine,
// and with --ntk ⟨σ'(z₊)σ'(z₋)⟩ too, 3 ms more.
const (
	depthQuadLayerCost    = 4 * time.Millisecond
	depthQuadNTKLayerCost = 3 * time.Millisecond
)

// checkTwoInputQuadCost refuses depth --inputs (float64) of a σ whose
// pair averages are two-dimensional integrals through more layers than
// depthDigitsBudget allows at depthQuadLayerCost (and
// depthQuadNTKLayerCost with ntk). An iteration that settles on a float64
// fixed point looks its integrals up (recursions) and may well finish in
// seconds; one that does not (K → 0 at criticality) takes the estimate.
func checkTwoInputQuadCost(e calc.Expr, layers int, ntk bool) error {
	a, err := recursions.New(e)
	if err != nil {
		return nil // the report says why
	}
	if quad, err := a.PairQuadrature(); err != nil || !quad {
		return nil
	}
	per := depthQuadLayerCost
	if ntk {
		per += depthQuadNTKLayerCost
	}
	cost := time.Duration(layers) * per
	if cost <= depthDigitsBudget {
		return nil
	}
	return fmt.Errorf("--inputs with %s: it has kinks and is not scale-invariant, so the two-input averages are two-dimensional integrals, about %v a layer, and %d layers could take about %s; the limit is %d layers (about %s)",
		e, per, layers, roughDuration(cost), int(depthDigitsBudget/per), roughDuration(depthDigitsBudget))
}

// depthDigitsBudget is the longest estimated time of a high-precision run
// that depth accepts.
const depthDigitsBudget = 5 * time.Minute

// depthMaxDigitsLayers is the most layers a run at d digits may iterate:
// depthDigitsBudget at depthDigitsLayerCost, and at most 100000.
func depthMaxDigitsLayers(d int, smooth bool) int {
	return min(100000, int(depthDigitsBudget/depthDigitsLayerCost(d, smooth)))
}

// depthReportFor iterates the recursions that f asks for; progress, when
// not nil, is told of the layers a high-precision run has done.
func depthReportFor(e calc.Expr, f *depthFlags, inputs *depthInputs, progress func(done, total int)) (*depthReport, error) {
	a, err := recursions.New(e)
	if err != nil {
		return nil, err
	}
	a.Progress = progress
	digits := f.float64Digits()
	rep := &depthReport{Expression: e.String(), Cb: jsonNum(f.cb.String()), CW: jsonNum(f.cw.String()), Digits: digits}
	if f.digits > calc.Float64Digits {
		rep.Digits = f.digits
		var fill func(*depthReport) error
		if inputs != nil {
			// The two-input iterations run beside the single-input one.
			if fill, err = startDepthInputsDigits(a, f, inputs); err != nil {
				return nil, err
			}
		}
		err := addDepthDigits(rep, a, f)
		if fill != nil {
			if ferr := fill(rep); err == nil {
				err = ferr
			}
		}
		var ds *depthStopped
		if errors.As(err, &ds) {
			noteOmitted(ds, rep, inputs != nil, f.ntk)
			return rep, err
		}
		if err != nil {
			return nil, err
		}
		if err := addDepthNTK(rep, a, f, inputs, f.every, nil); err != nil {
			return nil, err
		}
		return rep, nil
	}
	// float64: with enough layers every layer is kept for the fit of the
	// large-depth behaviour (whose predictions assume equal widths), and
	// the rows are every --every-th of them.
	fit := f.layers >= minFitLayers && f.widthList == nil
	step := f.every
	if fit {
		step = 1
	}
	var ren *recursions.Renormalization
	if f.renormalize {
		ren = &recursions.Renormalization{Cb1: 0, CW1: 2 * f.cw.f / 3}
	}
	var inputRuns func() depthInputRuns
	if inputs != nil {
		inputRuns = startDepthInputs(a, f, inputs, step)
	}
	// Two runs, the second with its averages moved by their accuracy: a
	// value shows the digits on which they agree (recursions.IterateChecked).
	layers, check, err := a.IterateChecked(f.cb.f, f.cw.f, f.k1.f, f.layers, step, f.widthList, ren)
	if err != nil && len(layers) == 0 {
		return nil, err
	}
	// A run that stops at layer ℓ still reports the layers before it.
	stopped := err
	for i, l := range layers {
		if !shownLayer(l.L, f) && (stopped == nil || i < len(layers)-1) {
			continue
		}
		c := recursions.CheckedDigits(l, check[i], digits)
		row := depthRow{L: l.L, K: certNum(c.K), V: certNum(c.V), G1: certNum(c.G1), ChiPar: certNum(c.ChiPar), ChiPerp: certNum(c.ChiPerp)}
		n := float64(f.width)
		if f.widthList != nil { // the fan-in n_{ℓ−1} of layer ℓ
			n = float64(f.widthList[max(l.L-2, 0)])
		}
		if n > 0 {
			// With the digits both runs give them.
			y := check[i]
			row.VOverNK2 = agreeingNum(l.V/(n*l.K*l.K), y.V/(n*y.K*y.K), digits)
			row.KPlusG1OvN = agreeingNum(l.K+l.G1/n, y.K+y.G1/n, digits)
		}
		rep.Layers = append(rep.Layers, row)
	}
	if stopped != nil {
		ds := &depthStopped{last: layers[len(layers)-1].L, err: stopped}
		noteOmitted(ds, rep, inputs != nil, f.ntk)
		return rep, ds
	}
	seqs := depthSequences{}
	if inputs != nil {
		if seqs, err = addDepthInputs(rep, f, inputRuns()); err != nil {
			return nil, err
		}
	}
	if err := addDepthNTK(rep, a, f, inputs, step, seqs); err != nil {
		return nil, err
	}
	if fit {
		rep.Asymptotics = fitDepth(e, f, layers, seqs)
	}
	return rep, nil
}

// shownLayer reports whether layer l is a row of the report.
func shownLayer(l int, f *depthFlags) bool { return l%f.every == 0 || l == f.layers }

// addDepthDigits fills the rows from the high-precision iteration.
func addDepthDigits(rep *depthReport, a *recursions.Activation, f *depthFlags) error {
	var cb1, cw1 *big.Rat
	if f.renormalize {
		cb1, cw1 = new(big.Rat), new(big.Rat).Mul(f.cw.r, big.NewRat(2, 3))
	}
	layers, err := a.IterateDigits(f.cb.r, f.cw.r, f.k1.r, f.layers, f.every, f.digits, cb1, cw1)
	if err != nil && len(layers) == 0 {
		return err
	}
	for _, l := range layers {
		row := depthRow{L: l.L, K: certNum(l.K), V: certNum(l.V), G1: certNum(l.G1), ChiPar: certNum(l.ChiPar), ChiPerp: certNum(l.ChiPerp)}
		if f.width > 0 {
			// V/(nK²) and K + G{1}/n with the digits both factors keep.
			n := new(big.Float).SetInt64(int64(f.width))
			d := min(l.K.Digits, l.V.Digits)
			q := new(big.Float).SetPrec(l.K.V.Prec()).Mul(l.K.V, l.K.V)
			q.Mul(q, n)
			row.VOverNK2 = bigNum(q.Quo(l.V.V, q), d)
			s := new(big.Float).SetPrec(l.K.V.Prec()).Quo(l.G1.V, n)
			row.KPlusG1OvN = bigNum(s.Add(s, l.K.V), min(l.K.Digits, l.G1.Digits))
		}
		rep.Layers = append(rep.Layers, row)
	}
	if err != nil {
		// A run that stops at layer ℓ still reports the layers before it.
		return &depthStopped{last: layers[len(layers)-1].L, err: err}
	}
	return nil
}

// startDepthInputsDigits starts the two-input iterations of a --digits
// report: the exact recursion and the bootstrapped one, each iterated at
// two working precisions (recursions.IterateTwoDigits and
// IterateBootstrapDigits, side by side), every value with the digits the
// two agree on. The returned function waits for them and adds the
// two-input columns to the rows.
func startDepthInputsDigits(a *recursions.Activation, f *depthFlags, in *depthInputs) (func(*depthReport) error, error) {
	kpp, kmm, kpm := in.exact[0], in.exact[1], in.exact[2]
	if new(big.Rat).Mul(kpm, kpm).Cmp(new(big.Rat).Mul(kpp, kmm)) > 0 {
		return nil, fmt.Errorf("--inputs: K12² exceeds K11·K22: not a kernel")
	}
	// K[0], K[1], K[2] of the inputs (5.15)–(5.20) start the bootstrap.
	k0 := new(big.Rat).Add(kpp, kmm)
	k0.Add(k0, new(big.Rat).Add(kpm, kpm)).Quo(k0, big.NewRat(4, 1))
	k1 := new(big.Rat).Sub(kpp, kmm)
	k1.Quo(k1, big.NewRat(2, 1))
	k2 := new(big.Rat).Add(kpp, kmm)
	k2.Sub(k2, new(big.Rat).Add(kpm, kpm)).Quo(k2, big.NewRat(4, 1))
	var (
		two             []recursions.TwoLayerDigits
		boot            []recursions.BootstrapLayerDigits
		twoErr, bootErr error
		wg              sync.WaitGroup
	)
	wg.Add(2)
	go func() {
		defer wg.Done()
		two, twoErr = a.IterateTwoDigits(f.cb.r, f.cw.r, kpp, kmm, kpm, f.layers, f.every, f.digits)
	}()
	antipodal := k0.Sign() <= 0 // no midpoint kernel: see addDepthInputs
	go func() {
		defer wg.Done()
		if !antipodal {
			boot, bootErr = a.IterateBootstrapDigits(f.cb.r, f.cw.r, k0, k1, k2, f.layers, f.every, f.digits)
		}
	}()
	return func(rep *depthReport) error {
		wg.Wait()
		switch {
		case twoErr != nil:
			return twoErr
		case bootErr != nil:
			return bootErr
		case len(two) != len(rep.Layers) || !antipodal && len(boot) != len(rep.Layers):
			return fmt.Errorf("two-input rows: %d exact, %d bootstrapped, %d rows", len(two), len(boot), len(rep.Layers))
		}
		for i, t := range two {
			r := &rep.Layers[i]
			if r.L != t.L || !antipodal && r.L != boot[i].L {
				return fmt.Errorf("two-input layer %d has no row", t.L)
			}
			r.Kpp, r.Kmm, r.Kpm, r.Rho, r.Psi = certNum(t.Kpp), certNum(t.Kmm), certNum(t.Kpm), certNum(t.Rho), certNum(t.Psi)
			if !antipodal {
				r.DK1, r.DDK2 = certNum(boot[i].DK1), certNum(boot[i].DDK2)
			}
		}
		return nil
	}, nil
}

// depthInputRuns are the float64 two-input iterations of depth --inputs,
// each with its check run.
type depthInputRuns struct {
	two, twoCheck   []recursions.TwoLayer
	boot, bootCheck []recursions.BootstrapLayer
	err             error
}

// startDepthInputs starts the two-input iterations (the exact recursion and
// the bootstrapped one, side by side) beside the single-input one and
// returns the function that waits for them. Each column keeps the digits
// that a second run, with its averages moved by their accuracy, certifies
// (agreeingNum, as the single-input columns).
func startDepthInputs(a *recursions.Activation, f *depthFlags, in *depthInputs, step int) func() depthInputRuns {
	done := make(chan depthInputRuns, 1)
	go func() {
		var r depthInputRuns
		var bootErr error
		var wg sync.WaitGroup
		// K[0], K[1], K[2] of the inputs (5.15)–(5.20) start the bootstrap.
		// Antipodal inputs (K₁₂ = −K₁₁ = −K₂₂) have the midpoint x₀ = 0, where
		// the expansion in δx has no kernel to start from: the exact
		// two-input columns stand alone and dK1, ddK2 are missing.
		if k0 := (in.kpp + in.kmm + 2*in.kpm) / 4; k0 > 0 {
			k1 := (in.kpp - in.kmm) / 2
			k2 := (in.kpp + in.kmm - 2*in.kpm) / 4
			wg.Add(1)
			go func() {
				defer wg.Done()
				r.boot, r.bootCheck, bootErr = a.IterateBootstrapChecked(f.cb.f, f.cw.f, k0, k1, k2, f.layers, step)
			}()
		}
		r.two, r.twoCheck, r.err = a.IterateTwoChecked(f.cb.f, f.cw.f, in.kpp, in.kmm, in.kpm, f.layers, step)
		wg.Wait()
		if r.err == nil {
			r.err = bootErr
		}
		done <- r
	}()
	return func() depthInputRuns { return <-done }
}

// addDepthInputs adds the two-input columns of runs to the rows: the exact
// recursion and the bootstrapped one, at the rows' layers, in float64,
// both iterated keeping every step-th layer; it returns their sequences
// for the fit: dK1, ddK2, and psi, K0 = K[0], K2 = K[2] of the exact
// recursion.
func addDepthInputs(rep *depthReport, f *depthFlags, runs depthInputRuns) (depthSequences, error) {
	if runs.err != nil {
		return nil, runs.err
	}
	two, twoCheck, boot, bootCheck := runs.two, runs.twoCheck, runs.boot, runs.bootCheck
	if boot != nil && len(two) != len(boot) {
		return nil, fmt.Errorf("two-input rows: %d exact, %d bootstrapped", len(two), len(boot))
	}
	digits := f.float64Digits()
	num := func(v, check float64) jsonNum { return agreeingNum(v, check, digits) }
	seqs := depthSequences{}
	row := 0
	for i, t := range two {
		var b recursions.BootstrapLayer
		if boot != nil {
			b = boot[i]
			seqs.add("dK1", b.L, b.DK1)
			seqs.add("ddK2", b.L, b.DDK2)
		}
		seqs.add("psi", t.L, t.Psi)
		seqs.add("K0", t.L, (t.Kpp+t.Kmm+2*t.Kpm)/4)
		seqs.add("K2", t.L, (t.Kpp+t.Kmm-2*t.Kpm)/4)
		if !shownLayer(t.L, f) {
			continue
		}
		if row >= len(rep.Layers) || rep.Layers[row].L != t.L {
			return nil, fmt.Errorf("two-input layer %d has no row", t.L)
		}
		r := &rep.Layers[row]
		c := twoCheck[i]
		r.Kpp, r.Kmm, r.Kpm, r.Rho = num(t.Kpp, c.Kpp), num(t.Kmm, c.Kmm), num(t.Kpm, c.Kpm), num(t.Rho, c.Rho)
		r.Psi = absNum(t.Psi, t.PsiErr, digits) // ψ keeps only the digits above its error
		if boot != nil {
			r.DK1, r.DDK2 = num(b.DK1, bootCheck[i].DK1), num(b.DDK2, bootCheck[i].DDK2)
		}
		row++
	}
	return seqs, nil
}

func depthColumns(r *depthReport) []string {
	cols := []string{"l", "K", "V", "G1", "chi_par", "chi_perp"}
	if len(r.Layers) > 0 && r.Layers[0].VOverNK2 != "" {
		cols = append(cols, "V_over_nK2", "K_plus_G1_over_n")
	}
	if len(r.Layers) > 0 && r.Layers[0].Kpp != "" {
		cols = append(cols, "K_pp", "K_mm", "K_pm", "rho", "psi", "dK1", "ddK2")
	}
	return append(cols, depthNTKColumns(r)...)
}

func depthCells(row depthRow, cols []string) []string {
	byName := map[string]jsonNum{"K": row.K, "V": row.V, "G1": row.G1, "chi_par": row.ChiPar, "chi_perp": row.ChiPerp,
		"V_over_nK2": row.VOverNK2, "K_plus_G1_over_n": row.KPlusG1OvN, "K_pp": row.Kpp, "K_mm": row.Kmm, "K_pm": row.Kpm,
		"rho": row.Rho, "psi": row.Psi, "dK1": row.DK1, "ddK2": row.DDK2,
		"Theta": row.Theta, "Theta_pp": row.ThetaPP, "Theta_mm": row.ThetaMM, "Theta_pm": row.ThetaPM}
	cells := make([]string, len(cols))
	for i, c := range cols {
		if c == "l" {
			cells[i] = strconv.Itoa(row.L)
			continue
		}
		cells[i] = string(byName[c])
	}
	return cells
}

// depthGrid is the table of layers of r, one column per quantity.
func depthGrid(r *depthReport) grid {
	g := grid{columns: depthColumns(r)}
	for _, row := range r.Layers {
		g.rows = append(g.rows, depthCells(row, g.columns))
	}
	return g
}

func writeDepthText(w io.Writer, r *depthReport) {
	fmt.Fprintf(w, "activation  %s   C_b = %s  C_W = %s\n\n", r.Expression, r.Cb, r.CW)
	depthGrid(r).writeText(w)
	if r.Asymptotics != nil {
		writeDepthFitText(w, r.Asymptotics)
	}
}
