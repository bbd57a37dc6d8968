package loggauss

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/recursions"
)

// BetaScaleInvariantDigits is BetaScaleInvariant to digits significant
// digits, with the log-Gaussian mean E[G] = −β/2: β = (2 + (3A₄/A₂² − 1)d)/n
// with the vertex coefficient of recursions.ScaleInvariantOf at digits+15
// and digits+30 digits, each value keeping the digits on which the two
// agree.
func BetaScaleInvariantDigits(n, d int, sigma calc.Expr, digits int) (beta, meanG calc.Certified, err error) {
	if err := checkND(n, d); err != nil {
		return beta, meanG, fmt.Errorf("loggauss: scale-invariant beta: %w", err)
	}
	if err := checkDigits(digits); err != nil {
		return beta, meanG, fmt.Errorf("loggauss: scale-invariant beta: %w", err)
	}
	if _, err := scaleInvariantOf(sigma); err != nil {
		return beta, meanG, err
	}
	var b, h [2]*big.Float
	for i, dd := range []int{digits + digitsLow, digits + digitsHigh} {
		si, ok, err := recursions.ScaleInvariantOf(sigma, dd)
		if err != nil || !ok {
			return beta, meanG, fmt.Errorf("loggauss: activation %v at %d digits: not scale-invariant (%v)", sigma, dd, err)
		}
		prec := precForDigits(dd)
		v := new(big.Float).SetPrec(prec).Mul(si.Vertex.V, new(big.Float).SetInt64(int64(d)))
		v.Add(v, big.NewFloat(2))
		b[i] = v.Quo(v, new(big.Float).SetInt64(int64(n)))
		h[i] = new(big.Float).SetPrec(prec).Quo(b[i], big.NewFloat(-2))
	}
	if beta, err = calc.Agreeing("β", b[0], b[1], digits); err != nil {
		return beta, meanG, err
	}
	meanG, err = calc.Agreeing("−β/2", h[0], h[1], digits)
	return beta, meanG, err
}

// ExactMomentsScaleInvariantDigits is ExactMomentsScaleInvariant to
// digits significant digits: a₊² = a₋² (|x|, linear σ: every factor is
// ln(χ²_n/n), so the moments are d + 1 times LastFactor's), the ReLU
// family (a₋ = 0 or a₊ = 0: ExactMomentsDigits), and leaky slopes by the
// series of leakyFactorAt (an error where it needs more than
// leakyMaxTerms terms), each at two working precisions.
func ExactMomentsScaleInvariantDigits(n, d int, sigma calc.Expr, digits int) (MomentsDigits, error) {
	if err := checkND(n, d); err != nil {
		return MomentsDigits{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	if err := checkDigits(digits); err != nil {
		return MomentsDigits{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	si, err := scaleInvariantOf(sigma)
	if err != nil {
		return MomentsDigits{}, err
	}
	ap, am := si.APlus.Float64(), si.AMinus.Float64()
	switch {
	case ap*ap == am*am:
		return certifyMoments(digits, func(prec uint) (bigMoments, error) {
			m, err := lastFactorAt(n, prec)
			if err != nil {
				return bigMoments{}, err
			}
			c := new(big.Float).SetInt64(int64(d + 1))
			return bigMoments{new(big.Float).SetPrec(prec).Mul(m.mean, c), new(big.Float).SetPrec(prec).Mul(m.v, c)}, nil
		})
	case ap == 0 || am == 0:
		return ExactMomentsDigits(equalWidths(n, d), digits)
	}
	return certifyMoments(digits, func(prec uint) (bigMoments, error) {
		sc, ok, err := calc.DetectScaleInvariant(sigma, prec+32)
		if err != nil || !ok {
			return bigMoments{}, fmt.Errorf("loggauss: activation %v is not scale-invariant at %d bits (%v)", sigma, prec+32, err)
		}
		w := new(big.Float).SetPrec(prec + 32)
		ap2 := new(big.Float).Set(w).Mul(sc.APlus, sc.APlus)
		am2 := new(big.Float).Set(w).Mul(sc.AMinus, sc.AMinus)
		m, err := lastFactorAt(n, prec)
		if err != nil {
			return bigMoments{}, err
		}
		if d == 0 {
			return m, nil
		}
		fac, err := leakyFactorAt(n, ap2, am2, prec)
		if err != nil {
			return bigMoments{}, err
		}
		c := new(big.Float).SetInt64(int64(d))
		return m.add(bigMoments{new(big.Float).SetPrec(prec).Mul(fac.mean, c), new(big.Float).SetPrec(prec).Mul(fac.v, c)}), nil
	})
}
