package quadrature

import (
	"errors"
	"fmt"
	"math/big"
)

// Sentinel errors; returned errors wrap them, so test with errors.Is.
var (
	// ErrOrder reports a number of nodes outside the supported range.
	ErrOrder = errors.New("quadrature: number of nodes out of range")
	// ErrPrecision reports a big.Float precision outside [MinPrec, MaxPrec].
	ErrPrecision = errors.New("quadrature: precision out of range")
	// ErrInterval reports an invalid interval: a > b, a NaN end point, or an
	// infinite end point where a finite one is required.
	ErrInterval = errors.New("quadrature: invalid interval")
	// ErrTolerance reports negative or NaN tolerances, or both tolerances zero.
	ErrTolerance = errors.New("quadrature: invalid tolerance")
)

func orderError(name string, n, max int) error {
	return fmt.Errorf("%w: %s needs 1 ≤ n ≤ %d, got %d", ErrOrder, name, max, n)
}

func precError(prec uint) error {
	return fmt.Errorf("%w: need %d ≤ prec ≤ %d, got %d", ErrPrecision, MinPrec, MaxPrec, prec)
}

// NonFiniteError reports an integrand value that is NaN or infinite.
type NonFiniteError struct {
	X     float64    // abscissa of the float64 integrators (0 if BigX is set)
	BigX  *big.Float // abscissa of the big.Float integrators, nil otherwise
	Value float64    // the offending value: NaN or ±Inf
}

func (e *NonFiniteError) Error() string {
	if e.BigX != nil {
		return fmt.Sprintf("quadrature: integrand is %g at x = %s", e.Value, e.BigX.Text('g', 25))
	}
	return fmt.Sprintf("quadrature: integrand is %g at x = %g", e.Value, e.X)
}

// NotConvergedError reports that a double-exponential integrator did not
// reach the requested tolerance. The integrator still returns its best value
// alongside this error; AbsErr (and BigAbsErr for IntegrateBig) is the
// estimated absolute error of that value, so callers can report how many
// digits are attainable.
type NotConvergedError struct {
	Value     float64    // best value (rounded to float64 for IntegrateBig)
	AbsErr    float64    // estimated absolute error of Value (rounded up for IntegrateBig)
	BigAbsErr *big.Float // estimated absolute error, IntegrateBig only
	Tol       float64    // absolute tolerance that was asked for: max(relTol·|Value|, absTol)
	Level     int        // last refinement level computed (step 2^-Level)
	Evals     int        // integrand evaluations
	// RoundoffLimited is true when the estimate was dominated by rounding
	// errors, so that further refinement could not help.
	RoundoffLimited bool
}

func (e *NotConvergedError) Error() string {
	why := "maximum refinement level reached"
	if e.RoundoffLimited {
		why = "limited by rounding errors"
	}
	return fmt.Sprintf("quadrature: no convergence (%s) after %d evaluations: estimated error %.3g exceeds tolerance %.3g",
		why, e.Evals, e.AbsErr, e.Tol)
}
