package bigmath

import (
	"fmt"
	"math/big"
	"strconv"
)

// DomainError reports an argument for which a function has no real,
// finite result, or whose result the package declines to compute (for
// example the sine of an infinite argument).
type DomainError struct {
	// Func is the name of the function, in lower case ("log", "pow").
	Func string
	// Arg is the offending argument, formatted with %.10g.
	Arg string

	// reason completes the sentence "<Func>: argument <Arg> ...".
	reason string
}

// Error returns a message such as "log: argument -1 is not positive".
func (e *DomainError) Error() string {
	reason := e.reason
	if reason == "" {
		reason = "is outside the domain"
	}
	return e.Func + ": argument " + e.Arg + " " + reason
}

// domainError returns a DomainError for function fn and argument x.
func domainError(fn string, x *big.Float, reason string) *DomainError {
	return &DomainError{Func: fn, Arg: formatArg(x), reason: reason}
}

// formatArgMaxExp is the largest binary exponent of an argument that
// formatArg prints with fmt; beyond it the exact decimal conversion that
// fmt performs grows too slow (quadratic in the exponent).
const formatArgMaxExp = 1 << 14

// formatArg formats x like fmt's %.10g. For huge or tiny magnitudes it
// derives the decimal exponent and the leading digits from log10|x| at
// 128 bits instead, which gives the same ten digits.
func formatArg(x *big.Float) string {
	if x.IsInf() || x.Sign() == 0 || (exponent(x) <= formatArgMaxExp && exponent(x) >= -formatArgMaxExp) {
		return fmt.Sprintf("%.10g", x)
	}
	const prec = 128
	l := logInto(newFloat(prec), new(big.Float).Abs(x))
	ln10 := logInto(newFloat(prec), big.NewFloat(10))
	d := newFloat(prec).Quo(l, ln10) // log10|x|

	// d = n + frac with 0 ≤ frac < 1; the leading digits are 10^frac.
	n, _ := d.Int(nil)
	if d.Sign() < 0 && !d.IsInt() {
		n.Sub(n, big.NewInt(1))
	}
	frac := newFloat(prec).Sub(d, new(big.Float).SetInt(n))
	frac.Mul(frac, ln10)
	m, _ := expInto(newFloat(64), frac).Float64()
	digits := strconv.FormatFloat(m, 'g', 10, 64)
	if digits == "10" {
		digits = "1"
		n.Add(n, big.NewInt(1))
	}
	sign := ""
	if x.Signbit() {
		sign = "-"
	}
	return fmt.Sprintf("%s%se%+03d", sign, digits, n.Int64())
}
