package validate

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"sync"

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
	// Digits is the most significant digits of a theory value
	// (Check.TheoryDigits; 0: DefaultDigits). Above calc.Float64Digits, Run
	// computes the theory in high precision from Exact (PredictDigits).
	Digits int
	// Exact is the exact hyperparameters of a high-precision theory.
	Exact *Exact
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
	// Rho[ℓ−1] is the correlation ρ_ℓ of the two inputs (nil with one
	// input: or computed from K01, K11 and K when nil).
	Rho []float64
	// Check is the same theory computed with every Gaussian average moved
	// by its accuracy (Predict; nil in the check itself): a value keeps
	// the digits on which the two agree (Certified).
	Check *Theory
	// Digits holds the values of a high-precision theory (PredictDigits),
	// each with its certified digits; nil in float64.
	Digits map[Key]calc.Certified
}

// Key names one checked value: a quantity ("K", "G1", "V", "K+-", "rho",
// "APJN1", "APJN") at a layer.
type Key struct {
	Quantity string
	Layer    int
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
	// moved marks the check run: every Gaussian average is moved by its
	// accuracy (move).
	moved bool
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
			e = m.move(g, +averageAcc)
		} else {
			v, err := hermite.Expect2(m.sigma, m.sigma, hermite.Cov{K11: ka, K12: kab, K22: kb})
			if err != nil {
				return 0, 0, err
			}
			e = m.moveAbs(v, -pairAcc)
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
			ga, gb = m.move(ga, +averageAcc), m.move(gb, +averageAcc)
			mav, mbv := m.moveAbs(ma, -averageAcc), m.moveAbs(mb, -averageAcc)
			va, vb := ga-mav*mav, gb-mbv*mbv
			e = (e - mav*mbv) / math.Sqrt((va+m.eps)*(vb+m.eps))
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
		jac = m.move(cp, -averageAcc) / (k00 + m.eps)
	case sim.PostLN:
		cp, err := m.a.ChiPerp(k00, m.cw)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		jac = m.move(cp, -averageAcc) / (v00 + m.eps)
	default:
		if jac, err = m.a.ChiPerp(k00, m.cw); err != nil {
			return 0, 0, 0, 0, err
		}
		jac = m.move(jac, -averageAcc)
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

// The relative accuracies of the float64 Gaussian averages, by which the
// check run of the layer map moves them: one-dimensional averages
// (recursions' g and χ⊥, hermite.Expect: 1e-14) and two-dimensional ones
// (hermite.Expect2: 1e-13). The signs alternate over the averages so that
// no cancellation between them hides the move.
const (
	averageAcc = 1e-14
	pairAcc    = 1e-13
)

// move returns v, or in the check run v moved by the relative amount rel.
func (m *layerMap) move(v, rel float64) float64 {
	if !m.moved {
		return v
	}
	return v * (1 + rel)
}

// moveAbs is move for an average that comes with its estimated absolute
// error (hermite.Value.Moved: by that error where it exceeds rel of the
// value).
func (m *layerMap) moveAbs(v hermite.Value, rel float64) float64 {
	if !m.moved {
		return v.V
	}
	return v.Moved(rel)
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
	n00 = m.alpha2*k + m.lamb2*(m.cb+m.cw*m.move(g, +averageAcc))
	n01 = m.alpha2*koff + m.lamb2*(m.cb+m.cw*m.moveAbs(e, -pairAcc))
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
// batch size (no APJN). The theory is computed twice, side by side, the
// second time with every Gaussian average moved by its accuracy
// (Theory.Check): a value keeps the digits on which the two agree
// (Theory.Certified).
func Predict(c sim.Config) (*Theory, error) {
	if c.LayerCW != nil || c.LayerCb != nil {
		return nil, errors.New("validate: no theory for per-layer C_W, C_b yet")
	}
	a, err := recursions.New(c.Sigma)
	if err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	if c.LayerNorm == sim.PreBN && !equicorrelated(c.Inputs) {
		return nil, errors.New("validate: the BatchNorm theory needs an equicorrelated batch (sim.EquicorrelatedInputs)")
	}
	in := firstLayer(c)
	var th, check *Theory
	if isPlain(c) {
		th, check, err = predictPlain(a, c, in)
	} else {
		th, check, err = predictMapped(a, c, in)
	}
	if err != nil {
		return nil, err
	}
	for _, t := range []*Theory{th, check} {
		t.Width = c.Widths[1]
		for _, n := range c.Widths[1:] {
			if n != t.Width {
				t.Width = 0
			}
		}
		t.APJN = apjn(c, t.J1)
	}
	th.Check = check
	return th, nil
}

// isPlain reports a plain MLP (no residual branch, no normalization).
func isPlain(c sim.Config) bool {
	return alpha2(c) == 0 && lambda2(c) == 1 && c.LayerNorm == sim.NoNorm
}

// inputKernel is the first layer's kernel of the inputs: K00 of input 0,
// and with two inputs K01 and K11.
type inputKernel struct {
	k00, k01, k11 float64
	two           bool
}

// firstLayer returns the first layer's kernel K^(1) = C_b + C_W1 x·y/n₀ of
// the inputs of c.
func firstLayer(c sim.Config) inputKernel {
	n0 := float64(c.Widths[0])
	cw1 := c.FirstCW
	if cw1 == 0 {
		cw1 = c.CW
	}
	dot := func(x, y []float64) float64 {
		s := 0.0
		for i := range x {
			s += x[i] * y[i]
		}
		return s
	}
	in := inputKernel{k00: c.Cb + cw1*dot(c.Inputs[0], c.Inputs[0])/n0, two: len(c.Inputs) >= 2}
	if in.two {
		in.k01 = c.Cb + cw1*dot(c.Inputs[0], c.Inputs[1])/n0
		in.k11 = c.Cb + cw1*dot(c.Inputs[1], c.Inputs[1])/n0
	}
	return in
}

// predictPlain is the theory of a plain MLP: PDLT's recursions for K, V,
// G{1} and χ⊥ (recursions.IterateChecked) and the exact two-input kernel
// (IterateTwoChecked), each with its check.
func predictPlain(a *recursions.Activation, c sim.Config, in inputKernel) (th, check *Theory, err error) {
	L := len(c.Widths) - 1
	th, check = &Theory{Plain: true}, &Theory{Plain: true}
	if th.Layers, check.Layers, err = a.IterateChecked(c.Cb, c.CW, in.k00, L, 1, nil, nil); err != nil {
		return nil, nil, fmt.Errorf("validate: %w", err)
	}
	for _, t := range []*Theory{th, check} {
		for _, l := range t.Layers {
			t.J1 = append(t.J1, l.ChiPerp)
		}
	}
	if !in.two {
		return th, check, nil
	}
	// Layers the two-input recursion does not reach (its Gaussian integral
	// overflows: tanh at C_W = 1e300) have no theory: NaN, checks that are
	// not computable.
	two, twoCheck, _ := a.IterateTwoChecked(c.Cb, c.CW, in.k00, in.k11, in.k01, L, 1)
	for i, t := range []*Theory{th, check} {
		for _, l := range [2][]recursions.TwoLayer{two, twoCheck}[i] {
			t.K01 = append(t.K01, l.Kpm)
			t.K11 = append(t.K11, l.Kmm)
			t.Rho = append(t.Rho, l.Rho)
		}
		for len(t.K01) < L {
			t.K01, t.K11, t.Rho = append(t.K01, math.NaN()), append(t.K11, math.NaN()), append(t.Rho, math.NaN())
		}
	}
	return th, check, nil
}

// predictMapped is the theory of a residual or normalized network: the
// layer map iterated twice side by side, as it is and with its averages
// moved by their accuracy.
func predictMapped(a *recursions.Activation, c sim.Config, in inputKernel) (th, check *Theory, err error) {
	var runs [2]*Theory
	var errs [2]error
	var wg sync.WaitGroup
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := &layerMap{a: a, sigma: c.Sigma, cb: c.Cb, cw: c.CW, alpha2: alpha2(c), lamb2: lambda2(c), norm: c.LayerNorm,
				eps: c.Epsilon, batch: len(c.Inputs), moved: i == 1}
			runs[i], errs[i] = m.iterate(in, len(c.Widths)-1)
		}()
	}
	wg.Wait()
	if err := cmp.Or(errs[0], errs[1]); err != nil {
		return nil, nil, err
	}
	return runs[0], runs[1], nil
}

