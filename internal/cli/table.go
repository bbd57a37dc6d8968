package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"critcalc/recursions"
	rpt "critcalc/report"
)

func init() {
	commands = append(commands, &command{
		name:    "table",
		usage:   "NAME [--format md|latex|csv|json] [--act EXPR]… [--digits D] [--sb2 V]… [--mu M]… [--n N] [--d D]… [--nout K]",
		summary: "appendix tables: pdlt, joudaki, exponents, finite-width, dhg, beta (Markdown, LaTeX, CSV, JSON)",
		detail: `Tables are views of critcalc's results, written in Markdown (default), LaTeX
(booktabs), CSV or JSON (numbers as JSON numbers with their digits):

  pdlt          per critical point: class, K*, (C_b, C_W), a₁ or ã₁, stability
                and depth exponents (Principles of Deep Learning Theory, ch. 5)
  joudaki       Table S.1 of Joudaki & Hofmann recomputed (C, α, ρ*, κ(ρ*),
                κ(0), κ'(0), κ'(1), κ'(ρ*), case) beside the printed values,
                each printed value marked "agrees" or "wrong"
  exponents     depth exponents p₀, p∥, p⊥, p_V, p₁ by universality class
  finite-width  V/(nK²) coefficient, c_W{1}, and the NLO metric G{1}, bare and
                renormalized (recomputed, and as printed in (5.143))
  dhg           critical σ_w², 𝒦*, χ_𝒦*, χ_𝒥*, phase and APJN exponent ζ per
                activation, architecture (vanilla, ln-pre, ln-post, res,
                preln-res, bn), μ and σ_b² (Doshi, He & Gromov), with the
                corrections of DHG eqs 11, 26 and 165–169
  beta          β = 2/n + 5d/n of the log-Gaussian output norm beside the
                exact finite-width E[G], Var[G] and moments of ln‖z_out‖²

--act EXPR (repeatable) replaces the default activations: the activations of
PDLT chapter 5 (pdlt, exponents, finite-width), the rows of Table S.1
(joudaki) or erf, relu, tanh, gelu (dhg); beta is for ReLU and takes none.
--digits D (default 6, up to 60) is the significant digits of every
number, each certified: pdlt, exponents, joudaki and finite-width compute
certified values above 12 digits; dhg takes float64 values with their
error bounds up to 12 digits where these certify every digit, and refines
the critical points in high precision otherwise (apjn.CriticalSW2Digits,
AtDigits, GELUCriticalDigits, ExponentDigits: averages at two working
precisions, the digits on which both agree); beta's β is exact and its
moments and P(empty layer) are ψ, ψ′ and logarithm sums at two working
precisions. A value whose bound contains 0 prints 0; an ill-conditioned
one prints fewer digits. The simulated columns of beta show the digits of
their standard errors.

dhg: --sb2 V (repeatable; default 0, 0.1, 0.5) the bias variances, --mu M
(repeatable; default 0, 0.5, 1) the skip strengths of res, preln-res, bn.
beta: --n N (default 100) the width, --d D (repeatable; default 1, 10, 100)
the depths, --nout K (default 10) the output width.
Figures are drawn by 'critcalc figure'.`,
		flags: func(fs *flag.FlagSet) any { return defineTableFlags(fs) },
		run:   runTable,
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ", ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// floatList is a repeatable number flag.
type floatList []float64

func (s *floatList) String() string { return fmt.Sprint([]float64(*s)) }
func (s *floatList) Set(v string) error {
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return fmt.Errorf("%q is not a number", v)
	}
	*s = append(*s, x)
	return nil
}

// intList is a repeatable integer flag.
type intList []int

func (s *intList) String() string { return fmt.Sprint([]int(*s)) }
func (s *intList) Set(v string) error {
	x, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return fmt.Errorf("%q is not an integer", v)
	}
	*s = append(*s, x)
	return nil
}

type tableFlags struct {
	format string
	acts   stringList
	digits int
	sb2    floatList
	mu     floatList
	n      int
	d      intList
	nOut   int
}

func defineTableFlags(fs *flag.FlagSet) *tableFlags {
	f := &tableFlags{}
	fs.StringVar(&f.format, "format", "md", "output `format`: md, latex, csv or json")
	fs.Var(&f.acts, "act", "activation `EXPR` (repeatable; replaces the default list)")
	fs.IntVar(&f.digits, "digits", rpt.DefaultDigits, "significant digits `D` (1 to 60), each certified")
	fs.Var(&f.sb2, "sb2", "dhg: bias variance `V` ≥ 0 (repeatable; default 0, 0.1, 0.5)")
	fs.Var(&f.mu, "mu", "dhg: skip strength `M` in [0, 1] (repeatable; default 0, 0.5, 1)")
	fs.IntVar(&f.n, "n", rpt.BetaWidth, "beta: hidden width `N` (1 to 100000)")
	fs.Var(&f.d, "d", "beta: number of hidden layers `D` (repeatable; 0 to 100000; default 1, 10, 100)")
	fs.IntVar(&f.nOut, "nout", rpt.BetaOutputs, "beta: output width `K` (1 to 100000)")
	return f
}

// parseName parses the flags of c and its one positional argument, the
// name of a table or figure.
func parseName[F any](c *command, args []string, stderr io.Writer, define func(*flag.FlagSet) F, names []string) (F, *flag.FlagSet, string, error) {
	fs := newFlagSet(c, stderr)
	f := define(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return f, fs, "", err
	}
	if len(pos) != 1 {
		return f, fs, "", fmt.Errorf("want one name (%s), got %d arguments", strings.Join(names, ", "), len(pos))
	}
	for _, n := range names {
		if pos[0] == n {
			return f, fs, n, nil
		}
	}
	return f, fs, "", fmt.Errorf("unknown name %q (want %s)", pos[0], strings.Join(names, ", "))
}

// parseActivations parses the --act expressions of command who (parseActivation:
// a syntax error with a caret, an activation undefined on part of the line
// refused).
func parseActivations(who string, srcs []string, stderr io.Writer) ([]rpt.Activation, error) {
	var acts []rpt.Activation
	for _, s := range srcs {
		e, err := parseActivation(who, s, stderr)
		if err != nil {
			return nil, err
		}
		acts = append(acts, rpt.Activation{Label: s, Sigma: e})
	}
	return acts, nil
}

func runTable(c *command, args []string, stdout, stderr io.Writer) int {
	f, fs, name, err := parseName(c, args, stderr, defineTableFlags, rpt.TableNames)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if err := checkTableFlags(name, f, fs); err != nil {
		return usageError(c, stderr, err)
	}
	format, err := rpt.ParseFormat(f.format)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if max := rpt.MaxDigits(name); f.digits < 1 || f.digits > max {
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d for table %s, got %d", max, name, f.digits))
	}
	acts, err := parseActivations("table "+name, f.acts, stderr)
	if err != nil {
		return exitError
	}
	for _, a := range acts {
		// The tables search K up to act's default --kmax, 100.
		if err := recursions.CheckAnalysisOscillation(a.Sigma, recursions.DefaultKmax); err != nil {
			errorf(stderr, "table %s: %v", name, err)
			return exitError
		}
	}
	var t *rpt.Table
	switch name {
	case "dhg":
		if len(acts) == 0 {
			acts = rpt.DHGActivations()
		}
		t, err = rpt.DHGTable(acts, orDefaultList(f.sb2, rpt.DHGBiasVariances), orDefaultList(f.mu, rpt.DHGSkips), f.digits)
	case "beta":
		ds := orDefaultList(f.d, rpt.BetaDepths)
		if err := checkSimCost("", rpt.BetaSamples, sumInts(ds), netLayerCost, true); err != nil {
			errorf(stderr, "table %s: %v", name, err)
			return exitUsage
		}
		t, err = rpt.BetaTable(f.n, ds, f.nOut, f.digits)
	default:
		t, err = rpt.BuildTable(name, acts, f.digits)
	}
	if err != nil {
		errorf(stderr, "table %s: %v", name, err)
		return exitError
	}
	if err := rpt.Write(stdout, t, format); err != nil {
		errorf(stderr, "table %s: %v", name, err)
		return exitError
	}
	return exitOK
}

// tableParams names the flags that only some tables take.
var tableParams = map[string]string{"sb2": "dhg", "mu": "dhg", "n": "beta", "d": "beta", "nout": "beta"}

// checkTableFlags rejects flags that table name does not take and values
// out of range.
func checkTableFlags(name string, f *tableFlags, fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(fl *flag.Flag) {
		if t, ok := tableParams[fl.Name]; ok && t != name && err == nil {
			err = fmt.Errorf("--%s is a flag of table %s, not %s", fl.Name, t, name)
		}
	})
	if err != nil {
		return err
	}
	if name == "beta" && len(f.acts) > 0 {
		return errors.New("table beta is for ReLU networks and takes no --act")
	}
	for _, v := range f.sb2 {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("--sb2 must be finite and ≥ 0, got %g", v)
		}
	}
	for _, v := range f.mu {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("--mu must be in [0, 1], got %g", v)
		}
	}
	const most = 100000
	switch {
	case f.n < 1 || f.n > most:
		return fmt.Errorf("--n must be between 1 and %d, got %d", most, f.n)
	case f.nOut < 1 || f.nOut > most:
		return fmt.Errorf("--nout must be between 1 and %d, got %d", most, f.nOut)
	}
	for _, d := range f.d {
		if d < 0 || d > most {
			return fmt.Errorf("--d must be between 0 and %d, got %d", most, d)
		}
	}
	return nil
}

// orDefaultList returns v, or def when v is empty.
func orDefaultList[T any, L ~[]T](v L, def []T) []T {
	if len(v) == 0 {
		return def
	}
	return v
}

func sumInts(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
