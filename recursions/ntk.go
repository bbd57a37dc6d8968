package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/hermite"
)

// Lambda holds the learning-rate hyperparameters of the neural tangent
// kernel (PDLT §8.0, the learning-rate tensor λ_μν diagonal with λ_b for
// every bias and λ_W/n_{ℓ−1} for every weight of layer ℓ). λ_b = C_b and
// λ_W = C_W give the NTK parameterization of Jacot, Gabriel and Hongler,
// in which Θ^(1) = K^(1).
type Lambda struct{ B, W float64 }

// NTKLayer is one layer of IterateNTK: the kernel K^(ℓ) and the neural
// tangent kernel Θ^(ℓ) of one input, each with an estimate of its absolute
// error (the errors of the Gaussian averages and the rounding of every
// layer, carried through the recursion to first order).
type NTKLayer struct {
	L               int
	K, KErr         float64
	Theta, ThetaErr float64
}

// roundoff is the unit roundoff of float64.
const roundoff = 0x1p-53

// IterateNTK runs the infinite-width recursion of the neural tangent
// kernel of one input beside that of the kernel (PDLT (8.63) with u = v),
//
//	K^(ℓ+1) = C_b + C_W⟨σ²⟩_K
//	Θ^(ℓ+1) = λ_b + λ_W⟨σ²⟩_K + C_W⟨σ'²⟩_K Θ^(ℓ) = λ_b + λ_W g(K) + χ⊥(K) Θ^(ℓ),
//
// the averages at K = K^(ℓ), from K^(1) = k1 > 0 and Θ^(1) = theta1
// (λ_b + λ_W|x|²/n₀ for an input x of dimension n₀, which is K^(1) under
// λ = (C_b, C_W)). It returns the layers ℓ = every, 2·every, … up to L,
// and L itself.
func (a *Activation) IterateNTK(cb, cw float64, lam Lambda, k1, theta1 float64, L, every int) ([]NTKLayer, error) {
	switch {
	case L < 1:
		return nil, fmt.Errorf("recursions: IterateNTK needs L ≥ 1, got %d", L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateNTK needs every ≥ 1, got %d", every)
	case !(k1 > 0) || math.IsInf(k1, 0):
		return nil, fmt.Errorf("recursions: IterateNTK needs a finite K^(1) > 0, got %g", k1)
	case math.IsNaN(theta1) || math.IsInf(theta1, 0):
		return nil, fmt.Errorf("recursions: IterateNTK needs a finite Θ^(1), got %g", theta1)
	}
	d, err := a.newNTKDiag(false)
	if err != nil {
		return nil, err
	}
	out := make([]NTKLayer, 0, L/every+1)
	x := ntkEntry{k: k1, kErr: roundoff * k1, t: theta1, tErr: roundoff * math.Abs(theta1)}
	for l := 1; ; l++ {
		if l%every == 0 || l == L {
			out = append(out, NTKLayer{L: l, K: x.k, KErr: x.kErr, Theta: x.t, ThetaErr: x.tErr})
		}
		if l == L {
			return out, nil
		}
		st, err := d.stepCached(x.k)
		if err != nil {
			return out, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		x = st.next(cb, cw, lam, x)
		if !(x.k > 0) || math.IsInf(x.k, 0) || math.IsInf(x.t, 0) {
			return out, fmt.Errorf("recursions: layer %d: the kernel K = %g or the NTK Θ = %g is out of range", l+1, x.k, x.t)
		}
	}
}

// ntkEntry is one entry of a kernel and of its NTK, with error estimates.
type ntkEntry struct{ k, kErr, t, tErr float64 }

// ntkTwoLayer is the row of layer l with the entries e (K₊₊, K₋₋, K₊₋).
func ntkTwoLayer(l int, e [3]ntkEntry) NTKTwoLayer {
	r := NTKTwoLayer{L: l}
	for i, x := range e {
		r.K[i], r.KErr[i], r.Theta[i], r.ThetaErr[i] = x.k, x.kErr, x.t, x.tErr
	}
	return r
}

// ntkDiag evaluates the single-input averages the NTK recursion needs on
// shared nodes: ⟨σ²⟩, ⟨σ'²⟩, ⟨zσσ'⟩ and ⟨σ'²z²⟩ (whose ratios to K are the
// K-derivatives of the first two, for the propagation of errors), and, for
// a σ' without kinks, ⟨σ”²⟩ and ⟨σ”²z²⟩.
type ntkDiag struct {
	m      *hermite.Many
	smooth bool // σ' has no kinks and pairs were asked for: ⟨σ”²⟩ and ⟨σ”²z²⟩ follow
	// The tail cut last computed, at K = cutK (stepCached).
	cut, cutK float64
}

// newNTKDiag prepares the averages; pairs asks for ⟨σ”²⟩ and ⟨σ”²z²⟩ too,
// which only the error bounds of off-diagonal entries use.
func (a *Activation) newNTKDiag(pairs bool) (*ntkDiag, error) {
	z := calc.Var()
	s := a.Sigma
	d1 := calc.Derivative(s, 1)
	sp2 := calc.Mul(d1, d1)
	fs := []calc.Expr{calc.Mul(s, s), sp2, calc.Mul(z, calc.Mul(s, d1)), calc.Mul(sp2, calc.Mul(z, z))}
	smooth, err := noKinks(d1)
	if err != nil {
		return nil, err
	}
	smooth = smooth && pairs
	if smooth {
		d2 := calc.Derivative(s, 2)
		d22 := calc.Mul(d2, d2)
		fs = append(fs, d22, calc.Mul(d22, calc.Mul(z, z)))
	}
	m, err := hermite.NewMany(fs...)
	if err != nil {
		return nil, fmt.Errorf("recursions: preparing the NTK averages of %s: %w", s, err)
	}
	m.LimitEvals(layerEvals)
	return &ntkDiag{m: m, smooth: smooth}, nil
}

// diagStep holds the single-input averages at K with their error bounds:
// g = ⟨σ²⟩, s = ⟨σ'²⟩, gK = dg/dK = ⟨zσσ'⟩/K, sK a bound on |ds/dK| =
// |⟨σ'²z²⟩ − K⟨σ'²⟩|/(2K²), sz2 = ⟨σ'²z²⟩, and for a σ' without kinks
// d2 = ⟨σ”²⟩ and d2z2 = ⟨σ”²z²⟩.
type diagStep struct {
	K         float64
	g, gErr   float64
	s, sErr   float64
	gK, sK    float64
	sz2       float64
	d2, d2z2  float64
	secondDer bool
}

// step evaluates the averages at K > 0 (safe for concurrent use).
func (d *ntkDiag) step(K float64) (diagStep, error) {
	T, err := d.m.TailCut(K)
	if err != nil {
		return diagStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
	}
	return d.stepAt(K, T)
}

// stepCached is step with the tail cut recomputed only when K has moved
// by more than tailMove since it was last computed.
func (d *ntkDiag) stepCached(K float64) (diagStep, error) {
	if d.cutK == 0 || math.Abs(K/d.cutK-1) > tailMove {
		T, err := d.m.TailCut(K)
		if err != nil {
			return diagStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
		}
		d.cutK, d.cut = K, T
	}
	return d.stepAt(K, d.cut)
}

func (d *ntkDiag) stepAt(K, T float64) (diagStep, error) {
	v, err := d.m.AtCut(K, T)
	if err != nil {
		return diagStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
	}
	st := diagStep{K: K, g: v[0].V, gErr: v[0].AbsErr, s: v[1].V, sErr: v[1].AbsErr,
		gK: v[2].V / K, sz2: v[3].V}
	// ds/dK = (⟨σ'²z²⟩ − K⟨σ'²⟩)/(2K²) in size, with the error of its
	// averages; over K twice where 2K² leaves float64's normal range (K
	// below about 1e-154 or above 1e154).
	if k2 := 2 * K * K; calc.IsNormal(k2) {
		st.sK = math.Abs((v[3].V-K*v[1].V)/k2) + (v[3].AbsErr+K*v[1].AbsErr)/k2
	} else {
		st.sK = math.Abs((v[3].V/K-v[1].V)/(2*K)) + (v[3].AbsErr/K+v[1].AbsErr)/(2*K)
	}
	if d.smooth {
		st.d2, st.d2z2, st.secondDer = v[4].V, v[5].V, true
	}
	for _, x := range v {
		if x.V-x.V != 0 || x.AbsErr-x.AbsErr != 0 {
			return diagStep{}, fmt.Errorf("averages at K = %g: %w", K, errNotFinite)
		}
	}
	return st, nil
}

// next carries one diagonal entry through a layer whose averages are st:
// K' = C_b + C_W g, Θ' = λ_b + λ_W g + C_W sΘ, with the errors of the
// averages, their change with the error of K, the propagated error of Θ
// and the rounding of the layer.
func (st diagStep) next(cb, cw float64, lam Lambda, x ntkEntry) ntkEntry {
	eg := st.gErr + math.Abs(st.gK)*x.kErr
	es := st.sErr + st.sK*x.kErr
	k := cb + cw*st.g
	t := lam.B + lam.W*st.g + cw*st.s*x.t
	return ntkEntry{
		k:    k,
		kErr: cw*eg + 2*roundoff*(math.Abs(cb)+math.Abs(cw*st.g)),
		t:    t,
		tErr: math.Abs(lam.W)*eg + cw*(es*math.Abs(x.t)+st.s*x.tErr) +
			3*roundoff*(math.Abs(lam.B)+math.Abs(lam.W*st.g)+cw*st.s*math.Abs(x.t)),
	}
}
