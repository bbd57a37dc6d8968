package apjn

import (
	"fmt"
	"math"
	"sync"

	"critcalc/calc"
	"critcalc/hermite"
)

// patchSeries is the Gauss–Hermite (Mehler) series of a smooth φ for the
// Mixer's patch offset, in float64 and in high precision, each made on
// first use.
type patchSeries struct {
	once sync.Once
	s    *hermite.GHSeries // nil for φ with kinks, or when it could not be made

	// big is the high-precision series of AtDigits (patchSeriesDigits),
	// bigErr why there is none.
	bigOnce sync.Once
	big     *hermite.Series2
	bigErr  error
}

// patchOffset returns E[φ(u)φ(v)] for u, v of variance k1 and covariance
// sb2, the patch offset of a Mixer block, with its error estimate: for
// |ρ| = |sb2/k1| ≤ hermite.MaxSmallRho Mehler's series with the Hermite
// moments of the one variance (hermite.Expect2SmallRho); else, for φ
// without kinks in φ or φ', the series with Gauss–Hermite moments
// (hermite.GHSeries) where its own bound meets the tolerance of a
// two-dimensional quadrature; otherwise the two-dimensional quadrature
// hermite.Expect2. All three give the same values within their bounds;
// the series are there for speed: a Mixer phase diagram evaluates the
// offset at every grid point, and `figure phase --arch mixer` of erf takes
// 7.9 s with them and 29 s with Expect2 alone.
func (m *Model) patchOffset(k1, sb2 float64) (hermite.Value, error) {
	m.patch.once.Do(func() {
		if calc.Smooth(m.Sigma) {
			m.patch.s, _ = hermite.NewGHSeries(m.Sigma)
		}
	})
	if k1 > 0 && math.Abs(sb2/k1) <= hermite.MaxSmallRho {
		return hermite.Expect2SmallRho(m.Sigma, k1, sb2/k1)
	}
	if s := m.patch.s; s != nil && k1 > 0 {
		in := s.Input(k1)
		if v, _, _, ok := s.Expect(in, in, sb2/k1, 0); ok {
			return v, nil
		}
	}
	v, err := hermite.Expect2(m.Sigma, m.Sigma, hermite.Cov{K11: k1, K22: k1, K12: sb2})
	if err != nil {
		return hermite.Value{}, fmt.Errorf("apjn: mixer patch offset at K₁ = %g: %w", k1, err)
	}
	return v, nil
}
