package apjn

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/recursions"
)

// Error bounds of the float64 phase diagram.
//
// Every value of a Point carries an absolute error bound (Point.Err). The
// Gaussian averages come with hermite's estimate of their quadrature error
// (plus four ulps); a value computed from averages by a formula gets the
// change of the formula when each average moves by its error (spread), with
// a margin of 1.5. A fixed point 𝒦* found by root finding on
// F(𝒦) = 𝒦' − 𝒦 gets the bound the conditioning of that equation allows,
// |𝒦 − 𝒦*| ≤ 2(|F(𝒦)| + err F)/|1 − χ_𝒦|, which Kantorovich's theorem
// guarantees where the curvature F” is small on that scale. Near a
// tangency (χ_𝒦 ≈ 1) it does not, and the bound is checked instead: F must
// have opposite signs, each beyond its error, at the two ends of the
// interval, which then holds a root; the interval is widened until it does.
// Near χ_𝒦 = 1 few digits remain, and an interval that reaches 𝒦 = 0
// certifies 𝒦* = 0 (a kernel that flows to 0 only as a limit: φ(0) = 0,
// σ_b² = 0, χ_𝒦 → 1). χ_𝒦 and χ_𝒥 then move by at most their derivative
// times the error of 𝒦*, or, for an interval as wide as a sizable part of 𝒦,
// by their change between its ends.

// epsilon is the unit roundoff of float64 arithmetic, 2⁻⁵².
const epsilon = 0x1p-52

// Bounds are absolute error bounds of a Point's values: the exact value
// lies within ± the bound of the float64 one. A bound is 0 for an exact
// value and +Inf where none could be established.
type Bounds struct {
	K, D, ChiK, ChiJ, Xi float64
}

// Indices of the averages of Model.near.
const (
	nS2    = iota // φ²
	nZssp         // zφφ'
	nSp2          // φ'²
	nSp2z2        // φ'²z²
	nZ3ssp        // z³φφ'
)

// prepareBounds prepares the averages behind the error bounds, and bounds
// the errors of the standard-normal averages ⟨φ²⟩₁, ⟨φ'²⟩₁, ⟨φ⟩₁.
func (m *Model) prepareBounds() error {
	fs := m.nearIntegrands()
	var err error
	if m.s2, err = hermite.NewExpectation(fs[nS2]); err != nil {
		return fmt.Errorf("apjn: preparing ⟨φ²⟩: %w", err)
	}
	if m.near, err = hermite.NewMany(fs...); err != nil {
		return fmt.Errorf("apjn: preparing the averages at a fixed point: %w", err)
	}
	v, err := m.near.At(1)
	if err != nil {
		return fmt.Errorf("apjn: averages at K = 1: %w", err)
	}
	mv, err := m.mean.At(1)
	if err != nil {
		return fmt.Errorf("apjn: ⟨φ⟩ at K = 1: %w", err)
	}
	m.phi2Err = valueErr(v[nS2]) + math.Abs(v[nS2].V-m.phi2)
	m.dphi2Err = valueErr(v[nSp2]) + math.Abs(v[nSp2].V-m.dphi2)
	m.phi1Err = valueErr(mv) + math.Abs(mv.V-m.phi1)
	// s₀ = (φ'(0⁺)² + φ'(0⁻)²)/2 from φ' at ±10⁻¹⁵⁰, its error the change
	// from ±10⁻¹⁴⁹ (φ' moves by O(z) where it is smooth on each side).
	dp := calc.Compile(calc.Derivative(m.Sigma, 1))
	s0 := func(z float64) float64 { a, b := dp.Eval(z), dp.Eval(-z); return (a*a + b*b) / 2 }
	m.zeroSlope2 = s0(1e-150)
	m.zeroSlope2Err = math.Abs(s0(1e-149)-m.zeroSlope2) + 4*epsilon*m.zeroSlope2
	si, ok, err := recursions.ScaleInvariantOf(m.Sigma, recursions.NumericDigits)
	if err != nil {
		return err
	}
	if ok {
		m.si = &si
	}
	return nil
}

