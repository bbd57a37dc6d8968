package validate

import (
	"errors"
	"fmt"
	"math"

	"critcalc/calc"

	"critcalc/hermite"
	"critcalc/recursions"
	"critcalc/sim"
)

// Options selects the layers to check.
type Options struct {
	// Every checks layers Every, 2·Every, … and the last one (0: about 10
	// layers).
	Every int
	// Alpha is the family-wise level (0: DefaultAlpha).
	Alpha float64
}

// Theory is the infinite-width (and, for equal widths, 1/n) prediction of
// every layer ℓ = 1 … L of a network: index ℓ−1.
type Theory struct {
	// Layers are the single-input recursions of input 0 (V, G{1} only for
	// a plain MLP; otherwise K alone is set).
	Layers []recursions.Layer
	// K01, K11 are the two-input kernels (nil with one input).
	K01, K11 []float64
	// J1[ℓ−1] is the one-layer APJN 𝒥^{ℓ,ℓ+1} at infinite width.
	J1 []float64
	// APJN[ℓ−1] is 𝒥^{l0,ℓ} for ℓ ≥ l0 (nil without tangents).
	APJN []float64
	// Width is the common hidden width n for 1/n corrections (0: unequal).
	Width int
	// Plain reports a plain MLP (no residual, no LayerNorm), for which V
	// and G{1} apply.
	Plain bool
}

// layerMap is the infinite-width map of one layer.
type layerMap struct {
	a             *recursions.Activation
	sigma         calc.Expr
	cb, cw        float64
	alpha2, lamb2 float64
	norm          sim.Norm
	eps           float64
	batch         int // BatchNorm batch size B
}