// iterate runs the layer map from the first layer's kernel in through L
// layers.
func (m *layerMap) iterate(in inputKernel, L int) (*Theory, error) {
	k00, k01, k11 := in.k00, in.k01, in.k11
	th := &Theory{}
	for l := 1; l <= L; l++ {
		th.Layers = append(th.Layers, recursions.Layer{L: l, K: k00})
		if in.two {
			th.K01 = append(th.K01, k01)
			th.K11 = append(th.K11, k11)
			th.Rho = append(th.Rho, k01/(math.Sqrt(k00)*math.Sqrt(k11)))
		}
		var jac float64
		var err error
		k00, k01, k11, jac, err = m.next(k00, k01, k11, in.two)
		if err != nil {
			return nil, fmt.Errorf("validate: layer %d: %w", l, err)
		}
		th.J1 = append(th.J1, jac)
	}
	return th, nil
}

// apjn returns 𝒥^{l0,l} = Π_{l'=l0}^{l−1} 𝒥^{l',l'+1} for l ≥ l0 from the
// one-layer APJN j1 (nil without tangents); from the input (l0 = 0) the
// first factor is 𝒥^{0,1} = E‖W^(1)u‖²/n_1 = C_W1.
func apjn(c sim.Config, j1 []float64) []float64 {
	if c.Tangents == 0 {
		return nil
	}
	l0, j := c.JacobianFrom, 1.0
	switch {
	case c.InputJacobian:
		l0, j = 1, c.CW
		if c.FirstCW != 0 {
			j = c.FirstCW
		}
	case l0 == 0:
		l0 = 1
	}
	out := make([]float64, len(j1))
	for l := l0; l <= len(j1); l++ {
		out[l-1] = j
		j *= j1[l-1]
	}
	return out
}

