package apjn

import (
	"errors"
	"fmt"
	"math"

	"critcalc/rootfind"
)

// ErrNoCritical is the cause of an error when a critical line has no point
// at the requested variance.
var ErrNoCritical = errors.New("no critical point")

// LinePoint is a point of a critical line χ_𝒥* = 1.
type LinePoint struct {
	SB2, SW2 float64 // σ_b², σ_w²
	KStar    float64 // 𝒦* there
	// SW2Err and KErr bound the errors of SW2 and KStar (CriticalSW2;
	// +Inf where no bound could be established).
	SW2Err, KErr float64
}

// sw2Scan is the range of σ_w² that CriticalSW2 scans: 60 points per
// decade on [10⁻², 10³].
const (
	sw2ScanLo, sw2ScanHi = 1e-2, 1e3
	sw2ScanPerDecade     = 12
)

// CriticalSW2 returns the weight variances σ_w² ∈ [10⁻², 10³] at which
// χ_𝒥*(σ_w², σ_b²) = 1 for the given σ_b² and μ, in increasing order, found by
// a geometric scan of χ_𝒥* − 1 refined with Brent's method on the recursion
// (every root is checked to |χ_𝒥* − 1| ≤ 1e-9), each with error bounds
// (linePoint). An error wrapping
// ErrNoCritical means that there is none: the BatchNorm APJN does not depend
// on (σ_w², σ_b²), μ = 1 has no finite fixed point, and many activations are
// ordered or chaotic along the whole scan.
func (m *Model) CriticalSW2(sb2, mu float64) ([]LinePoint, error) {
	if !(sb2 >= 0) || math.IsInf(sb2, 0) {
		return nil, fmt.Errorf("apjn: σ_b² must be finite and ≥ 0, got %g", sb2)
	}
	f := func(sw2 float64) (float64, error) {
		c, _, err := m.chiJMinus1(Params{SW2: sw2, SB2: sb2, Mu: mu})
		return c, err
	}
	var out []LinePoint
	n := int(math.Round(sw2ScanPerDecade * math.Log10(sw2ScanHi/sw2ScanLo)))
	step := math.Pow(sw2ScanHi/sw2ScanLo, 1/float64(n))
	a := sw2ScanLo
	fa, err := f(a)
	if err != nil {
		return nil, err
	}
	for i := 1; i <= n; i++ {
		b := a * step
		fb, err := f(b)
		if err != nil {
			return nil, err
		}
		switch {
		case fa == 0:
			lp, err := m.linePoint(sb2, mu, a, a, a)
			if err != nil {
				return nil, err
			}
			if !math.IsInf(lp.SW2Err, 1) { // as below
				out = append(out, lp)
			}
		case !math.IsNaN(fa) && !math.IsNaN(fb) && fb != 0 && math.Signbit(fa) != math.Signbit(fb):
			r, err := rootfind.Brent(f, a, b, fa, fb, 1e-15*b)
			if err != nil {
				return nil, err
			}
			if c, err := f(r); err == nil && math.Abs(c) <= 1e-9 {
				lp, err := m.linePoint(sb2, mu, a, b, r)
				if err != nil {
					return nil, err
				}
				// A sign change that no interval around r confirms beyond
				// the error of χ_𝒥* is rounding noise about a χ_𝒥* ≡ 1
				// (leaky ReLU under pre-LayerNorm at σ_b² = 0), not a root.
				if !math.IsInf(lp.SW2Err, 1) {
					out = append(out, lp)
				}
			}
		}
		a, fa = b, fb
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("apjn: %w for %v (%s, μ = %g) at σ_b² = %g with σ_w² in [%g, %g]",
			ErrNoCritical, m.Sigma, m.Arch, mu, sb2, sw2ScanLo, sw2ScanHi)
	}
	return out, nil
}

