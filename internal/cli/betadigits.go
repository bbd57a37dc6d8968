package cli

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/loggauss"
	rpt "critcalc/report"
)

// betaFloatDigits is the default --digits of beta and the most digits of
// its float64 values (the leaky-ReLU exact moments beyond loggauss's
// series): the digits beta printed before --digits existed.
const betaFloatDigits = 10

// betaDigitsInto replaces rep's theory values by their certified digits,
// at most f.digits: β, −β/2 (exact rationals for ReLU networks, else from
// the vertex coefficient at two precisions; for the residual network β
// alone, loggauss.BetaResidualDigits), the exact moments of G
// (loggauss.ExactMomentsDigits, ExactMomentsScaleInvariantDigits) and,
// where a hidden layer can be entirely inactive (zeroEvent), its
// probability and log₁₀ of the complement (ZeroEventProbabilityDigits; 3
// and 6 digits unless --digits is given). Where the exact moments of a
// leaky σ are beyond loggauss's series, rep keeps the float64 quadrature's
// (at most betaFloatDigits digits; above that it is an error).
func betaDigitsInto(rep *betaReport, e calc.Expr, widths []int, equal, isReLU, residual, zeroEvent bool, f *betaFlags) error {
	n, d := widths[0], len(widths)-1
	var beta, half calc.Certified
	var exact loggauss.MomentsDigits
	var err error
	if residual {
		beta, err := loggauss.BetaResidualDigits(n, d, calc.ExactDecimal(f.alpha), calc.ExactDecimal(f.lambda), f.digits)
		if err != nil {
			return err
		}
		rep.Beta, rep.VarG = certNum(beta), certNum(beta)
		return nil
	}
	if isReLU {
		r, err := loggauss.BetaRat(widths)
		if err != nil {
			return err
		}
		if beta, err = rpt.RatCertified(r, f.digits); err != nil {
			return err
		}
		if half, err = rpt.RatCertified(new(big.Rat).Quo(r, big.NewRat(-2, 1)), f.digits); err != nil {
			return err
		}
		if exact, err = loggauss.ExactMomentsDigits(widths, f.digits); err != nil {
			return err
		}
	} else {
		if !equal {
			return fmt.Errorf("unequal widths are for relu only")
		}
		if beta, half, err = loggauss.BetaScaleInvariantDigits(n, d, e, f.digits); err != nil {
			return err
		}
		exact, err = loggauss.ExactMomentsScaleInvariantDigits(n, d, e, f.digits)
		if err != nil && f.digits > betaFloatDigits {
			return fmt.Errorf("--digits above %d: %w", betaFloatDigits, err)
		}
	}
	rep.Beta, rep.VarG, rep.MeanG = certNum(beta), certNum(beta), certNum(half)
	if exact.MeanG.V != nil {
		rep.ExactMeanG, rep.ExactVarG = certNum(exact.MeanG), certNum(exact.VarG)
	}
	if !zeroEvent {
		return nil
	}
	p, l, err := loggauss.ZeroEventProbabilityDigits(widths, f.digits)
	if err != nil {
		return err
	}
	if !f.digitsSet {
		p, l = p.AtMost(3), l.AtMost(6)
	}
	rep.PZero, rep.Log10PCondition = certNum(p), certNum(l)
	return nil
}
