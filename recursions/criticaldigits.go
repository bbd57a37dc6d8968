package recursions

import (
	"fmt"
	"math/big"
)

// Working digits of the values at a refined K*: each is computed with its
// averages at digits+lowExtra and at digits+highExtra digits, and only the
// leading digits on which the two agree are certified.
const (
	lowExtra  = 15
	highExtra = 25
)

// CriticalDigits is a critical point with K* > 0 (or the K* = 0 limit)
// to a requested number of significant digits.
type CriticalDigits struct {
	K, Cb, CW Certified
	// A1 is ã₁ = ½C_W g''(K*) (5.102) for K* > 0, a₁ (5.86) for K* = 0.
	A1 Certified
	// A32 is a₃/₂ of the kinked-linear K* = 0 limit (A1 is then empty).
	A32 Certified
}

// float64Digits is how many digits of a float64 result are reported.
const float64Digits = 12

// criticalValues returns C_W, C_b and ã₁ at K* from the averages v of
// the critical set there: C_W = 1/⟨σ'²⟩, C_b = K* − ⟨σ²⟩/⟨σ'²⟩
// (5.71)–(5.72) and ã₁ = C_W⟨σ²(z⁴ − 6Kz² + 3K²)⟩/(8K⁴) (5.102).
func criticalValues(K *big.Float, v []*big.Float) ([3]*big.Float, error) {
	prec := v[cSp2].Prec()
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	sp2, s2, s2z2, s2z4 := v[cSp2], v[cS2], v[cS2z2], v[cS2z4]
	if sp2.Sign() == 0 {
		return [3]*big.Float{}, fmt.Errorf("recursions: ⟨σ'²⟩ = 0 at K* = %s", K.Text('g', 10))
	}
	cw := f().Quo(big.NewFloat(1), sp2)
	cb := f().Sub(K, f().Quo(s2, sp2))
	// q = ⟨σ²z⁴⟩ − 6K⟨σ²z²⟩ + 3K²⟨σ²⟩
	K2 := f().Mul(K, K)
	q := f().Sub(s2z4, f().Mul(f().Mul(big.NewFloat(6), K), s2z2))
	q.Add(q, f().Mul(f().Mul(big.NewFloat(3), K2), s2))
	a1 := f().Mul(cw, q)
	a1.Quo(a1, f().Mul(big.NewFloat(8), f().Mul(K2, K2)))
	return [3]*big.Float{cw, cb, a1}, nil
}

// CriticalDigitsAt refines the float64 critical point K0 > 0 and returns
// it with digits significant digits (fewer for a value whose digits do not
// agree at two precisions). K* comes from Newton's method with averages
// certified to digits+25 digits; C_W, C_b and ã₁ are computed from the
// averages of the last Newton step and from a second set at digits+15
// digits at the same K, and keep the leading digits on which the two
// agree.
func (a *Activation) CriticalDigitsAt(K0 float64, digits int) (CriticalDigits, error) {
	K, hiAvg, err := a.refineCritical(K0, digits, digits+highExtra)
	if err != nil {
		return CriticalDigits{}, err
	}
	loAvg, err := a.averagesAtDigits(K, digits+lowExtra)
	if err != nil {
		return CriticalDigits{}, fmt.Errorf("recursions: critical values at K* = %s: %w", K.Text('g', 10), err)
	}
	hi, err := criticalValues(K, hiAvg)
	if err != nil {
		return CriticalDigits{}, err
	}
	lo, err := criticalValues(K, loAvg)
	if err != nil {
		return CriticalDigits{}, err
	}
	p := CriticalDigits{K: exact(K, digits)}
	dst := []*Certified{&p.CW, &p.Cb, &p.A1}
	for j, name := range []string{"C_W", "C_b", "ã₁"} {
		c, err := agreeing(name, lo[j], hi[j], digits)
		if err != nil {
			return CriticalDigits{}, fmt.Errorf("recursions: %s at K* = %s: %w", name, K.Text('g', 10), err)
		}
		*dst[j] = c
	}
	return p, nil
}
