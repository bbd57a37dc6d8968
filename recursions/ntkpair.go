package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/hermite"
)

// pairValues are the two-input averages of one off-diagonal entry,
// f = ⟨σ(u)σ(v)⟩ and f1 = ⟨σ'(u)σ'(v)⟩ at (u, v) ~ N(0, [[K_ii, K_ij],
// [K_ij, K_jj]]), with bounds on their errors for exact K. f1Max, where
// it is above 0, bounds |f1| for every K_ij whose correlation is within
// f1MaxMargin of this one at the same diagonal (Mehler's series gives it).
type pairValues struct{ f, fErr, f1, f1Err, f1Max float64 }

// f1MaxMargin is the change of the correlation over which
// pairValues.f1Max bounds f1: far more than the rounding of a kernel
// entry moves it (about 1e-15).
const f1MaxMargin = 1e-8

// pairMap evaluates the two-input averages of an off-diagonal entry from
// the kernel entries p = K_ii, m = K_jj, x = K_ij and the averages of the
// two diagonal entries.
type pairMap interface {
	at(p, m, x float64, dp, dm *diagStep) (pairValues, error)
}

// newPairMap returns the exact arc-cosine map for a scale-invariant σ,
// Mehler's series for a σ whose σ' has no kinks (with quadrature where the
// series converges too slowly), and two-dimensional quadrature
// (hermite.Expect2) otherwise.
func (a *Activation) newPairMap() (pairMap, error) {
	si, ok, err := a.scaleInvariant()
	if err != nil {
		return nil, err
	}
	if ok {
		ap, am := si.APlus.Float64(), si.AMinus.Float64()
		return &anglePair{A2: si.A2.Float64(), c: (ap - am) * (ap - am) / (2 * math.Pi)}, nil
	}
	d1 := calc.Derivative(a.Sigma, 1)
	quad := &quadPair{s: a.Sigma, d1: d1}
	smooth, err := noKinks(d1)
	if err != nil || !smooth {
		return quad, err
	}
	if smooth, err = noKinks(a.Sigma); err != nil || !smooth {
		return quad, err
	}
	s, err := hermite.NewScaledSeries(a.Sigma)
	if err != nil {
		return nil, err
	}
	return newSeriesPair(s, quad), nil
}

// anglePair is the two-input map of σ = a₊z (z ≥ 0), a₋z (z < 0) in terms
// of the angle ψ = arccos ρ (Cho and Saul, "Kernel methods for deep
// learning", eq. (6) for ReLU; PDLT (5.159)–(5.160)):
//
//	⟨σ(u)σ(v)⟩   = √(K_ii K_jj)[A₂ cos ψ + c(sin ψ − ψ cos ψ)]
//	⟨σ'(u)σ'(v)⟩ = A₂ − cψ,   c = (a₊ − a₋)²/(2π),
//
// the second from the probabilities (π − ψ)/(2π) that u and v have equal
// signs and ψ/(2π) for each pair of opposite ones.
type anglePair struct{ A2, c float64 }

func (ap *anglePair) at(p, m, x float64, _, _ *diagStep) (pairValues, error) {
	s := hermite.SqrtProduct(p, m)
	rho := max(-1, min(1, x/s))
	psi := math.Acos(rho)
	smc := hermite.SinMinusPsiCos(psi)
	f := s * (ap.A2*rho + ap.c*smc)
	f1 := ap.A2 - ap.c*psi
	// ρ is rounded by about 2 units: ψ moves by psiErr, f by √(KK')f1 δρ.
	dRho := 2 * roundoff
	return pairValues{
		f:     f,
		fErr:  s*(math.Abs(f1)*dRho+4*roundoff*(ap.A2+ap.c*(1+psi))) + 2*roundoff*math.Abs(f),
		f1:    f1,
		f1Err: ap.c*psiErr(psi, dRho) + 4*roundoff*(ap.A2+ap.c*psi),
	}, nil
}

// quadPair evaluates both averages by two-dimensional quadrature, about
// two milliseconds a kernel, kept by kernel (kernelMemo). It is safe for
// concurrent use.
type quadPair struct {
	s, d1 calc.Expr
	seen  kernelMemo[pairValues]
}

func (q *quadPair) at(p, m, x float64, _, _ *diagStep) (pairValues, error) {
	return q.seen.get([3]float64{p, m, x}, func() (pairValues, error) {
		c := hermite.Cov{K11: p, K12: x, K22: m}
		f, err := hermite.Expect2(q.s, q.s, c)
		if err != nil {
			return pairValues{}, err
		}
		f1, err := hermite.Expect2(q.d1, q.d1, c)
		if err != nil {
			return pairValues{}, err
		}
		return pairValues{f: f.V, fErr: f.AbsErr, f1: f1.V, f1Err: f1.AbsErr}, nil
	})
}

