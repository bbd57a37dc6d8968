package recursions

import (
	"fmt"
	"math/big"

	"critcalc/calc"
)

// Certified is a value with the number of its leading significant digits
// that two independent computations at different working precisions agree
// on.
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
