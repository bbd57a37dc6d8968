package recursions

import (
	"cmp"
	"fmt"
	"math/big"

	"critcalc/calc"
)

// LayerDigits is one layer of IterateDigits: K, V, G{1}, χ∥ and χ⊥, each
// with the digits that two working precisions agree on.
type LayerDigits struct {
	L                         int
	K, V, G1, ChiPar, ChiPerp calc.Certified
}

// maxDigitsLayers bounds IterateDigits: every layer costs two sets of
// high-precision averages (a fraction of a millisecond each for a smooth
// σ, whose quadrature nodes carry over from layer to layer; milliseconds
// for one with kinks).
const maxDigitsLayers = 100000

// IterateDigits runs the recursions of Iterate — (5.108)–(5.110), with the
// source c_b{1} + c_W{1}g(K) of (5.140) when cb1 and cw1 are not nil — in
// high-precision arithmetic from the exact K^(1) = k1 > 0 and exact C_b,
// C_W. The whole iteration runs twice, side by side, with every Gaussian
// average certified to digits+10 and to digits+20 digits, and each
// reported value keeps the leading digits on which the two runs agree, at
// most digits: the rounding that a long iteration accumulates, and the
// cancellation in j(K) as K → 0, show up as fewer agreeing digits. A run
// that fails at some layer returns the layers reported before it with the
// error.
func (a *Activation) IterateDigits(cb, cw, k1 *big.Rat, L, every, digits int, cb1, cw1 *big.Rat) ([]LayerDigits, error) {
	switch {
	case L < 1 || L > maxDigitsLayers:
		return nil, fmt.Errorf("recursions: IterateDigits needs 1 ≤ L ≤ %d, got %d", maxDigitsLayers, L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateDigits needs every ≥ 1, got %d", every)
	case digits < 1 || digits > MaxDigits:
		return nil, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	case k1.Sign() <= 0 || cw.Sign() <= 0 || cb.Sign() < 0:
		return nil, fmt.Errorf("recursions: IterateDigits needs K^(1) > 0, C_W > 0, C_b ≥ 0")
	}
	// The two runs are independent: they run side by side.
	runs, errs := sideBySide(func(i, extra int) ([][5]*big.Float, error) {
		var progress func(int)
		if i == 1 && a.Progress != nil { // the slower run
			progress = func(l int) { a.Progress(l, L) }
		}
		return a.iterateBig(cb, cw, k1, L, every, digits+extra, digits+20, cb1, cw1, progress)
	})
	// A run that stops at some layer still certifies the layers before it,
	// which are returned with the error.
	out := make([]LayerDigits, min(len(runs[0]), len(runs[1])))
	names := [5]string{"K", "V", "G{1}", "χ∥", "χ⊥"}
	for i := range out {
		l := &out[i]
		l.L = min((i+1)*every, L)
		dst := [5]*calc.Certified{&l.K, &l.V, &l.G1, &l.ChiPar, &l.ChiPerp}
		if err := agreeingLayer(l.L, names[:], runs[0][i][:], runs[1][i][:], digits, dst[:]); err != nil {
			return out[:i], err
		}
	}
	return out, cmp.Or(errs[0], errs[1])
}

// iterateBig is one high-precision run of IterateDigits with averages to
// work digits, from integrand values computed for share ≥ work digits (so
// that the two runs share them); it returns K, V, G{1}, χ∥, χ⊥ of the
// reported layers and tells progress (when not nil) of every layer done.
func (a *Activation) iterateBig(cb, cw, k1 *big.Rat, L, every, work, share int, cb1, cw1 *big.Rat, progress func(done int)) ([][5]*big.Float, error) {
	m, err := a.digitsAverages()
	if err != nil {
		return nil, err
	}
	scaleInvariant, err := IsScaleInvariant(a.Sigma)
	if err != nil {
		return nil, err
	}
	prec := calc.BitsForDigits(work) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW := f().SetRat(cb), f().SetRat(cw)
	ren := cb1 != nil && cw1 != nil
	var CB1, CW1 *big.Float
	if ren {
		CB1, CW1 = f().SetRat(cb1), f().SetRat(cw1)
	}
	K, V, G := f().SetRat(k1), f(), f()
	averagesAt, err := layerAverages(scaleInvariant, averageSets[digitsSet].members, func(K *big.Rat) ([]*big.Float, error) {
		return m.AtDigitsSharing(K, work, share)
	})
	if err != nil {
		return nil, err
	}
	var out [][5]*big.Float
	for l := 1; ; l++ {
		if K.Sign() <= 0 {
			return out, fmt.Errorf("recursions: layer %d: the kernel is no longer positive", l)
		}
		v, err := averagesAt(K)
		if err != nil {
			return out, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		q := quantities(K, CW, v) // g, g', χ∥, χ∥z, χ⊥, h, j, vertex, g''
		chiPar := q[qChiParZ]     // (C_W/K)⟨zσσ'⟩: no cancellation
		if l%every == 0 || l == L {
			out = append(out, [5]*big.Float{K, V, G, chiPar, q[qChiPerp]})
		}
		if progress != nil {
			progress(l)
		}
		if l == L {
			return out, nil
		}
		j8 := f()
		if !scaleInvariant {
			j8.Quo(q[qJ], f().Mul(big.NewFloat(8), f().Mul(K, K)))
		}
		nK := f().Mul(CW, q[qG])
		nK.Add(nK, CB)
		nV := f().Mul(f().Mul(chiPar, chiPar), V)
		nV.Add(nV, q[qVertex])
		nG := f().Mul(chiPar, G)
		nG.Add(nG, f().Mul(j8, V))
		if ren {
			nG.Add(nG, CB1)
			nG.Add(nG, f().Mul(CW1, q[qG]))
		}
		K, V, G = nK, nV, nG
	}
}

// agreeingLayer certifies the values of one reported layer: dst[j] gets
// the digits, at most digits, on which the two runs lo[j] and hi[j] agree
// (calc.Agreeing; two zeros are an exact 0).
func agreeingLayer(l int, names []string, lo, hi []*big.Float, digits int, dst []*calc.Certified) error {
	for j := range dst {
		c, err := calc.Agreeing(names[j], lo[j], hi[j], digits)
		if err != nil {
			return fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		*dst[j] = c
	}
	return nil
}

// layerAverages returns the averages of the integrands members at each K
// of an iteration over layers: at's at that K, or, for a scale-invariant
// σ, at's at K = 1 times K^p (scaleInvariantPower), which is exact and
// needs no quadrature a layer as the kernel grows to 10¹⁰⁰ and beyond
// (ReLU at C_W = 4), where a quadrature would cost a tenth of a second a
// layer and its integrands leave float64.
func layerAverages(scaleInvariant bool, members []integrand, at func(K *big.Rat) ([]*big.Float, error)) (func(K *big.Float) ([]*big.Float, error), error) {
	if !scaleInvariant {
		return func(K *big.Float) ([]*big.Float, error) {
			Kr, _ := K.Rat(nil)
			return at(Kr)
		}, nil
	}
	atOne, err := at(big.NewRat(1, 1))
	if err != nil {
		return nil, fmt.Errorf("recursions: the averages at K = 1: %w", err)
	}
	return func(K *big.Float) ([]*big.Float, error) {
		v := make([]*big.Float, len(atOne))
		for j, x := range atOne {
			v[j] = new(big.Float).SetPrec(K.Prec()).Set(x)
			for range scaleInvariantPower[members[j]] {
				v[j].Mul(v[j], K)
			}
		}
		return v, nil
	}, nil
}