// nextPair carries one off-diagonal entry x through a layer:
// K'_ij = C_b + C_W f, Θ'_ij = λ_b + λ_W f + C_W f1 Θ_ij (PDLT (8.63)),
// with the errors of the averages, their change with the errors of the
// kernel entries p = K_ii, m = K_jj, x = K_ij, the propagated error of Θ_ij
// and the rounding of the layer.
//
// The change of the averages with the kernel is bounded to first order:
// ∂f/∂K_ij = f1 (Price's theorem), |f1| ≤ √(⟨σ'²⟩_ii⟨σ'²⟩_jj), and a
// relative change δ of K_ii alone moves f by at most
// (δ/2)(√(⟨σ'²z²⟩_ii⟨σ²⟩_jj) + |K_ij|√(⟨σ'²⟩_ii⟨σ'²⟩_jj)) (a rescaling of
// u, less the change of K_ij it brings), by Cauchy–Schwarz; the same with
// σ' for f1 when σ' has no kinks. When it has, f1 is continuous in the
// angle ψ only (ReLU: (π − ψ)/(2π)), and moves by at most
// (2/π)√(⟨σ'²⟩_ii⟨σ'²⟩_jj) times the change of ψ.
func nextPair(cb, cw float64, lam Lambda, x ntkEntry, p, m ntkEntry, dp, dm *diagStep, v pairValues) ntkEntry {
	c := newPairConsts(p, m, dp, dm)
	return c.next(cb, cw, lam, x, v)
}

// pairConsts are the parts of nextPair's error bounds that depend on the
// diagonal entries only.
type pairConsts struct {
	rpm    float64 // (δK_ii/2K_ii + δK_jj/2K_jj)
	ss, dd float64 // √(⟨σ'²⟩_ii⟨σ'²⟩_jj), √(⟨σ”²⟩_ii⟨σ”²⟩_jj)
	diag   float64 // the change of f with the diagonal entries at K_ij = 0
	diag1  float64 // the same for f1 (σ' without kinks)
	smooth bool    // σ' has no kinks
	sq     float64 // √(K_ii K_jj)
}

func newPairConsts(p, m ntkEntry, dp, dm *diagStep) pairConsts {
	rp, rm := p.kErr/(2*p.k), m.kErr/(2*m.k)
	c := pairConsts{rpm: rp + rm, ss: hermite.SqrtProduct(dp.s, dm.s), sq: hermite.SqrtProduct(p.k, m.k),
		diag: rp*hermite.SqrtProduct(dp.sz2, dm.g) + rm*hermite.SqrtProduct(dm.sz2, dp.g)}
	if dp.secondDer && dm.secondDer {
		c.smooth = true
		c.dd = hermite.SqrtProduct(dp.d2, dm.d2)
		c.diag1 = rp*hermite.SqrtProduct(dp.d2z2, dm.s) + rm*hermite.SqrtProduct(dm.d2z2, dp.s)
	}
	return c
}

// next is nextPair with the diagonal parts c.
func (c *pairConsts) next(cb, cw float64, lam Lambda, x ntkEntry, v pairValues) ntkEntry {
	ax := math.Abs(x.k)
	dk := x.kErr + ax*c.rpm
	// |∂f/∂K_ij| = |f1| ≤ √(⟨σ'²⟩⟨σ'²⟩) by Cauchy–Schwarz, or by the
	// series' bound over the interval the change of K_ij spans, which is
	// far smaller for large kernels (bounded σ: ⟨σ'σ'⟩ ~ 1/K against
	// 1/√K).
	slope := c.ss
	if v.f1Max > 0 && dk <= f1MaxMargin*c.sq {
		slope = min(slope, v.f1Max)
	}
	df := v.fErr + slope*dk + c.diag
	var df1 float64
	if c.smooth {
		df1 = v.f1Err + c.dd*dk + c.diag1
	} else {
		rho := max(-1, min(1, x.k/c.sq))
		df1 = v.f1Err + 2/math.Pi*c.ss*psiErr(math.Acos(rho), dk/c.sq+4*roundoff)
	}
	k := cb + cw*v.f
	t := lam.B + lam.W*v.f + cw*v.f1*x.t
	return ntkEntry{
		k:    k,
		kErr: cw*df + 2*roundoff*(math.Abs(cb)+math.Abs(cw*v.f)),
		t:    t,
		tErr: math.Abs(lam.W)*df + cw*(df1*math.Abs(x.t)+math.Abs(v.f1)*x.tErr) +
			3*roundoff*(math.Abs(lam.B)+math.Abs(lam.W*v.f)+cw*math.Abs(v.f1*x.t)),
	}
}

