package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/recursions"
)

func init() {
	commands = append(commands, &command{
		name:    "hermite",
		usage:   "EXPR [--terms N] [--digits D] [--residual r] [--norm ln-after|ln-before|rms-after|rms-before] [--depth L] [--rho0 R] [--epsilon float32|float64|E] [--json]",
		summary: "Hermite coefficients and the normalized kernel map κ(ρ): fixed point, Theorem 1 case and rate",
		detail: `The activation is normalized, φ = σ/C with C = √E[σ(X)²], X ~ N(0,1), and
expanded in orthonormal Hermite polynomials, φ = Σ c_k he_k. The kernel map
κ(ρ) = E[φ(X)φ(Y)] = Σ c_k² ρ^k (Joudaki & Hofmann) has κ(0) = c₀², κ'(0) = c₁²,
κ'(1) = E[φ'²], all computed from one-dimensional expectations (never from a
truncated series). Theorem 1 classifies the map (case 1: ρ* = 0; 2: ρ* = 1
exponentially; 3: ρ* = 1 polynomially; 4: ρ* in (0,1)) and gives the rate α.
Corollary 2 gives the depth after which two inputs agree to within ε.

--residual r uses the random-skip map (1−r²)κ(ρ) + r²ρ (Proposition 2);
--norm ln-after centres the map, (κ(ρ) − κ(0))/(1 − κ(0)); the other
normalizations leave κ unchanged (Proposition 3).

C, κ(0), κ'(0) and κ'(1) are printed with --digits certified digits. The
Hermite coefficients have an absolute accuracy of 1e-13 up to --digits 12 and
of 10^-D beyond (only digits above it are printed). In case 4, ρ*, κ'(ρ*)
and α are printed with --digits certified digits: from float64 two-input
integrals when their error bounds certify them, otherwise by Newton's method
on the Hermite series κ(ρ) = Σ c_k² ρ^k (at most 1000 terms, coefficients
at high precision, the tail bounded by Parseval's Σ c_k² = 1); fewer where
the bound allows fewer (κ'(ρ*) near 1, or ρ* near 1 with slowly falling c_k).`,
		flags: func(fs *flag.FlagSet) any { return defineHermiteFlags(fs) },
		run:   runHermite,
	})
}

type hermiteFlags struct {
	terms    int
	digits   int
	residual float64
	norm     string
	depth    int
	rho0     float64
	epsilon  string
	json     bool
}

func defineHermiteFlags(fs *flag.FlagSet) *hermiteFlags {
	f := &hermiteFlags{}
	fs.IntVar(&f.terms, "terms", 10, "number `N` of Hermite coefficients c_0…c_N (0 to 200)")
	fs.IntVar(&f.digits, "digits", 12, fmt.Sprintf("significant digits `D` of C, κ(0), κ'(0), κ'(1), ρ*, κ'(ρ*) and α (1 to %d)", calc.MaxDigits))
	fs.Float64Var(&f.residual, "residual", 0, "random-skip strength `r` in [0, 1)")
	fs.StringVar(&f.norm, "norm", "", "normalization: ln-after, ln-before, rms-after or rms-before")
	fs.IntVar(&f.depth, "depth", 0, "iterate ρ_ℓ = κ(ρ_{ℓ−1}) for `L` layers beside Theorem 1's bound")
	fs.Float64Var(&f.rho0, "rho0", 0.5, "starting correlation `R` in (−1, 1) of --depth")
	fs.StringVar(&f.epsilon, "epsilon", "float32", "ε of Corollary 2: float32 (2^−128), float64 (2^−1024) or a number")
	fs.BoolVar(&f.json, "json", false, "write JSON instead of text")
	return f
}

// hermiteReport is the JSON output of `critcalc hermite`.
type hermiteReport struct {
	Expression             string       `json:"expression"`
	C                      jsonNum      `json:"C"`
	Coefficients           []jsonNum    `json:"coefficients"`
	Kappa0                 jsonNum      `json:"kappa_0"`
	KappaPrime0            jsonNum      `json:"kappa_prime_0"`
	KappaPrime1            jsonNum      `json:"kappa_prime_1"`
	RhoStar                jsonNum      `json:"rho_star"`
	KappaPrimeRhoStar      jsonNum      `json:"kappa_prime_rho_star"`
	Case                   int          `json:"case"`
	Alpha                  jsonNum      `json:"alpha"`
	DepthIndistinguishable jsonNum      `json:"depth_indistinguishable"`
	Epsilon                jsonNum      `json:"epsilon"`
	Residual               jsonNum      `json:"residual"`
	Norm                   string       `json:"norm"`
	ParsevalTail           jsonNum      `json:"parseval_tail"`
	LeadingOrder           int          `json:"leading_order"`
	Iterates               []iterateRow `json:"iterates,omitempty"`
	Digits                 int          `json:"digits"`
}

