package recursions

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// Certified is a value with the number of its leading significant digits
// that are certified: either two independent computations at different
// working precisions agree on them (agreeing), or the whole interval that
// the value's error bound allows rounds to them (bounded).
type Certified struct {
	V *big.Float
	// Digits is how many significant digits of V are certified.
	Digits int
}

// exact returns v with all digits digits certified.
func exact(v *big.Float, digits int) Certified { return Certified{V: v, Digits: digits} }

// agreeing returns hi with the largest number of significant digits, at
// most digits, to which lo and hi round alike. Two zeros agree to every
// digit. When not even one digit agrees it returns a
// *calc.NotCertifiedError naming the quantity.
func agreeing(name string, lo, hi *big.Float, digits int) (Certified, error) {
	if lo.Sign() == 0 && hi.Sign() == 0 {
		return exact(hi, digits), nil
	}
	for d := digits; d >= 1; d-- {
		if lo.Sign() != 0 && hi.Sign() != 0 && lo.Text('e', d-1) == hi.Text('e', d-1) {
			return Certified{V: hi, Digits: d}, nil
		}
	}
	return Certified{}, &calc.NotCertifiedError{Digits: digits, X: name,
		Last: fmt.Sprintf("%s at one precision and %s at a higher one", lo.Text('g', 10), hi.Text('g', 10))}
}

// bounded returns v with the largest number of significant digits, at most
// digits, to which every number within the relative error rel of v rounds
// alike: both ends of the interval v(1 ± rel) round to the same digits.
// When not even one digit is certified it returns a
// *calc.NotCertifiedError naming the quantity.
func bounded(name string, v *big.Float, rel float64, digits int) (Certified, error) {
	if v.Sign() == 0 || math.IsInf(rel, 0) || math.IsNaN(rel) {
		return Certified{}, &calc.NotCertifiedError{Digits: digits, X: name,
			Last: fmt.Sprintf("%s with a relative error bound of %g", v.Text('g', 10), rel)}
	}
	d := new(big.Float).SetPrec(v.Prec()).Mul(v, new(big.Float).SetFloat64(math.Abs(rel)))
	lo := new(big.Float).SetPrec(v.Prec()).Sub(v, d)
	hi := new(big.Float).SetPrec(v.Prec()).Add(v, d)
	c, err := agreeing(name, lo, hi, digits)
	if err != nil {
		return Certified{}, err
	}
	return Certified{V: v, Digits: c.Digits}, nil
}
