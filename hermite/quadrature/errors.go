package quadrature

import (
	"errors"
	"fmt"
)

// Sentinel errors; returned errors wrap them, so test with errors.Is.
var (
	// ErrOrder reports a number of nodes outside the supported range.
	ErrOrder = errors.New("quadrature: number of nodes out of range")
	// ErrPrecision reports a big.Float precision outside [MinPrec, MaxPrec].
	ErrPrecision = errors.New("quadrature: precision out of range")
)

func orderError(name string, n, max int) error {
	return fmt.Errorf("%w: %s needs 1 ≤ n ≤ %d, got %d", ErrOrder, name, max, n)
}

func precError(prec uint) error {
	return fmt.Errorf("%w: need %d ≤ prec ≤ %d, got %d", ErrPrecision, MinPrec, MaxPrec, prec)
}