// linePoint bounds the errors of the root r ∈ [a, b] of χ_𝒥*(σ_w²) − 1
// that the scan found. The bound is the error of χ_𝒥* − 1 at r (its value
// and its error bound) over the slope of χ_𝒥* in σ_w², twice, checked like
// a fixed point's (bounds.go): χ_𝒥* − 1 must have opposite signs, each
// beyond its error, at the ends of the interval, which is widened until it
// does (SW2Err stays +Inf when no interval with σ_w² > 0 does). 𝒦*'s bound
// adds its change across that interval.
//
// At σ_b² = 0 with φ(0) = 0 the kernel of vanilla, res and resmlp flows to
// 𝒦* = 0 on the ordered side of the critical point, where χ_𝒥* = χ_𝒥(𝒦 = 0)
// is smooth in σ_w², while on the other side 𝒦* grows from 0 and χ_𝒥* − 1
// vanishes to second order (erf, tanh: DHG eq 127). Brent's root then lies
// anywhere on that flat side (erf: 0.785398166 for π/4 = 0.7853981634); the
// critical point is the root of χ_𝒥(𝒦 = 0) − 1 (cornerRoot).
func (m *Model) linePoint(sb2, mu, a, b, r float64) (LinePoint, error) {
	if lp, ok, err := m.cornerRoot(sb2, mu, a, b); err != nil || ok {
		return lp, err
	}
	at := func(sw2 float64) (Point, error) { return m.At(Params{SW2: sw2, SB2: sb2, Mu: mu}) }
	pt, err := at(r)
	if err != nil {
		return LinePoint{}, err
	}
	lp := LinePoint{SB2: sb2, SW2: r, KStar: pt.KStar, SW2Err: math.Inf(1), KErr: math.Inf(1)}
	h := 1e-6 * r
	fp, _, err := m.chiJMinus1(Params{SW2: r + h, SB2: sb2, Mu: mu})
	if err != nil {
		return LinePoint{}, err
	}
	fm, _, err := m.chiJMinus1(Params{SW2: r - h, SB2: sb2, Mu: mu})
	if err != nil {
		return LinePoint{}, err
	}
	slope := math.Abs(fp-fm) / (2 * h)
	delta := 1e-8 * r
	if slope > 0 {
		delta = 2 * (math.Abs(pt.ChiJ-1) + pt.Err.ChiJ) / slope
	}
	delta = max(delta, 4*epsilon*r)
	for range widenSteps {
		if delta >= r {
			break // σ_w² must stay > 0: the root is not confirmed
		}
		lo, err := at(r - delta)
		if err != nil {
			return LinePoint{}, err
		}
		hi, err := at(r + delta)
		if err != nil {
			return LinePoint{}, err
		}
		fl, fh := lo.ChiJ-1, hi.ChiJ-1
		if math.Abs(fl) > lo.Err.ChiJ && math.Abs(fh) > hi.Err.ChiJ && math.Signbit(fl) != math.Signbit(fh) {
			lp.SW2Err = delta
			lp.KErr = pt.Err.K + max(math.Abs(lo.KStar-pt.KStar)+lo.Err.K, math.Abs(hi.KStar-pt.KStar)+hi.Err.K)
			if math.IsNaN(lp.KErr) {
				lp.KErr = math.Inf(1)
			}
			return lp, nil
		}
		delta *= widenFactor
	}
	return lp, nil
}

