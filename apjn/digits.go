package apjn

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite"
	"critcalc/recursions"
)

// High-precision phase-diagram points.
//
// AtDigits refines the float64 point (At, which locates the fixed point and
// classifies it) to a requested number of significant digits. Every value
// is computed twice, from averages certified to digits+digitsLow and to
// digits+digitsHigh digits (hermite.Many.AtDigits), and keeps the leading
// digits on which the two agree and which the error of 𝒦* leaves:
//
//   - vanilla, res, resmlp: 𝒦* by Newton's method on the fixed-point
//     equation (recursions.FixedPointAtDigits, in the variable 𝒦_e =
//     α𝒦 + β that the activation sees, where the map is 𝒦_e ↦ C_b + C_W
//     g(𝒦_e); affineMap), to 10^−(digits+13) relative; χ_𝒦 and χ_𝒥 from the
//     averages at 𝒦_e, moved by their derivatives times 𝒦*'s error. A
//     kernel that flows to 𝒦* = 0 (σ_b² = 0, φ(0) = 0) has 𝒦* = 0 exactly and
//     the K → 0 limits of χ_𝒦 and χ_𝒥; a scale-invariant φ the closed form.
//   - ln-pre, preln-res, ln-post, bn: the explicit fixed points and χ_𝒥 of
//     averages at K = 1 or K = σ_w² + σ_b².
//   - mixer (μ < 1): the explicit fixed point and χ_𝒥 of averages at K₁ =
//     σ_w² + σ_b² and of the patch offset E[φ(u)φ(v)] (mixerHP).
//   - a diverging kernel: the K → ∞ limits from φ' at |z| = 10^W and 10^2W,
//     W = digits + digitsHigh.
//
// The Mixer's patch offset is ⟨φ⟩² at σ_b² = 0 and otherwise Mehler's
// two-input series (hermite.Series2), which a φ with kinks does not have.
const (
	digitsLow  = 15
	digitsHigh = 25
	// fixedTol is how far below 10^−digits (relative) the Newton iteration
	// of recursions.FixedPointAtDigits puts 𝒦_e (its refineTol).
	fixedTol = 13
)

// MaxDigits is the largest number of significant digits AtDigits and
// CriticalSW2Digits accept.
const MaxDigits = recursions.MaxDigits

// ExactParams are Params as exact rational numbers.
type ExactParams struct{ SW2, SB2, Mu *big.Rat }

// Float64 returns p rounded to float64.
func (p ExactParams) Float64() Params {
	f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
	return Params{SW2: f(p.SW2), SB2: f(p.SB2), Mu: f(p.Mu)}
}

// PointDigits is a phase-diagram point to a requested number of
// significant digits. K has no value (K.V nil) when the kernel diverges,
// Xi none when ξ is infinite.
type PointDigits struct {
	K, ChiK, ChiJ, Xi calc.Certified
	Phase             string
}

// digitsSets are the high-precision averages of a Model, made on first use:
// ⟨φ²⟩, ⟨zφφ'⟩, ⟨φ'²⟩, ⟨φ'²z²⟩, ⟨z³φφ'⟩ (the indices of Model.near) and ⟨φ⟩
// on shared nodes, and φ' for the asymptotic slopes.
type digitsSets struct {
	once  sync.Once
	many  *hermite.Many
	slope *calc.BigProgram
	err   error
}

const nS1 = nZ3ssp + 1 // φ, after the averages of Model.near

func (m *Model) digitsAverages() (*hermite.Many, *calc.BigProgram, error) {
	c := &m.digits
	c.once.Do(func() {
		c.many, c.err = hermite.NewMany(append(m.nearIntegrands(), m.Sigma)...)
		if c.err != nil {
			c.err = fmt.Errorf("apjn: preparing the high-precision averages: %w", c.err)
		}
		c.slope = calc.CompileBig(calc.Derivative(m.Sigma, 1))
	})
	return c.many, c.slope, c.err
}

// hp is a value computed twice, lo from averages to fewer digits than hi,
// with abs a bound on |hi − exact| beyond their disagreement (the error of
// 𝒦*, or of a root); the certified value is hi.
type hp struct {
	lo, hi *big.Float
	abs    float64
}

