package recursions

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite"
)

// TwoLayerDigits is one layer of IterateTwoDigits: the two-input kernel,
// its correlation and its polar angle, each with the digits that two
// working precisions agree on.
type TwoLayerDigits struct {
	L                       int
	Kpp, Kmm, Kpm, Rho, Psi calc.Certified
}

// twoNames are the names of the values of TwoLayerDigits in errors.
var twoNames = [5]string{"K₊₊", "K₋₋", "K₊₋", "ρ", "ψ"}

// IterateTwoDigits runs the two-input recursion of IterateTwo in
// high-precision arithmetic from the exact K^(1) = [[kpp, kpm], [kpm, kmm]]
// and exact C_b, C_W, and returns the layers ℓ = every, 2·every, … up to
// L (and L itself). As IterateDigits does, it runs the whole iteration
// twice, at digits+10 and digits+20 working digits (side by side), and
// each value keeps the leading digits on which the two runs agree, at
// most digits: so ψ, whose error is that of ρ divided by sin ψ, keeps
// fewer digits as ρ → ±1, and none at all (it is then left without a
// value) where ρ is within the runs' rounding of ±1 (a correlation that
// both runs put below 10^−(digits+5) is certified as 0).
//
// For a scale-invariant σ the off-diagonal map is the exact arc-cosine
// form of IterateTwo, iterated through 1 − cos ψ with big.Float sin, cos
// and arctan, so that small angles keep their digits. For another σ,
// which must then be smooth (a σ with kinks is an error wrapping
// hermite.ErrKinked), each layer's ⟨σ(z₊)σ(z₋)⟩ is Mehler's Hermite
// series (hermite.Series2), with its tail bounded by Parseval's identity,
// summed to the working digits, and ⟨σ²⟩ at K₊₊ and K₋₋ comes from the
// same rules.
func (a *Activation) IterateTwoDigits(cb, cw, kpp, kmm, kpm *big.Rat, L, every, digits int) ([]TwoLayerDigits, error) {
	switch {
	case L < 1 || L > maxDigitsLayers:
		return nil, fmt.Errorf("recursions: IterateTwoDigits needs 1 ≤ L ≤ %d, got %d", maxDigitsLayers, L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateTwoDigits needs every ≥ 1, got %d", every)
	case digits < 1 || digits > MaxDigits:
		return nil, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	case cw.Sign() <= 0 || cb.Sign() < 0:
		return nil, fmt.Errorf("recursions: IterateTwoDigits needs C_W > 0, C_b ≥ 0")
	case kpp.Sign() <= 0 || kmm.Sign() <= 0:
		return nil, fmt.Errorf("recursions: IterateTwoDigits needs K₊₊, K₋₋ > 0, got %s, %s", hermite.RatG(kpp), hermite.RatG(kmm))
	case new(big.Rat).Mul(kpm, kpm).Cmp(new(big.Rat).Mul(kpp, kmm)) > 0:
		return nil, fmt.Errorf("recursions: the input kernel is not positive semidefinite: K₊₋² > K₊₊K₋₋")
	}
	scaleInvariant, err := IsScaleInvariant(a.Sigma)
	if err != nil {
		return nil, err
	}
	if !scaleInvariant {
		if _, err := hermite.NewSeries2(a.Sigma, a.Sigma); err != nil {
			return nil, fmt.Errorf("recursions: the two-input map to %d digits needs a smooth or a scale-invariant σ: %w", digits, err)
		}
	}
	// The two runs are independent: they run side by side.
	runs, errs := sideBySide(func(_, extra int) ([][5]*big.Float, error) {
		if scaleInvariant {
			return a.iterateAngleBig(cb, cw, kpp, kmm, kpm, L, every, digits+extra)
		}
		return a.iterateTwoBig(cb, cw, kpp, kmm, kpm, L, every, digits+extra)
	})
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	out := make([]TwoLayerDigits, len(runs[0]))
	// A correlation below this in both runs is 0 to the digits the runs
	// carry (odd σ, C_b = 0 and orthogonal inputs).
	zero := math.Pow(10, -float64(digits+5))
	for i := range out {
		l := &out[i]
		l.L = min((i+1)*every, L)
		lo, hi := runs[0][i], runs[1][i]
		if math.Abs(bigFloat64(lo[3])) <= zero && math.Abs(bigFloat64(hi[3])) <= zero {
			lo[2], hi[2] = new(big.Float), new(big.Float)
			lo[3], hi[3] = new(big.Float), new(big.Float)
		}
		dst := [4]*calc.Certified{&l.Kpp, &l.Kmm, &l.Kpm, &l.Rho}
		if err := agreeingLayer(l.L, twoNames[:4], lo[:4], hi[:4], digits, dst[:]); err != nil {
			return nil, err
		}
		// ψ near 0 (ρ within the runs' rounding of 1, in an ordered phase
		// that merges the inputs) may keep no digit at all: it is then
		// left without a value (printed "—"), and the other columns go on.
		psi, err := calc.Agreeing(twoNames[4], lo[4], hi[4], digits)
		var nc *calc.NotCertifiedError
		switch {
		case errors.As(err, &nc):
		case err != nil:
			return nil, fmt.Errorf("recursions: layer %d: %w", l.L, err)
		default:
			l.Psi = psi
		}
	}
	return out, nil
}

func bigFloat64(x *big.Float) float64 { f, _ := x.Float64(); return f }

// kernelInRange reports an error for a diagonal kernel entry K beyond
// float64's normal range. The single-input averages of every run stop
// there (their quadratures are float64), and the two-input runs stop
// with them: a kernel that falls or grows like K² a layer (σ = x²) would
// otherwise leave even big.Float's exponent range within a few dozen
// layers (4K² is then 0 or +Inf), and as a big.Rat with a numerator or
// denominator of millions of bits it makes every layer slower than the
// last.
func kernelInRange(name string, K *big.Float) error {
	if e := K.MantExp(nil); K.Sign() > 0 && (e < -1021 || e > 1024) {
		return fmt.Errorf("the kernel %s = %s is beyond float64's range, where the averages stop", name, K.Text('g', 10))
	}
	return nil
}

// iterateTwoBig is one run of IterateTwoDigits for a σ that is not
// scale-invariant, at work digits: it returns K₊₊, K₋₋, K₊₋, ρ and ψ of
// the reported layers.
func (a *Activation) iterateTwoBig(cb, cw, kpp, kmm, kpm *big.Rat, L, every, work int) ([][5]*big.Float, error) {
	series, err := hermite.NewSeries2(a.Sigma, a.Sigma)
	if err != nil {
		return nil, err
	}
	prec := calc.BitsForDigits(work) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW := f().SetRat(cb), f().SetRat(cw)
	p, m, x := new(big.Rat).Set(kpp), new(big.Rat).Set(kmm), new(big.Rat).Set(kpm)
	var out [][5]*big.Float
	for l := 1; ; l++ {
		if l%every == 0 || l == L {
			rho, psi, err := correlation(p, m, x, prec)
			if err != nil {
				return nil, fmt.Errorf("recursions: layer %d: %w", l, err)
			}
			out = append(out, [5]*big.Float{f().SetRat(p), f().SetRat(m), f().SetRat(x), rho, psi})
		}
		if l == L {
			return out, nil
		}
		v, err := series.AtDigits(hermite.CovRat{K11: p, K12: x, K22: m}, work)
		if err != nil {
			return nil, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		nP := f().Mul(CW, v.F2)
		nP.Add(nP, CB)
		nM := f().Mul(CW, v.G2)
		nM.Add(nM, CB)
		nX := f().Mul(CW, v.V)
		nX.Add(nX, CB)
		if nP.Sign() <= 0 || nM.Sign() <= 0 {
			return nil, fmt.Errorf("recursions: layer %d: the kernel is no longer positive", l+1)
		}
		if err := errors.Join(kernelInRange("K₊₊", nP), kernelInRange("K₋₋", nM)); err != nil {
			return nil, fmt.Errorf("recursions: layer %d: %w", l+1, err)
		}
		p, _ = nP.Rat(nil)
		m, _ = nM.Rat(nil)
		x, _ = nX.Rat(nil)
		// Rounding may leave K₊₋² a few units above K₊₊K₋₋ as ρ → ±1.
		if pm := new(big.Rat).Mul(p, m); new(big.Rat).Mul(x, x).Cmp(pm) > 0 {
			s, err := bigmath.Sqrt(prec, f().SetRat(pm))
			if err != nil {
				return nil, err
			}
			// x = ±s(1 − 2^−(prec−4)), below √(K₊₊K₋₋) however s rounded.
			x, _ = s.Rat(nil)
			x.Sub(x, new(big.Rat).Mul(x, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec-4))))
			if nX.Sign() < 0 {
				x.Neg(x)
			}
		}
	}
}