// nearIntegrands returns φ², zφφ', φ'², φ'²z² and z³φφ', in the order of
// the indices nS2 …: the averages a fixed point needs, in float64 (near)
// and at high precision (digitsAverages).
func (m *Model) nearIntegrands() []calc.Expr {
	z := calc.Var()
	d := calc.Derivative(m.Sigma, 1)
	sp2, z2 := calc.Mul(d, d), calc.Mul(z, z)
	zssp := calc.Mul(z, calc.Mul(m.Sigma, d))
	return []calc.Expr{calc.Mul(m.Sigma, m.Sigma), zssp, sp2, calc.Mul(sp2, z2), calc.Mul(z2, zssp)}
}

// valueErr is the error bound of a float64 average: hermite's estimate and
// four ulps.
func valueErr(v hermite.Value) float64 { return v.AbsErr + 4*epsilon*math.Abs(v.V) }

// nearValues are the averages at one kernel K > 0 that a fixed point needs,
// with error bounds: g = ⟨φ²⟩_K, g' = ⟨zφφ'⟩_K/K, s = ⟨φ'²⟩_K and the
// derivatives g” = (⟨z³φφ'⟩ − 3K⟨zφφ'⟩)/(2K³) and
// s' = (⟨φ'²z²⟩ − K⟨φ'²⟩)/(2K²) (d⟨F⟩_K/dK = ⟨F(z² − K)⟩_K/(2K²)).
type nearValues struct {
	g, gp, s, gpp, sp                float64
	gErr, gpErr, sErr, gppErr, spErr float64
}

func (m *Model) nearAt(K float64) (nearValues, error) {
	v, err := m.near.At(K)
	if err != nil {
		return nearValues{}, fmt.Errorf("apjn: averages at K = %g: %w", K, err)
	}
	s2, zs, sp, sz, z3 := v[nS2], v[nZssp], v[nSp2], v[nSp2z2], v[nZ3ssp]
	k2 := 2 * K * K
	n := nearValues{
		g: s2.V, gErr: valueErr(s2),
		gp: zs.V / K, gpErr: valueErr(zs) / K,
		s: sp.V, sErr: valueErr(sp),
		sp:  (sz.V - K*sp.V) / k2,
		gpp: (z3.V - 3*K*zs.V) / (k2 * K),
	}
	n.spErr = (valueErr(sz) + K*valueErr(sp) + 4*epsilon*(math.Abs(sz.V)+K*math.Abs(sp.V))) / k2
	n.gppErr = (valueErr(z3) + 3*K*valueErr(zs) + 4*epsilon*(math.Abs(z3.V)+3*K*math.Abs(zs.V))) / (k2 * K)
	return n, nil
}

// affineMap is the kernel map of vanilla, res and resmlp, one Gaussian
// average deep: the activation sees 𝒦_e = α𝒦 + β, and
//
//	𝒦' = c₀ + c₂𝒦 + c₁⟨φ²⟩_{𝒦_e},  χ_𝒦 = c₂ + c₁α g'(𝒦_e),  χ_𝒥 = j₀ + j₁⟨φ'²⟩_{𝒦_e}.
//
// Vanilla and res: α = 1, β = 0, c₀ = σ_b², c₁ = j₁ = σ_w², c₂ = j₀ = μ².
// ResMLP (resmlp.go), with γ = μ² + 𝓔²σ_w²: α = σ_w²γ, β = σ_b²(1 + 𝓔²σ_w²),
// c₀ = (1 + μ²)𝓔²σ_b², c₁ = 𝓔²σ_w², c₂ = μ²γ, j₀ = μ²γ, j₁ = 𝓔²σ_w⁴γ.
type affineMap struct{ alpha, beta, c0, c1, c2, j0, j1 float64 }

func (m *Model) affineOf(p Params) affineMap {
	mu2 := p.Mu * p.Mu
	if m.Arch == ResMLP {
		e2 := m.layerScale * m.layerScale
		gain := mu2 + e2*p.SW2
		return affineMap{alpha: p.SW2 * gain, beta: p.SW2*e2*p.SB2 + p.SB2, c0: (1 + mu2) * e2 * p.SB2,
			c1: e2 * p.SW2, c2: mu2 * gain, j0: mu2 * gain, j1: gain * e2 * p.SW2 * p.SW2}
	}
	return affineMap{alpha: 1, c0: p.SB2, c1: p.SW2, c2: mu2, j0: mu2, j1: p.SW2}
}

// isAffine reports whether the architecture's kernel map is an affineMap.
func (a Arch) isAffine() bool { return a == Vanilla || a == Res || a == ResMLP }