// exactHP is an exact value.
func exactHP(v *big.Float) hp { return hp{lo: v, hi: v} }

func (h hp) float64() float64 { f, _ := h.hi.Float64(); return f }

// certify returns hi with the digits, at most digits, on which lo and hi
// agree and which abs leaves; a value within abs of 0 is 0.
func (h hp) certify(name string, digits int) (calc.Certified, error) {
	if h.abs > 0 && math.Abs(h.float64()) <= h.abs {
		return calc.Exact(new(big.Float), digits), nil
	}
	c, err := calc.Agreeing(name, h.lo, h.hi, digits)
	if err != nil || h.abs == 0 {
		return c, err
	}
	b, err := calc.Bounded(name, h.hi, h.abs/math.Abs(h.float64()), c.Digits)
	if err != nil {
		return calc.Certified{}, err
	}
	return b, nil
}

// pointHP is a point's values at two precisions.
type pointHP struct {
	K, ChiK, ChiJ hp
	diverges      bool
	phase         string // the float64 phase of a diverging kernel
}

// hpMath does arithmetic at one precision.
type hpMath struct{ prec uint }

func (c hpMath) f() *big.Float                  { return new(big.Float).SetPrec(c.prec) }
func (c hpMath) rat(r *big.Rat) *big.Float      { return c.f().SetRat(r) }
func (c hpMath) add(a, b *big.Float) *big.Float { return c.f().Add(a, b) }
func (c hpMath) sub(a, b *big.Float) *big.Float { return c.f().Sub(a, b) }
func (c hpMath) mul(a, b *big.Float) *big.Float { return c.f().Mul(a, b) }
func (c hpMath) quo(a, b *big.Float) *big.Float { return c.f().Quo(a, b) }

// precFor is the working precision of values from averages to d digits.
func precFor(d int) uint { return calc.BitsForDigits(d) + 16 }

// affineExact is affineMap with exact coefficients.
type affineExact struct{ alpha, beta, c0, c1, c2, j0, j1 *big.Rat }

func (m *Model) affineExactOf(p ExactParams) affineExact {
	r := func() *big.Rat { return new(big.Rat) }
	mu2 := r().Mul(p.Mu, p.Mu)
	if m.Arch == ResMLP {
		e2 := r().Mul(m.layerScaleExact(), m.layerScaleExact())
		gain := r().Add(mu2, r().Mul(e2, p.SW2))
		return affineExact{
			alpha: r().Mul(p.SW2, gain),
			beta:  r().Mul(p.SB2, r().Add(big.NewRat(1, 1), r().Mul(e2, p.SW2))),
			c0:    r().Mul(r().Add(big.NewRat(1, 1), mu2), r().Mul(e2, p.SB2)),
			c1:    r().Mul(e2, p.SW2),
			c2:    r().Mul(mu2, gain),
			j0:    r().Mul(mu2, gain),
			j1:    r().Mul(gain, r().Mul(e2, r().Mul(p.SW2, p.SW2))),
		}
	}
	return affineExact{alpha: big.NewRat(1, 1), beta: r(), c0: p.SB2, c1: p.SW2, c2: mu2, j0: mu2, j1: p.SW2}
}

// layerScaleExact is ResMLP's 𝓔 as an exact number: the one NewResMLPExact
// was given, else the float64 𝓔.
func (m *Model) layerScaleExact() *big.Rat {
	if m.layerScaleRat != nil {
		return m.layerScaleRat
	}
	return new(big.Rat).SetFloat64(m.layerScale)
}

// NewResMLPExact is NewResMLP with the LayerScale 𝓔 an exact number, so
// that AtDigits and CriticalSW2Digits compute with 𝓔 = 1/10 for e = 0.1.
func NewResMLPExact(sigma calc.Expr, e *big.Rat) (*Model, error) {
	f, _ := e.Float64()
	m, err := NewResMLP(sigma, f)
	if err != nil {
		return nil, err
	}
	m.layerScaleRat = new(big.Rat).Set(e)
	return m, nil
}

