package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"critcalc/apjn"
	"critcalc/calc"
)

func init() {
	commands = append(commands, &command{
		name:    "phase",
		usage:   "EXPR --arch vanilla|ln-pre|ln-post|res|preln-res|bn|mixer|resmlp [--mu M] [--layerscale E] (--sw2 W --sb2 S | --sw2 a:b:n --sb2 a:b:n | --sb2 S --critical-line) [--digits D] [--json|--csv]",
		summary: "phase diagram, APJN growth factor χ_J and correlation length of an MLP architecture",
		detail: `Evaluates the infinite-width kernel fixed point K* reached from the first
layer (input |x|²/N₀ = 1) and the APJN growth factor χ_J* of Doshi, He and
Gromov for σ_w² = W, σ_b² = S (variances), with ξ = 1/|log χ_J*| and the phase:
ordered, chaotic, critical (|χ_J* − 1| ≤ 1e-10, above 12 digits ≤ 10^−D),
subcritical (res, μ = 1, bounded φ') or everywhere-critical (preln-res and
bn with μ = 1). W, S, --mu and --layerscale are decimals or fractions; a
range a:b:n gives n equally spaced values; grids are computed in parallel
with deterministic output. --critical-line finds every σ_w² in [1e-2, 1e3]
with χ_J* = 1 at each σ_b². K_star is missing (— in text, empty in CSV,
null in JSON) when the kernel diverges (χ_J, χ_K are then their K → ∞
limits); xi when infinite; and any value of which not one digit is
certified (near a tangency of the fixed-point equation).

--arch mixer and resmlp iterate whole blocks: an MLP-Mixer block (DHG App. H:
token- and channel-mixing MLPs behind LayerNorm, both residuals of strength
μ) and a ResMLP block (AutoInit App. D: patch and channel MLPs, LayerScale
--layerscale E > 0 in both branches, default 0.1, skip μ). χ_J is then the
APJN of one block and χ_K = ∂K^{l+1}/∂K^l.

Every printed digit is certified. With --digits D ≤ 12 (default 10) the
values are float64 with error bounds: each Gaussian average's quadrature
error propagated through the formulas, K*'s error from the conditioning of
the fixed-point equation, 2|K' − K|/|1 − χ_K| (checked by the signs of
K' − K at the ends of the interval near a tangency), so values near
χ_K = 1 or χ_J = 1 show fewer digits, and a value whose bound contains 0
prints 0 (K* = 0 reached as a limit, as for tanh at σ_w² = 1, σ_b² = 0).
The critical line's σ_w² has the error of χ_J* − 1 over its slope; at the
critical point K* = 0 (σ_b² = 0, φ(0) = 0) it is the root of χ_J(K = 0) = 1
(erf: π/4). With D from 13 to 60 the values are computed in high precision
for the exact inputs (at most 100 points, about 0.1–1 s each, a critical-line
point a few seconds): K* by Newton's method on the fixed-point equation,
the line by the secant method on χ_J* = 1, every value from averages
certified to D+15 and D+25 digits and keeping the digits on which the two
agree. --arch mixer's patch offset E[φ(u)φ(v)] (Cov(u, v) = σ_b²) is then
⟨φ⟩² at σ_b² = 0 and otherwise Mehler's two-input Hermite series, which
needs a smooth φ: a φ with kinks (relu) at σ_b² > 0 is served up to 12
digits only.`,
		flags: func(fs *flag.FlagSet) any { return definePhaseFlags(fs) },
		run:   runPhase,
	})
}

type phaseFlags struct {
	arch, sw2, sb2 string
	mu, layerScale *exactFlag
	line           bool
	digits         int
	json, csv      bool
}

// phaseMaxDigitsPoints bounds the points of a high-precision grid or line
// (0.05–1 s a point at 30 digits, several seconds a line point).
const phaseMaxDigitsPoints = 100

// A float64 grid point takes up to phasePointCost (--arch vanilla with
// tanh: 10⁴ points in 5 s on two cores; ln-pre ten times less) and its
// rows about phasePointBytes of memory; phaseMaxPoints keeps a grid
// within about five minutes and half a gigabyte.
const (
	phasePointCost  = time.Millisecond
	phasePointBytes = 1500
	phaseMaxPoints  = 300000
)

