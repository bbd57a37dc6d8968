package recursions

import (
	"cmp"
	"fmt"
	"math/big"

	"critcalc/calc"
)

// SimLayerDigits is one layer of IterateSimDigits: the values of
// IterateDigits and two that are formed from them in each run before the
// runs are compared.
type SimLayerDigits struct {
	LayerDigits
	// Metric is K + G{1}/n, the mean of the metric of width n (unset when
	// n is 0).
	Metric calc.Certified
	// APJN is 𝒥^{l0,ℓ} (unset below l0, or when j0 is nil).
	APJN calc.Certified
}

// IterateSimDigits runs the high-precision recursions of IterateDigits
// (without renormalization) at every layer ℓ = 1 … L, and forms in each of
// its two runs the metric K + G{1}/n of hidden width n > 0 and the APJN
// 𝒥^{l0,ℓ} = j0·Π_{l'=l0}^{ℓ−1} χ⊥(K^(l')) for ℓ ≥ l0 ≥ 1 (none when j0
// is nil): each value keeps the leading digits on which the two runs
// agree, at most digits, so that a product of many factors or a sum that
// cancels shows its own accuracy rather than one bounded from its parts.
// A value on which the runs do not agree to one digit is unset. A run
// that fails at some layer returns the layers before it with the error.
func (a *Activation) IterateSimDigits(cb, cw, k1 *big.Rat, L, digits, n int, j0 *big.Rat, l0 int) ([]SimLayerDigits, error) {
	switch {
	case L < 1 || L > maxDigitsLayers:
		return nil, fmt.Errorf("recursions: IterateSimDigits needs 1 ≤ L ≤ %d, got %d", maxDigitsLayers, L)
	case digits < 1 || digits > MaxDigits:
		return nil, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	case k1.Sign() <= 0 || cw.Sign() <= 0 || cb.Sign() < 0:
		return nil, fmt.Errorf("recursions: IterateSimDigits needs K^(1) > 0, C_W > 0, C_b ≥ 0")
	case n < 0 || j0 != nil && l0 < 1:
		return nil, fmt.Errorf("recursions: IterateSimDigits needs n ≥ 0 and l0 ≥ 1, got %d and %d", n, l0)
	}
	runs, errs := sideBySide(func(i, extra int) ([][5]*big.Float, error) {
		var progress func(int)
		if i == 1 && a.Progress != nil { // the slower run
			progress = func(l int) { a.Progress(l, L) }
		}
		return a.iterateBig(cb, cw, k1, L, 1, digits+extra, digits+20, nil, nil, progress)
	})
	out := make([]SimLayerDigits, min(len(runs[0]), len(runs[1])))
	var j [2]*big.Float // the APJN of each run
	names := [5]string{"K", "V", "G{1}", "χ∥", "χ⊥"}
	agree := func(name string, lo, hi *big.Float) calc.Certified {
		c, err := calc.Agreeing(name, lo, hi, digits)
		if err != nil {
			return calc.Certified{}
		}
		return c
	}
	for i := range out {
		o := &out[i]
		o.L = i + 1
		lo, hi := runs[0][i], runs[1][i]
		dst := [5]*calc.Certified{&o.K, &o.V, &o.G1, &o.ChiPar, &o.ChiPerp}
		for k := range dst {
			*dst[k] = agree(names[k], lo[k], hi[k])
		}
		if n > 0 {
			var m [2]*big.Float
			for r, v := range [2][5]*big.Float{lo, hi} {
				m[r] = new(big.Float).SetPrec(v[0].Prec()).Quo(v[2], new(big.Float).SetInt64(int64(n)))
				m[r].Add(m[r], v[0])
			}
			o.Metric = agree("K + G{1}/n", m[0], m[1])
		}
		if j0 == nil || o.L < l0 {
			continue
		}
		for r, v := range [2][5]*big.Float{lo, hi} {
			if j[r] == nil {
				j[r] = new(big.Float).SetPrec(v[0].Prec()).SetRat(j0)
			} else {
				prev := [2][][5]*big.Float{runs[0], runs[1]}[r][i-1]
				j[r] = new(big.Float).SetPrec(v[0].Prec()).Mul(j[r], prev[4])
			}
		}
		o.APJN = agree("APJN", j[0], j[1])
	}
	return out, cmp.Or(errs[0], errs[1])
}
