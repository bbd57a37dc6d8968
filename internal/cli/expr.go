package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strings"

	"critcalc/calc"
)

func init() {
	commands = append(commands, &command{
		name:    "expr",
		usage:   "EXPR [--at X[,X…]] [--taylor N] [--about A] [--digits D] [--json]",
		summary: "parse an activation; print its derivatives, kinks, values and Taylor coefficients",
		detail: `The expression is normalized (exact rational constants, stable forms such as
softplus and sigmoid) and printed with its first and second derivatives. Values
f, f', f'' at the points --at and the Taylor coefficients c_p = σ^(p)(A)/p! at
--about are computed in arbitrary precision and each printed digit is
certified by a second computation at higher precision. At a kink the Taylor
expansion is given from both sides; at a branch point (a non-integer power or
a square root of a quantity that vanishes there, |x|^1.5 at 0) there is none,
and σ' or σ'' that is unbounded there is left out.`,
		flags: func(fs *flag.FlagSet) any { return defineExprFlags(fs) },
		run:   runExpr,
	})
}

type exprFlags struct {
	at     string
	taylor int
	about  string
	digits int
	json   bool
}

func defineExprFlags(fs *flag.FlagSet) *exprFlags {
	f := &exprFlags{}
	fs.StringVar(&f.at, "at", "0,1", "comma-separated points `X` where f, f', f'' are evaluated (exact decimals)")
	fs.IntVar(&f.taylor, "taylor", 8, "order `N` of the Taylor expansion (0 to 200; -1 for none)")
	fs.StringVar(&f.about, "about", "0", "expansion point `A` of the Taylor coefficients")
	fs.IntVar(&f.digits, "digits", 15, "significant digits `D` of every printed number (1 to 1000)")
	fs.BoolVar(&f.json, "json", false, "write JSON instead of text")
	return f
}

// exprReport is the JSON output of `critcalc expr`.
type exprReport struct {
	Expression  string       `json:"expression"`
	Derivatives []string     `json:"derivatives"`
	Kinks       []kinkReport `json:"kinks"`
	Values      []valueRow   `json:"values"`
	TaylorAt    jsonNum      `json:"taylor_at"`
	Taylor      []jsonNum    `json:"taylor"`
	TaylorBelow []jsonNum    `json:"taylor_below,omitempty"`
	TaylorAbove []jsonNum    `json:"taylor_above,omitempty"`
	// NoSeries says why there are no coefficients at a branch point.
	NoSeries string `json:"no_series,omitempty"`
	Digits   int    `json:"digits"`
}

type kinkReport struct {
	X      jsonNum   `json:"x"`
	Exact  string    `json:"exact,omitempty"`
	Order  int       `json:"order"`
	Left   []jsonNum `json:"left,omitempty"`
	Right  []jsonNum `json:"right,omitempty"`
	Branch bool      `json:"branch,omitempty"`
}

type valueRow struct {
	X  jsonNum `json:"x"`
	F  jsonNum `json:"f"`
	D1 jsonNum `json:"d1"`
	D2 jsonNum `json:"d2"`
	// ZeroBelow holds, for each of "f", "d1", "d2" that is 0 within its
	// error bound at the highest working precision, that bound: the value
	// printed is 0 and its magnitude is below the bound.
	ZeroBelow map[string]jsonNum `json:"zero_below,omitempty"`
}

func runExpr(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineExprFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	switch {
	case f.digits < 1 || f.digits > 1000:
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and 1000, got %d", f.digits))
	case f.taylor < -1 || f.taylor > 200:
		return usageError(c, stderr, fmt.Errorf("--taylor must be between -1 and 200, got %d", f.taylor))
	}
	points, err := parsePoints(f.at)
	if err != nil {
		return usageError(c, stderr, fmt.Errorf("--at: %v", err))
	}
	about, err := parsePoints(f.about)
	if err != nil || len(about) != 1 {
		return usageError(c, stderr, fmt.Errorf("--about wants one number, got %q", f.about))
	}
	e, err := parseExpr(src, stderr)
	if err != nil {
		return exitError
	}
	rep, err := exprReportFor(e, points, about[0], f.taylor, f.digits)
	return report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeExprText(w, rep) })
}

