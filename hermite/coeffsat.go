package hermite

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// ScaledSeries computes, in float64, the Hermite moments of σ(√K·X),
// X ~ N(0, 1), at any K > 0: the coefficients of Mehler's formula
//
//	E[σ(u)σ(v)] = Σ_k ρ^k a_k b_k,  a_k = E[σ(√K11·X)·he_k(X)],  b_k = E[σ(√K22·X)·he_k(X)],
//
// for (u, v) ~ N(0, [[K11, K12], [K12, K22]]), ρ = K12/√(K11·K22), and
// of its derivative map, E[σ'(u)σ'(v)] = Σ_k k ρ^(k−1) a_k b_k/√(K11·K22)
// (√K·E[σ'(√K·X)he_k(X)] = √(k+1)·a_{k+1}). It is safe for concurrent use.
type ScaledSeries struct {
	in *integrand
	gh ghSource // the Gauss–Hermite rules, for σ without kinks in σ or σ′
}

// NewScaledSeries prepares the moments of σ.
func NewScaledSeries(sigma calc.Expr) (*ScaledSeries, error) {
	in, err := newIntegrand(sigma)
	if err != nil {
		return nil, fmt.Errorf("Hermite moments of %s: %w", sigma, err)
	}
	return &ScaledSeries{in: in}, nil
}

// Moments are the Hermite moments of σ(√K·X) from ScaledSeries.At.
type Moments struct {
	K float64
	// A holds a_k = E[σ(√K·X)·he_k(X)], k = 0 … n (or fewer, where the
	// moments beyond are below their sum's accuracy), and Err bounds its
	// error: the difference between two Gauss–Legendre rules on the same
	// panels, plus the rounding of sums of the size of E|σ·he_k|.
	A, Err []float64
	// Sq is E[σ(√K·X)²] from the same nodes, with the error bound SqErr.
	Sq, SqErr float64
}

// Rules of ScaledSeries.At: panels no wider than momentWidth, and the two
// Gauss–Legendre sizes whose difference bounds the error.
const (
	momentWidth = 0.5
	momentLow   = 24
	momentHigh  = 32
)

// At returns the moments a_0 … a_n of σ(√K·X), 0 ≤ n ≤ MaxCoefficients:
// for σ without kinks in σ or σ′ from a pair of Gauss–Hermite rules
// where they hold E[σ²] to ghMomentRest (up to their last order, which
// may be below n: atGH); otherwise on Gauss–Legendre panels no wider than
// 1/2 in X, split at σ's kinks,
// out to the cut at which |σ(√K·x)|·e^(−x²/4) has fallen below e^(−40) of
// its size near 0 (by Cramér's inequality |he_k(x)|·e^(−x²/4) ≤ 1.09, so
// the rest of every moment is below that).
func (s *ScaledSeries) At(K float64, n int) (Moments, error) {
	in := s.in
	switch {
	case !(K > 0) || math.IsInf(K, 0):
		return Moments{}, fmt.Errorf("Hermite moments of %s: K must be finite and > 0, got %g", in.expr, K)
	case n < 0 || n > MaxCoefficients:
		return Moments{}, fmt.Errorf("Hermite moments of %s: the order n must be in [0, %d], got %d", in.expr, MaxCoefficients, n)
	}
	if m, ok := s.atGH(K, n); ok {
		return m, nil
	}
	T0, err := in.tailCut(K, float64LogCut)
	if err != nil {
		return Moments{}, fmt.Errorf("Hermite moments of %s at K = %g: %w", in.expr, K, err)
	}
	T, err := in.cramerCut(K, float64LogCut, T0)
	if err != nil {
		return Moments{}, fmt.Errorf("Hermite moments of %s at K = %g: %w", in.expr, K, err)
	}
	edges := append([]float64{-T}, in.breakpoints(K, T)...)
	edges = append(edges, T)
	sk := math.Sqrt(K)
	lo, loSq, _, err := in.hermiteMoments(sk, edges, n, momentLow, momentWidth, false)
	if err != nil {
		return Moments{}, err
	}
	hi, hiSq, abs, err := in.hermiteMoments(sk, edges, n, momentHigh, momentWidth, true)
	if err != nil {
		return Moments{}, err
	}
	m := Moments{K: K, A: hi, Err: make([]float64, n+1), Sq: hiSq}
	const round = 64 * 0x1p-53
	for k := range hi {
		m.Err[k] = math.Abs(hi[k]-lo[k]) + round*abs[k]
		if math.IsNaN(m.Err[k]) || math.IsInf(m.Err[k], 0) {
			if err := in.checkDefined(K, T); err != nil {
				return Moments{}, fmt.Errorf("Hermite moments of %s at K = %g: %w", in.expr, K, err)
			}
			return Moments{}, fmt.Errorf("Hermite moments of %s at K = %g: a_%d is not finite", in.expr, K, k)
		}
	}
	m.SqErr = math.Abs(hiSq-loSq) + round*hiSq
	return m, nil
}