// checkDigits validates the request of a high-precision point.
func (m *Model) checkDigits(p ExactParams, digits int) error {
	if digits < 1 || digits > MaxDigits {
		return fmt.Errorf("apjn: digits must be between 1 and %d, got %d", MaxDigits, digits)
	}
	if p.SW2 == nil || p.SB2 == nil || p.Mu == nil {
		return errors.New("apjn: σ_w², σ_b² and μ must all be given")
	}
	return p.Float64().Validate(m.Arch)
}

// AtDigits evaluates the phase-diagram point p to digits significant
// digits (1 to MaxDigits), each value certified (see the comment at the top
// of this file). The phase is critical when |χ_𝒥* − 1| ≤ 10^−digits.
func (m *Model) AtDigits(p ExactParams, digits int) (PointDigits, error) {
	if err := m.checkDigits(p, digits); err != nil {
		return PointDigits{}, err
	}
	h, err := m.pointHP(p, digits, false)
	if err != nil {
		return PointDigits{}, err
	}
	return h.certify(digits)
}

// certify turns the two-precision values into certified ones.
func (h pointHP) certify(digits int) (PointDigits, error) {
	var pd PointDigits
	var err error
	if !h.diverges {
		if pd.K, err = h.K.certify("𝒦*", digits); err != nil {
			return PointDigits{}, err
		}
	}
	if pd.ChiK, err = h.ChiK.certify("χ_𝒦", digits); err != nil {
		return PointDigits{}, err
	}
	if pd.ChiJ, err = h.ChiJ.certify("χ_𝒥", digits); err != nil {
		return PointDigits{}, err
	}
	pd.Phase = h.phase
	chi := h.ChiJ.hi
	d := new(big.Float).Sub(chi, big.NewFloat(1))
	tol := math.Pow(10, -float64(digits))
	switch df, _ := d.Float64(); {
	case h.phase != "" && h.phase != Ordered && h.phase != Chaotic && h.phase != Critical:
		return pd, nil // subcritical, everywhere-critical
	case math.Abs(df) <= tol:
		pd.Phase = Critical
		return pd, nil
	case df < 0:
		pd.Phase = Ordered
	default:
		pd.Phase = Chaotic
	}
	// ξ = 1/|log χ_𝒥|, moved by χ_𝒥's error bound times |dξ/dχ_𝒥| = ξ²/χ_𝒥.
	xi := func(c *big.Float) (*big.Float, error) {
		l, err := bigmath.Log(c.Prec(), c)
		if err != nil {
			return nil, err
		}
		if l.Sign() == 0 {
			return nil, errors.New("χ_𝒥 = 1")
		}
		return new(big.Float).SetPrec(c.Prec()).Quo(big.NewFloat(1), l.Abs(l)), nil
	}
	lo, err1 := xi(h.ChiJ.lo)
	hi, err2 := xi(h.ChiJ.hi)
	if err1 != nil || err2 != nil {
		return pd, nil
	}
	x, _ := hi.Float64()
	c := h.ChiJ.float64()
	x2 := hp{lo: lo, hi: hi, abs: 1.5 * h.ChiJ.abs * x * x / math.Abs(c)}
	if pd.Xi, err = x2.certify("ξ", digits); err != nil {
		pd.Xi = calc.Certified{} // not one digit: shown as missing
	}
	return pd, nil
}

