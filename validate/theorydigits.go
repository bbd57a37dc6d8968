package validate

import (
	"math"

	"critcalc/calc"
)

// DefaultDigits is the theory's digits when none are asked for, as
// `critcalc depth` prints its columns by default.
const DefaultDigits = 9

// Value returns the float64 prediction of quantity q at layer l: "K" (for
// a plain MLP of equal widths the metric K + G{1}/n), "G1", "V", "K+-",
// "rho", "APJN1" (𝒥^{l,l+1}) or "APJN" (𝒥^{l0,l}); NaN for a quantity
// the theory does not have.
func (th *Theory) Value(q string, l int) float64 {
	if l < 1 || l > len(th.Layers) {
		return math.NaN()
	}
	tl := th.Layers[l-1]
	at := func(xs []float64) float64 {
		if len(xs) < l {
			return math.NaN()
		}
		return xs[l-1]
	}
	switch q {
	case "K":
		if th.Plain && th.Width > 0 {
			return tl.K + tl.G1/float64(th.Width)
		}
		return tl.K
	case "G1":
		return tl.G1
	case "V":
		return tl.V
	case "K+-":
		return at(th.K01)
	case "rho":
		if th.Rho != nil {
			return at(th.Rho)
		}
		return at(th.K01) / (math.Sqrt(tl.K) * math.Sqrt(at(th.K11)))
	case "APJN1":
		return at(th.J1)
	case "APJN":
		return at(th.APJN)
	}
	return math.NaN()
}

// valueErr returns the estimated error of Value(q, l): its difference
// from the value of the check (Theory.Check, the theory with every
// Gaussian average moved by its accuracy); 0 for a high-precision theory
// or one without a check.
func (th *Theory) valueErr(q string, l int) float64 {
	if th.Digits != nil || th.Check == nil {
		return 0
	}
	return math.Abs(th.Value(q, l) - th.Check.Value(q, l))
}

// Certified returns the prediction of quantity q at layer l with its
// certified significant digits, at most digits: the high-precision value
// of a theory from PredictDigits, and otherwise the float64 value with
// the digits on which it and its check (Theory.Check, the theory with
// every Gaussian average moved by its accuracy) agree. A value without a
// check, or on which the two do not agree to one digit, has no value
// (calc.Certified.V nil).
func (th *Theory) Certified(q string, l, digits int) calc.Certified {
	if th.Digits != nil {
		return th.Digits[Key{q, l}].AtMost(digits)
	}
	if th.Check == nil {
		return calc.Certified{}
	}
	c, err := calc.AgreeingFloat64(q, th.Value(q, l), th.Check.Value(q, l), min(digits, calc.Float64Digits))
	if err != nil {
		return calc.Certified{}
	}
	return c
}
