package quadrature

import (
	"math/big"
	"testing"
)

// TestCompensatedSum checks sums that plain float64 addition gets wrong:
// a term larger than the sum so far that cancels (Neumaier's case, which
// Kahan's compensation misses), and many terms whose rounding accumulates,
// against the exact sum of the float64 terms.
func TestCompensatedSum(t *testing.T) {
	many := make([]float64, 10000)
	for i := range many {
		many[i] = 0.1
	}
	for _, tt := range []struct {
		name  string
		terms []float64
	}{
		{"empty", nil},
		{"a large term that cancels", []float64{1, 1e100, 1, -1e100}},
		{"ten thousand tenths", many},
		{"alternating magnitudes", []float64{1e-16, 1, -1e-16, 1e-16, -1, 3e-16}},
	} {
		var s CompensatedSum
		exact := new(big.Float).SetPrec(2000)
		for _, x := range tt.terms {
			s.Add(x)
			exact.Add(exact, new(big.Float).SetFloat64(x))
		}
		want, _ := exact.Float64()
		if got := s.Value(); got != want {
			t.Errorf("%s: %v, the rounded exact sum %v", tt.name, got, want)
		}
	}
}
