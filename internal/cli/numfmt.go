package cli

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// jsonNum is a number already formatted with the requested significant
// digits; it is written into JSON as a number, not a string, so that 30
// digits survive. The empty jsonNum is written as null.
type jsonNum string

// MarshalJSON writes the number as it is.
func (n jsonNum) MarshalJSON() ([]byte, error) {
	if n == "" {
		return []byte("null"), nil
	}
	return []byte(n), nil
}

// bigNum formats v with d significant digits by calc.FormatSignificant, a
// form valid in JSON and readable in text (1.5, -0.25, 1.234e5).
func bigNum(v *big.Float, d int) jsonNum {
	if v == nil {
		return ""
	}
	return jsonNum(calc.FormatSignificant(v, d))
}

// floatNum formats a float64 with at most d significant digits (and at
// most 15) by calc.FormatFloat64, as report.FloatCell does; non-finite
// values become null.
func floatNum(v float64, d int) jsonNum {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return ""
	}
	return jsonNum(calc.FormatFloat64(v, min(d, 15)))
}

// certNum formats a certified value with its certified digits
// (calc.Certified.Text); an unset value becomes null.
func certNum(c calc.Certified) jsonNum { return jsonNum(c.Text()) }

// agreeingNum formats x with the significant digits, at most d, that y
// (the same quantity from a second computation with its inputs moved by
// their accuracy) certifies by calc.AgreeingFloat64; null when not one
// digit is certified or a value is not finite.
func agreeingNum(x, y float64, d int) jsonNum {
	c, err := calc.AgreeingFloat64("", x, y, d)
	if err != nil {
		return ""
	}
	return certNum(c)
}

// float64OrHighUsage is the help of a --digits flag served in float64 up to
// calc.Float64Digits and in high precision above: "significant D digits",
// of what (if not empty), and note inside the parenthesis.
func float64OrHighUsage(of, note string) string {
	return fmt.Sprintf("significant `D` digits%s (up to %d in float64; %d to %d in high precision%s)", of, calc.Float64Digits, calc.Float64Digits+1, calc.MaxDigits, note)
}