type iterateRow struct {
	L     int     `json:"l"`
	Rho   jsonNum `json:"rho"`
	Bound jsonNum `json:"bound"`
}

// floatCheck is the relative accuracy of a float64 kernel-map quantity (κ,
// κ′(1), α): a derived number keeps the digits to which it, the same
// number from inputs moved by this much, and that number's mirror about it
// round alike (calc.AgreeingFloat64).
const floatCheck = 1e-13

// coefficientAbsErr is the absolute accuracy of the float64 Hermite
// coefficients (hermite.Coefficients checks two rules agree to 1e-13).
const coefficientAbsErr = 1e-13

// absNum formats v known to within absErr: only the digits above absErr
// (at most maxDigits), and 0 when |v| ≤ absErr.
func absNum(v, absErr float64, maxDigits int) jsonNum {
	if math.Abs(v) <= absErr {
		return "0"
	}
	d := int(math.Floor(math.Log10(math.Abs(v)) - math.Log10(absErr)))
	return floatNum(v, max(1, min(d, maxDigits)))
}

func runHermite(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineHermiteFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	eps, epsErr := parseEpsilon(f.epsilon)
	switch {
	case f.terms < 0 || f.terms > 200:
		return usageError(c, stderr, fmt.Errorf("--terms must be between 0 and 200, got %d", f.terms))
	case f.digits < 1 || f.digits > calc.MaxDigits:
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", calc.MaxDigits, f.digits))
	case !(f.residual >= 0 && f.residual < 1):
		return usageError(c, stderr, fmt.Errorf("--residual must be in [0, 1), got %g", f.residual))
	case f.norm != "" && f.norm != "ln-after" && f.norm != "ln-before" && f.norm != "rms-after" && f.norm != "rms-before":
		return usageError(c, stderr, fmt.Errorf("--norm must be ln-after, ln-before, rms-after or rms-before, got %q", f.norm))
	case f.depth < 0 || f.depth > 100000:
		return usageError(c, stderr, fmt.Errorf("--depth must be between 0 and 100000, got %d", f.depth))
	case !(f.rho0 > -1 && f.rho0 < 1):
		return usageError(c, stderr, fmt.Errorf("--rho0 must be in (−1, 1), got %g", f.rho0))
	case epsErr != nil:
		return usageError(c, stderr, epsErr)
	}
	e, err := parseExpr(src, stderr)
	if err != nil {
		return exitError
	}
	// The coefficients are averages over N(0, 1): an undefined, overflowing
	// or divergent σ is named as such before they are tried.
	if err := activationTroubleAt(e, 1, "the Hermite coefficients are averages at K = 1"); err != nil {
		return report(c, stdout, stderr, f.json, err, nil, nil)
	}
	// sin(300x), 1910 sign changes, fails in about a second; faster
	// oscillations take minutes and gigabytes.
	if err := recursions.CheckOscillation(e, 10, 2000, "10 standard deviations"); err != nil {
		return report(c, stdout, stderr, f.json, err, nil, nil)
	}
	rep, err := hermiteReportFor(e, f, eps)
	return report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeHermiteText(w, rep) })
}

func parseEpsilon(s string) (float64, error) {
	switch s {
	case "float32":
		return math.Ldexp(1, -128), nil
	case "float64":
		return math.Ldexp(1, -1024), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0 && v < 1) {
		return 0, fmt.Errorf("--epsilon must be float32, float64 or a number in (0, 1), got %q", s)
	}
	return v, nil
}

func hermiteReportFor(e calc.Expr, f *hermiteFlags, eps float64) (*hermiteReport, error) {
	m, err := hermite.NewKernelMap(e)
	if err != nil {
		return nil, err
	}
	if f.residual > 0 {
		if m, err = m.WithResidual(f.residual); err != nil {
			return nil, err
		}
	}
	if f.norm == "ln-after" {
		if m, err = m.WithCenterAfter(); err != nil {
			return nil, err
		}
	}
	rep := &hermiteReport{Expression: e.String(), Digits: f.digits, Norm: f.norm,
		Residual: floatNum(f.residual, 15), Epsilon: floatNum(eps, 6)}
	if err := addCoefficients(rep, e, f.terms, f.digits); err != nil {
		return nil, err
	}
	fp, err := m.Analyze()
	if err != nil {
		return nil, err
	}
	th, err := m.TheoremDigits(fp, f.digits)
	if err != nil {
		return nil, err
	}
	d := min(f.digits, calc.Float64Digits)
	rep.C, rep.Kappa0, rep.KappaPrime0, rep.KappaPrime1 = certNum(th.C), certNum(th.Kappa0), certNum(th.KappaPrime0), certNum(th.KappaPrime1)
	rep.Case = int(fp.Case)
	rep.RhoStar, rep.KappaPrimeRhoStar, rep.Alpha = certNum(th.RhoStar), certNum(th.KappaPrimeRhoStar), certNum(th.Alpha)
	if fp.Case == hermite.CaseOneExp { // Corollary 2 needs κ′(1) < 1
		_, _, kp1 := m.Effective()
		rep.DepthIndistinguishable = agreeingNum(hermite.DepthIndistinguishable(kp1, eps), hermite.DepthIndistinguishable(kp1*(1-floatCheck), eps), d)
	}
	if f.depth > 0 {
		rhos, check, err := m.IterateChecked(f.rho0, f.depth)
		if err != nil {
			return nil, err
		}
		// ρ_ℓ and the bound keep the digits that a second run certifies
		// (agreeingNum): κ and α moved by their float64 accuracy in it.
		moved := fp
		moved.Alpha *= 1 - floatCheck
		for l, r := range rhos {
			rep.Iterates = append(rep.Iterates, iterateRow{L: l, Rho: agreeingNum(r, check[l], d),
				Bound: agreeingNum(fp.Bound(f.rho0, l), moved.Bound(f.rho0, l), d)})
		}
	}
	return rep, nil
}

