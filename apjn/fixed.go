package apjn

import (
	"fmt"
	"math"

	"critcalc/rootfind"
)

// kMax is the largest kernel the fixed-point search looks at: beyond it a
// kernel that still grows is taken to diverge.
const kMax = 1e8

// FixedPoint returns the fixed point 𝒦* (and D* for BatchNorm) that the
// kernel recursion reaches from the first layer, or K = +Inf when the kernel
// grows without bound (μ = 1, or an unbounded φ in the chaotic phase).
//
// For the normalised architectures the fixed point is explicit: 𝒦* =
// (σ_w²⟨φ²⟩₁ + σ_b²)/(1 − μ²) (DHG eq 64; ln-pre has μ = 0), 𝒦* = σ_w² + σ_b²
// for LayerNorm on activations (eq 53), D* = σ_w²(⟨φ²⟩₁ − ⟨φ⟩₁²)/(1 − μ²) for
// BatchNorm, 𝒦* = B/(1 − μ²) for an MLP-Mixer block (mixer.go). For vanilla,
// res and resmlp (resmlp.go) the map K ↦ σ_b² + σ_w²⟨φ²⟩_K + μ²K is
// increasing, so its iterates move monotonically from 𝒦¹ to the nearest fixed
// point on the side where the map points: that root of F(K) = map(K) − K is
// bracketed by a geometric search and refined by Brent's method. A search that
// meets a local extremum of F where F nearly touches zero (a half-stable fixed
// point, F ≈ ã₁ΔK²) refines it at the zero of χ_𝒦 − 1. 𝒦* = 0 is returned when
// the search reaches K = 10⁻³⁰ with F < 0 (σ_b² = 0 and φ(0) = 0). For a
// scale-invariant φ the map is linear and 𝒦* is its closed form
// (scaleInvariantFixedPoint).
func (m *Model) FixedPoint(p Params) (State, error) {
	if err := p.Validate(m.Arch); err != nil {
		return State{}, err
	}
	mu2 := p.Mu * p.Mu
	inf := State{K: math.Inf(1), D: math.Inf(1)}
	switch m.Arch {
	case LNPre, PreLNRes:
		if p.Mu == 1 {
			return inf, nil
		}
		return State{K: (p.SW2*m.phi2 + p.SB2) / (1 - mu2)}, nil
	case LNPost:
		return State{K: p.SW2 + p.SB2}, nil
	case BN:
		if p.Mu == 1 {
			return inf, nil
		}
		return State{K: (p.SW2*m.phi2 + p.SB2) / (1 - mu2), D: p.SW2 * (m.phi2 - m.phi1*m.phi1) / (1 - mu2)}, nil
	case Mixer:
		return m.mixerFixedPoint(p)
	}
	if p.Mu == 1 {
		return inf, nil
	}
	if m.si != nil {
		K := m.scaleInvariantFixedPoint(p)
		return State{K: K}, nil
	}
	K, err := m.kernelFixedPoint(p)
	return State{K: K}, err
}

// kernelFixedPoint finds 𝒦* of the vanilla, res and resmlp recursions.
func (m *Model) kernelFixedPoint(p Params) (float64, error) {
	mu2 := p.Mu * p.Mu
	F := func(K float64) (float64, error) {
		g, err := m.gAt(K)
		return p.SB2 + p.SW2*g + mu2*K - K, err
	}
	dF := func(K float64) (float64, error) {
		c, err := m.act.ChiParZ(max(K, kTiny), p.SW2)
		return c + mu2 - 1, err
	}
	if m.Arch == ResMLP {
		F, dF = m.resmlpF(p)
	}
	K1 := m.First(p).K
	f1, err := F(K1)
	if err != nil {
		return 0, err
	}
	if math.Abs(f1) <= 1e-15*K1 {
		return K1, nil
	}
	up := f1 > 0
	factor := 8.0
	if !up {
		factor = 1.0 / 8
	}
	// F' = χ_𝒦 − 1 is only needed where F nearly vanishes (|F| < 10⁻³K):
	// elsewhere no tangency can hide between two samples of the search.
	near := func(K, f float64) bool { return math.Abs(f) < 1e-3*K }
	a, fa := K1, f1
	da := math.NaN()
	if near(a, fa) {
		if da, err = dF(a); err != nil {
			return 0, err
		}
	}
	for {
		b := a * factor
		if up && b > kMax {
			return math.Inf(1), nil
		}
		if !up && b < kTiny {
			return 0, nil
		}
		fb, err := F(b)
		if err != nil {
			return 0, fmt.Errorf("apjn: kernel fixed point at σ_w² = %g, σ_b² = %g: %w", p.SW2, p.SB2, err)
		}
		if math.Signbit(fa) != math.Signbit(fb) || fb == 0 {
			lo, hi, flo, fhi := a, b, fa, fb
			if lo > hi {
				lo, hi, flo, fhi = hi, lo, fhi, flo
			}
			return rootfind.Brent(F, lo, hi, flo, fhi, 1e-15*hi)
		}
		db := math.NaN()
		if near(b, fb) {
			if math.IsNaN(da) {
				if da, err = dF(a); err != nil {
					return 0, err
				}
			}
			if db, err = dF(b); err != nil {
				return 0, err
			}
		}
		// F has an extremum between a and b (F' changes sign): look for a
		// fixed point that F nearly touches there.
		if !math.IsNaN(db) && math.Signbit(da) != math.Signbit(db) {
			if K, ok, err := m.tangentRoot(F, dF, a, b, da, db); err != nil || ok {
				return K, err
			}
		}
		a, fa, da = b, fb, db
	}
}

// tangentRoot looks between a and b, where F' = χ_𝒦 − 1 changes sign, for
// the extremum of F; when F there has crossed zero or lies within 10⁻¹²·K of
// it, it returns the fixed point nearest to a (the side the iterates come
// from).
func (m *Model) tangentRoot(F, dF func(float64) (float64, error), a, b, da, db float64) (float64, bool, error) {
	lo, hi, dlo, dhi := a, b, da, db
	if lo > hi {
		lo, hi, dlo, dhi = hi, lo, dhi, dlo
	}
	ke, err := rootfind.Brent(dF, lo, hi, dlo, dhi, 1e-15*hi)
	if err != nil {
		return 0, false, err
	}
	fe, err := F(ke)
	if err != nil {
		return 0, false, err
	}
	fa, err := F(a)
	if err != nil {
		return 0, false, err
	}
	if math.Signbit(fe) != math.Signbit(fa) {
		lo, hi, flo, fhi := a, ke, fa, fe
		if lo > hi {
			lo, hi, flo, fhi = hi, lo, fhi, flo
		}
		K, err := rootfind.Brent(F, lo, hi, flo, fhi, 1e-15*hi)
		return K, true, err
	}
	if math.Abs(fe) <= 1e-12*ke {
		return ke, true, nil
	}
	return 0, false, nil
}
