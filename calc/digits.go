package calc

import (
	"fmt"
	"math"
	"math/big"
)

// MaxCheckPrec is the largest working precision, in bits, that EvalDigits
// tries before it gives up.
const MaxCheckPrec = 8192

// BitsForDigits returns the number of bits that hold d significant decimal
// digits.
func BitsForDigits(d int) uint { return uint(math.Ceil(float64(d)*math.Log2(10))) + 1 }

// NotCertifiedError reports that a value could not be computed to the
// requested number of significant digits (for instance a result that is 0
// up to rounding, such as sin(pi)).
type NotCertifiedError struct {
	Digits int
	X      string
	Last   string // the last value computed with its error bound, for the message
	// ZeroBelow, when set, is a bound on |value|: the value is 0 within
	// it at the highest precision tried (sin(π), σ''(0) of the sigmoid),
	// and a caller may print it as 0 with that bound.
	ZeroBelow *big.Float
}

func (e *NotCertifiedError) Error() string {
	return fmt.Sprintf("cannot certify %d significant digits at x = %s (the best value was %s)", e.Digits, e.X, e.Last)
}

// EvalDigits returns the value of p at the exact point x with digits
// significant decimal digits certified: the evaluation carries a running
// bound on its error (see evalBounded), and the precision doubles until the
// bound is below half a unit in the digits+1-th place; a result whose error
// cannot be bounded that way up to MaxCheckPrec bits is an error. An exact
// zero (a zero with a zero error bound) is returned as 0.
func (p *BigProgram) EvalDigits(x *big.Rat, digits int) (*big.Float, error) {
	return p.evalDigits(x, digits, false)
}

// EvalDigitsStrict is EvalDigits for a value that is printed: a
// subexpression whose nonzero value lies below big.Float's exponent range
// (about 10^(−6.5e8)), which EvalDigits carries on as an exact 0, is
// bounded by that range instead. A result that this underflow leaves
// uncertified (exp(−x) at x = 10^10, sech(x)² at 10^400) is an *EvalError
// whose cause is ErrUnderflow, never a 0; one it does not touch (Φ(x) +
// x·φ(x) at x = 10^55, which is 1 to every digit) is returned.
func (p *BigProgram) EvalDigitsStrict(x *big.Rat, digits int) (*big.Float, error) {
	return p.evalDigits(x, digits, true)
}

func (p *BigProgram) evalDigits(x *big.Rat, digits int, strict bool) (*big.Float, error) {
	if digits < 1 {
		return nil, fmt.Errorf("digits must be at least 1, got %d", digits)
	}
	tol := relTol(digits, 0.5)
	last := "nothing"
	var zero, lastX *big.Float
	lastUflow := ""
	for prec := BitsForDigits(digits) + 32; prec <= maxCheckPrec(digits); prec *= 2 {
		xv := new(big.Float).SetPrec(prec + 64)
		if xv.SetRat(x); xv.Acc() != big.Exact {
			xv.SetPrec(4 * MaxCheckPrec).SetRat(x) // rounding of x far below what is asked
		}
		v, bound, uflow, err := p.evalBoundedUnderflow(xv, prec, strict)
		if err != nil {
			return nil, err
		}
		last = fmt.Sprintf("%s ± %s", FormatSignificant(v, 12), FormatSignificant(bound, 3))
		zero = nil
		if new(big.Float).Abs(v).Cmp(bound) <= 0 {
			last = fmt.Sprintf("0 to within %s at %d bits: the value may be exactly 0", FormatSignificant(bound, 3), prec)
			if !bound.IsInf() {
				zero = bound
			}
		}
		lim := new(big.Float).Abs(v)
		if lim.Mul(lim, tol); bound.Cmp(lim) <= 0 {
			return v, nil
		}
		if uflow != "" && zero != nil {
			// A value 0 within a bound that an underflow sets: no
			// precision changes it.
			return nil, &EvalError{Sub: uflow, X: FormatSignificant(xv, 20), Err: ErrUnderflow}
		}
		lastUflow, lastX = uflow, xv
	}
	if lastUflow != "" {
		return nil, &EvalError{Sub: lastUflow, X: FormatSignificant(lastX, 20), Err: ErrUnderflow}
	}
	return nil, &NotCertifiedError{Digits: digits, X: x.FloatString(20), Last: last, ZeroBelow: zero}
}

// maxCheckPrec is the largest working precision EvalDigits and
// TaylorDigits try for digits significant digits: MaxCheckPrec, and at
// least four times the bits of the digits asked for.
func maxCheckPrec(digits int) uint { return max(MaxCheckPrec, 4*BitsForDigits(digits)) }

// relTol returns f·10^−(digits+1) as a big.Float (a float64 would
// underflow to 0 for digits ≥ 323).
func relTol(digits int, f float64) *big.Float {
	prec := BitsForDigits(digits) + 64
	p := new(big.Float).SetPrec(prec).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits+1)), nil))
	return p.Quo(new(big.Float).SetPrec(prec).SetFloat64(f), p)
}

// agree reports whether |a − b| ≤ tol·|b| (both exactly zero agree).
func agree(a, b, tol *big.Float) bool {
	if b.Sign() == 0 {
		return a.Sign() == 0
	}
	d := new(big.Float).Sub(a, b)
	d.Abs(d)
	lim := new(big.Float).Abs(b)
	lim.Mul(lim, tol)
	return d.Cmp(lim) <= 0
}
