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
// (every root is checked to |χ_𝒥* − 1| ≤ 1e-9). An error wrapping
// ErrNoCritical means that there is none: the BatchNorm APJN does not depend
// on (σ_w², σ_b²), μ = 1 has no finite fixed point, and many activations are
// ordered or chaotic along the whole scan.
func (m *Model) CriticalSW2(sb2, mu float64) ([]LinePoint, error) {
	if !(sb2 >= 0) || math.IsInf(sb2, 0) {
		return nil, fmt.Errorf("apjn: σ_b² must be finite and ≥ 0, got %g", sb2)
	}
	f := func(sw2 float64) (float64, error) {
		pt, err := m.At(Params{SW2: sw2, SB2: sb2, Mu: mu})
		if err != nil {
			return 0, err
		}
		if math.IsInf(pt.KStar, 1) {
			return math.NaN(), nil
		}
		return pt.ChiJ - 1, nil
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
			out = m.appendLine(out, sb2, a, mu)
		case !math.IsNaN(fa) && !math.IsNaN(fb) && fb != 0 && math.Signbit(fa) != math.Signbit(fb):
			r, err := rootfind.Brent(f, a, b, fa, fb, 1e-15*b)
			if err != nil {
				return nil, err
			}
			if c, err := f(r); err == nil && math.Abs(c) <= 1e-9 {
				out = m.appendLine(out, sb2, r, mu)
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

func (m *Model) appendLine(out []LinePoint, sb2, sw2, mu float64) []LinePoint {
	s, _ := m.FixedPoint(Params{SW2: sw2, SB2: sb2, Mu: mu})
	return append(out, LinePoint{SB2: sb2, SW2: sw2, KStar: s.K})
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
