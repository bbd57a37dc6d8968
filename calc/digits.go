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
	if digits < 1 {
		return nil, fmt.Errorf("digits must be at least 1, got %d", digits)
	}
	tol := new(big.Float).SetFloat64(0.5 * math.Pow(10, -float64(digits+1)))
	last := "nothing"
	for prec := BitsForDigits(digits) + 32; prec <= MaxCheckPrec; prec *= 2 {
		xv := new(big.Float).SetPrec(prec + 64)
		if xv.SetRat(x); xv.Acc() != big.Exact {
			xv.SetPrec(4 * MaxCheckPrec).SetRat(x) // rounding of x far below what is asked
		}
		v, bound, err := p.evalBounded(xv, prec)
		if err != nil {
			return nil, err
		}
		last = fmt.Sprintf("%s ± %s", v.Text('g', 12), bound.Text('g', 3))
		if new(big.Float).Abs(v).Cmp(bound) <= 0 {
			last = fmt.Sprintf("0 to within %s at %d bits: the value may be exactly 0", bound.Text('g', 3), prec)
		}
		lim := new(big.Float).Abs(v)
		if lim.Mul(lim, tol); bound.Cmp(lim) <= 0 {
			return v, nil
		}
	}
	return nil, &NotCertifiedError{Digits: digits, X: x.FloatString(20), Last: last}
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
