package hermite

import (
	"math/big"
	"strconv"
)

// RatG formats an exact number for a message: its nearest float64 with up
// to 10 significant digits (1e-300 stays 1e-300, where a fixed-point
// rendering would print 0).
func RatG(r *big.Rat) string {
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', 10, 64)
}
