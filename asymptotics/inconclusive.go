package asymptotics

import "math"

// Inconclusive returns why c cannot confirm its prediction, or "" when it
// can: a fit is conclusive only when it could have disagreed.
//
//   - A coefficient is inconclusive when 0 is within AgreeSigmas
//     uncertainties of the prediction (|Predicted| ≤ 3·Err): the fit cannot
//     tell the term from its absence.
//   - An exponent is inconclusive when p ± ½ are (3·Err ≥ ½): the fit cannot
//     tell ℓ^p from the neighbouring powers.
//   - A "max_abs" check of a quantity predicted to vanish is always
//     conclusive (it compares with zeroTolerance, not with a fit).
//
// An inconclusive comparison should not be reported as agreeing, whatever
// Agrees says.
func (c Comparison) Inconclusive() string {
	switch c.What {
	case "coefficient":
		if !(math.Abs(c.Predicted) > AgreeSigmas*c.Err) {
			return "3·err ≥ |predicted|"
		}
	case "exponent":
		if !(AgreeSigmas*c.Err < 0.5) {
			return "3·err ≥ ½"
		}
	}
	return ""
}