// cornerRoot returns the critical point 𝒦* = 0 of vanilla, res and resmlp
// at σ_b² = 0 for φ(0) = 0 (linePoint): the root r₀ ∈ [a, b] of
// χ_𝒥(𝒦 = 0) − 1 = j₀ + j₁⟨φ'²⟩₀ − 1 (affineMap; vanilla: σ_w² =
// (1 − μ²)/φ'(0)², erf π/4, DHG eq 127), provided the kernel flows to 𝒦* = 0
// there (its bound contains 0). ok is false otherwise.
func (m *Model) cornerRoot(sb2, mu, a, b float64) (LinePoint, bool, error) {
	if !m.Arch.isAffine() || sb2 != 0 || m.phi0 != 0 || m.si != nil {
		return LinePoint{}, false, nil
	}
	v, err := m.near.At(kTiny)
	if err != nil {
		return LinePoint{}, false, err
	}
	s0, e0 := v[nSp2].V, valueErr(v[nSp2])
	f0 := func(sw2 float64) (float64, error) {
		c := m.affineOf(Params{SW2: sw2, Mu: mu})
		return c.j0 + c.j1*s0 - 1, nil
	}
	lo, hi := a*(1-1e-6), b*(1+1e-6)
	flo, _ := f0(lo)
	fhi, _ := f0(hi)
	if math.Signbit(flo) == math.Signbit(fhi) {
		return LinePoint{}, false, nil
	}
	r0, err := rootfind.Brent(f0, lo, hi, flo, fhi, 0)
	if err != nil {
		return LinePoint{}, false, err
	}
	pt, err := m.At(Params{SW2: r0, Mu: mu})
	if err != nil || !(math.Abs(pt.KStar) <= pt.Err.K) {
		return LinePoint{}, false, err
	}
	c := m.affineOf(Params{SW2: r0, Mu: mu})
	fr, _ := f0(r0)
	fp, _ := f0(r0 * (1 + 1e-6))
	fm, _ := f0(r0 * (1 - 1e-6))
	slope := math.Abs(fp-fm) / (2e-6 * r0)
	ef := math.Abs(fr) + c.j1*e0 + 8*epsilon*(math.Abs(c.j0)+math.Abs(c.j1*s0)+1)
	return LinePoint{SB2: sb2, SW2: r0, KStar: pt.KStar, SW2Err: 2*ef/slope + 4*epsilon*r0, KErr: pt.Err.K}, true, nil
}

// CriticalSB2 returns the bias variance σ_b² ≥ 0 at which χ_𝒥*(σ_w², σ_b²) =
// 1 for the given σ_w² and μ (vanilla and res: χ_𝒥* falls as σ_b² raises 𝒦*;
// LayerNorm architectures: it falls as σ_b² dilutes the kernel), by Brent's
// method on σ_b² ∈ [0, 10⁴·σ_w²]. When χ_𝒥* < 1 already at σ_b² = 0 there is no
// critical σ_b² (for erf: σ_w² < π/4, DHG eq 126's square root of a negative
// number), an error wrapping ErrNoCritical.
func (m *Model) CriticalSB2(sw2, mu float64) (LinePoint, error) {
	f := func(sb2 float64) (float64, error) {
		pt, err := m.At(Params{SW2: sw2, SB2: sb2, Mu: mu})
		if err != nil {
			return 0, err
		}
		return pt.ChiJ - 1, nil
	}
	f0, err := f(0)
	if err != nil {
		return LinePoint{}, err
	}
	if math.Abs(f0) <= CriticalTol {
		return m.lineAt(0, sw2, mu), nil
	}
	if f0 < 0 {
		return LinePoint{}, fmt.Errorf("apjn: %w: χ_𝒥* = %.12g < 1 at σ_w² = %g already at σ_b² = 0 (%v, %s)", ErrNoCritical, f0+1, sw2, m.Sigma, m.Arch)
	}
	lo, flo := 0.0, f0
	for hi := sw2 / 16; hi <= 1e4*sw2; hi *= 2 {
		fhi, err := f(hi)
		if err != nil {
			return LinePoint{}, err
		}
		if fhi <= 0 {
			r, err := rootfind.Brent(f, lo, hi, flo, fhi, 1e-16*hi)
			if err != nil {
				return LinePoint{}, err
			}
			return m.lineAt(r, sw2, mu), nil
		}
		lo, flo = hi, fhi
	}
	return LinePoint{}, fmt.Errorf("apjn: %w: χ_𝒥* > 1 at σ_w² = %g for every σ_b² ≤ %g (%v, %s)", ErrNoCritical, sw2, 1e4*sw2, m.Sigma, m.Arch)
}

func (m *Model) lineAt(sb2, sw2, mu float64) LinePoint {
	s, _ := m.FixedPoint(Params{SW2: sw2, SB2: sb2, Mu: mu})
	return LinePoint{SB2: sb2, SW2: sw2, KStar: s.K}
}
