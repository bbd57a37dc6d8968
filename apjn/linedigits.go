package apjn

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// LineDigits is a point of a critical line χ_𝒥* = 1 to a requested number
// of significant digits, with the phase-diagram point there (whose K is
// the line's 𝒦*).
type LineDigits struct {
	SB2   *big.Rat
	SW2   calc.Certified
	Point PointDigits
}

// CriticalSW2Digits returns the points of CriticalSW2 to digits significant
// digits (1 to MaxDigits). Each float64 root is refined at high precision:
//
//   - vanilla, res, resmlp: by the secant method on χ_𝒥*(σ_w²) − 1 with
//     every χ_𝒥* from AtDigits' computation at digits + 8 digits, until a
//     step is below 10^−(digits+6) of σ_w²; σ_w²'s bound is twice the last
//     step plus twice the error of χ_𝒥* − 1 over its slope, and 𝒦*'s adds
//     its change over that bound. At the critical point 𝒦* = 0 (σ_b² = 0,
//     φ(0) = 0; cornerRoot) σ_w² solves χ_𝒥(𝒦 = 0) = 1 directly (vanilla
//     and res: σ_w² = (1 − μ²)/⟨φ'²⟩₀, erf π/4).
//   - ln-pre, preln-res: σ_w² = σ_b²/(⟨φ'²⟩₁ − ⟨φ²⟩₁) (DHG Remark 5.1); at
//     σ_b² = 0, where χ_𝒥* does not depend on σ_w², the scanned σ_w² are
//     exact.
//   - ln-post, mixer: the secant method as for vanilla (χ_𝒥* is explicit
//     there).
func (m *Model) CriticalSW2Digits(sb2, mu *big.Rat, digits int) ([]LineDigits, error) {
	if err := m.checkDigits(ExactParams{SW2: big.NewRat(1, 1), SB2: sb2, Mu: mu}, digits); err != nil {
		return nil, err
	}
	sb2f, _ := sb2.Float64()
	muf, _ := mu.Float64()
	line, err := m.CriticalSW2(sb2f, muf)
	if err != nil {
		return nil, err
	}
	var out []LineDigits
	for _, lp := range line {
		ld, err := m.lineDigits(lp, sb2, mu, digits)
		if err != nil {
			return nil, fmt.Errorf("apjn: the critical σ_w² ≈ %.12g at σ_b² = %g: %w", lp.SW2, sb2f, err)
		}
		out = append(out, ld)
	}
	return out, nil
}

func (m *Model) lineDigits(lp LinePoint, sb2, mu *big.Rat, digits int) (LineDigits, error) {
	params := func(w *big.Float) ExactParams {
		r, _ := w.Rat(nil)
		return ExactParams{SW2: r, SB2: sb2, Mu: mu}
	}
	finish := func(w hp, kZero bool, kSlope float64) (LineDigits, error) {
		h, err := m.pointHP(params(w.hi), digits, kZero)
		if err != nil {
			return LineDigits{}, err
		}
		h.K.abs += kSlope * w.abs
		pd, err := h.certify(digits)
		if err != nil {
			return LineDigits{}, err
		}
		sw2, err := w.certify("σ_w²", digits)
		if err != nil {
			return LineDigits{}, err
		}
		return LineDigits{SB2: sb2, SW2: sw2, Point: pd}, nil
	}
	many, _, err := m.digitsAverages()
	if err != nil {
		return LineDigits{}, err
	}
	lo, hi := hpMath{precFor(digits + digitsLow)}, hpMath{precFor(digits + digitsHigh)}
	switch {
	case m.Arch == LNPre || m.Arch == PreLNRes:
		if sb2.Sign() == 0 {
			w := new(big.Float).SetFloat64(lp.SW2)
			return finish(exactHP(w), false, 0)
		}
		vlo, err := many.AtDigits(big.NewRat(1, 1), digits+digitsLow)
		if err != nil {
			return LineDigits{}, err
		}
		vhi, err := many.AtDigits(big.NewRat(1, 1), digits+digitsHigh)
		if err != nil {
			return LineDigits{}, err
		}
		w := func(c hpMath, v []*big.Float) *big.Float { return c.quo(c.rat(sb2), c.sub(v[nSp2], v[nS2])) }
		return finish(hp{lo: w(lo, vlo), hi: w(hi, vhi)}, false, 0)
	case m.Arch.isAffine() && sb2.Sign() == 0 && m.phi0 == 0 && m.si == nil && math.Abs(lp.KStar) <= lp.KErr:
		w, err := m.cornerDigits(lp.SW2, mu, digits)
		if err != nil {
			return LineDigits{}, err
		}
		return finish(w, true, 0)
	}
	w, kSlope, err := m.secantLine(lp, sb2, mu, digits)
	if err != nil {
		return LineDigits{}, err
	}
	return finish(w, false, kSlope)
}

