package quadrature

import (
	"fmt"
	"math/big"
)

// Stored Gauss–Legendre rules. Computing a rule at high precision costs
// O(n²) multiplications per Newton step (about 13 ms of CPU for the 24-,
// 48- and 96-point rules at 256 bits), which a one-shot command such as
// `critcalc act --digits 30` pays on every run. The rules the
// high-precision expectations use most are therefore stored, exactly, at
// the precision step they are asked for at up to about 55 digits:
// legendrestored_table.go holds the nonnegative roots (ascending) and
// their weights as hexadecimal floats, generated from bigRule itself
// (`go test ./hermite/quadrature -run StoredLegendre -update-rules`), and
// TestStoredLegendreRules checks them bit for bit against a fresh
// computation.

// storedLegendrePrec is the precision of the stored rules.
const storedLegendrePrec = 256

// storedLegendreSizes are the orders stored.
var storedLegendreSizes = []int{24, 48, 96, 192}

// storedLegendre returns the stored n-point rule at storedLegendrePrec
// bits, or false when n is not stored.
func storedLegendre(n int) (*BigRule, bool, error) {
	half, ok := storedLegendreRules[n]
	if !ok {
		return nil, false, nil
	}
	m := len(half.x)
	if 2*m != n || len(half.w) != m {
		return nil, false, fmt.Errorf("quadrature: the stored %d-point rule has %d roots and %d weights", n, len(half.x), len(half.w))
	}
	rule := &BigRule{X: make([]*big.Float, n), W: make([]*big.Float, n), Prec: storedLegendrePrec}
	for i := range m {
		x, err := parseStored(half.x[i])
		if err != nil {
			return nil, false, err
		}
		w, err := parseStored(half.w[i])
		if err != nil {
			return nil, false, err
		}
		rule.X[m-1-i] = new(big.Float).Neg(x)
		rule.W[m-1-i] = new(big.Float).Copy(w)
		rule.X[m+i], rule.W[m+i] = x, w
	}
	return rule, true, nil
}

// parseStored reads one exactly stored value.
func parseStored(s string) (*big.Float, error) {
	v, _, err := big.ParseFloat(s, 0, storedLegendrePrec, big.ToNearestEven)
	if err != nil {
		return nil, fmt.Errorf("quadrature: stored rule value %q: %w", s, err)
	}
	return v, nil
}

// storedHalf is the nonnegative half of a stored rule: roots ascending,
// and their weights.
type storedHalf struct{ x, w []string }
