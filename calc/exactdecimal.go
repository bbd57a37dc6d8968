package calc

import (
	"math/big"
	"strconv"
)

// ExactDecimal returns the exact number that the shortest decimal of v
// denotes (0.1 → 1/10, 0.6 → 3/5): the number a user meant by a flag
// value or a table parameter that travelled as a float64. A non-finite v
// has no decimal; it returns v's binary value then (nil for NaN and ±Inf).
func ExactDecimal(v float64) *big.Rat {
	if r, ok := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64)); ok {
		return r
	}
	return new(big.Rat).SetFloat64(v)
}
