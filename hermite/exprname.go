package hermite

import (
	"fmt"
	"strings"

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

// branchNote names the branch points of the integrands ins, where the
// Gauss–Legendre rules converge only like a power of their size, for the
// message of a quadrature that did not converge, with hint after it; ""
// when there is none.
func branchNote(hint string, ins ...*integrand) string {
	var zs []string
	seen := map[float64]bool{}
	for _, in := range ins {
		for _, z := range in.branches {
			if !seen[z] {
				seen[z] = true
				zs = append(zs, fmt.Sprintf("z = %.6g", z))
			}
		}
	}
	if len(zs) == 0 {
		return ""
	}
	return fmt.Sprintf(" (no power series at %s — a non-integer power of a quantity that vanishes there — where the rules converge slowly%s)", strings.Join(zs, ", "), hint)
}