// scaleInvariantFixedPoint is the fixed point of an affine map of a
// scale-invariant φ, whose ⟨φ²⟩_K = A₂K makes the map linear,
// 𝒦' = ω + λ𝒦 with λ = c₂ + c₁A₂α and ω = c₀ + c₁A₂β: 𝒦* = ω/(1 − λ) for
// λ < 1; for λ = 1 and ω = 0 every 𝒦 is fixed and the kernel stays at its
// first-layer value; otherwise it diverges (+Inf).
func (m *Model) scaleInvariantFixedPoint(p Params) float64 {
	a := m.affineOf(p)
	lambda := a.c2 + a.c1*m.si.A2.Float64()*a.alpha
	omega := a.c0 + a.c1*m.si.A2.Float64()*a.beta
	switch {
	case lambda < 1:
		return omega / (1 - lambda)
	case lambda == 1 && omega == 0:
		return m.First(p).K
	}
	return math.Inf(1)
}

// values sets χ_𝒦 and χ_𝒥 of the point with the finite fixed point s and
// the error bounds of 𝒦*, D*, χ_𝒦 and χ_𝒥.
func (m *Model) values(pt *Point, s State) error {
	p := pt.Params
	mu2 := p.Mu * p.Mu
	switch m.Arch {
	case Vanilla, Res, ResMLP:
		if m.si != nil {
			a := m.affineOf(p)
			A2 := m.si.A2.Float64()
			lambda := a.c2 + a.c1*A2*a.alpha
			pt.ChiK, pt.ChiJ = lambda, a.j0+a.j1*A2
			pt.Err = Bounds{K: 16 * epsilon * pt.KStar / math.Max(1-lambda, epsilon), ChiK: 8 * epsilon * pt.ChiK, ChiJ: 8 * epsilon * pt.ChiJ}
			if lambda == 1 {
				pt.Err.K = 4 * epsilon * pt.KStar
			}
			return nil
		}
		return m.affineValues(pt)
	case LNPre, PreLNRes:
		x, e := []float64{m.phi2, m.dphi2}, []float64{m.phi2Err, m.dphi2Err}
		K := func(x []float64) float64 { return (p.SW2*x[0] + p.SB2) / (1 - mu2) }
		chi := func(x []float64) float64 { return p.SW2*x[1]/K(x) + mu2 }
		pt.ChiK, pt.ChiJ = mu2, chi(x)
		pt.Err = Bounds{K: spread(K, x, e), ChiK: 2 * epsilon * mu2, ChiJ: spread(chi, x, e)}
	case LNPost:
		q := s.K
		n, err := m.nearAt(q)
		if err != nil {
			return err
		}
		g, err := m.gAt(q)
		if err != nil {
			return err
		}
		sp2, err := m.act.ChiPerp(q, 1)
		if err != nil {
			return err
		}
		mv, err := m.mean.At(q)
		if err != nil {
			return fmt.Errorf("apjn: ⟨φ⟩ at K = %g: %w", q, err)
		}
		x := []float64{g, sp2, mv.V}
		e := []float64{n.gErr + math.Abs(n.g-g), n.sErr + math.Abs(n.s-sp2), valueErr(mv)}
		chi := func(x []float64) float64 { return p.SW2 * x[1] / (x[0] - x[2]*x[2]) }
		if pt.ChiJ, err = m.lnPostChi(p.SW2, q); err != nil {
			return err
		}
		pt.ChiK = mu2
		pt.Err = Bounds{K: 2 * epsilon * q, ChiJ: spread(chi, x, e) + math.Abs(chi(x)-pt.ChiJ)}
	case BN:
		x, e := []float64{m.phi2, m.dphi2, m.phi1}, []float64{m.phi2Err, m.dphi2Err, m.phi1Err}
		K := func(x []float64) float64 { return (p.SW2*x[0] + p.SB2) / (1 - mu2) }
		D := func(x []float64) float64 { return p.SW2 * (x[0] - x[2]*x[2]) / (1 - mu2) }
		chi := func(x []float64) float64 { return p.SW2*x[1]/D(x) + mu2 }
		if !(s.D > 0) {
			return fmt.Errorf("apjn: BatchNorm of inputs with equal kernels (D = %g)", s.D)
		}
		pt.ChiK, pt.ChiJ = mu2, chi(x)
		pt.Err = Bounds{K: spread(K, x, e), D: spread(D, x, e), ChiK: 2 * epsilon * mu2, ChiJ: spread(chi, x, e)}
	case Mixer:
		return m.mixerValues(pt, s)
	default:
		return fmt.Errorf("apjn: unknown architecture %d", int(m.Arch))
	}
	return nil
}

