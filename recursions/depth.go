package recursions

import (
	"errors"
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/hermite"
)

// Layer is one layer's kernel data at leading and next-to-leading order in
// 1/n: the kernel K^(ℓ), the four-point vertex V^(ℓ) and the NLO metric
// G{1}^(ℓ), with the susceptibilities χ∥(K^(ℓ)) (5.50) and χ⊥(K^(ℓ)) (5.51)
// that carry layer ℓ to layer ℓ + 1.
type Layer struct {
	L               int
	K, V, G1        float64
	ChiPar, ChiPerp float64
}

// Renormalization holds the 1/n parts of the initialization
// hyperparameters, C_b = c_b{0} + c_b{1}/n and C_W = c_W{0} + c_W{1}/n
// (5.138)–(5.139), which add the source c_b{1} + c_W{1} g(K) to the NLO
// metric recursion (5.140). Criticality for the K* = 0 class is
// c_b{1} = 0, c_W{1} = (2/3)c_W{0} (5.142).
type Renormalization struct{ Cb1, CW1 float64 }

// Iterate runs the single-input recursions of the kernel, the four-point
// vertex and the NLO metric at C_b = cb, C_W = cw,
//
//	K^(ℓ+1)    = C_b + C_W g(K^(ℓ))                                      (5.108)
//	V^(ℓ+1)    = χ∥² V^(ℓ) + C_W²(⟨σ⁴⟩ − ⟨σ²⟩²)                             (5.109)
//	G{1}^(ℓ+1) = χ∥ G{1}^(ℓ) + (1/8) j(K^(ℓ)) V^(ℓ)/K^(ℓ)²                   (5.110)
//
// with χ∥ = χ∥(K^(ℓ)), the averages at K^(ℓ) and j from (5.111), from
// K^(1) = k1 > 0, V^(1) = 0, G{1}^(1) = 0. A non-nil ren adds
// c_b{1} + c_W{1} g(K^(ℓ)) to the G{1} recursion (5.140).
//
// It returns the layers ℓ = every, 2·every, … up to L, and layer L itself
// when L is not a multiple of every. χ∥ is C_W⟨zσσ'⟩/K (5.50), free of
// cancellation at small K. For an activation without kinks j(K)/(8K²) is
// evaluated as (C_W/8)⟨(σ²)””⟩, the Gaussian integration by parts
// ⟨F(z)(z⁴ − 6Kz² + 3K²)⟩_K = K⁴⟨F””⟩_K, which avoids the cancellation of
// order K in ⟨σ²(z⁴ − 6Kz² + 3K²)⟩ as K → 0; otherwise the three moments are
// combined as in J. The averages come from the adaptive quadrature of
// hermite.Many or, in a range of K the iteration keeps visiting, from
// Chebyshev interpolants of it with the same accuracy (layerTable): 10⁵
// layers of tanh at criticality take about 40 ms instead of 2 s.
func (a *Activation) Iterate(cb, cw, k1 float64, L, every int, ren *Renormalization) ([]Layer, error) {
	return a.iterate(cb, cw, k1, L, every, ren, nil, 0, nil)
}

// IterateWidths is Iterate for hidden layers of unequal widths:
// widths[i] is n_{i+1}, the width of layer i+1, for the hidden layers
// 1 … L−1. With V^(ℓ) and G{1}^(ℓ) defined, as in PDLT §4, as n_{ℓ−1}
// times the connected four-point function and the 1/n correction of the
// metric of layer ℓ (whose weights have fan-in n_{ℓ−1}), the propagated
// terms carry the ratio of the widths:
//
//	V^(ℓ+1)    = χ∥² (n_ℓ/n_{ℓ−1}) V^(ℓ) + C_W²(⟨σ⁴⟩ − ⟨σ²⟩²)
//	G{1}^(ℓ+1) = (n_ℓ/n_{ℓ−1}) [χ∥ G{1}^(ℓ) + (1/8) j V^(ℓ)/K²] (+ c_b{1} + c_W{1} g)
//
// which reduce to (5.109)–(5.110) for equal widths (5.107). (Var of the
// stochastic metric of layer ℓ+1 is C_W²(⟨σ⁴⟩ − ⟨σ²⟩²)/n_ℓ from its own
// neurons plus χ∥² V^(ℓ)/n_{ℓ−1} propagated; its mean picks up
// χ∥G{1}^(ℓ)/n_{ℓ−1} and ½C_W g”·V^(ℓ)/n_{ℓ−1} = (j/8K²)V^(ℓ)/n_{ℓ−1}.)
// The normalized vertex of layer ℓ is V^(ℓ)/(n_{ℓ−1}K²).
func (a *Activation) IterateWidths(cb, cw, k1 float64, widths []int, every int, ren *Renormalization) ([]Layer, error) {
	return a.iterateWidths(cb, cw, k1, widths, every, ren, 0, nil)
}

