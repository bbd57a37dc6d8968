package quadrature

import "math/big"

// Result is the outcome of a float64 integration.
type Result struct {
	Value  float64 // the integral
	AbsErr float64 // estimated absolute error of Value
	Evals  int     // number of integrand evaluations
}

// BigResult is the outcome of a big.Float integration.
type BigResult struct {
	Value  *big.Float // the integral, at the requested precision
	AbsErr *big.Float // estimated absolute error of Value
	Evals  int        // number of integrand evaluations
}
