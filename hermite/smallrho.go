package hermite

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// MaxSmallRho is the largest |ρ| Expect2SmallRho accepts: its series then
// needs at most 8 terms.
const MaxSmallRho = 0.01

// Expect2SmallRho returns E[σ(u)σ(v)] for u, v of equal variance K > 0
// and correlation |ρ| ≤ MaxSmallRho by Mehler's series Σ_{k≤N} ρ^k c_k²,
// with c_k = E[σ(√K·X)·he_k(X)] the orthonormal Hermite moments of the
// one variance, and with a bound on its error: the rest is at most
// |ρ|^(N+1)·Σ_{k>N} c_k² ≤ |ρ|^(N+1)·E[σ(√K·X)²] (Parseval), N chosen to
// make it 1e-16 of E[σ²]; the moments come from Gauss–Legendre panels no
// wider than half σ's featureScale over √K (a transition of σ spans
// several of them at any K), split at σ's kinks, with two rule sizes whose
// difference is their error. It gives what Expect2 gives, within their
// bounds, from one set of one-dimensional moments: microseconds where the
// two-dimensional quadrature takes about a millisecond.
func Expect2SmallRho(sigma calc.Expr, K, rho float64) (Value, error) {
	if !(K > 0) || math.IsInf(K, 0) || !(math.Abs(rho) <= MaxSmallRho) {
		return Value{}, fmt.Errorf("hermite: Expect2SmallRho needs K > 0 finite and |ρ| ≤ %g, got K = %g, ρ = %g", MaxSmallRho, K, rho)
	}
	in, err := newIntegrand(sigma)
	if err != nil {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s: %w", sigma, err)
	}
	n := 0
	if ar := math.Abs(rho); ar > 0 {
		n = max(int(math.Ceil(16/-math.Log10(ar)))-1, 0)
	}
	T0, err := in.tailCut(K, float64LogCut)
	if err != nil {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s at K = %g: %w", sigma, K, err)
	}
	T, err := in.cramerCut(K, float64LogCut, T0)
	if err != nil {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s at K = %g: %w", sigma, K, err)
	}
	edges := append([]float64{-T}, in.breakpoints(K, T)...)
	edges = append(edges, T)
	sk := math.Sqrt(K)
	width := min(coeffWidth, coeffWidth*in.scale/sk)
	lo, loSq, _, err := in.hermiteMoments(sk, edges, n, coeffLow, width, false)
	if err != nil {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s at K = %g: %w", sigma, K, err)
	}
	hi, hiSq, abs, err := in.hermiteMoments(sk, edges, n, coeffHigh, width, true)
	if err != nil {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s at K = %g: %w", sigma, K, err)
	}
	if !(hiSq > 0) || math.IsInf(hiSq, 0) {
		return Value{}, fmt.Errorf("hermite: E[σ(u)σ(v)] of %s at K = %g: E[σ²] = %g is not positive and finite", sigma, K, hiSq)
	}
	// Σ ρ^k c_k² and the same with the smaller rule's moments; the error
	// is their difference, the rest of the series, and the rounding of the
	// moments' sums (their absolute sums times a few ulps).
	var v, vLo, round float64
	p := 1.0
	for k := 0; k <= n; k++ {
		v += p * hi[k] * hi[k]
		vLo += p * lo[k] * lo[k]
		round += math.Abs(p) * 2 * math.Abs(hi[k]) * abs[k] * 8 * 0x1p-52
		p *= rho
	}
	rest := math.Abs(p) * hiSq
	e := math.Abs(v-vLo) + rest + round + math.Abs(hiSq-loSq)*math.Abs(p)
	return Value{V: v, AbsErr: e, Evals: 2 * len(edges)}, nil
}