// pointHP computes the point's values at two precisions. kZero asserts
// that the kernel flows to 𝒦* = 0 (a critical point 𝒦* = 0 whose float64
// location may sit a rounding error on the side where 𝒦* > 0).
func (m *Model) pointHP(p ExactParams, digits int, kZero bool) (pointHP, error) {
	if m.Arch == Mixer && p.Mu.Cmp(big.NewRat(1, 1)) < 0 {
		// The explicit fixed point, which needs no float64 point (whose
		// patch offset may not converge where Mehler's series does).
		return m.mixerHP(p, digits)
	}
	fp := p.Float64()
	pt, err := m.At(fp)
	if err != nil {
		return pointHP{}, err
	}
	if math.IsInf(pt.KStar, 1) && !kZero {
		return m.divergentHP(p, digits)
	}
	many, _, err := m.digitsAverages()
	if err != nil {
		return pointHP{}, err
	}
	lo, hi := hpMath{precFor(digits + digitsLow)}, hpMath{precFor(digits + digitsHigh)}
	// avg returns the high-precision averages at K at both precisions.
	avg := func(K *big.Rat) (vlo, vhi []*big.Float, err error) {
		if vlo, err = many.AtDigits(K, digits+digitsLow); err != nil {
			return nil, nil, err
		}
		vhi, err = many.AtDigits(K, digits+digitsHigh)
		return vlo, vhi, err
	}
	both := func(f func(c hpMath, v []*big.Float) *big.Float, vlo, vhi []*big.Float) hp {
		return hp{lo: f(lo, vlo), hi: f(hi, vhi)}
	}
	mu2 := new(big.Rat).Mul(p.Mu, p.Mu)
	switch m.Arch {
	case LNPre, PreLNRes, BN:
		vlo, vhi, err := avg(big.NewRat(1, 1))
		if err != nil {
			return pointHP{}, err
		}
		den := new(big.Rat).Sub(big.NewRat(1, 1), mu2)
		K := func(c hpMath, v []*big.Float) *big.Float {
			k := c.add(c.mul(c.rat(p.SW2), v[nS2]), c.rat(p.SB2))
			return c.quo(k, c.rat(den))
		}
		norm := K // LayerNorm divides by 𝒦, BatchNorm by D
		if m.Arch == BN {
			norm = func(c hpMath, v []*big.Float) *big.Float {
				d := c.sub(v[nS2], c.mul(v[nS1], v[nS1]))
				return c.quo(c.mul(c.rat(p.SW2), d), c.rat(den))
			}
		}
		chi := func(c hpMath, v []*big.Float) *big.Float {
			return c.add(c.quo(c.mul(c.rat(p.SW2), v[nSp2]), norm(c, v)), c.rat(mu2))
		}
		return pointHP{K: both(K, vlo, vhi), ChiK: exactHP(hi.rat(mu2)), ChiJ: both(chi, vlo, vhi)}, nil
	case LNPost:
		q := new(big.Rat).Add(p.SW2, p.SB2)
		vlo, vhi, err := avg(q)
		if err != nil {
			return pointHP{}, err
		}
		chi := func(c hpMath, v []*big.Float) *big.Float {
			return c.quo(c.mul(c.rat(p.SW2), v[nSp2]), c.sub(v[nS2], c.mul(v[nS1], v[nS1])))
		}
		return pointHP{K: exactHP(hi.rat(q)), ChiK: exactHP(hi.f()), ChiJ: both(chi, vlo, vhi)}, nil
	}
	// vanilla, res, resmlp
	a := m.affineExactOf(p)
	if m.si != nil {
		return m.scaleInvariantHP(p, a, digits)
	}
	var ke *big.Rat
	var K hp
	var kErrRel float64 // |𝒦_e − 𝒦_e*|/𝒦_e
	// 𝒦* = 0 is reached, as a limit, when 0 is a fixed point (σ_b² = 0,
	// φ(0) = 0), the float64 bound of 𝒦* contains 0, and 0 attracts:
	// χ_𝒦(0) ≤ 1 (at 1 the float64 search has seen the flow reach 0).
	// With χ_𝒦(0) > 1 the fixed point is a small 𝒦* > 0, which Newton's
	// method finds from the top of the float64 bound.
	zero := kZero
	k0 := pt.KStar
	if !zero && p.SB2.Sign() == 0 && m.phi0 == 0 && math.Abs(pt.KStar) <= pt.Err.K {
		s0, err := m.slopeSquareAtZero(digits)
		if err != nil {
			return pointHP{}, err
		}
		c := hpMath{s0.hi.Prec()}
		chi0 := c.add(c.rat(a.c2), c.mul(c.mul(c.rat(a.c1), c.rat(a.alpha)), s0.hi))
		d, _ := c.sub(chi0, big.NewFloat(1)).Float64()
		zero = d <= math.Pow(10, -float64(digits+digitsLow/2))
		k0 = pt.KStar + pt.Err.K
	}
	switch {
	case zero:
		// 𝒦* = 0, with φ(0) = 0: g'(K) = ⟨zφφ'⟩_K/K and ⟨φ'²⟩_K both tend
		// to s₀ = (φ'(0⁺)² + φ'(0⁻)²)/2 (Stein's lemma, ⟨zF⟩_K = K⟨F'⟩_K).
		s0, err := m.slopeSquareAtZero(digits)
		if err != nil {
			return pointHP{}, err
		}
		chi := func(c0, c1 *big.Rat, x *big.Float) *big.Float {
			c := hpMath{x.Prec()}
			return c.add(c.rat(c0), c.mul(c.rat(c1), x))
		}
		cg := new(big.Rat).Mul(a.c1, a.alpha)
		cgf, _ := cg.Float64()
		j1f, _ := a.j1.Float64()
		return pointHP{K: exactHP(hi.f()), ChiK: hp{lo: chi(a.c2, cg, s0.lo), hi: chi(a.c2, cg, s0.hi), abs: 2 * cgf * s0.abs},
			ChiJ: hp{lo: chi(a.j0, a.j1, s0.lo), hi: chi(a.j0, a.j1, s0.hi), abs: 2 * j1f * s0.abs}}, nil
	case k0 == 0:
		return pointHP{}, fmt.Errorf("apjn: the kernel at σ_w² = %g, σ_b² = %g flows below 10⁻³⁰ without reaching 0", fp.SW2, fp.SB2)
	default:
		one := big.NewRat(1, 1)
		den := new(big.Rat).Sub(one, a.c2)
		cb := new(big.Rat).Add(a.beta, new(big.Rat).Quo(new(big.Rat).Mul(a.alpha, a.c0), den))
		cw := new(big.Rat).Quo(new(big.Rat).Mul(a.alpha, a.c1), den)
		af, _ := a.alpha.Float64()
		bf, _ := a.beta.Float64()
		nd := min(digits, MaxDigits)
		fx, err := m.act.FixedPointAtDigits(af*k0+bf, cb, cw, nd)
		if err != nil {
			return pointHP{}, fmt.Errorf("apjn: the fixed point at σ_w² = %g, σ_b² = %g: %w", fp.SW2, fp.SB2, err)
		}
		keF := fx.K.V
		ke, _ = keF.Rat(nil)
		kErrRel = 2 * math.Pow(10, -float64(nd+fixedTol))
		k := hi.quo(hi.sub(keF, hi.rat(a.beta)), hi.rat(a.alpha))
		kef, _ := keF.Float64()
		K = hp{lo: k, hi: k, abs: kErrRel * kef / af}
	}
	vlo, vhi, err := avg(ke)
	if err != nil {
		return pointHP{}, err
	}
	chiK := func(c hpMath, v []*big.Float) *big.Float {
		gp := c.quo(v[nZssp], c.rat(ke))
		return c.add(c.rat(a.c2), c.mul(c.mul(c.rat(a.c1), c.rat(a.alpha)), gp))
	}
	chiJ := func(c hpMath, v []*big.Float) *big.Float {
		return c.add(c.rat(a.j0), c.mul(c.rat(a.j1), v[nSp2]))
	}
	h := pointHP{K: K, ChiK: both(chiK, vlo, vhi), ChiJ: both(chiJ, vlo, vhi)}
	if kErrRel > 0 {
		// χ moves by its derivative times the error of 𝒦_e (twice).
		f := func(x *big.Float) float64 { v, _ := x.Float64(); return v }
		k := f(hi.rat(ke))
		gpp := (f(vhi[nZ3ssp]) - 3*k*f(vhi[nZssp])) / (2 * k * k * k)
		sp := (f(vhi[nSp2z2]) - k*f(vhi[nSp2])) / (2 * k * k)
		c1, _ := a.c1.Float64()
		af, _ := a.alpha.Float64()
		j1, _ := a.j1.Float64()
		h.ChiK.abs = 2 * math.Abs(c1*af*gpp) * kErrRel * k
		h.ChiJ.abs = 2 * math.Abs(j1*sp) * kErrRel * k
	}
	return h, nil
}