func definePhaseFlags(fs *flag.FlagSet) *phaseFlags {
	f := &phaseFlags{}
	fs.StringVar(&f.arch, "arch", "vanilla", "architecture: vanilla, ln-pre, ln-post, res, preln-res, bn, mixer or resmlp")
	f.mu, f.layerScale = newExactFlag(0), newExactFlag(apjn.DefaultLayerScale)
	f.layerScale.r = big.NewRat(1, 10) // the default 0.1, exactly
	fs.Var(f.mu, "mu", "identity-skip strength `μ` in [0, 1] (res, preln-res, bn, mixer, resmlp)")
	fs.Var(f.layerScale, "layerscale", "ResMLP LayerScale `E` > 0 (resmlp only)")
	fs.StringVar(&f.sw2, "sw2", "", "weight variance σ_w², a value or a range `a:b:n`")
	fs.StringVar(&f.sb2, "sb2", "", "bias variance σ_b², a value or a range `a:b:n`")
	fs.BoolVar(&f.line, "critical-line", false, "find σ_w² with χ_J* = 1 at each σ_b²")
	fs.IntVar(&f.digits, "digits", 10, float64OrHighUsage("", ""))
	fs.BoolVar(&f.json, "json", false, "write JSON")
	fs.BoolVar(&f.csv, "csv", false, "write CSV")
	return f
}

// phaseReport is the JSON output of `critcalc phase`.
type phaseReport struct {
	Expression   string       `json:"expression"`
	Arch         string       `json:"arch"`
	Mu           jsonNum      `json:"mu"`
	LayerScale   jsonNum      `json:"layer_scale"`
	Digits       int          `json:"digits"`
	Points       []phasePoint `json:"points"`
	CriticalLine []phaseLine  `json:"critical_line"`
}

type phasePoint struct {
	SW2   jsonNum `json:"sw2"`
	SB2   jsonNum `json:"sb2"`
	KStar jsonNum `json:"K_star"`
	ChiK  jsonNum `json:"chi_K"`
	ChiJ  jsonNum `json:"chi_J"`
	Xi    jsonNum `json:"xi"`
	Phase string  `json:"phase"`
}

type phaseLine struct {
	SB2   jsonNum `json:"sb2"`
	SW2   jsonNum `json:"sw2"`
	KStar jsonNum `json:"K_star"`
}

// parseExactRange is parseRange with exact numbers: a decimal or a fraction
// (exactFlag) and a + (b − a)·i/(n − 1) exactly.
func parseExactRange(name, s string) ([]*big.Rat, error) {
	parts := strings.Split(s, ":")
	num := func(t string) (*big.Rat, error) {
		e := newRequiredFlag()
		if err := e.Set(t); err != nil {
			return nil, fmt.Errorf("--%s: %q is not a number", name, t)
		}
		return e.r, nil
	}
	if len(parts) == 1 {
		v, err := num(parts[0])
		return []*big.Rat{v}, err
	}
	if len(parts) != 3 {
		return nil, fmt.Errorf("--%s: want a number or a:b:n, got %q", name, s)
	}
	a, err := num(parts[0])
	if err != nil {
		return nil, err
	}
	b, err := num(parts[1])
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(parts[2])
	if err != nil || n < 1 || n > 10000 {
		return nil, fmt.Errorf("--%s: the count in a:b:n must be an integer from 1 to 10000, got %q", name, parts[2])
	}
	out := []*big.Rat{a}
	for i := 1; i < n; i++ {
		d := new(big.Rat).Sub(b, a)
		d.Mul(d, big.NewRat(int64(i), int64(n-1)))
		out = append(out, d.Add(d, a))
	}
	return out, nil
}

// parseRange reads "v" or "a:b:n" (n ≥ 1 equally spaced values from a to
// b), each number a decimal or a fraction: parseExactRange rounded to
// float64.
func parseRange(name, s string) ([]float64, error) {
	if s == "" {
		return nil, fmt.Errorf("--%s must be given", name)
	}
	rs, err := parseExactRange(name, s)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i], _ = r.Float64()
	}
	return out, nil
}