// Compare checks the estimates of r against the theory th.
func Compare(r *sim.Result, th *Theory, opt Options) (*Report, error) {
	L := r.Depth()
	every := opt.Every
	if every <= 0 {
		every = max(1, L/10)
	}
	digits := opt.Digits
	if digits <= 0 {
		digits = DefaultDigits
	}
	rep := &Report{}
	add := func(q string, l int, e sim.Estimate) {
		// The z-score uses the float64 theory, with its error estimated
		// by the second run's difference (about 1e-14 relative, far below
		// the standard error, where all is well). The printed theory is
		// TheoryDigits, the digits that are checked.
		ch := NewCheck(q, l, th.Value(q, l), th.valueErr(q, l), e.Value, e.StdErr)
		ch.SetTheoryDigits(th.Certified(q, l, digits))
		rep.Checks = append(rep.Checks, ch)
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
		add("K", l, k)
		if th.Plain && th.Width > 0 && l > 1 {
			n := float64(th.Width)
			add("G1", l, sim.Estimate{Value: n * (k.Value - tl.K), StdErr: n * k.StdErr})
			v, err := r.Vertex(l)
			if err != nil {
				return nil, err
			}
			add("V", l, v)
			if r.Config.Nets < MinNetsVertex {
				rep.Checks[len(rep.Checks)-1].Verdict = TooFew
			}
		}
		if th.K01 != nil {
			k01, err := r.Kernel(l, 0, 1)
			if err != nil {
				return nil, err
			}
			add("K+-", l, k01)
			rho, err := r.Correlation(l)
			if err != nil {
				return nil, err
			}
			add("rho", l, rho)
		}
		if r.Config.LocalJacobians && l < L {
			j, err := r.LocalAPJN(l)
			if err != nil {
				return nil, err
			}
			add("APJN1", l, j)
		}
		if th.APJN != nil && (r.Config.InputJacobian || l > r.Config.JacobianFrom && l > 1) {
			j, err := r.APJN(l)
			if err != nil {
				return nil, err
			}
			add("APJN", l, j)
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
	th, err := PredictWith(c, opt)
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
