package hermite

import (
	"fmt"
	"math/big"
)

// AtDigitsSharing is AtDigits for a caller that asks for the same K at
// valueDigits ≥ digits as well (the two working precisions of a
// high-precision depth iteration): the integrands' values at the
// trapezoidal nodes are computed to valueDigits, so that both calls use
// one set of them, and the step of the trapezoidal rule is bounded by the
// float64 partition for valueDigits, which both calls then share. The
// results are certified to digits digits, as those of AtDigits are.
func (m *Many) AtDigitsSharing(K *big.Rat, digits, valueDigits int) ([]*big.Float, error) {
	if digits < 1 || K.Sign() <= 0 {
		return m.AtDigits(K, digits)
	}
	vs, err := m.bigQuad().atSharing(K, digits, max(digits, valueDigits))
	if err != nil {
		return nil, fmt.Errorf("expectations at K = %s: %w", RatG(K), err)
	}
	return vs, nil
}