// addCoefficients fills the Hermite coefficients, the Parseval tail
// 1 − Σ c_k² and Corollary S.1's leading order m: in float64 (absolute
// accuracy 1e-13) up to 12 digits, at digits digits beyond.
func addCoefficients(rep *hermiteReport, e calc.Expr, n, digits int) error {
	if digits <= calc.Float64Digits {
		cs, _, err := hermite.Coefficients(e, n)
		if err != nil {
			return err
		}
		tail := 1.0
		for _, c := range cs {
			rep.Coefficients = append(rep.Coefficients, absNum(c, coefficientAbsErr, digits))
			tail -= c * c
		}
		rep.ParsevalTail = absNum(tail, coefficientAbsErr, digits)
		rep.LeadingOrder = hermite.LeadingOrder(cs, coefficientAbsErr)
		return nil
	}
	cs, _, err := hermite.CoefficientsDigits(e, n, digits)
	if err != nil {
		return err
	}
	abs := math.Pow(10, -float64(digits))
	lead := make([]float64, len(cs))
	for k, c := range cs {
		rep.Coefficients = append(rep.Coefficients, bigAbsNum(c, digits))
		lead[k], _ = c.Float64()
	}
	rep.ParsevalTail = bigAbsNum(hermite.ParsevalTail(cs), digits)
	rep.LeadingOrder = hermite.LeadingOrder(lead, abs)
	return nil
}

// bigAbsNum formats v known to an absolute accuracy of 10^−digits: the
// digits above that, and 0 when |v| is below it.
func bigAbsNum(v *big.Float, digits int) jsonNum {
	f, _ := v.Float64()
	if math.Abs(f) <= math.Pow(10, -float64(digits)) {
		return "0"
	}
	sig := digits + int(math.Floor(math.Log10(math.Abs(f)))) + 1
	return bigNum(v, max(1, min(sig, digits)))
}

func writeHermiteText(w io.Writer, r *hermiteReport) {
	fmt.Fprintf(w, "activation   %s\n", r.Expression)
	if r.Residual != "0" || r.Norm != "" {
		fmt.Fprintf(w, "map          residual r = %s, normalization %q\n", r.Residual, r.Norm)
	}
	fmt.Fprintf(w, "C            %s   (φ = σ/C, C = √E[σ(X)²])\n", r.C)
	fmt.Fprintf(w, "κ(0)         %s\nκ'(0)        %s\nκ'(1)        %s\n", r.Kappa0, r.KappaPrime0, r.KappaPrime1)
	fmt.Fprintf(w, "case         %d  (Theorem 1)\nρ*           %s\nκ'(ρ*)       %s\nα            %s\n", r.Case, r.RhoStar, r.KappaPrimeRhoStar, r.Alpha)
	depth := string(r.DepthIndistinguishable)
	if depth == "" {
		depth = "∞ (κ'(1) ≥ 1)"
	}
	fmt.Fprintf(w, "depth        %s layers until inputs agree to ε = %s (Corollary 2)\n", depth, r.Epsilon)
	fmt.Fprintf(w, "Parseval     1 − Σ c_k² = %s over the %d coefficients below\n", r.ParsevalTail, len(r.Coefficients))
	if r.LeadingOrder > 1 {
		fmt.Fprintf(w, "Cor. S.1     c_k = 0 for k < %d: |ρ_ℓ| ≤ |ρ₀|^(%d^ℓ)\n", r.LeadingOrder, r.LeadingOrder)
	}
	fmt.Fprintln(w, "\nHermite coefficients of φ")
	for k, c := range r.Coefficients {
		fmt.Fprintf(w, "  c%-3d %s\n", k, c)
	}
	if len(r.Iterates) > 0 {
		fmt.Fprintln(w, "\n    ℓ  ρ_ℓ  Theorem 1 bound")
		for _, it := range r.Iterates {
			fmt.Fprintf(w, "  %3d  %s  %s\n", it.L, it.Rho, it.Bound)
		}
	}
}