// cornerDigits solves χ_𝒥(𝒦 = 0) = j₀ + j₁⟨φ'²⟩₀ = 1 for σ_w² near w0
// (cornerRoot) at two precisions: vanilla and res σ_w² = (1 − μ²)/⟨φ'²⟩₀,
// resmlp by Newton's method on γ(μ² + 𝓔²σ_w⁴⟨φ'²⟩₀) = 1, γ = μ² + 𝓔²σ_w².
func (m *Model) cornerDigits(w0 float64, mu *big.Rat, digits int) (hp, error) {
	s, err := m.slopeSquareAtZero(digits)
	if err != nil {
		return hp{}, err
	}
	mu2 := new(big.Rat).Mul(mu, mu)
	var out [2]*big.Float
	for i, s0 := range []*big.Float{s.lo, s.hi} {
		c := hpMath{s0.Prec()}
		if m.Arch != ResMLP {
			out[i] = c.quo(c.sub(big.NewFloat(1), c.rat(mu2)), s0)
			continue
		}
		e2 := c.rat(new(big.Rat).Mul(m.layerScaleExact(), m.layerScaleExact()))
		w := c.f().SetFloat64(w0)
		tol := math.Pow(10, -float64([]int{digits + digitsLow, digits + digitsHigh}[i]+2))
		for n := 0; ; n++ {
			gamma := c.add(c.rat(mu2), c.mul(e2, w))
			inner := c.add(c.rat(mu2), c.mul(c.mul(e2, c.mul(w, w)), s0))
			f := c.sub(c.mul(gamma, inner), big.NewFloat(1))
			df := c.add(c.mul(e2, inner), c.mul(gamma, c.mul(c.mul(big.NewFloat(2), e2), c.mul(w, s0))))
			step := c.quo(f, df)
			w = c.sub(w, step)
			if r, _ := c.quo(step, w).Float64(); math.Abs(r) <= tol {
				break
			}
			if n > 100 {
				return hp{}, &calc.NotCertifiedError{Digits: digits, X: "σ_w²", Last: w.Text('g', 20)}
			}
		}
		out[i] = w
	}
	return hp{lo: out[0], hi: out[1]}, nil
}

// secantLine refines the float64 root lp of χ_𝒥*(σ_w²) − 1 by the secant
// method (see CriticalSW2Digits) and returns σ_w² with its bound, and
// |d𝒦*/dσ_w²| from the last two iterates.
func (m *Model) secantLine(lp LinePoint, sb2, mu *big.Rat, digits int) (hp, float64, error) {
	d := digits + 8
	c := hpMath{precFor(d + digitsHigh)}
	type eval struct {
		x, f *big.Float
		err  float64 // bound on the error of f
		K    float64
	}
	at := func(x *big.Float) (eval, error) {
		r, _ := x.Rat(nil)
		h, err := m.pointHP(ExactParams{SW2: r, SB2: sb2, Mu: mu}, d, false)
		if err != nil {
			return eval{}, err
		}
		f := c.sub(h.ChiJ.hi, big.NewFloat(1))
		e, _ := new(big.Float).Sub(h.ChiJ.hi, h.ChiJ.lo).Float64()
		K := math.Inf(1)
		if !h.diverges {
			K = h.K.float64()
		}
		return eval{x: x, f: f, err: math.Abs(e) + h.ChiJ.abs, K: K}, nil
	}
	x0 := c.f().SetFloat64(lp.SW2)
	rel := 1e-10
	if lp.SW2Err < math.Inf(1) {
		rel = max(rel, 2*lp.SW2Err/lp.SW2)
	}
	x1 := c.mul(x0, c.f().SetFloat64(1+rel))
	e0, err := at(x0)
	if err != nil {
		return hp{}, 0, err
	}
	e1, err := at(x1)
	if err != nil {
		return hp{}, 0, err
	}
	tol := math.Pow(10, -float64(digits+6))
	for range 40 {
		df := c.sub(e1.f, e0.f)
		if df.Sign() == 0 {
			break
		}
		step := c.quo(c.mul(e1.f, c.sub(e1.x, e0.x)), df)
		x2 := c.sub(e1.x, step)
		slope, _ := c.quo(df, c.sub(e1.x, e0.x)).Float64()
		sr, _ := c.quo(step, x2).Float64()
		if math.Abs(sr) <= tol {
			xf, _ := x2.Float64()
			abs := 2*math.Abs(sr)*math.Abs(xf) + 2*max(e0.err, e1.err)/math.Abs(slope)
			kSlope := math.Abs(e1.K-e0.K) / math.Abs(mustFloat(c.sub(e1.x, e0.x)))
			if math.IsNaN(kSlope) || math.IsInf(kSlope, 0) {
				kSlope = 0
			}
			return hp{lo: x2, hi: x2, abs: abs}, kSlope, nil
		}
		e2, err := at(x2)
		if err != nil {
			return hp{}, 0, err
		}
		e0, e1 = e1, e2
	}
	return hp{}, 0, &calc.NotCertifiedError{Digits: digits, X: "σ_w²", Last: e1.x.Text('g', 20) + " after the secant steps"}
}

func mustFloat(x *big.Float) float64 { f, _ := x.Float64(); return f }