// iterateWidths is IterateWidths with the averages moved by perturb (see
// iterate).
func (a *Activation) iterateWidths(cb, cw, k1 float64, widths []int, every int, ren *Renormalization, perturb float64, nodes *layerNodes) ([]Layer, error) {
	for i, n := range widths {
		if n < 1 {
			return nil, fmt.Errorf("recursions: IterateWidths: width of layer %d is %d, want ≥ 1", i+1, n)
		}
	}
	L := len(widths) + 1
	ratio := func(l int) float64 { // n_ℓ/n_{ℓ−1} for the step ℓ → ℓ+1
		if l < 2 {
			return 1 // V^(1) = G{1}^(1) = 0: nothing to carry
		}
		return float64(widths[l-1]) / float64(widths[l-2])
	}
	return a.iterate(cb, cw, k1, L, every, ren, ratio, perturb, nodes)
}

// iterate is Iterate with an optional width ratio n_ℓ/n_{ℓ−1} per step,
// and with every layer average moved by its accuracy: the relative amount
// perturb, or its error bound where that is larger (hermite.Value.Moved; alternating in
// sign over the averages; perturb 0 for none, see IterateChecked).
func (a *Activation) iterate(cb, cw, k1 float64, L, every int, ren *Renormalization, ratio func(l int) float64, perturb float64, nodes *layerNodes) ([]Layer, error) {
	switch {
	case L < 1:
		return nil, fmt.Errorf("recursions: Iterate needs L ≥ 1, got %d", L)
	case every < 1:
		return nil, fmt.Errorf("recursions: Iterate needs every ≥ 1, got %d", every)
	case !(k1 > 0):
		return nil, fmt.Errorf("recursions: Iterate needs K^(1) > 0, got %g", k1)
	}
	d, err := a.depthAverages()
	if err != nil {
		return nil, err
	}
	var cb1, cw1 float64
	if ren != nil {
		cb1, cw1 = ren.Cb1, ren.CW1
	}
	tab := newLayerTable(d, L, nodes)
	out := make([]Layer, 0, L/every+1)
	K, V, G := k1, 0.0, 0.0
	for l := 1; ; l++ {
		if !(K > 0) {
			return out, fmt.Errorf("recursions: layer %d: the kernel K = %g is no longer positive", l, K)
		}
		st, bound, err := tab.step(K, cw)
		if err != nil {
			return out, fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		if perturb != 0 {
			moved := func(v, b, rel float64) float64 { return hermite.Value{V: v, AbsErr: b}.Moved(rel) }
			st.g = moved(st.g, bound.g, perturb)
			st.s4 = moved(st.s4, bound.s4, -perturb)
			st.chiPar = moved(st.chiPar, bound.chiPar, perturb)
			st.chiPerp = moved(st.chiPerp, bound.chiPerp, -perturb)
			st.jOver8K2 = moved(st.jOver8K2, bound.jOver8K2, perturb)
		}
		if l%every == 0 || l == L {
			out = append(out, Layer{L: l, K: K, V: V, G1: G, ChiPar: st.chiPar, ChiPerp: st.chiPerp})
		}
		if l == L {
			return out, nil
		}
		r := 1.0
		if ratio != nil {
			r = ratio(l)
		}
		K, V, G = cb+cw*st.g,
			r*st.chiPar*st.chiPar*V+cw*cw*(st.s4-st.g*st.g),
			r*(st.chiPar*G+st.jOver8K2*V)+cb1+cw1*st.g
	}
}

// depthAverages is the set of averages one layer of Iterate needs,
// evaluated together on shared nodes.
type depthAverages struct {
	m      *hermite.Many
	smooth bool // the fourth entry is (σ²)”” rather than σ²z⁴, σ²z²
	// scaleInvariant marks σ = a₊z (z ≥ 0), a₋z (z < 0), for which
	// j(K) ≡ 0 exactly (5.113)–(5.117), so G{1} stays exactly 0 (5.118)
	// instead of collecting the rounding of three cancelling moments.
	scaleInvariant bool
	// cut is the tail cut last computed, at K = cutK.
	cut, cutK float64
}

// layerStep holds the averages of one layer at K: g = ⟨σ²⟩, ⟨σ⁴⟩,
// χ∥ = C_W⟨zσσ'⟩/K, χ⊥ = C_W⟨σ'²⟩ and j(K)/(8K²).
type layerStep struct {
	g, s4, chiPar, chiPerp, jOver8K2 float64
}

// layerEvals bounds the integrand evaluations of the quadrature of one
// layer's averages in the float64 depth, NTK and kernel iterations
// (hermite.Many.LimitEvals): about 14,500 pairs of panels, a tenth of a
// second for a simple σ. Every layer of the test suite, exhaustive runs
// included, needs fewer than 2^17. A σ that oscillates about a trend needs
// more as K stretches the oscillation: for x + 0.1·sin(3x) at C_b = 0.1,
// C_W = 1.5, whose K grows by half each layer, a layer needs 1.7·10^6 at
// K = 2·10^7 (layer 42) and 8·10^6 at K = 7·10^7, and unbounded, 50
// layers took 21 s and 60 over two minutes; bounded, the iteration stops
// after layer 41 within seconds. A single average is not bounded: it
// costs at most a fraction of a second even there (⟨σ²⟩ at K = 10^8:
// 1.6·10^6 evaluations, 0.15 s), so the searches that probe a few such K
// (the kernel's fixed point up to K = 10^8 in apjn, the root scans of act
// up to --kmax) answer.
const layerEvals = 1 << 20

// depthAverages prepares ⟨σ²⟩, ⟨zσσ'⟩, ⟨σ⁴⟩, ⟨σ'²⟩ and either ⟨(σ²)””⟩
// (σ without kinks) or ⟨σ²z⁴⟩ and ⟨σ²z²⟩.
func (a *Activation) depthAverages() (*depthAverages, error) {
	z := calc.Var()
	s := a.Sigma
	s2 := calc.Mul(s, s)
	d1 := calc.Derivative(s, 1)
	fs := []calc.Expr{s2, calc.Mul(z, calc.Mul(s, d1)), calc.Mul(s2, s2), calc.Mul(d1, d1)}
	smooth, err := noKinks(s)
	if err != nil {
		return nil, err
	}
	d4 := calc.Derivative(s2, 4)
	if smooth {
		if smooth, err = noKinks(d4); err != nil {
			return nil, err
		}
	}
	if smooth {
		fs = append(fs, d4)
	} else {
		z2 := calc.Mul(z, z)
		fs = append(fs, calc.Mul(s2, calc.Mul(z2, z2)), calc.Mul(s2, z2))
	}
	m, err := hermite.NewMany(fs...)
	if err != nil {
		return nil, fmt.Errorf("recursions: preparing the layer averages of %s: %w", s, err)
	}
	m.LimitEvals(layerEvals)
	scaleInvariant, err := IsScaleInvariant(s)
	if err != nil {
		return nil, err
	}
	return &depthAverages{m: m, smooth: smooth, scaleInvariant: scaleInvariant}, nil
}

// noKinks reports whether f is free of kinks and jumps.
func noKinks(f calc.Expr) (bool, error) {
	ks, err := calc.Kinks(f)
	if err != nil {
		return false, fmt.Errorf("recursions: finding the kinks of %s: %w", f, err)
	}
	return len(ks) == 0, nil
}

// jOver8K2 returns C_W·j/(8K²) = C_W(⟨σ²z⁴⟩ − 6K⟨σ²z²⟩ + 3K²⟨σ²⟩)/(8K⁴)
// from the averages v of depthAverages, with the bound on its error that
// follows from theirs. Where 8K⁴ leaves float64's normal range (K below
// about 1e-77 or above 1e77), the numerator is divided by K² first (its
// terms are then each of the size of ⟨σ²⟩), so that the G{1} recursion of
// a kinked σ goes on while K and V are floats.
func jOver8K2(K, cw float64, v []hermite.Value) (j, bound float64) {
	if k4 := 8 * K * K * K * K; calc.IsNormal(k4) {
		return cw * (v[4].V - 6*K*v[5].V + 3*K*K*v[0].V) / k4,
			cw * (v[4].AbsErr + 6*K*v[5].AbsErr + 3*K*K*v[0].AbsErr) / k4
	}
	num := v[4].V/K/K - 6*v[5].V/K + 3*v[0].V
	err := v[4].AbsErr/K/K + 6*v[5].AbsErr/K + 3*v[0].AbsErr
	return cw * num / 8 / K / K, cw * err / 8 / K / K
}

// errNotFinite is the cause of an error for an average that is not finite.
var errNotFinite = errors.New("an average is not finite")

// tailMove is how far, relatively, K may move from where the tail cut
// was last computed before it is computed again: the cut is a whole
// number of standard deviations chosen with a margin of e^−40, which a 1%
// change of K does not use up.
const tailMove = 0.01

// step evaluates the averages of one layer at K > 0.
func (d *depthAverages) step(K, cw float64) (st, bound layerStep, err error) {
	if d.cutK == 0 || math.Abs(K/d.cutK-1) > tailMove {
		T, err := d.m.TailCut(K)
		if err != nil {
			return layerStep{}, layerStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
		}
		d.cutK, d.cut = K, T
	}
	v, err := d.m.AtCut(K, d.cut)
	if err != nil {
		return layerStep{}, layerStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
	}
	return d.combine(K, cw, v)
}

// bounded evaluates the averages of one layer at K > 0 with C_W = 1,
// with a fresh tail cut, and returns beside them the bounds on their
// absolute errors that follow from the quadrature's (hermite.Value.AbsErr).
func (d *depthAverages) bounded(K float64) (st, bound layerStep, err error) {
	v, err := d.m.At(K)
	if err != nil {
		return layerStep{}, layerStep{}, fmt.Errorf("averages at K = %g: %w", K, err)
	}
	return d.combine(K, 1, v)
}

// combine forms one layer's averages at K from the expectations v of
// depthAverages, with the bounds on their absolute errors that follow
// from those of v.
func (d *depthAverages) combine(K, cw float64, v []hermite.Value) (st, bound layerStep, err error) {
	st = layerStep{g: v[0].V, chiPar: cw / K * v[1].V, s4: v[2].V, chiPerp: cw * v[3].V}
	bound = layerStep{g: v[0].AbsErr, chiPar: cw / K * v[1].AbsErr, s4: v[2].AbsErr, chiPerp: cw * v[3].AbsErr}
	switch {
	case d.scaleInvariant:
		st.jOver8K2 = 0
	case d.smooth:
		st.jOver8K2 = cw * v[4].V / 8
		bound.jOver8K2 = cw * v[4].AbsErr / 8
	default:
		st.jOver8K2, bound.jOver8K2 = jOver8K2(K, cw, v)
	}
	for _, x := range []float64{st.g, st.s4, st.chiPar, st.chiPerp, st.jOver8K2} {
		if x-x != 0 {
			below := ""
			if !calc.IsNormal(K) && K < 1 {
				below = ", below float64's normal range (2.2e-308), where powers of K leave float64"
			}
			return layerStep{}, layerStep{}, fmt.Errorf("averages at K = %g%s: %w", K, below, errNotFinite)
		}
	}
	return st, bound, nil
}
