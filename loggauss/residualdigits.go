package loggauss

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// BetaResidualDigits is BetaResidual to digits significant digits (1 to
// MaxDigits) for α, λ given as exact numbers:
//
//	β = 2/n + [ (5λ⁴ + 4α²λ²)·d + 2λ⁴ Σ_{m=1}^{d−1} (d − m) K(α^m) ] / n,
//
// with K(ρ) = (2/π)[3ρ√(1 − ρ²) + (1 + 2ρ²) arctan(ρ/√(1 − ρ²))]
// (arcsin ρ written as an arctangent). K has nonnegative Taylor
// coefficients and K(1) = 3, so K(ρ) ≤ 3ρ on [0, 1] and the terms after m
// sum to at most 6λ⁴ d α^{m+1}/(1 − α); the sum stops once that is below
// 2^−(prec+8) of it. It is computed at digits+15 and digits+30 digits and
// keeps the digits on which the two agree.
func BetaResidualDigits(n, d int, alpha, lambda *big.Rat, digits int) (calc.Certified, error) {
	af, _ := alpha.Float64()
	lf, _ := lambda.Float64()
	if err := checkResidual(n, d, af, lf); err != nil {
		return calc.Certified{}, err
	}
	if err := checkDigits(digits); err != nil {
		return calc.Certified{}, fmt.Errorf("%w: %w", errResidual, err)
	}
	if alpha.Cmp(big.NewRat(1, 1)) >= 0 {
		return calc.Certified{}, fmt.Errorf("%w: need α < 1, got %s", errResidual, alpha.RatString())
	}
	var b [2]*big.Float
	for i, dd := range []int{digits + digitsLow, digits + digitsHigh} {
		prec := precForDigits(dd)
		f := func() *big.Float { return new(big.Float).SetPrec(prec) }
		a, l := f().SetRat(alpha), f().SetRat(lambda)
		l2 := f().Mul(l, l)
		l4 := f().Mul(l2, l2)
		s := f().Add(f().Mul(big.NewFloat(5), l4), f().Mul(big.NewFloat(4), f().Mul(f().Mul(a, a), l2)))
		s.Mul(s, f().SetInt64(int64(d)))
		// tail(m) = 6λ⁴dα^{m+1}/(1 − α) bounds the terms after m.
		tailScale := math.Log(6*math.Pow(lf, 4)*float64(d)/(1-af)) / math.Ln2
		pi := bigmath.Pi(prec)
		rho := f().SetInt64(1)
		sum := f()
		for m := 1; m < d; m++ {
			rho.Mul(rho, a)
			k, err := residualKernelAt(prec, rho, pi)
			if err != nil {
				return calc.Certified{}, err
			}
			sum.Add(sum, f().Mul(f().SetInt64(int64(d-m)), k))
			if tailScale+float64(m+1)*math.Log2(af) < float64(s.MantExp(nil)-int(prec)-8) {
				break
			}
		}
		s.Add(s, f().Mul(f().Mul(big.NewFloat(2), l4), sum))
		s.Add(s, big.NewFloat(2))
		b[i] = s.Quo(s, f().SetInt64(int64(n)))
	}
	return calc.Agreeing("β", b[0], b[1], digits)
}

// residualKernelAt is residualKernel at prec bits for 0 ≤ ρ < 1.
func residualKernelAt(prec uint, rho, pi *big.Float) (*big.Float, error) {
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	c, err := bigmath.Sqrt(prec, f().Sub(big.NewFloat(1), f().Mul(rho, rho)))
	if err != nil {
		return nil, fmt.Errorf("%w: K(%s): %w", errResidual, rho.Text('g', 10), err)
	}
	asin := bigmath.Atan(prec, f().Quo(rho, c))
	r2 := f().Mul(rho, rho)
	k := f().Add(f().Mul(f().Mul(big.NewFloat(3), rho), c), f().Mul(f().Add(big.NewFloat(1), f().Mul(big.NewFloat(2), r2)), asin))
	return k.Quo(f().Mul(k, big.NewFloat(2)), pi), nil
}
