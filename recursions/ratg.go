package recursions

import (
	"math/big"
	"strconv"
)

// ratG formats an exact number for a message: its nearest float64 with up
// to 10 significant digits.
func ratG(r *big.Rat) string {
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', 10, 64)
}