// affineValues sets χ_𝒦, χ_𝒥 and the error bounds of a vanilla, res or
// resmlp point whose fixed point pt.KStar FixedPoint found.
func (m *Model) affineValues(pt *Point) error {
	a := m.affineOf(pt.Params)
	K := pt.KStar
	chiAt := func(K float64) (chiK, chiJ, errK, errJ float64, n nearValues, err error) {
		ke := a.alpha*K + a.beta
		cg := a.c1 * a.alpha
		if ke == 0 {
			// The K → 0 limits: with φ(0) = 0, g'(K) = ⟨zφφ'⟩_K/K and
			// ⟨φ'²⟩_K both tend to s₀ (Stein's lemma); with φ(0) ≠ 0 the
			// fixed point is not 0.
			s0, e0 := m.zeroSlope2, m.zeroSlope2Err
			chiK, chiJ = a.c2+cg*s0, a.j0+a.j1*s0
			errK = cg*e0 + 8*epsilon*(math.Abs(a.c2)+math.Abs(cg*s0))
			errJ = a.j1*e0 + 8*epsilon*(math.Abs(a.j0)+math.Abs(a.j1*s0))
			return
		}
		if n, err = m.nearAt(max(ke, kTiny)); err != nil {
			return
		}
		chiK, chiJ = a.c2+cg*n.gp, a.j0+a.j1*n.s
		errK = cg*n.gpErr + 8*epsilon*(math.Abs(a.c2)+math.Abs(cg*n.gp))
		errJ = a.j1*n.sErr + 8*epsilon*(math.Abs(a.j0)+math.Abs(a.j1*n.s))
		return
	}
	chiK, chiJ, errK, errJ, n, err := chiAt(K)
	if err != nil {
		return err
	}
	pt.ChiK, pt.ChiJ = chiK, chiJ
	kErr, err := m.fixedPointErr(a, K, chiK, errK, n)
	if err != nil {
		return err
	}
	pt.Err.K = kErr
	switch {
	case kErr == 0:
	case math.IsInf(kErr, 1):
		errK, errJ = kErr, kErr
	case kErr <= K/8:
		// The derivatives change little across the interval.
		a2 := a.alpha * a.alpha
		errK += 1.5 * a.c1 * a2 * (math.Abs(n.gpp) + n.gppErr) * kErr
		errJ += 1.5 * a.j1 * a.alpha * (math.Abs(n.sp) + n.spErr) * kErr
	default:
		// A wide interval: the change of χ between its ends.
		dK, dJ := 0.0, 0.0
		for _, k := range []float64{max(K-kErr, 0), K + kErr} {
			ck, cj, ek, ej, _, err := chiAt(k)
			if err != nil {
				return err
			}
			dK = max(dK, math.Abs(ck-chiK)+ek)
			dJ = max(dJ, math.Abs(cj-chiJ)+ej)
		}
		errK += 1.5 * dK
		errJ += 1.5 * dJ
	}
	pt.Err.ChiK, pt.Err.ChiJ = errK, errJ
	return nil
}

// Widening of the interval that must bracket a fixed point.
const (
	widenFactor = 8
	widenSteps  = 20
)