func runPhase(c *command, args []string, stdout, stderr io.Writer) int {
	f, fs, src, err := parseCommandLine(c, args, stderr, definePhaseFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	arch, err := apjn.ParseArch(f.arch)
	if err != nil {
		return usageError(c, stderr, fmt.Errorf("--arch: %q is not one of vanilla, ln-pre, ln-post, res, preln-res, bn, mixer, resmlp", f.arch))
	}
	layerScaleSet := false
	fs.Visit(func(fl *flag.Flag) { layerScaleSet = layerScaleSet || fl.Name == "layerscale" })
	switch {
	case layerScaleSet && arch != apjn.ResMLP:
		return usageError(c, stderr, fmt.Errorf("--layerscale is the LayerScale of --arch resmlp, not of %s", arch))
	case !(f.layerScale.f > 0) || math.IsInf(f.layerScale.f, 0):
		return usageError(c, stderr, fmt.Errorf("--layerscale must be finite and > 0, got %g", f.layerScale.f))
	}
	sb2, err := parseRange("sb2", f.sb2)
	if err != nil {
		return usageError(c, stderr, err)
	}
	var sw2 []float64
	switch {
	case f.line && f.sw2 != "":
		return usageError(c, stderr, fmt.Errorf("--critical-line finds σ_w²: give --sb2 only"))
	case !f.line:
		if sw2, err = parseRange("sw2", f.sw2); err != nil {
			return usageError(c, stderr, err)
		}
	}
	if f.digits < 1 || f.digits > apjn.MaxDigits {
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", apjn.MaxDigits, f.digits))
	}
	if f.digits > calc.Float64Digits {
		if n := max(len(sw2), 1) * len(sb2); n > phaseMaxDigitsPoints {
			return usageError(c, stderr, fmt.Errorf("--digits above %d: at most %d points (each takes up to a second, a critical-line point several), got %d", calc.Float64Digits, phaseMaxDigitsPoints, n))
		}
	}
	if f.json && f.csv {
		return usageError(c, stderr, fmt.Errorf("--json and --csv exclude each other"))
	}
	if n := max(len(sw2), 1) * len(sb2); n > phaseMaxPoints {
		return usageError(c, stderr, fmt.Errorf("a grid of %d points would take about %s (up to %v a point) and %s of memory; the limit is %d points (about %s)",
			n, roughDuration(time.Duration(n)*phasePointCost), phasePointCost, roughBytes(float64(n)*phasePointBytes), phaseMaxPoints, roughDuration(phaseMaxPoints*phasePointCost)))
	}
	for _, w := range sw2 {
		for _, b := range sb2 {
			if err := (apjn.Params{SW2: w, SB2: b, Mu: f.mu.f}).Validate(arch); err != nil {
				return usageError(c, stderr, err)
			}
		}
	}
	if len(sw2) == 0 {
		for _, b := range sb2 {
			if err := (apjn.Params{SW2: 1, SB2: b, Mu: f.mu.f}).Validate(arch); err != nil {
				return usageError(c, stderr, err)
			}
		}
	}
	e, err := parseActivation(c.name, src, stderr)
	if err != nil {
		return exitError
	}
	var rep *phaseReport
	bar := progressBar(stderr, "phase")
	if f.digits > calc.Float64Digits {
		rep, err = phaseReportDigits(e, arch, f, bar)
	} else {
		rep, err = phaseReportFor(e, arch, f, sw2, sb2, bar)
	}
	if bar != nil {
		bar(1, 1) // clears the bar, also after a failure
	}
	if err == nil && f.csv {
		return phaseGrid(rep).writeCSV(stdout, stderr)
	}
	return report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writePhaseText(w, rep) })
}

// phaseReportFor is the float64 report; progress, when not nil, is told of
// the grid points done.
func phaseReportFor(e calc.Expr, arch apjn.Arch, f *phaseFlags, sw2, sb2 []float64, progress func(done, total int)) (*phaseReport, error) {
	m, rep, err := phaseModel(e, arch, f, progress)
	if err != nil {
		return nil, err
	}
	num := func(v float64) jsonNum { return floatNum(v, f.digits) }
	cert := func(name string, v, e float64) jsonNum { return certFloat(name, v, e, f.digits) }
	if f.line {
		for _, b := range sb2 {
			line, err := m.CriticalSW2(b, f.mu.f)
			if err != nil {
				return nil, err
			}
			for _, p := range line {
				rep.CriticalLine = append(rep.CriticalLine, phaseLine{SB2: num(p.SB2), SW2: cert("σ_w²", p.SW2, p.SW2Err), KStar: cert("𝒦*", p.KStar, p.KErr)})
				pt, err := m.At(apjn.Params{SW2: p.SW2, SB2: p.SB2, Mu: f.mu.f})
				if err != nil {
					return nil, err
				}
				n := pointNums(pt, num, cert)
				n.SW2 = rep.CriticalLine[len(rep.CriticalLine)-1].SW2
				rep.Points = append(rep.Points, n)
			}
		}
		return rep, nil
	}
	pts, err := m.Grid(sw2, sb2, f.mu.f)
	if err != nil {
		return nil, err
	}
	for _, pt := range pts {
		rep.Points = append(rep.Points, pointNums(pt, num, cert))
	}
	return rep, nil
}

// phaseModel prepares the model of the architecture and the report's header.
func phaseModel(e calc.Expr, arch apjn.Arch, f *phaseFlags, progress func(done, total int)) (*apjn.Model, *phaseReport, error) {
	m, err := apjn.NewModel(e, arch)
	if arch == apjn.ResMLP {
		m, err = apjn.NewResMLPExact(e, f.layerScale.r)
	}
	if err != nil {
		return nil, nil, err
	}
	m.Progress = progress
	rep := &phaseReport{Expression: e.String(), Arch: arch.String(), Mu: floatNum(f.mu.f, 15), Digits: f.digits,
		Points: []phasePoint{}, CriticalLine: []phaseLine{}}
	if arch == apjn.ResMLP {
		rep.LayerScale = floatNum(f.layerScale.f, 15)
	}
	return m, rep, nil
}