// slopeSquareAtZero returns s₀ = (φ'(0⁺)² + φ'(0⁻)²)/2, the K → 0 limit of
// ⟨φ'²⟩_K: from the class data (recursions.SlopeSquareAtZero) where φ
// has them, otherwise from φ' at z = ±10^−W (lo: W = digits+digitsLow, hi: W =
// digits+digitsHigh), each to W digits: φ' differs from its one-sided
// limit by O(z) where it is smooth on each side of 0, so hi is closer to
// s₀ than lo, and |lo − hi| bounds its error (abs; s₀ = 0 for φ'(0) = 0,
// x·erf(x), is then certified as 0).
func (m *Model) slopeSquareAtZero(digits int) (hp, error) {
	// From the class data where σ has them (exact up to their digits).
	if s0, ok, err := recursions.SlopeSquareAtZero(m.Sigma, digits+digitsHigh); err == nil && ok {
		abs := 0.0
		if !s0.IsZero() {
			f, _ := s0.V.Float64()
			abs = math.Abs(f) * s0.RelErr()
		}
		return hp{lo: s0.V, hi: s0.V, abs: abs}, nil
	}
	_, slope, err := m.digitsAverages()
	if err != nil {
		return hp{}, err
	}
	var out [2]*big.Float
	for i, w := range []int{digits + digitsLow, digits + digitsHigh} {
		c := hpMath{precFor(w)}
		z := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(w)), nil))
		sum := c.f()
		for _, sign := range []int64{1, -1} {
			v, err := slope.EvalDigits(new(big.Rat).Mul(z, big.NewRat(sign, 1)), w)
			if err != nil {
				return hp{}, fmt.Errorf("apjn: φ' near 0: %w", err)
			}
			sum = c.add(sum, c.mul(v, v))
		}
		out[i] = c.mul(sum, big.NewFloat(0.5))
	}
	d, _ := new(big.Float).Sub(out[0], out[1]).Float64()
	return hp{lo: out[0], hi: out[1], abs: math.Abs(d)}, nil
}

