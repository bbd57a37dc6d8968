package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// FixedPointDigits is a fixed point K* > 0 of K → C_b + C_W g(K) with its
// susceptibilities to a requested number of digits.
type FixedPointDigits struct {
	K, ChiPar, ChiPerp, Xi calc.Certified
}

// FixedPointAtDigits refines the float64 fixed point K0 > 0 of
// K → C_b + C_W g(K), for exact C_b and C_W, by Newton's method on
// f(K) = C_b + C_W g(K) − K (f' = χ∥ − 1, from the same averages) until the
// step is below 10^−(digits+refineTol) of K, and returns K*, χ∥, χ⊥ and
// ξ = 1/|log χ⊥| there, each with the digits that two working precisions
// agree on. A fixed point with χ∥ = 1 (a double root) does not converge
// quadratically; it is refined as far as maxNewton steps allow, else an
// error. ξ is left unset at χ⊥ = 1.
func (a *Activation) FixedPointAtDigits(K0 float64, Cb, CW *big.Rat, digits int) (FixedPointDigits, error) {
	if digits < 1 || digits > MaxDigits {
		return FixedPointDigits{}, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	}
	work := digits + highExtra
	prec := calc.BitsForDigits(work) + 16
	cb := new(big.Float).SetPrec(prec).SetRat(Cb)
	cw := new(big.Float).SetPrec(prec).SetRat(CW)
	step := func(K *big.Float, v []*big.Float, prec uint, eps float64) (*big.Float, float64, error) {
		q := quantities(K, cw, v)
		f := new(big.Float).SetPrec(prec).Mul(cw, q[qG])
		terms := new(big.Float).Abs(f) // C_W g carries the error; C_b and K are exact
		f.Add(f, cb).Sub(f, K)
		df := new(big.Float).SetPrec(prec).Sub(q[qChiPar], big.NewFloat(1))
		if df.Sign() == 0 {
			return nil, 0, errors.New("χ∥ = 1 exactly")
		}
		return f.Quo(f, df), newtonNoise(eps, terms, df, K), nil
	}
	K, v, err := a.newtonDigits(K0, digits, work, step)
	if err != nil {
		return FixedPointDigits{}, fmt.Errorf("recursions: refining the fixed point K ≈ %g: %w", K0, err)
	}
	return a.fixedValues(K, cw, quantities(K, cw, v), digits)
}

// fixedValues certifies χ∥, χ⊥ and ξ at the refined K from the quantities
// hi of the last Newton step and a second set at fewer working digits.
func (a *Activation) fixedValues(K, cw *big.Float, hi []*big.Float, digits int) (FixedPointDigits, error) {
	v, err := a.averagesAtDigits(K, digits+lowExtra)
	if err != nil {
		return FixedPointDigits{}, fmt.Errorf("recursions: values at the fixed point K = %s: %w", K.Text('g', 10), err)
	}
	lo := quantities(new(big.Float).SetPrec(v[cS2].Prec()).Set(K), new(big.Float).SetPrec(v[cS2].Prec()).Set(cw), v)
	p := FixedPointDigits{K: calc.Exact(K, digits)}
	if p.ChiPar, err = calc.Agreeing("χ∥", lo[qChiPar], hi[qChiPar], digits); err != nil {
		return FixedPointDigits{}, err
	}
	if p.ChiPerp, err = calc.Agreeing("χ⊥", lo[qChiPerp], hi[qChiPerp], digits); err != nil {
		return FixedPointDigits{}, err
	}
	xi := func(chi *big.Float) (*big.Float, error) {
		l, err := bigmath.Log(chi.Prec(), chi)
		if err != nil || l.Sign() == 0 {
			return nil, err
		}
		return l.Quo(big.NewFloat(1).SetPrec(l.Prec()), l.Abs(l)), nil
	}
	xlo, err1 := xi(lo[qChiPerp])
	xhi, err2 := xi(hi[qChiPerp])
	if err1 == nil && err2 == nil && xlo != nil && xhi != nil {
		if c, err := calc.Agreeing("ξ", xlo, xhi, digits); err == nil {
			p.Xi = c
		}
	}
	return p, nil
}
