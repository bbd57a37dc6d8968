package hermite

import (
	"fmt"

	"critcalc/calc"
)

// maxExprName is the length, in characters, beyond which an integrand is
// abbreviated in messages to its first exprNameHead characters and its
// length: the derivatives of an activation grow quickly, and a message
// that quotes four kilobytes of expression hides its point.
const (
	maxExprName  = 160
	exprNameHead = 120
)

// exprName returns e as messages quote it: in full up to maxExprName
// characters, otherwise its beginning and its length.
func exprName(e calc.Expr) string {
	s := []rune(e.String())
	if len(s) <= maxExprName {
		return string(s)
	}
	return fmt.Sprintf("%s… (%d characters)", string(s[:exprNameHead]), len(s))
}