// scaleInvariantHP is the closed form of a scale-invariant φ's point
// (scaleInvariantFixedPoint) with A₂ = (a₊² + a₋²)/2 to the working digits.
func (m *Model) scaleInvariantHP(p ExactParams, a affineExact, digits int) (pointHP, error) {
	var vals [2][4]*big.Float // 𝒦*, λ = χ_𝒦, χ_𝒥, diverges (non-nil)
	for i, d := range []int{digits + digitsLow, digits + digitsHigh} {
		c := hpMath{precFor(d)}
		si, ok, err := calc.DetectScaleInvariant(m.Sigma, c.prec)
		if err != nil || !ok {
			return pointHP{}, fmt.Errorf("apjn: %v is not scale-invariant at high precision (%v)", m.Sigma, err)
		}
		A2 := c.mul(c.add(c.mul(si.APlus, si.APlus), c.mul(si.AMinus, si.AMinus)), big.NewFloat(0.5))
		lambda := c.add(c.rat(a.c2), c.mul(c.mul(c.rat(a.c1), A2), c.rat(a.alpha)))
		omega := c.add(c.rat(a.c0), c.mul(c.mul(c.rat(a.c1), A2), c.rat(a.beta)))
		chiJ := c.add(c.rat(a.j0), c.mul(c.rat(a.j1), A2))
		vals[i][1], vals[i][2] = lambda, chiJ
		// λ within rounding of 1 is 1: on the critical line λ = 1 holds
		// exactly, and its slopes' rounding must not decide the case.
		cmp := lambda.Cmp(big.NewFloat(1))
		if gap := c.sub(lambda, big.NewFloat(1)); gap.Sign() == 0 || gap.MantExp(nil) < -int(c.prec)+16 {
			cmp = 0
		}
		switch {
		case cmp < 0:
			vals[i][0] = c.quo(omega, c.sub(big.NewFloat(1), lambda))
		case cmp == 0 && omega.Sign() == 0:
			vals[i][0] = c.rat(new(big.Rat).Add(p.SW2, p.SB2))
		default:
			vals[i][3] = big.NewFloat(1)
		}
	}
	if vals[1][3] != nil {
		return m.divergentHP(p, digits)
	}
	if vals[0][3] != nil {
		return pointHP{}, fmt.Errorf("apjn: χ_𝒦 = %s is too close to 1 to tell whether the kernel diverges", vals[1][1].Text('g', 10))
	}
	return pointHP{K: hp{lo: vals[0][0], hi: vals[1][0]}, ChiK: hp{lo: vals[0][1], hi: vals[1][1]},
		ChiJ: hp{lo: vals[0][2], hi: vals[1][2]}}, nil
}

