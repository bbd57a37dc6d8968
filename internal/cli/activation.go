package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"

	"critcalc/calc"
)

// activationTrouble names, before any Gaussian average is tried, the three
// ways an activation can make them impossible, each with its own message:
//
//   - undefined: σ has no real value somewhere on the real line (log(x)
//     at 0, sqrt(x) below 0);
//   - overflow: σ is finite but beyond the float64 range at a moderate
//     argument (1e400*tanh(x) at x = 1), where the float64 averages
//     cannot hold it;
//   - divergence: log|σ(x)| grows like c·x² or faster, so E[σ(z)²] is
//     infinite for K ≥ 1/(4c) (exp(x^2): K ≥ 1/4), which kmax reaches.
//
// It returns nil when none applies; the averages may still fail for
// reasons of their own.
func activationTrouble(e calc.Expr, kmax float64) error {
	return activationTroubleAt(e, kmax, fmt.Sprintf("--kmax %g reaches them (a smaller --kmax keeps the averages finite)", kmax))
}

// activationTroubleAt is activationTrouble with reach, the end of the
// divergence message: how the command comes to average at K = kmax.
func activationTroubleAt(e calc.Expr, kmax float64, reach string) error {
	vals, err := valuesOnLine(e)
	if err != nil {
		return err
	}
	p := calc.CompileBig(e)
	d := calc.Derivative(e, 1)
	dp := calc.CompileBig(d)
	progs := []*calc.Program{calc.Compile(e), calc.Compile(d)}
	for j, x := range linePoints {
		for i, fp := range progs {
			fv := fp.Eval(x)
			name := []string{"σ", "σ'"}[i]
			switch {
			case math.IsInf(fv, 0) || math.IsNaN(fv):
				if i == 1 {
					if _, err := dp.Eval(new(big.Float).SetFloat64(x), 64); err != nil && !errors.Is(err, calc.ErrOverflow) {
						return fmt.Errorf("the derivative of %s is undefined at x = %g (%v): the criticality conditions need σ' on the whole real line", e, x, causeOf(err))
					}
				}
				if av := new(big.Float).Abs(vals[j]); i == 0 && av.Cmp(big.NewFloat(math.MaxFloat64)) > 0 {
					return fmt.Errorf("%s overflows float64 at x = %g: its value there is %s, beyond ±1.8e308, and its Gaussian averages are computed in float64", e, x, calc.FormatSignificant(vals[j], 3))
				}
				return fmt.Errorf("%s overflows float64 at x = %g: a constant or subexpression of %s is beyond ±1.8e308 there, and its Gaussian averages are computed in float64", e, x, name)
			case math.Abs(fv) > 1e150:
				return fmt.Errorf("%s overflows float64 at x = %g: %s(%g)² = %s² is beyond ±1.8e308, and its Gaussian averages are computed in float64", e, x, name, x, calc.FormatFloat64(fv, 3))
			}
		}
	}
	c64, ok64 := growthRate(p, 64)
	c128, ok128 := growthRate(p, 128)
	switch {
	case !ok128:
		return fmt.Errorf("%s grows faster than any Gaussian decays (its value at x = ±128 is beyond the arbitrary-precision range): E[σ(z)²] diverges at every K > 0", e)
	case ok64 && c128 > 1e-3 && c128 > 0.75*c64 && 1/(4*c128) <= kmax:
		return fmt.Errorf("E[σ(z)²] of %s diverges for K ≥ %.3g: log|σ(x)| grows like %.3g·x² (at x = ±128), faster than the Gaussian's x²/(2K) for those K; %s",
			e, 1/(4*c128), c128, reach)
	}
	return nil
}

// linePoints are the arguments at which activationTrouble tries σ.
var linePoints = []float64{0, 0.25, -0.25, 1, -1, 3, -3, 10, -10}

// valuesOnLine returns σ at linePoints (64 bits), or the error that names
// the first point where σ is undefined or beyond the arbitrary-precision
// range: the first of activationTrouble's checks, and the one every
// command that averages over σ makes before it starts (depth, kernel,
// sim, …), so that log(x) is refused with that message rather than with
// whatever the first average to fail says.
func valuesOnLine(e calc.Expr) ([]*big.Float, error) {
	p := calc.CompileBig(e)
	vals := make([]*big.Float, len(linePoints))
	for i, x := range linePoints {
		v, err := p.Eval(new(big.Float).SetFloat64(x), 64)
		if errors.Is(err, calc.ErrOverflow) {
			return nil, fmt.Errorf("%s overflows at x = %g: its value is beyond the arbitrary-precision range", e, x)
		}
		if err != nil {
			return nil, fmt.Errorf("%s is undefined at x = %g (%v): Gaussian averages need an activation defined on the whole real line", e, x, causeOf(err))
		}
		vals[i] = v
	}
	return vals, nil
}

// growthRate returns max over x = ±r of log|σ(x)|/x², from the binary
// exponent of σ(x) at 64 bits; ok is false where σ(x) is beyond the
// arbitrary-precision range or undefined.
func growthRate(p *calc.BigProgram, r float64) (c float64, ok bool) {
	c = math.Inf(-1)
	for _, x := range []float64{r, -r} {
		v, err := p.Eval(new(big.Float).SetFloat64(x), 64)
		if err != nil {
			return 0, false
		}
		if v.Sign() == 0 {
			continue
		}
		c = max(c, float64(v.MantExp(nil))*math.Ln2/(x*x))
	}
	return c, true
}

// causeOf returns the innermost cause of an evaluation error (the domain
// error of the function that failed).
func causeOf(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}

// parseActivation parses the activation of command who and refuses one
// that is undefined or beyond the arbitrary-precision range at one of
// linePoints (valuesOnLine), writing either error on stderr.
func parseActivation(who, src string, stderr io.Writer) (calc.Expr, error) {
	e, err := parseExpr(src, stderr)
	if err != nil {
		return e, err
	}
	if _, err := valuesOnLine(e); err != nil {
		errorf(stderr, "%s: %v", who, err)
		return e, err
	}
	return e, nil
}