// parseExpr parses an activation and reports a syntax error with a caret.
func parseExpr(src string, stderr io.Writer) (calc.Expr, error) {
	e, err := calc.Parse(src)
	var se *calc.SyntaxError
	if errors.As(err, &se) {
		errorf(stderr, "%v", se)
		for _, line := range strings.Split(se.Caret(), "\n") {
			fmt.Fprintf(stderr, "  %s\n", line)
		}
	} else if err != nil {
		errorf(stderr, "%v", err)
	}
	return e, err
}

// parsePoints reads comma-separated exact decimals.
func parsePoints(s string) ([]*big.Rat, error) {
	var out []*big.Rat
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, p := range strings.Split(s, ",") {
		e, err := calc.Parse(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", p)
		}
		r, ok := e.Rat()
		if !ok {
			return nil, fmt.Errorf("%q is not a rational number", p)
		}
		out = append(out, r)
	}
	return out, nil
}

func exprReportFor(e calc.Expr, points []*big.Rat, about *big.Rat, order, digits int) (*exprReport, error) {
	d1, d2 := calc.Derivative(e, 1), calc.Derivative(e, 2)
	rep := &exprReport{
		Expression:  e.String(),
		Derivatives: []string{d1.String(), d2.String()},
		Kinks:       []kinkReport{},
		Values:      []valueRow{},
		Digits:      digits,
	}
	kinks, err := calc.Kinks(e)
	if err != nil {
		return nil, fmt.Errorf("finding kinks: %w", err)
	}
	atKink := false
	for _, k := range kinks {
		kr := kinkReport{X: floatNum(k.X, digits), Order: k.Order, Branch: k.Branch()}
		if k.Exact != nil {
			kr.Exact = k.Exact.RatString()
			kr.X = bigNum(new(big.Float).SetPrec(calc.BitsForDigits(digits)+8).SetRat(k.Exact), digits)
			atKink = atKink || k.Exact.Cmp(about) == 0
		}
		if !k.Branch() {
			for i := range 3 {
				kr.Left = append(kr.Left, floatNum(k.Left[i], digits))
				kr.Right = append(kr.Right, floatNum(k.Right[i], digits))
			}
		}
		rep.Kinks = append(rep.Kinks, kr)
	}
	progs := []*calc.BigProgram{calc.CompileBig(e), calc.CompileBig(d1), calc.CompileBig(d2)}
	keys := [3]string{"f", "d1", "d2"}
	for _, x := range points {
		var vals [3]jsonNum
		var zero map[string]jsonNum
		for i, p := range progs {
			v, err := p.EvalDigitsStrict(x, digits)
			var nc *calc.NotCertifiedError
			if errors.As(err, &nc) && nc.ZeroBelow != nil {
				if zero == nil {
					zero = map[string]jsonNum{}
				}
				vals[i], zero[keys[i]] = "0", boundNum(nc.ZeroBelow)
				continue
			}
			if err != nil && i > 0 && atKinkPoint(kinks, x) {
				continue // σ' or σ'' at a kink (unbounded at a branch point): missing; the kink line says why
			}
			if err != nil {
				return nil, err
			}
			vals[i] = bigNum(v, digits)
		}
		xv := new(big.Float).SetPrec(calc.BitsForDigits(digits) + 8).SetRat(x)
		rep.Values = append(rep.Values, valueRow{X: bigNum(xv, digits), F: vals[0], D1: vals[1], D2: vals[2], ZeroBelow: zero})
	}
	rep.TaylorAt = bigNum(new(big.Float).SetPrec(calc.BitsForDigits(digits)+8).SetRat(about), digits)
	if order < 0 {
		return rep, nil
	}
	// Taylor coefficients that underflow big.Float's range come out as
	// zeros that agree at every precision; the values at the expansion
	// point name the underflow instead.
	for _, p := range progs[:min(order+1, 3)] {
		if _, err := p.EvalDigitsStrict(about, 1); errors.Is(err, calc.ErrUnderflow) {
			return nil, fmt.Errorf("Taylor expansion: %w", err)
		}
	}
	if !atKink {
		cs, err := calc.TaylorDigits(e, about, order, calc.Center, digits)
		var ke *calc.KinkError
		switch {
		case errors.As(err, &ke):
			atKink = true
		case errors.Is(err, calc.ErrNoSeries):
			rep.NoSeries = noSeriesNote(rep.TaylorAt)
			return rep, nil
		case err != nil:
			return nil, fmt.Errorf("Taylor expansion: %w", err)
		default:
			rep.Taylor = nums(cs, digits)
		}
	}
	if atKink {
		below, err := calc.TaylorDigits(e, about, order, calc.Below, digits)
		var above []*big.Float
		if err == nil {
			above, err = calc.TaylorDigits(e, about, order, calc.Above, digits)
		}
		switch {
		case errors.Is(err, calc.ErrNoSeries):
			rep.NoSeries = noSeriesNote(rep.TaylorAt)
		case err != nil:
			return nil, fmt.Errorf("one-sided Taylor expansion: %w", err)
		default:
			rep.TaylorBelow, rep.TaylorAbove = nums(below, digits), nums(above, digits)
		}
	}
	return rep, nil
}

