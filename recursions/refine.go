package recursions

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/hermite"
)

// Working digits and tolerances of the high-precision refinement of K*.
const (
	// refineTol is how many digits beyond the requested ones the last
	// Newton step must fall below (relative to K*): ã₁ cancels up to
	// five digits and is as sensitive to K* as its parts are.
	refineTol = 13
	// maxNewton bounds the number of Newton steps; from a float64 root a
	// simple root needs two or three.
	maxNewton = 40
)

// digitsAverages returns the prepared high-precision set of averages for σ.
func (a *Activation) digitsAverages() (*hermite.Many, error) { return a.averages(digitsSet) }

// averagesAtDigits returns the averages of the high-precision set at K, each to
// digits significant digits.
func (a *Activation) averagesAtDigits(K *big.Float, digits int) ([]*big.Float, error) {
	m, err := a.digitsAverages()
	if err != nil {
		return nil, err
	}
	Kr, _ := K.Rat(nil)
	return m.AtDigits(Kr, digits)
}

// averagesAtDigitsSharing is averagesAtDigits with the integrands' values
// at the trapezoidal nodes computed for valueDigits ≥ digits
// (hermite.Many.AtDigitsSharing), so that a later call for valueDigits, at
// this K or another (the nodes do not move with K), finds them.
func (a *Activation) averagesAtDigitsSharing(K *big.Float, digits, valueDigits int) ([]*big.Float, error) {
	m, err := a.digitsAverages()
	if err != nil {
		return nil, err
	}
	Kr, _ := K.Rat(nil)
	return m.AtDigitsSharing(Kr, digits, valueDigits)
}

// newtonStep returns r(K)/r'(K) for the criticality residual
// r(K) = K⟨σ'²⟩_K − ⟨zσσ'⟩_K, which is R(K)/(2K) for
// R(K) = 2K²⟨σ'²⟩_K − ⟨σ²(z² − K)⟩_K (5.73) because
// ⟨σ²(z² − K)⟩_K = 2K⟨zσσ'⟩_K (5.53). It vanishes exactly at criticality,
// is smooth, and involves no cancellation away from the root. The
// derivative comes from the same nodes: d⟨F⟩_K/dK = ⟨F·(z² − K)⟩_K/(2K²).
// It also returns the step's noise relative to K (newtonNoise): r's error
// when each average carries a relative error eps, over |r'|.
func newtonStep(K *big.Float, v []*big.Float, prec uint, eps float64) (*big.Float, float64, error) {
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	r := f().Mul(K, v[cSp2])
	terms := f().Abs(r)
	terms.Add(terms, f().Abs(v[cZssp]))
	r.Sub(r, v[cZssp])
	twoK2 := f().Mul(K, K)
	twoK2.Add(twoK2, twoK2)
	dA := f().Sub(v[cSp2z2], f().Mul(K, v[cSp2])) // (⟨σ'²z²⟩ − K⟨σ'²⟩)
	dA.Quo(dA, twoK2)
	dB := f().Sub(v[cZ3ssp], f().Mul(K, v[cZssp]))
	dB.Quo(dB, twoK2)
	dr := f().Mul(K, dA)
	dr.Add(dr, v[cSp2])
	dr.Sub(dr, dB)
	if dr.Sign() == 0 {
		return nil, 0, fmt.Errorf("the residual's derivative vanishes at K = %s (a double root)", K.Text('g', 20))
	}
	return r.Quo(r, dr), newtonNoise(eps, terms, dr, K), nil
}

// newtonNoise returns eps·terms/(|f'|·K): the error, relative to K, of a
// Newton step f/f' whose f has the absolute error eps·terms (the sum of
// the sizes of its parts, each with the relative error eps). The error of
// f' adds a part of it proportional to the step, which is negligible at the
// step that ends the iteration; the factor 2 covers it and the rounding.
func newtonNoise(eps float64, terms, df, K *big.Float) float64 {
	q := new(big.Float).Quo(terms, df)
	q.Quo(q, K)
	r, _ := q.Float64()
	return 2 * eps * math.Abs(r)
}

// refineCritical refines a simple root K0 > 0 of the criticality
// condition, found in float64, by Newton's method on
// r(K) = K⟨σ'²⟩_K − ⟨zσσ'⟩_K (newtonDigits), until a step taken with every
// average certified to work digits is below 10^−(digits+refineTol)
// relative to K. It returns the last K and the averages of the critical set
// there, which the step shows to be within that distance of the root.
func (a *Activation) refineCritical(K0 float64, digits, work int) (*big.Float, []*big.Float, error) {
	K, v, err := a.newtonDigits(K0, digits, work, newtonStep)
	if err != nil {
		return nil, nil, fmt.Errorf("recursions: refining K* ≈ %g: %w", K0, err)
	}
	return K, v, nil
}

