package recursions

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// Working digits of the D-digit values: a refined K* and the values there
// come from averages certified to digits+criticalExtra digits, or to
// digits+highExtra where those do not certify them all; the fixed points
// and the quantities at a given K come from averages to digits+highExtra
// digits, are computed a second time from averages to digits+lowExtra
// digits, and keep the leading digits on which the two agree.
const (
	lowExtra  = 15
	highExtra = 25
	// criticalExtra is refineTol and 5 digits more: enough for the last
	// Newton step of a root whose noise (newtonNoise) is up to 10⁴ times
	// the averages' relative error (it is 127 times for mish, 162 for
	// SWISH, 117 for GELU, 59 for x·erf x), and for C_W, C_b and ã₁ where
	// they cancel up to 5 digits.
	criticalExtra = refineTol + 5
)

// CriticalDigits is a critical point with K* > 0 (or the K* = 0 limit)
// to a requested number of significant digits.
type CriticalDigits struct {
	K, Cb, CW calc.Certified
	// A1 is ã₁ = ½C_W g''(K*) (5.102) for K* > 0, a₁ (5.86) for K* = 0.
	A1 calc.Certified
	// A32 is a₃/₂ of the kinked-linear K* = 0 limit (A1 is then empty).
	A32 calc.Certified
}

// criticalValues returns C_W, C_b and ã₁ at K* from the averages v of
// the critical set there — C_W = 1/⟨σ'²⟩, C_b = K* − ⟨σ²⟩/⟨σ'²⟩
// (5.71)–(5.72) and ã₁ = ½C_W g”(K*) (5.102) — each with a bound on its
// relative error when every average carries a relative error of at most
// eps. The averages used are of nonnegative integrands, so a relative
// bound on each is a bound on its terms: C_W's error is at most 2eps,
// C_b's at most 3eps⟨σ²⟩/⟨σ'²⟩ absolutely, and ã₁'s at most 2eps plus
// eps times the size of g”’s terms over |g”| (quantityScales), which
// covers the cancellation in ⟨σ²(z⁴ − 6Kz² + 3K²)⟩. Rounding at the
// working precision (12 digits finer than eps) is covered by these
// factors.
func criticalValues(K *big.Float, v []*big.Float, eps float64) (vals [3]*big.Float, rel [3]float64, err error) {
	prec := v[cSp2].Prec()
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	sp2 := v[cSp2]
	if sp2.Sign() == 0 {
		return vals, rel, fmt.Errorf("recursions: ⟨σ'²⟩ = 0 at K* = %s", K.Text('g', 10))
	}
	cw := f().Quo(big.NewFloat(1), sp2)
	ratio := f().Quo(v[cS2], sp2)
	cb := f().Sub(K, ratio)
	g2 := quantities(K, cw, v)[qGPrime2]
	a1 := f().Mul(cw, g2)
	a1.Quo(a1, big.NewFloat(2))
	r2 := math.Inf(1)
	if g2.Sign() != 0 {
		g, _ := g2.Float64()
		r2 = 2*eps + eps*quantityScales(K, cw, v)[qGPrime2]/math.Abs(g)
	}
	rel = [3]float64{2 * eps, relativeBound(3*eps, ratio, cb), r2}
	return [3]*big.Float{cw, cb, a1}, rel, nil
}

// relativeBound returns eps·|terms|/|v|, the relative error of v when its
// absolute error is at most eps·|terms|; +Inf when v is 0.
func relativeBound(eps float64, terms, v *big.Float) float64 {
	if v.Sign() == 0 {
		return math.Inf(1)
	}
	r, _ := new(big.Float).Quo(terms, v).Float64()
	return eps * math.Abs(r)
}

// CriticalDigitsAt refines the float64 critical point K0 > 0 and returns
// it with digits significant digits (fewer for a value whose error bound
// does not allow them). K* comes from Newton's method (refineCritical),
// whose last step and its noise, below 10^−(digits+refineTol) of K*, are
// computed from averages certified to digits+criticalExtra digits; C_W,
// C_b and ã₁ are computed from those averages and keep the leading digits
// that their propagated error bound (criticalValues) certifies. Where the
// step's noise or a bound leaves fewer than digits, all is computed again
// from averages to digits+highExtra digits.
func (a *Activation) CriticalDigitsAt(K0 float64, digits int) (CriticalDigits, error) {
	return a.criticalDigitsFrom(K0, digits, criticalExtra, highExtra)
}

// criticalDigitsFrom is CriticalDigitsAt trying the working digits
// digits+extra for each extra in turn, until one certifies all digits or
// fails otherwise than by too few; the last try's result stands.
func (a *Activation) criticalDigitsFrom(K0 float64, digits int, extras ...int) (CriticalDigits, error) {
	var p CriticalDigits
	var err error
	for _, extra := range extras {
		var full bool
		p, full, err = a.criticalDigitsWith(K0, digits, digits+extra)
		var nc *calc.NotCertifiedError
		if full || err != nil && !errors.As(err, &nc) {
			break
		}
	}
	return p, err
}

// criticalDigitsWith is CriticalDigitsAt from averages certified to work
// digits; full reports whether K*, C_W, C_b and ã₁ all have digits digits.
func (a *Activation) criticalDigitsWith(K0 float64, digits, work int) (p CriticalDigits, full bool, err error) {
	K, v, err := a.refineCritical(K0, digits, work)
	if err != nil {
		return CriticalDigits{}, false, err
	}
	vals, rel, err := criticalValues(K, v, math.Pow(10, -float64(work)))
	if err != nil {
		return CriticalDigits{}, false, err
	}
	p = CriticalDigits{K: calc.Exact(K, digits)}
	dst := []*calc.Certified{&p.CW, &p.Cb, &p.A1}
	full = true
	for j, name := range []string{"C_W", "C_b", "ã₁"} {
		c, err := calc.Bounded(name, vals[j], rel[j], digits)
		if err != nil {
			return CriticalDigits{}, false, fmt.Errorf("recursions: %s at K* = %s: %w", name, K.Text('g', 10), err)
		}
		*dst[j] = c
		full = full && c.Digits == digits
	}
	return p, full, nil
}