// correlation returns ρ = K₊₋/√(K₊₊K₋₋) and ψ = arccos ρ of the exact
// kernel p, m, x at precision prec: ψ = 2·arctan √((1 − ρ)/(1 + ρ)) with
// 1 − ρ = (K₊₊K₋₋ − K₊₋²)/(√(K₊₊K₋₋)(√(K₊₊K₋₋) + K₊₋)) for K₊₋ > 0,
// without the cancellation of 1 − ρ as ρ → 1 (π at ρ = −1).
func correlation(p, m, x *big.Rat, prec uint) (rho, psi *big.Float, err error) {
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	pm := new(big.Rat).Mul(p, m)
	s, err := bigmath.Sqrt(prec, f().SetRat(pm))
	if err != nil {
		return nil, nil, err
	}
	X := f().SetRat(x)
	rho = f().Quo(X, s)
	one := big.NewFloat(1)
	omc := f().Sub(one, rho)
	if x.Sign() > 0 {
		omc.SetRat(new(big.Rat).Sub(pm, new(big.Rat).Mul(x, x)))
		omc.Quo(omc, f().Mul(s, f().Add(s, X)))
	}
	if omc.Sign() < 0 {
		omc.SetInt64(0)
	}
	opc := f().Sub(big.NewFloat(2), omc) // 1 + ρ
	if opc.Sign() <= 0 {
		return rho, bigmath.Pi(prec), nil
	}
	t, err := bigmath.Sqrt(prec, f().Quo(omc, opc))
	if err != nil {
		return nil, nil, err
	}
	psi = bigmath.Atan(prec, t)
	return rho, psi.Add(psi, psi), nil
}

