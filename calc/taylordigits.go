package calc

import (
	"fmt"
	"math/big"
)

// TaylorDigits returns the Taylor coefficients c_0…c_order of e at the
// exact point a, each certified to digits significant digits by comparing
// two working precisions (64 bits apart) and doubling them until every
// coefficient agrees. A coefficient that is rounding noise at both
// precisions (below 2^(48−p) times the largest coefficient, and shrinking
// with p) is an exact zero, such as the even coefficients of tanh at 0, and
// is returned as 0.
func TaylorDigits(e Expr, a *big.Rat, order int, side Side, digits int) ([]*big.Float, error) {
	if digits < 1 {
		return nil, fmt.Errorf("digits must be at least 1, got %d", digits)
	}
	tol := relTol(digits, 1)
	for prec := BitsForDigits(digits) + 32; prec <= maxCheckPrec(digits); prec *= 2 {
		hiPrec := prec + 64
		lo, err := Taylor(e, new(big.Float).SetPrec(prec+64).SetRat(a), order, side, prec)
		if err != nil {
			return nil, err
		}
		hi, err := Taylor(e, new(big.Float).SetPrec(hiPrec+64).SetRat(a), order, side, hiPrec)
		if err != nil {
			return nil, err
		}
		loNoise, hiNoise := noiseLevel(lo, prec), noiseLevel(hi, hiPrec)
		ok := true
		for k := range hi {
			switch {
			case agree(lo[k], hi[k], tol):
			case absLE(lo[k], loNoise) && absLE(hi[k], hiNoise):
				hi[k] = new(big.Float).SetPrec(hiPrec)
			default:
				ok = false
			}
		}
		if ok {
			return hi, nil
		}
	}
	return nil, &NotCertifiedError{Digits: digits, X: a.FloatString(20), Last: "Taylor coefficients that keep changing with the precision"}
}

// noiseLevel is 2^(48−prec)·max(1, max |c_k|): the size below which a
// coefficient computed at precision prec may be pure rounding noise.
func noiseLevel(cs []*big.Float, prec uint) *big.Float {
	s := big.NewFloat(1)
	for _, c := range cs {
		if a := new(big.Float).Abs(c); a.Cmp(s) > 0 {
			s = a
		}
	}
	return new(big.Float).SetMantExp(s, 48-int(prec))
}

func absLE(a, b *big.Float) bool { return new(big.Float).Abs(a).Cmp(b) <= 0 }