// fixedPointErr bounds |𝒦 − 𝒦*| for the fixed point 𝒦 of the affine map a
// that FixedPoint found, given χ_𝒦 there with its error and the averages n
// at 𝒦_e. A 𝒦 = 0 from the search (the kernel flows to 0) is exact when
// 0 is a fixed point (σ_b² = 0, φ(0) = 0), else 𝒦* is below the search's
// floor 8·10⁻³⁰. Otherwise the bound 2|F(𝒦)|/|F'(𝒦)| (F(𝒦) = 𝒦' − 𝒦, F' =
// χ_𝒦 − 1, each with its error) holds by Kantorovich's theorem when the
// curvature F” is small enough; where it is not, the bound is checked by
// the signs of F at 𝒦 ± δ (see the comment at the top of this file); +Inf
// when no interval up to widenFactor^widenSteps times the first one
// brackets a root.
func (m *Model) fixedPointErr(a affineMap, K, chiK, chiKErr float64, n nearValues) (float64, error) {
	zeroFixed := a.c0 == 0 && a.beta == 0 && m.phi0 == 0
	if K == 0 {
		if zeroFixed {
			return 0, nil
		}
		return 8 * kTiny, nil
	}
	F := func(K float64) (f, e float64, err error) {
		ke := a.alpha*K + a.beta
		v := hermite.Value{V: m.phi0 * m.phi0}
		if ke > 0 {
			if v, err = m.s2.At(ke); err != nil {
				return 0, 0, fmt.Errorf("apjn: ⟨φ²⟩ at K = %g: %w", ke, err)
			}
		}
		f = a.c0 + a.c2*K + a.c1*v.V - K
		// The averages' error, the roundings of the sum and of 𝒦_e (which
		// moves ⟨φ²⟩ by g'·𝒦_e·4ε).
		e = a.c1*valueErr(v) + 8*epsilon*(math.Abs(a.c0)+math.Abs(a.c2*K)+math.Abs(a.c1*v.V)+K) +
			4*epsilon*a.c1*math.Abs(n.gp)*ke
		return f, e, nil
	}
	// F at 𝒦 from the averages already at hand.
	ke := a.alpha*K + a.beta
	f0 := a.c0 + a.c2*K + a.c1*n.g - K
	e0 := a.c1*n.gErr + 8*epsilon*(math.Abs(a.c0)+math.Abs(a.c2*K)+math.Abs(a.c1*n.g)+K) +
		4*epsilon*a.c1*math.Abs(n.gp)*ke
	d := math.Abs(chiK-1) - chiKErr
	if d > 0 {
		// Kantorovich: with |F'| ≥ d and |F”| ≤ L on the interval, a root
		// lies within 2|F|/d of 𝒦 when L·2|F|/d ≤ d/2. L is F” at 𝒦 with
		// its error, doubled for its change across an interval that is a
		// tiny part of 𝒦.
		delta := 2 * (math.Abs(f0) + e0) / d
		L := 2 * a.c1 * a.alpha * a.alpha * (math.Abs(n.gpp) + n.gppErr)
		if L*delta <= d/2 && delta <= K/64 {
			return max(delta, 4*epsilon*K), nil
		}
	}
	delta := math.Sqrt((math.Abs(f0) + e0) * K) // the scale of a tangency, F ≈ (𝒦 − 𝒦*)²/𝒦
	if d > 0 {
		delta = 2 * (math.Abs(f0) + e0) / d
	}
	delta = max(delta, 4*epsilon*K)
	for range widenSteps {
		ok, err := m.brackets(F, K, delta, zeroFixed)
		if err != nil {
			return 0, err
		}
		if ok {
			return delta, nil
		}
		delta *= widenFactor
	}
	return math.Inf(1), nil
}

// brackets reports whether F has opposite signs, each beyond its error, at
// 𝒦 − δ and 𝒦 + δ. An interval that reaches below 0 is cut at 0, where F
// is σ_b² + σ_w²φ(0)² ≥ 0; when 0 is itself a fixed point (zeroFixed), it
// brackets the fixed point the kernel descends to when F(𝒦 + δ) < 0.
func (m *Model) brackets(F func(float64) (float64, float64, error), K, delta float64, zeroFixed bool) (bool, error) {
	fh, eh, err := F(K + delta)
	if err != nil || !(math.Abs(fh) > eh) {
		return false, err
	}
	lo := K - delta
	if lo <= 0 {
		if zeroFixed {
			return fh < 0, nil
		}
		lo = 0
	}
	fl, el, err := F(lo)
	if err != nil || !(math.Abs(fl) > el) {
		return false, err
	}
	return math.Signbit(fl) != math.Signbit(fh), nil
}