// next returns the kernels of the next layer from K00, K01, K11 (K01 and
// K11 ignored when two is false) and the one-layer APJN 𝒥 at K00.
//
//	no norm: K' = α²K + λ²(C_b + C_W E[σ(u)σ(u')]),           𝒥 = α² + λ²C_W⟨σ'²⟩_K
//	pre-LN:  the same with u = z/√(K+ε),                      𝒥 = α² + λ²C_W⟨σ'²⟩_{K/(K+ε)}/(K+ε)
//	post-LN: E[(σ−m)(σ'−m')]/√((v+ε)(v'+ε)), v = g(K) − m²,   𝒥 = α² + λ²C_W⟨σ'²⟩_K/(v+ε)
//
// (LayerNorm at infinite width: the mean over neurons is E σ or 0 and the
// variance its expectation; its Jacobian acts on a random direction as
// 1/√(var+ε) up to O(1/n) projections.)
func (m *layerMap) next(k00, k01, k11 float64, two bool) (n00, n01, n11, jac float64, err error) {
	if m.norm == sim.PreBN {
		return m.nextBN(k00, k01)
	}
	pair := func(ka, kab, kb float64) (float64, float64, error) {
		switch m.norm {
		case sim.PreLN:
			sa, sb := math.Sqrt(ka+m.eps), math.Sqrt(kb+m.eps)
			ka, kab, kb = ka/(sa*sa), kab/(sa*sb), kb/(sb*sb)
		}
		var e float64
		if kab == ka && ka == kb {
			g, err := m.a.G(ka)
			if err != nil {
				return 0, 0, err
			}
			e = g
		} else {
			v, err := hermite.Expect2(m.sigma, m.sigma, hermite.Cov{K11: ka, K12: kab, K22: kb})
			if err != nil {
				return 0, 0, err
			}
			e = v.V
		}
		if m.norm == sim.PostLN {
			ma, err := hermite.Expect(m.sigma, ka)
			if err != nil {
				return 0, 0, err
			}
			mb, err := hermite.Expect(m.sigma, kb)
			if err != nil {
				return 0, 0, err
			}
			ga, err := m.a.G(ka)
			if err != nil {
				return 0, 0, err
			}
			gb, err := m.a.G(kb)
			if err != nil {
				return 0, 0, err
			}
			va, vb := ga-ma.V*ma.V, gb-mb.V*mb.V
			e = (e - ma.V*mb.V) / math.Sqrt((va+m.eps)*(vb+m.eps))
			if ka == kb && kab == ka {
				return e, va, nil
			}
		}
		return e, 0, nil
	}
	e00, v00, err := pair(k00, k00, k00)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	n00 = m.alpha2*k00 + m.lamb2*(m.cb+m.cw*e00)
	switch m.norm {
	case sim.PreLN:
		cp, err := m.a.ChiPerp(k00/(k00+m.eps), m.cw)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		jac = cp / (k00 + m.eps)
	case sim.PostLN:
		cp, err := m.a.ChiPerp(k00, m.cw)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		jac = cp / (v00 + m.eps)
	default:
		if jac, err = m.a.ChiPerp(k00, m.cw); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	jac = m.alpha2 + m.lamb2*jac
	if !two {
		return n00, 0, 0, jac, nil
	}
	e01, _, err := pair(k00, k01, k11)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	e11, _, err := pair(k11, k11, k11)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	n01 = m.alpha2*k01 + m.lamb2*(m.cb+m.cw*e01)
	n11 = m.alpha2*k11 + m.lamb2*(m.cb+m.cw*e11)
	return n00, n01, n11, jac, nil
}

// nextBN is the large-batch map of a Pre-BN layer for an equicorrelated
// batch of B inputs with kernel K on the diagonal and K_off off it (AutoInit
// eq. 21–22, 37). Per neuron, the batch-standardized preactivations u_a are,
// for ε = 0, uniform on the sphere of radius √B in the subspace orthogonal
// to (1, …, 1); taken as Gaussian with variance w/(w+ε), w = (K − K_off)
// (B−1)/B, and correlation −1/(B−1):
//
//	K'     = α²K     + λ²(C_b + C_W E[σ(u)²]),
//	K'_off = α²K_off + λ²(C_b + C_W E[σ(u_a)σ(u_b)]),
//
// exact in the large-batch limit (u_a, u_b independent N(0, 1) for ε = 0,
// AutoInit eq. 37 for ReLU); other O(1/B) corrections are not included.
func (m *layerMap) nextBN(k, koff float64) (n00, n01, n11, jac float64, err error) {
	b := float64(m.batch)
	w := (k - koff) * (b - 1) / b
	if !(w > 0) {
		return 0, 0, 0, 0, errors.New("the batch has no spread (identical inputs): BatchNorm divides by zero")
	}
	vu := w / (w + m.eps)
	g, err := m.a.G(vu)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	e, err := hermite.Expect2(m.sigma, m.sigma, hermite.Cov{K11: vu, K12: -vu / (b - 1), K22: vu})
	if err != nil {
		return 0, 0, 0, 0, err
	}
	n00 = m.alpha2*k + m.lamb2*(m.cb+m.cw*g)
	n01 = m.alpha2*koff + m.lamb2*(m.cb+m.cw*e.V)
	return n00, n01, n00, math.NaN(), nil
}

// equicorrelated reports whether the inputs have equal norms and equal
// pairwise products (to 1e-9 relative).
func equicorrelated(xs [][]float64) bool {
	dot := func(x, y []float64) float64 {
		s := 0.0
		for i := range x {
			s += x[i] * y[i]
		}
		return s
	}
	d, o := dot(xs[0], xs[0]), dot(xs[0], xs[1])
	for a := range xs {
		for b := a; b < len(xs); b++ {
			want := o
			if a == b {
				want = d
			}
			if math.Abs(dot(xs[a], xs[b])-want) > 1e-9*d {
				return false
			}
		}
	}
	return true
}

// Predict computes the theory for the networks of c (c.Inputs and
// c.Widths set): plain MLPs, residual networks and LayerNorm before or
// after σ, and BatchNorm before σ over an equicorrelated batch at large
// batch size (no APJN).
func Predict(c sim.Config) (*Theory, error) {
	if c.LayerCW != nil || c.LayerCb != nil {
		return nil, errors.New("validate: no theory for per-layer C_W, C_b yet")
	}
	a, err := recursions.New(c.Sigma)
	if err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	L := len(c.Widths) - 1
	n0 := float64(c.Widths[0])
	cw1 := c.FirstCW
	if cw1 == 0 {
		cw1 = c.CW
	}
	m := &layerMap{a: a, sigma: c.Sigma, cb: c.Cb, cw: c.CW, alpha2: alpha2(c), lamb2: lambda2(c), norm: c.LayerNorm, eps: c.Epsilon, batch: len(c.Inputs)}
	if c.LayerNorm == sim.PreBN && !equicorrelated(c.Inputs) {
		return nil, errors.New("validate: the BatchNorm theory needs an equicorrelated batch (sim.EquicorrelatedInputs)")
	}
	dot := func(x, y []float64) float64 {
		s := 0.0
		for i := range x {
			s += x[i] * y[i]
		}
		return s
	}
	two := len(c.Inputs) >= 2
	k00 := c.Cb + cw1*dot(c.Inputs[0], c.Inputs[0])/n0
	var k01, k11 float64
	if two {
		k01 = c.Cb + cw1*dot(c.Inputs[0], c.Inputs[1])/n0
		k11 = c.Cb + cw1*dot(c.Inputs[1], c.Inputs[1])/n0
	}
	th := &Theory{Plain: m.alpha2 == 0 && m.lamb2 == 1 && c.LayerNorm == sim.NoNorm}
	for l := 1; l <= L; l++ {
		th.Layers = append(th.Layers, recursions.Layer{L: l, K: k00})
		if two {
			th.K01 = append(th.K01, k01)
			th.K11 = append(th.K11, k11)
		}
		var jac float64
		k00, k01, k11, jac, err = m.next(k00, k01, k11, two)
		if err != nil {
			return nil, fmt.Errorf("validate: layer %d: %w", l, err)
		}
		th.J1 = append(th.J1, jac)
	}
	if th.Plain {
		// PDLT's recursions for K, V and G{1} (their K agrees with the
		// loop above).
		if th.Layers, err = a.Iterate(c.Cb, c.CW, th.Layers[0].K, L, 1, nil); err != nil {
			return nil, fmt.Errorf("validate: %w", err)
		}
	}
	th.Width = c.Widths[1]
	for _, n := range c.Widths[1:] {
		if n != th.Width {
			th.Width = 0
		}
	}
	if c.Tangents != 0 {
		// 𝒥^{l0,l} = Π_{l'=l0}^{l−1} 𝒥^{l',l'+1}; from the input (l0 = 0)
		// the first factor is 𝒥^{0,1} = E‖W^(1)u‖²/n_1 = C_W1.
		l0, j := c.JacobianFrom, 1.0
		switch {
		case c.InputJacobian:
			l0, j = 1, cw1
		case l0 == 0:
			l0 = 1
		}
		th.APJN = make([]float64, L)
		for l := l0; l <= L; l++ {
			th.APJN[l-1] = j
			j *= th.J1[l-1]
		}
	}
	return th, nil
}

// Compare checks the estimates of r against the theory th.
func Compare(r *sim.Result, th *Theory, opt Options) (*Report, error) {
	L := r.Depth()
	every := opt.Every
	if every <= 0 {
		every = max(1, L/10)
	}
	rep := &Report{}
	add := func(q string, l int, theory float64, e sim.Estimate) {
		rep.Checks = append(rep.Checks, NewCheck(q, l, theory, e.Value, e.StdErr))
	}
	for l := 1; l <= L; l++ {
		if l%every != 0 && l != L && l != 1 {
			continue
		}
		tl := th.Layers[l-1]
		k, err := r.Kernel(l, 0, 0)
		if err != nil {
			return nil, err
		}
		if th.Plain && th.Width > 0 {
			n := float64(th.Width)
			add("K", l, tl.K+tl.G1/n, k)
			if l > 1 {
				add("G1", l, tl.G1, sim.Estimate{Value: n * (k.Value - tl.K), StdErr: n * k.StdErr})
				v, err := r.Vertex(l)
				if err != nil {
					return nil, err
				}
				add("V", l, tl.V, v)
				if r.Config.Nets < MinNetsVertex {
					rep.Checks[len(rep.Checks)-1].Verdict = TooFew
				}
			}
		} else {
			add("K", l, tl.K, k)
		}
		if th.K01 != nil {
			k01, err := r.Kernel(l, 0, 1)
			if err != nil {
				return nil, err
			}
			add("K+-", l, th.K01[l-1], k01)
			rho, err := r.Correlation(l)
			if err != nil {
				return nil, err
			}
			add("rho", l, th.K01[l-1]/(math.Sqrt(tl.K)*math.Sqrt(th.K11[l-1])), rho)
		}
		if r.Config.LocalJacobians && l < L {
			j, err := r.LocalAPJN(l)
			if err != nil {
				return nil, err
			}
			add("APJN1", l, th.J1[l-1], j)
		}
		if th.APJN != nil && (r.Config.InputJacobian || l > r.Config.JacobianFrom && l > 1) {
			j, err := r.APJN(l)
			if err != nil {
				return nil, err
			}
			add("APJN", l, th.APJN[l-1], j)
		}
	}
	alpha := opt.Alpha
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	// Student's t with M − 1 degrees of freedom: every error bar is a
	// sample standard deviation of M networks (or a delta-method one built
	// from sample moments).
	rep.Finish(alpha, float64(r.Config.Nets-1))
	return rep, nil
}

// Run samples the networks of c and compares them with the theory.
func Run(c sim.Config, opt Options) (*Report, *sim.Result, error) {
	th, err := Predict(c)
	if err != nil {
		return nil, nil, err
	}
	r, err := sim.Run(c)
	if err != nil {
		return nil, nil, err
	}
	rep, err := Compare(r, th, opt)
	return rep, r, err
}

// alpha2 and lambda2 return α² and λ² of the residual map (0 and 1 for a
// plain MLP).
func alpha2(c sim.Config) float64 {
	if c.Alpha == 0 && c.Lambda == 0 {
		return 0
	}
	return c.Alpha * c.Alpha
}

func lambda2(c sim.Config) float64 {
	if c.Alpha == 0 && c.Lambda == 0 {
		return 1
	}
	return c.Lambda * c.Lambda
}