// iterateAngleBig is one run of IterateTwoDigits for a scale-invariant σ
// at work digits: iterateAngle in big.Float arithmetic, through 1 − cos ψ.
func (a *Activation) iterateAngleBig(cb, cw, kpp, kmm, kpm *big.Rat, L, every, work int) ([][5]*big.Float, error) {
	prec := calc.BitsForDigits(work) + 16
	si, ok, err := calc.DetectScaleInvariant(a.Sigma, prec)
	if err != nil || !ok {
		return nil, fmt.Errorf("recursions: σ is not scale-invariant at %d bits (%v)", prec, err)
	}
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	sqrt := func(x *big.Float) (*big.Float, error) { return bigmath.Sqrt(prec, x) }
	one := big.NewFloat(1)
	ap, am := si.APlus, si.AMinus
	A2 := f().Add(f().Mul(ap, ap), f().Mul(am, am))
	A2.Quo(A2, big.NewFloat(2))
	d := f().Sub(ap, am)
	// c = (a₊ − a₋)²/(2π)
	c := f().Quo(f().Mul(d, d), f().Add(bigmath.Pi(prec), bigmath.Pi(prec)))
	CB, CW := f().SetRat(cb), f().SetRat(cw)
	pw := f().Mul(CW, A2)
	p, m := f().SetRat(kpp), f().SetRat(kmm)
	// 1 − cos ψ = (K₊₊K₋₋ − K₊₋²)/(√(K₊₊K₋₋)(√(K₊₊K₋₋) + K₊₋)), without
	// cancellation as K₊₋ → √(K₊₊K₋₋).
	pmRat := new(big.Rat).Mul(kpp, kmm)
	s, err := sqrt(f().SetRat(pmRat))
	if err != nil {
		return nil, err
	}
	omc := f().SetRat(new(big.Rat).Sub(pmRat, new(big.Rat).Mul(kpm, kpm)))
	if den := f().Mul(s, f().Add(s, f().SetRat(kpm))); den.Sign() == 0 {
		omc.SetInt64(2) // K₊₋ = −√(K₊₊K₋₋): ψ = π
	} else {
		omc.Quo(omc, den)
	}
	two := big.NewFloat(2)
	var out [][5]*big.Float
	for l := 1; ; l++ {
		if omc.Sign() < 0 {
			omc.SetInt64(0)
		} else if omc.Cmp(two) > 0 {
			omc.Set(two)
		}
		// ψ = 2·arctan √((1 − cos ψ)/(1 + cos ψ))
		var psi *big.Float
		if omc.Cmp(two) == 0 {
			psi = bigmath.Pi(prec)
		} else {
			t, err := sqrt(f().Quo(omc, f().Sub(two, omc)))
			if err != nil {
				return nil, err
			}
			psi = bigmath.Atan(prec, t)
			psi.Add(psi, psi)
		}
		s, err := sqrt(f().Mul(p, m))
		if err != nil {
			return nil, err
		}
		if l%every == 0 || l == L {
			rho := f().Sub(one, omc)
			out = append(out, [5]*big.Float{p, m, f().Mul(s, rho), rho, psi})
		}
		if l == L {
			return out, nil
		}
		p1 := f().Add(CB, f().Mul(pw, p))
		m1 := f().Add(CB, f().Mul(pw, m))
		s1, err := sqrt(f().Mul(p1, m1))
		if err != nil {
			return nil, err
		}
		// √(K₊₊'K₋₋') − C_b − C_W A₂√(K₊₊K₋₋)
		//   = C_b·C_W A₂(√K₊₊ − √K₋₋)²/(√(K₊₊'K₋₋') + C_b + C_W A₂√(K₊₊K₋₋))
		sp, err := sqrt(p)
		if err != nil {
			return nil, err
		}
		sm, err := sqrt(m)
		if err != nil {
			return nil, err
		}
		dd := f().Sub(sp, sm)
		num := f().Mul(f().Mul(CB, pw), f().Mul(dd, dd))
		num.Quo(num, f().Add(f().Add(s1, CB), f().Mul(pw, s)))
		// A₂ − F(ψ) = A₂(1 − cos ψ) − c(sin ψ − ψ cos ψ)
		smc, err := sinMinusPsiCosBig(psi, prec)
		if err != nil {
			return nil, err
		}
		t := f().Sub(f().Mul(A2, omc), f().Mul(c, smc))
		num.Add(num, f().Mul(f().Mul(CW, s), t))
		omc = f().Quo(num, s1)
		p, m = p1, m1
	}
}