// mixerValues sets χ_𝒦, χ_𝒥 and the error bounds of an MLP-Mixer point.
func (m *Model) mixerValues(pt *Point, s State) error {
	p := pt.Params
	mu2 := p.Mu * p.Mu
	k1 := p.SW2 + p.SB2
	n, err := m.nearAt(k1)
	if err != nil {
		return err
	}
	g, err := m.gAt(k1)
	if err != nil {
		return err
	}
	sp2, err := m.act.ChiPerp(k1, 1)
	if err != nil {
		return err
	}
	var cross, crossErr float64
	if p.SB2 == 0 {
		mv, err := m.mean.At(k1)
		if err != nil {
			return fmt.Errorf("apjn: ⟨φ⟩ at K = %g: %w", k1, err)
		}
		cross, crossErr = mv.V*mv.V, 2*math.Abs(mv.V)*valueErr(mv)+valueErr(mv)*valueErr(mv)
	} else {
		v, err := m.patchOffset(k1, p.SB2)
		if err != nil {
			return err
		}
		cross, crossErr = v.V, valueErr(v)
	}
	x := []float64{g, sp2, cross}
	e := []float64{n.gErr + math.Abs(n.g-g), n.sErr + math.Abs(n.s-sp2), crossErr}
	K := func(x []float64) float64 { return (p.SW2*x[0] + p.SB2) / (1 - mu2) }
	// 𝒦* − P* = (σ_w²((1 + μ²)⟨φ²⟩ − μ²E[φ(u)φ(v)]) + σ_b²)/(1 − μ⁴) and
	// 𝒦_t* − P_t* = σ_w²(⟨φ²⟩ − E[φ(u)φ(v)]) + μ²(𝒦* − P*), without the
	// cancellation of B − Bₚ where σ_b² ≫ σ_w².
	chi := func(x []float64) float64 {
		A := p.SW2 * p.SW2 * x[1]
		v := (p.SW2*((1+mu2)*x[0]-mu2*x[2]) + p.SB2) / (1 - mu2*mu2)
		vt := p.SW2*(x[0]-x[2]) + mu2*v
		return (A/v + mu2) * (A/vt + mu2)
	}
	if pt.ChiJ, err = m.mixerChiJ(p, s); err != nil {
		return err
	}
	pt.ChiK = mu2 * mu2
	pt.Err = Bounds{K: spread(K, x, e) + math.Abs(K(x)-s.K), ChiK: 4 * epsilon * pt.ChiK,
		ChiJ: spread(chi, x, e) + math.Abs(chi(x)-pt.ChiJ) + 16*epsilon*pt.ChiJ}
	return nil
}

// divergentErr bounds the errors of the K → ∞ limits of χ_𝒦 = χ_𝒥 that
// divergent set from the asymptotic slopes of φ.
func (m *Model) divergentErr(pt *Point) {
	if pt.Phase == EverywhereCritical {
		return // χ = 1 exactly
	}
	mu2 := pt.Mu * pt.Mu
	chi := func(x []float64) float64 {
		ss := (x[0]*x[0] + x[1]*x[1]) / 2
		if m.Arch == ResMLP {
			return m.resmlpChiLimit(pt.Params, ss)
		}
		return pt.SW2*ss + mu2
	}
	x := []float64{m.slopePlus, m.slopeMinus}
	e := []float64{m.slopePlusErr, m.slopeMinusErr}
	pt.Err.ChiJ = spread(chi, x, e) + math.Abs(chi(x)-pt.ChiJ)
	pt.Err.ChiK = pt.Err.ChiJ
}

// xiErr bounds the error of ξ = 1/|log χ_𝒥| for χ_𝒥 = chi ± e: the change
// of ξ between the ends of the interval, +Inf when it reaches 1.
func xiErr(chi, e float64) float64 {
	if !(e < math.Abs(chi-1)) || math.IsInf(e, 0) {
		return math.Inf(1)
	}
	xi := 1 / math.Abs(math.Log(chi))
	at := func(c float64) float64 { return 1 / math.Abs(math.Log(max(c, 0))) } // ξ(0) = 0
	d := max(math.Abs(at(chi-e)-xi), math.Abs(at(chi+e)-xi))
	return 1.5*d + 8*epsilon*xi
}

// spread bounds the error of f(x) when each x[i] is off by at most e[i]:
// the sum over i of the largest change of f when x[i] alone moves by
// ±e[i], times 1.5 for the terms of second order, plus eight ulps of f(x).
// A NaN or infinite change gives +Inf.
func spread(f func(x []float64) float64, x, e []float64) float64 {
	f0 := f(x)
	y := append([]float64(nil), x...)
	sum := 0.0
	for i := range x {
		d := 0.0
		for _, s := range []float64{-1, 1} {
			y[i] = x[i] + s*e[i]
			d = max(d, math.Abs(f(y)-f0))
			if math.IsNaN(f(y)) {
				return math.Inf(1)
			}
		}
		y[i] = x[i]
		sum += d
	}
	r := 1.5*sum + 8*epsilon*math.Abs(f0)
	if math.IsNaN(r) {
		return math.Inf(1)
	}
	return r
}
