package calc

import (
	"math"
	"math/big"
	"testing"
)

func TestExactDecimal(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0.1, "1/10"}, {0.6, "3/5"}, {2, "2/1"}, {-1.5e-3, "-3/2000"}, {0, "0/1"}} {
		if got := ExactDecimal(c.v).String(); got != c.want {
			t.Errorf("ExactDecimal(%g) = %s, want %s", c.v, got, c.want)
		}
	}
	if r := ExactDecimal(math.SmallestNonzeroFloat64); r.Cmp(new(big.Rat).SetFloat64(math.SmallestNonzeroFloat64)) == 0 {
		t.Error("5e-324 should be the decimal 5e-324, not its binary value")
	}
}