// sinMinusPsiCosBig returns sin ψ − ψ cos ψ ≥ 0 at precision prec, with as
// many guard bits as the difference cancels (it is about ψ³/3 for small ψ,
// made of terms of size ψ).
func sinMinusPsiCosBig(psi *big.Float, prec uint) (*big.Float, error) {
	if psi.Sign() == 0 {
		return new(big.Float).SetPrec(prec), nil
	}
	wp := prec + 16
	if e := psi.MantExp(nil); e < 0 {
		wp += uint(-2 * e)
	}
	sin, err := bigmath.Sin(wp, psi)
	if err != nil {
		return nil, err
	}
	cos, err := bigmath.Cos(wp, psi)
	if err != nil {
		return nil, err
	}
	v := new(big.Float).SetPrec(wp).Mul(psi, cos)
	v.Sub(sin, v)
	return new(big.Float).SetPrec(prec).Set(v), nil
}

// BootstrapLayerDigits is one layer of IterateBootstrapDigits, each value
// with the digits that two working precisions agree on.
type BootstrapLayerDigits struct {
	L              int
	K00, DK1, DDK2 calc.Certified
}

// IterateBootstrapDigits runs the bootstrapped recursions (5.46)–(5.48) of
// IterateBootstrap in high-precision arithmetic from the exact K₀₀^(1) =
// k00 > 0, δK[1]^(1) = dk1, δδK[2]^(1) = ddk2 and exact C_b, C_W, twice,
// with the averages g, χ∥, χ⊥ and h of every layer certified to digits+10
// and to digits+20 digits, and keeps the digits of each value on which the
// two runs agree (a value that both runs keep at exactly 0, δK[1] of
// inputs of equal norms, is 0).
func (a *Activation) IterateBootstrapDigits(cb, cw, k00, dk1, ddk2 *big.Rat, L, every, digits int) ([]BootstrapLayerDigits, error) {
	switch {
	case L < 1 || L > maxDigitsLayers:
		return nil, fmt.Errorf("recursions: IterateBootstrapDigits needs 1 ≤ L ≤ %d, got %d", maxDigitsLayers, L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateBootstrapDigits needs every ≥ 1, got %d", every)
	case digits < 1 || digits > MaxDigits:
		return nil, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	case k00.Sign() <= 0 || cw.Sign() <= 0 || cb.Sign() < 0:
		return nil, fmt.Errorf("recursions: IterateBootstrapDigits needs K₀₀^(1) > 0, C_W > 0, C_b ≥ 0")
	}
	runs, errs := sideBySide(func(_, extra int) ([][3]*big.Float, error) {
		return a.iterateBootstrapBig(cb, cw, k00, dk1, ddk2, L, every, digits+extra)
	})
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	out := make([]BootstrapLayerDigits, len(runs[0]))
	names := [3]string{"K₀₀", "δK[1]", "δδK[2]"}
	for i := range out {
		l := &out[i]
		l.L = min((i+1)*every, L)
		dst := [3]*calc.Certified{&l.K00, &l.DK1, &l.DDK2}
		if err := agreeingLayer(l.L, names[:], runs[0][i][:], runs[1][i][:], digits, dst[:]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// iterateBootstrapBig is one run of IterateBootstrapDigits at work digits:
// K₀₀, δK[1] and δδK[2] of the reported layers.
func (a *Activation) iterateBootstrapBig(cb, cw, k00, dk1, ddk2 *big.Rat, L, every, work int) ([][3]*big.Float, error) {
	set, err := a.bootstrapAverages()
	if err != nil {
		return nil, err
	}
	// Gauss–Hermite rules where they converge (a narrow K₀₀), the panels
	// of the set otherwise; a σ with kinks has only the panels.
	members := averageSets[layerSet].members
	fs := make([]calc.Expr, len(members))
	for j, i := range members {
		fs[j] = a.integrand(i)
	}
	gauss, _ := hermite.NewGaussAverages(fs...)
	prec := calc.BitsForDigits(work) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW := f().SetRat(cb), f().SetRat(cw)
	K, d1, d2 := f().SetRat(k00), f().SetRat(dk1), f().SetRat(ddk2)
	var out [][3]*big.Float
	for l := 1; ; l++ {
		if K.Sign() <= 0 {
			return nil, fmt.Errorf("recursions: layer %d: the kernel K₀₀ is no longer positive", l)
		}
		if err := kernelInRange("K₀₀", K); err != nil {
			return nil, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		if l%every == 0 || l == L {
			out = append(out, [3]*big.Float{K, d1, d2})
		}
		if l == L {
			return out, nil
		}
		Kr, _ := K.Rat(nil)
		var v []*big.Float // ⟨σ²⟩, ⟨zσσ'⟩, ⟨σ'²⟩, ⟨σ'²z²⟩
		ok := false
		if gauss != nil {
			if v, ok, err = gauss.AtDigits(Kr, work); err != nil {
				return nil, fmt.Errorf("recursions: layer %d: averages at K₀₀: %w", l, err)
			}
		}
		if !ok {
			if v, err = set.AtDigits(Kr, work); err != nil {
				return nil, fmt.Errorf("recursions: layer %d: averages at K₀₀: %w", l, err)
			}
		}
		chiPar := f().Quo(f().Mul(CW, v[1]), K)
		chiPerp := f().Mul(CW, v[2])
		// h = C_W(⟨σ'²z²⟩ − K⟨σ'²⟩)/(4K²)
		h := f().Sub(v[3], f().Mul(K, v[2]))
		h.Mul(h, CW).Quo(h, f().Mul(big.NewFloat(4), f().Mul(K, K)))
		nK := f().Add(CB, f().Mul(CW, v[0]))
		nd2 := f().Mul(chiPerp, d2)
		nd2.Add(nd2, f().Mul(h, f().Mul(d1, d1)))
		K, d1, d2 = nK, f().Mul(chiPar, d1), nd2
	}
}