// NTKTwoLayer is one layer of IterateNTKTwo: the two-input kernel and NTK,
// indexed ++, −−, +− (0, 1, 2), each with an estimate of its absolute error.
type NTKTwoLayer struct {
	L               int
	K, KErr         [3]float64
	Theta, ThetaErr [3]float64
}

// IterateNTKTwo runs the two-input recursions of the kernel (5.1) and of
// the neural tangent kernel (PDLT (8.63)),
//
//	K'_αβ = C_b + C_W⟨σ(z_α)σ(z_β)⟩_K
//	Θ'_αβ = λ_b + λ_W⟨σ(z_α)σ(z_β)⟩_K + C_W⟨σ'(z_α)σ'(z_β)⟩_K Θ_αβ,
//
// from K^(1) = k = (K₊₊, K₋₋, K₊₋) and Θ^(1) = theta. The diagonal entries
// follow IterateNTK; the off-diagonal averages are the exact arc-cosine
// forms for a scale-invariant σ (iterated through 1 − cos ψ, as
// IterateTwo does), Mehler's series for a smooth σ, and two-dimensional
// Gaussian integrals otherwise (about two milliseconds a layer).
func (a *Activation) IterateNTKTwo(cb, cw float64, lam Lambda, k, theta [3]float64, L, every int) ([]NTKTwoLayer, error) {
	switch {
	case L < 1:
		return nil, fmt.Errorf("recursions: IterateNTKTwo needs L ≥ 1, got %d", L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateNTKTwo needs every ≥ 1, got %d", every)
	case !(k[0] > 0) || !(k[1] > 0) || math.IsInf(k[0], 0) || math.IsInf(k[1], 0):
		return nil, fmt.Errorf("recursions: IterateNTKTwo needs finite K₊₊, K₋₋ > 0, got %g, %g", k[0], k[1])
	case !(math.Abs(k[2]) <= hermite.SqrtProduct(k[0], k[1])):
		return nil, fmt.Errorf("recursions: the input kernel is not positive semidefinite: |K₊₋| = %g > √(K₊₊K₋₋) = %g", math.Abs(k[2]), hermite.SqrtProduct(k[0], k[1]))
	}
	for _, t := range theta {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, fmt.Errorf("recursions: IterateNTKTwo needs a finite Θ^(1), got %v", theta)
		}
	}
	si, ok, err := a.scaleInvariant()
	if err != nil {
		return nil, err
	}
	if ok {
		return iterateNTKAngle(si.APlus.Float64(), si.AMinus.Float64(), cb, cw, lam, k, theta, L, every), nil
	}
	d, err := a.newNTKDiag(true)
	if err != nil {
		return nil, err
	}
	pm, err := a.newPairMap()
	if err != nil {
		return nil, err
	}
	var e [3]ntkEntry
	for i := range e {
		e[i] = ntkEntry{k: k[i], kErr: roundoff * math.Abs(k[i]), t: theta[i], tErr: roundoff * math.Abs(theta[i])}
	}
	out := make([]NTKTwoLayer, 0, L/every+1)
	for l := 1; ; l++ {
		if l%every == 0 || l == L {
			out = append(out, ntkTwoLayer(l, e))
		}
		if l == L {
			return out, nil
		}
		dp, err := d.step(e[0].k)
		if err != nil {
			return out, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		dm := dp
		if e[1].k != e[0].k {
			if dm, err = d.step(e[1].k); err != nil {
				return out, fmt.Errorf("recursions: layer %d: %w", l, err)
			}
		}
		v, err := pm.at(e[0].k, e[1].k, e[2].k, &dp, &dm)
		if err != nil {
			return out, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		e[2] = nextPair(cb, cw, lam, e[2], e[0], e[1], &dp, &dm, v)
		e[0], e[1] = dp.next(cb, cw, lam, e[0]), dm.next(cb, cw, lam, e[1])
		if !(e[0].k > 0) || !(e[1].k > 0) || math.IsInf(e[0].k, 0) || math.IsInf(e[1].k, 0) {
			return out, fmt.Errorf("recursions: layer %d: the kernel is no longer positive and finite", l+1)
		}
	}
}
