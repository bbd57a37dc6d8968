package main

import (
	"math"
	"math/big"
	"strconv"
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

// bigNum formats v with d significant digits in a form valid in JSON and
// readable in text (1.5, -0.25, 1.234e+05).
func bigNum(v *big.Float, d int) jsonNum {
	if v == nil {
		return ""
	}
	return jsonNum(trimExp(v.Text('g', d)))
}

// floatNum formats a float64 with at most d significant digits (and at
// most 15, which a float64 holds); non-finite values become null.
func floatNum(v float64, d int) jsonNum {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return ""
	}
	return jsonNum(trimExp(strconv.FormatFloat(v, 'g', min(d, 15), 64)))
}

// trimExp writes exponents without a leading '+' or zero padding
// ("1e+05" → "1e5"), which JSON and critcalc's parser both read.
func trimExp(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] != 'e' {
			continue
		}
		mant, exp := s[:i+1], s[i+1:]
		sign := ""
		if exp[0] == '+' || exp[0] == '-' {
			if exp[0] == '-' {
				sign = "-"
			}
			exp = exp[1:]
		}
		for len(exp) > 1 && exp[0] == '0' {
			exp = exp[1:]
		}
		return mant + sign + exp
	}
	return s
}