// phaseReportDigits computes the report in high precision: the inputs are
// the exact numbers their decimals denote, every value keeps the digits
// that apjn.AtDigits and CriticalSW2Digits certify; progress, when not
// nil, is told of the grid points done.
func phaseReportDigits(e calc.Expr, arch apjn.Arch, f *phaseFlags, progress func(done, total int)) (*phaseReport, error) {
	m, rep, err := phaseModel(e, arch, f, progress)
	if err != nil {
		return nil, err
	}
	sb2, err := parseExactRange("sb2", f.sb2)
	if err != nil {
		return nil, err
	}
	exact := func(r *big.Rat) jsonNum {
		return bigNum(new(big.Float).SetPrec(calc.BitsForDigits(f.digits)+16).SetRat(r), f.digits)
	}
	if f.line {
		for _, b := range sb2 {
			line, err := m.CriticalSW2Digits(b, f.mu.r, f.digits)
			if err != nil {
				return nil, err
			}
			for _, l := range line {
				p := digitsNums(l.Point)
				p.SW2, p.SB2 = certNum(l.SW2), exact(b)
				rep.CriticalLine = append(rep.CriticalLine, phaseLine{SB2: p.SB2, SW2: p.SW2, KStar: p.KStar})
				rep.Points = append(rep.Points, p)
			}
		}
		return rep, nil
	}
	sw2, err := parseExactRange("sw2", f.sw2)
	if err != nil {
		return nil, err
	}
	pts, err := m.GridDigits(sw2, sb2, f.mu.r, f.digits)
	if err != nil {
		return nil, err
	}
	for k, pt := range pts {
		p := digitsNums(pt)
		p.SW2, p.SB2 = exact(sw2[k/len(sb2)]), exact(sb2[k%len(sb2)])
		rep.Points = append(rep.Points, p)
	}
	return rep, nil
}

// digitsNums writes the computed values of a high-precision point (K_star
// missing when the kernel diverges, xi when infinite).
func digitsNums(pt apjn.PointDigits) phasePoint {
	return phasePoint{KStar: certNum(pt.K), ChiK: certNum(pt.ChiK), ChiJ: certNum(pt.ChiJ), Xi: certNum(pt.Xi), Phase: pt.Phase}
}

// pointNums writes a float64 point: the inputs σ_w², σ_b² as given, every
// computed value with the digits its error bound certifies.
func pointNums(pt apjn.Point, num func(float64) jsonNum, cert func(string, float64, float64) jsonNum) phasePoint {
	return phasePoint{SW2: num(pt.SW2), SB2: num(pt.SB2), KStar: cert("𝒦*", pt.KStar, pt.Err.K), ChiK: cert("χ_𝒦", pt.ChiK, pt.Err.ChiK),
		ChiJ: cert("χ_𝒥", pt.ChiJ, pt.Err.ChiJ), Xi: cert("ξ", pt.Xi, pt.Err.Xi), Phase: pt.Phase}
}

// certFloat writes a float64 value with at most d of the significant digits
// that its absolute error bound e certifies (calc.FromFloat64: a value
// whose bound contains 0 is 0); a value that is not finite, or of which not
// one digit is certified, is missing.
func certFloat(name string, v, e float64, d int) jsonNum {
	c, err := calc.FromFloat64(name, v, e, d)
	if err != nil {
		return ""
	}
	return certNum(c)
}

var phaseColumns = []string{"sw2", "sb2", "K_star", "chi_K", "chi_J", "xi", "phase"}

// phaseGrid is the table of points, "" for a missing value (— in text,
// an empty field in CSV).
func phaseGrid(r *phaseReport) grid {
	g := grid{columns: phaseColumns}
	for _, p := range r.Points {
		g.rows = append(g.rows, []string{string(p.SW2), string(p.SB2), string(p.KStar), string(p.ChiK), string(p.ChiJ), string(p.Xi), p.Phase})
	}
	return g
}

func writePhaseText(w io.Writer, r *phaseReport) {
	fmt.Fprintf(w, "activation  %s   architecture %s   μ = %s", r.Expression, r.Arch, r.Mu)
	if r.LayerScale != "" {
		fmt.Fprintf(w, "   𝓔 = %s", r.LayerScale)
	}
	fmt.Fprint(w, "\n\n")
	phaseGrid(r).writeText(w)
}
