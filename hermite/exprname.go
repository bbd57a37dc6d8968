package hermite

import (
	"fmt"

	"critcalc/calc"
)

// maxExprName is the length, in characters, beyond which an integrand is
// abbreviated in messages: the derivatives of an activation grow quickly,
// and a message that quotes four kilobytes of expression hides its point.
const maxExprName = 160

// exprName returns e as messages quote it: in full up to maxExprName
// characters, otherwise its beginning and its length.
func exprName(e calc.Expr) string {
	s := []rune(e.String())
	if len(s) <= maxExprName {
		return string(s)
	}
	return fmt.Sprintf("%s… (%d characters)", string(s[:maxExprName-40]), len(s))
}