// divergentHP is a point whose kernel diverges: χ_𝒦 = χ_𝒥 are the K → ∞
// limits (divergent) from the slopes of φ at |z| = 10^W and 10^2W.
func (m *Model) divergentHP(p ExactParams, digits int) (pointHP, error) {
	pt, err := m.At(p.Float64())
	if err != nil {
		return pointHP{}, err
	}
	h := pointHP{diverges: true, phase: pt.Phase}
	if pt.Phase == EverywhereCritical {
		one := big.NewFloat(1)
		h.ChiK, h.ChiJ = exactHP(one), exactHP(one)
		return h, nil
	}
	_, slope, err := m.digitsAverages()
	if err != nil {
		return pointHP{}, err
	}
	w := digits + digitsHigh
	var ss [2]*big.Float
	for i, e := range []int{w, 2 * w} {
		c := hpMath{precFor(w)}
		z := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
		sum := c.f()
		for _, sign := range []int64{1, -1} {
			v, err := slope.EvalDigits(new(big.Rat).Mul(z, big.NewRat(sign, 1)), w)
			if err != nil {
				return pointHP{}, fmt.Errorf("apjn: φ' at z = ±10^%d: %w", e, err)
			}
			sum = c.add(sum, c.mul(v, v))
		}
		ss[i] = c.mul(sum, big.NewFloat(0.5))
	}
	mu2 := new(big.Rat).Mul(p.Mu, p.Mu)
	chi := func(x *big.Float) *big.Float {
		c := hpMath{x.Prec()}
		if m.Arch == ResMLP {
			e2 := new(big.Rat).Mul(m.layerScaleExact(), m.layerScaleExact())
			gain := c.add(c.rat(mu2), c.rat(new(big.Rat).Mul(e2, p.SW2)))
			sw4 := new(big.Rat).Mul(p.SW2, p.SW2)
			return c.mul(gain, c.add(c.rat(mu2), c.mul(c.rat(new(big.Rat).Mul(e2, sw4)), x)))
		}
		return c.add(c.mul(c.rat(p.SW2), x), c.rat(mu2))
	}
	v := hp{lo: chi(ss[0]), hi: chi(ss[1])}
	h.ChiK, h.ChiJ = v, v
	return h, nil
}

// GridDigits is Grid at high precision: AtDigits at every pair (sw2[i],
// sb2[j]), σ_w² outer, spread over GOMAXPROCS goroutines with output that
// does not depend on their number. A point of which AtDigits cannot
// certify a value (calc.NotCertifiedError) has no values, only its float64
// phase.
func (m *Model) GridDigits(sw2, sb2 []*big.Rat, mu *big.Rat, digits int) ([]PointDigits, error) {
	out := make([]PointDigits, len(sw2)*len(sb2))
	errs := m.eachPoint(len(sw2), len(sb2), func(k, i, j int) error {
		p := ExactParams{SW2: sw2[i], SB2: sb2[j], Mu: mu}
		var err error
		out[k], err = m.AtDigits(p, digits)
		var nc *calc.NotCertifiedError
		if errors.As(err, &nc) {
			// Not one digit (a fixed point at a tangency): the point's
			// values are missing, its phase is float64's.
			pt, ferr := m.At(p.Float64())
			out[k], err = PointDigits{Phase: pt.Phase}, ferr
		}
		return err
	})
	for k, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("apjn: grid point σ_w² = %s, σ_b² = %s: %w", hermite.RatG(sw2[k/len(sb2)]), hermite.RatG(sb2[k%len(sb2)]), err)
		}
	}
	return out, nil
}
