package report

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/loggauss"
)

// betaTheoryRow returns the cells n … p_zero of the beta table's row for d
// hidden layers of width n, each value certified to at most digits
// significant digits: β = 2/n + 5d/n and the log-Gaussian E[G] = −β/2,
// Var[G] = β exactly (loggauss.BetaRat), the exact moments of G
// (loggauss.ExactMomentsDigits), of ln‖z_out‖² (TheoryOutputDigits,
// ExactOutputDigits) and P(empty layer) (ZeroEventProbabilityDigits).
func betaTheoryRow(n, d, nOut, digits int) ([]Cell, error) {
	widths := make([]int, d+1)
	for i := range widths {
		widths[i] = n
	}
	beta, err := loggauss.BetaRat(widths)
	if err != nil {
		return nil, err
	}
	exact, err := loggauss.ExactMomentsDigits(widths, digits)
	if err != nil {
		return nil, err
	}
	yTheory, err := loggauss.TheoryOutputDigits(widths, nOut, digits)
	if err != nil {
		return nil, err
	}
	yExact, err := loggauss.ExactOutputDigits(widths, nOut, digits)
	if err != nil {
		return nil, err
	}
	pZero, _, err := loggauss.ZeroEventProbabilityDigits(widths, digits)
	if err != nil {
		return nil, err
	}
	half := new(big.Rat).Quo(beta, big.NewRat(-2, 1))
	cells := []Cell{IntCell(n), IntCell(d)}
	for _, r := range []*big.Rat{beta, half, beta} {
		c, err := RatCertified(r, digits)
		if err != nil {
			return nil, fmt.Errorf("β: %w", err)
		}
		cells = append(cells, CertifiedCell(c))
	}
	for _, c := range []calc.Certified{exact.MeanG, exact.VarG, yTheory.MeanG, yTheory.VarG, yExact.MeanG, yExact.VarG, pZero} {
		cells = append(cells, CertifiedCell(c))
	}
	return cells, nil
}
