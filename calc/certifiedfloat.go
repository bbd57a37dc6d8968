package calc

import (
	"math"
	"strconv"
)

// FromFloat64Text is FromFloat64(name, v, absErr, digits).Text() in
// float64 arithmetic, for callers that print millions of values (the
// kernel matrices): v written with the most significant digits, at most
// digits, on which both ends of the interval v ± absErr (rounded outwards)
// round alike; "0" when the interval holds 0; "" (missing) when not one
// digit is certified or v is not finite. It agrees with FromFloat64 up to
// 15 digits; beyond, the float64 ends of the interval may round
// differently from FromFloat64's 64-bit ones.
func FromFloat64Text(v, absErr float64, digits int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || !(absErr >= 0) || math.IsInf(absErr, 0) {
		return ""
	}
	digits = min(digits, 17)
	if math.Abs(v) <= absErr {
		return "0"
	}
	if absErr == 0 {
		return formatFloat64Fast(v, digits)
	}
	lo, hi := outward(v, -absErr), outward(v, absErr)
	top := min(digits, int(math.Log10(math.Abs(v)/absErr))+2)
	var a, b [32]byte
	for k := top; k >= 1; k-- {
		if string(strconv.AppendFloat(a[:0], lo, 'e', k-1, 64)) == string(strconv.AppendFloat(b[:0], hi, 'e', k-1, 64)) {
			return formatFloat64Fast(v, k)
		}
	}
	return ""
}

// outward returns v + e rounded away from v: the float64 sum, moved by
// one unit where it rounded towards v (the rounding error of the sum is
// exact by Knuth's two-sum).
func outward(v, e float64) float64 {
	s := v + e
	bv := s - e
	t := (v - bv) + (e - (s - bv))
	switch {
	case e < 0 && t < 0:
		return math.Nextafter(s, math.Inf(-1))
	case e > 0 && t > 0:
		return math.Nextafter(s, math.Inf(1))
	}
	return s
}

// formatFloat64Fast is FormatFloat64 by strconv: %g with plain exponents,
// "0" for either zero.
func formatFloat64Fast(v float64, d int) string {
	if v == 0 {
		return "0"
	}
	return trimExponent(strconv.FormatFloat(v, 'g', d, 64))
}