// Working digits of the Newton steps before the last: a step from an
// iterate with a relative error of 10^−a leaves about 10^−2a, so it needs
// averages to about 2a digits, plus newtonMargin for the conditioning of
// the step; the first starts from a float64 root (about 12 digits).
const (
	firstStepDigits = 34
	minStepDigits   = 20
	newtonMargin    = 8
)

// newtonDigits runs Newton's method from the float64 root K0 > 0 of a
// function whose step step(K, v, prec, eps) is computed from the averages v
// of the high-precision set at K, each with the relative error eps; step
// also returns the step's noise relative to K, what that error moves it by
// (newtonNoise). The early steps use averages to only as many digits as
// the next iterate can hold (twice its correct digits, see
// firstStepDigits); from the step after which the iterate may be accurate
// to work digits on, every step uses all work digits, and only such a step
// ends the iteration: when it and its noise are both below
// 10^−(digits+refineTol) relative to K, K and the averages there are
// returned. A step below that whose noise is not is a
// *calc.NotCertifiedError: the root is too flat for averages to work
// digits to place it (a caller may try more work digits). Raising the
// digits early changes how fast the iteration gets there, never where it
// stops. Every step computes the integrands' values at the trapezoidal
// nodes to work digits, so that the nodes, which do not move with K, are
// evaluated once for the whole iteration rather than once per precision:
// an early step is then summed from values more accurate than it needs,
// with its step bounded by the float64 partition for work digits, the
// one partition of the whole iteration.
func (a *Activation) newtonDigits(K0 float64, digits, work int, step newtonStepFunc) (*big.Float, []*big.Float, error) {
	if !(K0 > 0) || math.IsInf(K0, 0) {
		return nil, nil, fmt.Errorf("need a finite K0 > 0, got %g", K0)
	}
	prec := calc.BitsForDigits(work) + 16
	tolf := math.Pow(10, -float64(digits+refineTol))
	tol := new(big.Float).SetPrec(prec).SetFloat64(tolf)
	K := new(big.Float).SetPrec(prec).SetFloat64(K0)
	d := firstNewtonDigits(work)
	for range maxNewton {
		v, err := a.averagesAtDigitsSharing(K, d, work)
		if err != nil {
			return nil, nil, err
		}
		s, noise, err := step(K, v, prec, math.Pow(10, -float64(d)))
		if err != nil {
			return nil, nil, err
		}
		if d == work && new(big.Float).Abs(s).Cmp(new(big.Float).Mul(tol, K)) <= 0 {
			if !(noise <= tolf) {
				return nil, nil, &calc.NotCertifiedError{Digits: digits, X: "K*",
					Last: fmt.Sprintf("%s, whose Newton step has a noise of %.2g of K from averages to %d digits", K.Text('g', 20), noise, work)}
			}
			return K, v, nil
		}
		K = new(big.Float).SetPrec(prec).Sub(K, s)
		if K.Sign() <= 0 {
			return nil, nil, errors.New("the Newton step left K > 0")
		}
		d = nextStepDigits(s, K, d, work)
	}
	return nil, nil, &calc.NotCertifiedError{Digits: digits, X: "K*", Last: fmt.Sprintf("%s after %d Newton steps", K.Text('g', 20), maxNewton)}
}

// newtonStepFunc computes a Newton step at K from the averages v there,
// each with the relative error eps, at precision prec: the step and its
// noise relative to K (newtonNoise).
type newtonStepFunc func(K *big.Float, v []*big.Float, prec uint, eps float64) (step *big.Float, noise float64, err error)

// firstNewtonDigits returns the working digits of the first Newton step
// of newtonDigits towards work digits.
func firstNewtonDigits(work int) int { return min(work, firstStepDigits) }

// nextStepDigits returns the working digits of the Newton step after a
// step s at d digits landed on K: the step's size 10^−a·K says K is
// correct to about 2a digits (a at most d, the digits s was computed
// with), and the step from K to about 4a.
func nextStepDigits(s, K *big.Float, d, work int) int {
	r, _ := new(big.Float).Quo(s, K).Float64()
	a := float64(d)
	if r != 0 {
		a = min(a, -math.Log10(math.Abs(r)))
	}
	return min(work, max(minStepDigits, int(4*a)+newtonMargin))
}
