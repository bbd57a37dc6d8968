package recursions

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite"
)

// LambdaRat is Lambda with exact entries, for the high-precision
// recursions.
type LambdaRat struct{ B, W *big.Rat }

// NTKLayerDigits is one layer of IterateNTKDigits: K and Θ with the digits
// that two working precisions agree on.
type NTKLayerDigits struct {
	L        int
	K, Theta calc.Certified
}

// IterateNTKDigits runs the recursions of IterateNTK in high-precision
// arithmetic from the exact K^(1) = k1 > 0, Θ^(1) = theta1 and exact C_b,
// C_W, λ_b, λ_W. As IterateDigits does, it runs the whole iteration twice,
// with ⟨σ²⟩ and ⟨σ'²⟩ of every layer certified to digits+10 and to
// digits+20 digits (side by side), and each value keeps the leading digits
// on which the two runs agree, at most digits.
func (a *Activation) IterateNTKDigits(cb, cw *big.Rat, lam LambdaRat, k1, theta1 *big.Rat, L, every, digits int) ([]NTKLayerDigits, error) {
	if err := checkDigitsRun("IterateNTKDigits", cb, cw, L, every, digits); err != nil {
		return nil, err
	}
	if k1.Sign() <= 0 {
		return nil, fmt.Errorf("recursions: IterateNTKDigits needs K^(1) > 0, got %s", hermite.RatG(k1))
	}
	m, err := hermite.NewMany(a.integrand(ntkMembers[0]), a.integrand(ntkMembers[1]))
	if err != nil {
		return nil, fmt.Errorf("recursions: preparing the NTK averages of %s: %w", a.Sigma, err)
	}
	scaleInvariant, err := IsScaleInvariant(a.Sigma)
	if err != nil {
		return nil, err
	}
	runs, errs := sideBySide(func(_, extra int) ([][2]*big.Float, error) {
		return iterateNTKBig(m, scaleInvariant, cb, cw, lam, k1, theta1, L, every, digits+extra)
	})
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	out := make([]NTKLayerDigits, len(runs[0]))
	names := [2]string{"K", "Θ"}
	for i := range out {
		l := &out[i]
		l.L = min((i+1)*every, L)
		dst := [2]*calc.Certified{&l.K, &l.Theta}
		if err := agreeingLayer(l.L, names[:], runs[0][i][:], runs[1][i][:], digits, dst[:]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkDigitsRun checks the arguments shared by the high-precision NTK
// recursions.
func checkDigitsRun(name string, cb, cw *big.Rat, L, every, digits int) error {
	switch {
	case L < 1 || L > maxDigitsLayers:
		return fmt.Errorf("recursions: %s needs 1 ≤ L ≤ %d, got %d", name, maxDigitsLayers, L)
	case every < 1:
		return fmt.Errorf("recursions: %s needs every ≥ 1, got %d", name, every)
	case digits < 1 || digits > MaxDigits:
		return fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	case cw.Sign() <= 0 || cb.Sign() < 0:
		return fmt.Errorf("recursions: %s needs C_W > 0, C_b ≥ 0", name)
	}
	return nil
}

// ntkMembers are the averages of the NTK recursion, ⟨σ²⟩ and ⟨σ'²⟩.
var ntkMembers = []integrand{cS2, cSp2}

// iterateNTKBig is one run of IterateNTKDigits with the averages m
// (ntkMembers) to work digits: K and Θ of the reported layers. For a
// scale-invariant σ the averages at K = 1 serve every layer
// (layerAverages).
func iterateNTKBig(m *hermite.Many, scaleInvariant bool, cb, cw *big.Rat, lam LambdaRat, k1, theta1 *big.Rat, L, every, work int) ([][2]*big.Float, error) {
	prec := calc.BitsForDigits(work) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW, LB, LW := f().SetRat(cb), f().SetRat(cw), f().SetRat(lam.B), f().SetRat(lam.W)
	K, T := f().SetRat(k1), f().SetRat(theta1)
	averagesAt, err := layerAverages(scaleInvariant, ntkMembers, func(K *big.Rat) ([]*big.Float, error) {
		return m.AtDigits(K, work)
	})
	if err != nil {
		return nil, err
	}
	var out [][2]*big.Float
	for l := 1; ; l++ {
		if l%every == 0 || l == L {
			out = append(out, [2]*big.Float{K, T})
		}
		if l == L {
			return out, nil
		}
		v, err := averagesAt(K)
		if err != nil {
			return nil, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		K, T = ntkStepBig(f, CB, CW, LB, LW, v[0], v[1], T)
		if K.Sign() <= 0 {
			return nil, fmt.Errorf("recursions: layer %d: the kernel is no longer positive", l+1)
		}
	}
}

// ntkStepBig returns K' = C_b + C_W f and Θ' = λ_b + λ_W f + C_W f1 Θ.
func ntkStepBig(nf func() *big.Float, CB, CW, LB, LW, f, f1, T *big.Float) (K, Theta *big.Float) {
	K = nf().Add(CB, nf().Mul(CW, f))
	Theta = nf().Add(LB, nf().Mul(LW, f))
	Theta.Add(Theta, nf().Mul(nf().Mul(CW, f1), T))
	return K, Theta
}

// NTKTwoLayerDigits is one layer of IterateNTKTwoDigits: the two-input
// kernel and NTK, indexed ++, −−, +− (0, 1, 2), each with the digits that
// two working precisions agree on.
type NTKTwoLayerDigits struct {
	L        int
	K, Theta [3]calc.Certified
}

// IterateNTKTwoDigits runs the recursions of IterateNTKTwo in
// high-precision arithmetic from the exact K^(1) = k, Θ^(1) = theta and
// exact C_b, C_W, λ_b, λ_W, twice (at digits+10 and digits+20 working
// digits, side by side), and keeps the digits of each value on which the
// two runs agree. For a scale-invariant σ the averages are the exact
// arc-cosine forms of IterateNTKTwo in big.Float arithmetic; for another
// σ, which must then be smooth with a smooth σ' (an error wrapping
// hermite.ErrKinked otherwise), ⟨σ(u)σ(v)⟩ and ⟨σ'(u)σ'(v)⟩ are Mehler's
// Hermite series (hermite.Series2), with the diagonal averages from the
// same rules.
func (a *Activation) IterateNTKTwoDigits(cb, cw *big.Rat, lam LambdaRat, k, theta [3]*big.Rat, L, every, digits int) ([]NTKTwoLayerDigits, error) {
	if err := checkDigitsRun("IterateNTKTwoDigits", cb, cw, L, every, digits); err != nil {
		return nil, err
	}
	switch {
	case k[0].Sign() <= 0 || k[1].Sign() <= 0:
		return nil, fmt.Errorf("recursions: IterateNTKTwoDigits needs K₊₊, K₋₋ > 0, got %s, %s", hermite.RatG(k[0]), hermite.RatG(k[1]))
	case new(big.Rat).Mul(k[2], k[2]).Cmp(new(big.Rat).Mul(k[0], k[1])) > 0:
		return nil, fmt.Errorf("recursions: the input kernel is not positive semidefinite: K₊₋² > K₊₊K₋₋")
	}
	scaleInvariant, err := IsScaleInvariant(a.Sigma)
	if err != nil {
		return nil, err
	}
	var avg twoAveragesBig
	if scaleInvariant {
		avg = angleAveragesBig{sigma: a.Sigma}
	} else {
		d1 := calc.Derivative(a.Sigma, 1)
		s0, err := hermite.NewSeries2(a.Sigma, a.Sigma)
		if err != nil {
			return nil, fmt.Errorf("recursions: the two-input NTK to %d digits needs a smooth or a scale-invariant σ: %w", digits, err)
		}
		s1, err := hermite.NewSeries2(d1, d1)
		if err != nil {
			return nil, fmt.Errorf("recursions: the two-input NTK to %d digits needs a smooth σ' or a scale-invariant σ: %w", digits, err)
		}
		avg = seriesAveragesBig{s0: s0, s1: s1}
	}
	runs, errs := sideBySide(func(_, extra int) ([][6]*big.Float, error) {
		return iterateNTKTwoBig(avg, cb, cw, lam, k, theta, L, every, digits+extra)
	})
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	out := make([]NTKTwoLayerDigits, len(runs[0]))
	names := [6]string{"K₊₊", "K₋₋", "K₊₋", "Θ₊₊", "Θ₋₋", "Θ₊₋"}
	for i := range out {
		l := &out[i]
		l.L = min((i+1)*every, L)
		dst := [6]*calc.Certified{&l.K[0], &l.K[1], &l.K[2], &l.Theta[0], &l.Theta[1], &l.Theta[2]}
		if err := agreeingLayer(l.L, names[:], runs[0][i][:], runs[1][i][:], digits, dst[:]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// twoAveragesBig returns, for the exact kernel p = K₊₊, m = K₋₋, x = K₊₋,
// the averages ⟨σ²⟩ and ⟨σ'²⟩ at p and at m and ⟨σ(u)σ(v)⟩, ⟨σ'(u)σ'(v)⟩,
// in the order gp, gm, f, sp, sm, f1, to work digits.
type twoAveragesBig interface {
	at(p, m, x *big.Rat, work int, prec uint) ([6]*big.Float, error)
}

// seriesAveragesBig sums Mehler's series of σ and of σ'.
type seriesAveragesBig struct{ s0, s1 *hermite.Series2 }

func (s seriesAveragesBig) at(p, m, x *big.Rat, work int, _ uint) ([6]*big.Float, error) {
	c := hermite.CovRat{K11: p, K12: x, K22: m}
	v0, err := s.s0.AtDigits(c, work)
	if err != nil {
		return [6]*big.Float{}, err
	}
	v1, err := s.s1.AtDigits(c, work)
	if err != nil {
		return [6]*big.Float{}, err
	}
	return [6]*big.Float{v0.F2, v0.G2, v0.V, v1.F2, v1.G2, v1.V}, nil
}

// angleAveragesBig is anglePair in big.Float arithmetic: ⟨σ²⟩ = A₂K,
// ⟨σ'²⟩ = A₂, and the arc-cosine forms off the diagonal.
type angleAveragesBig struct{ sigma calc.Expr }

func (an angleAveragesBig) at(p, m, x *big.Rat, _ int, prec uint) ([6]*big.Float, error) {
	si, ok, err := calc.DetectScaleInvariant(an.sigma, prec)
	if err != nil || !ok {
		return [6]*big.Float{}, fmt.Errorf("recursions: σ is not scale-invariant at %d bits (%v)", prec, err)
	}
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	A2 := f().Add(f().Mul(si.APlus, si.APlus), f().Mul(si.AMinus, si.AMinus))
	A2.Quo(A2, big.NewFloat(2))
	d := f().Sub(si.APlus, si.AMinus)
	c := f().Quo(f().Mul(d, d), f().Add(bigmath.Pi(prec), bigmath.Pi(prec)))
	rho, psi, err := correlation(p, m, x, prec)
	if err != nil {
		return [6]*big.Float{}, err
	}
	s, err := bigmath.Sqrt(prec, f().SetRat(new(big.Rat).Mul(p, m)))
	if err != nil {
		return [6]*big.Float{}, err
	}
	smc, err := sinMinusPsiCosBig(psi, prec)
	if err != nil {
		return [6]*big.Float{}, err
	}
	fx := f().Add(f().Mul(A2, rho), f().Mul(c, smc))
	fx.Mul(fx, s)
	f1 := f().Sub(A2, f().Mul(c, psi))
	return [6]*big.Float{f().Mul(A2, f().SetRat(p)), f().Mul(A2, f().SetRat(m)), fx, A2, A2, f1}, nil
}

// iterateNTKTwoBig is one run of IterateNTKTwoDigits at work digits:
// K₊₊, K₋₋, K₊₋, Θ₊₊, Θ₋₋, Θ₊₋ of the reported layers.
func iterateNTKTwoBig(avg twoAveragesBig, cb, cw *big.Rat, lam LambdaRat, k, theta [3]*big.Rat, L, every, work int) ([][6]*big.Float, error) {
	prec := calc.BitsForDigits(work) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	CB, CW, LB, LW := f().SetRat(cb), f().SetRat(cw), f().SetRat(lam.B), f().SetRat(lam.W)
	p, m, x := new(big.Rat).Set(k[0]), new(big.Rat).Set(k[1]), new(big.Rat).Set(k[2])
	var T [3]*big.Float
	for i := range T {
		T[i] = f().SetRat(theta[i])
	}
	var out [][6]*big.Float
	for l := 1; ; l++ {
		if l%every == 0 || l == L {
			out = append(out, [6]*big.Float{f().SetRat(p), f().SetRat(m), f().SetRat(x), T[0], T[1], T[2]})
		}
		if l == L {
			return out, nil
		}
		v, err := avg.at(p, m, x, work, prec)
		if err != nil {
			return nil, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		var K [3]*big.Float
		K[0], T[0] = ntkStepBig(f, CB, CW, LB, LW, v[0], v[3], T[0])
		K[1], T[1] = ntkStepBig(f, CB, CW, LB, LW, v[1], v[4], T[1])
		K[2], T[2] = ntkStepBig(f, CB, CW, LB, LW, v[2], v[5], T[2])
		if K[0].Sign() <= 0 || K[1].Sign() <= 0 {
			return nil, fmt.Errorf("recursions: layer %d: the kernel is no longer positive", l+1)
		}
		p, _ = K[0].Rat(nil)
		m, _ = K[1].Rat(nil)
		x, _ = K[2].Rat(nil)
		// Rounding may leave K₊₋² a few units above K₊₊K₋₋ as ρ → ±1.
		if pm := new(big.Rat).Mul(p, m); new(big.Rat).Mul(x, x).Cmp(pm) > 0 {
			s, err := bigmath.Sqrt(prec, f().SetRat(pm))
			if err != nil {
				return nil, err
			}
			xs, _ := s.Rat(nil)
			xs.Sub(xs, new(big.Rat).Mul(xs, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), prec-4))))
			if x.Sign() < 0 {
				xs.Neg(xs)
			}
			x = xs
		}
	}
}