// noSeriesNote says why there are no Taylor coefficients at the branch
// point a.
func noSeriesNote(a jsonNum) string {
	return fmt.Sprintf("no power series at x = %s on one side at least (a non-integer power or a square root of a quantity that vanishes there)", a)
}

// boundNum writes an error bound b with two significant digits, rounded
// up: b·1.1 rounded to two digits is still above b.
func boundNum(b *big.Float) jsonNum {
	u := new(big.Float).SetPrec(64).Mul(b, big.NewFloat(1.1))
	return bigNum(u, 2)
}

// atKinkPoint reports whether x is the location of one of kinks: its
// exact location, or for a kink found numerically its float64 location.
func atKinkPoint(kinks []calc.Kink, x *big.Rat) bool {
	xf, _ := x.Float64()
	for _, k := range kinks {
		if k.Exact != nil && k.Exact.Cmp(x) == 0 || k.Exact == nil && k.X == xf {
			return true
		}
	}
	return false
}

func nums(vs []*big.Float, digits int) []jsonNum {
	out := make([]jsonNum, len(vs))
	for i, v := range vs {
		out[i] = bigNum(v, digits)
	}
	return out
}

func writeExprText(w io.Writer, r *exprReport) {
	fmt.Fprintf(w, "expression  %s\nd/dx        %s\nd²/dx²      %s\n", r.Expression, r.Derivatives[0], r.Derivatives[1])
	if len(r.Kinks) == 0 {
		fmt.Fprintln(w, "kinks       none")
	}
	for _, k := range r.Kinks {
		x := string(k.X)
		if k.Exact != "" {
			x = k.Exact
		}
		if k.Branch {
			fmt.Fprintf(w, "kink        x = %s: branch point, no power series on one side at least\n", x)
			continue
		}
		fmt.Fprintf(w, "kink        x = %s: σ^(%d) jumps; left (σ, σ', σ'') = (%s, %s, %s), right = (%s, %s, %s)\n",
			x, k.Order, k.Left[0], k.Left[1], k.Left[2], k.Right[0], k.Right[1], k.Right[2])
	}
	if len(r.Values) > 0 {
		fmt.Fprintln(w)
		g := grid{columns: []string{"x", "f", "f'", "f''"}}
		for _, v := range r.Values {
			row := []string{string(v.X), string(v.F), string(v.D1), string(v.D2)}
			for i, k := range [3]string{"f", "d1", "d2"} {
				if b, ok := v.ZeroBelow[k]; ok {
					row[i+1] = fmt.Sprintf("0 (|%s| < %s)", g.columns[i+1], b)
				}
			}
			g.rows = append(g.rows, row)
		}
		g.writeText(w)
	}
	writeCoeffs := func(title string, cs []jsonNum) {
		fmt.Fprintf(w, "\n%s\n", title)
		for p, c := range cs {
			fmt.Fprintf(w, "  c%-3d %s\n", p, c)
		}
	}
	if r.Taylor != nil {
		writeCoeffs(fmt.Sprintf("Taylor coefficients c_p = σ^(p)(%s)/p!", r.TaylorAt), r.Taylor)
	}
	if r.NoSeries != "" {
		fmt.Fprintf(w, "\nTaylor coefficients: none, %s\n", r.NoSeries)
	}
	if r.TaylorBelow != nil {
		writeCoeffs(fmt.Sprintf("Taylor coefficients at the kink x = %s, from below", r.TaylorAt), r.TaylorBelow)
		writeCoeffs(fmt.Sprintf("Taylor coefficients at the kink x = %s, from above", r.TaylorAt), r.TaylorAbove)
	}
}
