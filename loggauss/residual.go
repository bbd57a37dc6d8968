package loggauss

import (
	"errors"
	"fmt"
	"math"
	"sync"
)

// errResidual is wrapped by the residual validation errors.
var errResidual = errors.New("loggauss: residual network")

// checkResidual validates n, d and the residual coefficients α, λ > 0
// with α² + λ² = 1 (to 1e−9).
func checkResidual(n, d int, alpha, lambda float64) error {
	if err := checkND(n, d); err != nil {
		return fmt.Errorf("%w: %w", errResidual, err)
	}
	if !(alpha > 0) || math.IsInf(alpha, 0) || !(lambda > 0) || math.IsInf(lambda, 0) {
		return fmt.Errorf("%w: need α > 0 and λ > 0, got α = %g, λ = %g", errResidual, alpha, lambda)
	}
	if s := alpha*alpha + lambda*lambda; math.Abs(s-1) > 1e-9 {
		return fmt.Errorf("%w: need α² + λ² = 1, got α² + λ² = %.12g", errResidual, s)
	}
	return nil
}

// BetaResidualPrinted returns β = 2/n + (5λ⁴ + 4α²λ²)d/n as printed in
// the log-Gaussian notes' §1.2.2 for z^ℓ = αz^{ℓ−1} + λ√(2/n)W^ℓφ(z^{ℓ−1}). It counts
// the one-layer variance of ln(‖z^ℓ‖²/‖z^{ℓ−1}‖²) only; see BetaResidual.
func BetaResidualPrinted(n, d int, alpha, lambda float64) (float64, error) {
	if err := checkResidual(n, d, alpha, lambda); err != nil {
		return 0, err
	}
	return (2 + (5*lambda*lambda*lambda*lambda+4*alpha*alpha*lambda*lambda)*float64(d)) / float64(n), nil
}

// SampleResidualG returns nets draws of G = ln(‖z^d‖²/n) for the residual
// network z⁰ = g⁰, z^ℓ = αz^{ℓ−1} + λ√(2/n)W^ℓφ(z^{ℓ−1}) with iid N(0, 1)
// weights, simulated exactly: W^ℓ is used once and is independent of
// z^{ℓ−1}, so W^ℓφ(z^{ℓ−1}) = ‖φ(z^{ℓ−1})‖·g^ℓ in law with g^ℓ ~ N(0, I_n)
// independent of the past, and a layer costs O(n) instead of O(n²).
// Layer ℓ of sample i draws g^ℓ from Philox stream (i<<32 | ℓ). The event
// φ(z^{ℓ−1}) = 0 has probability ≤ 2^−n per layer and is not excluded
// (then z^ℓ = αz^{ℓ−1} and G stays finite).
func SampleResidualG(n, d int, alpha, lambda float64, nets int, seed uint64) ([]float64, error) {
	if err := checkResidual(n, d, alpha, lambda); err != nil {
		return nil, err
	}
	if nets < 1 || nets > maxSamples {
		return nil, fmt.Errorf("%w: number of networks %d must be in [1, 2^32]", errResidual, nets)
	}
	out := make([]float64, nets)
	parallelSamples(nets, func(i int) {
		z := make([]float64, n)
		r := newReader(seed, layerStream(i, 0))
		for j := range z {
			z[j] = r.Normal()
		}
		// logNorm accumulates ln(‖z^ℓ‖²/‖z^{ℓ−1}‖²) (and ln(‖z⁰‖²/n)); z is
		// rescaled to ‖z‖² = n after each layer, which φ's homogeneity allows.
		logNorm := 0.0
		for l := 0; l <= d; l++ {
			if l > 0 {
				r = newReader(seed, layerStream(i, l))
				phi2 := 0.0
				for _, v := range z {
					if v > 0 {
						phi2 += v * v
					}
				}
				c := lambda * math.Sqrt(2*phi2/float64(n))
				for j := range z {
					z[j] = alpha*z[j] + c*r.Normal()
				}
			}
			norm2 := 0.0
			for _, v := range z {
				norm2 += v * v
			}
			logNorm += math.Log(norm2 / float64(n))
			s := math.Sqrt(float64(n) / norm2)
			for j := range z {
				z[j] *= s
			}
		}
		out[i] = logNorm
	})
	return out, nil
}

// residualKernel returns K(ρ) = E[v|v|·w|w|] for standard Gaussians v, w
// with correlation ρ ∈ [0, 1]:
// K(ρ) = (2/π)[3ρ√(1−ρ²) + (1 + 2ρ²) arcsin ρ] (from v|v| = 2φ(v)² − v²
// and the degree-2 arc-cosine kernel E[φ(v)²φ(w)²] =
// [3 sin θ cos θ + (π − θ)(1 + 2cos²θ)]/(2π), θ = arccos ρ; Cho and Saul
// 2009). K(1) = E v⁴ = 3 and K(ρ) = 8ρ/π + O(ρ³).
func residualKernel(rho float64) float64 {
	return 2 / math.Pi * (3*rho*math.Sqrt(1-rho*rho) + (1+2*rho*rho)*math.Asin(rho))
}

// BetaResidual returns the variance of G to first order in 1/n for the
// residual network z^ℓ = αz^{ℓ−1} + λ√(2/n)W^ℓφ(z^{ℓ−1}) (α, λ > 0,
// α² + λ² = 1, z⁰ Gaussian, d residual layers):
//
//	β = 2/n + [ (5λ⁴ + 4α²λ²)·d + 2λ⁴ Σ_{m=1}^{d−1} (d − m) K(α^m) ] / n,
//
// K as in residualKernel. With v = √n ẑ^{ℓ−1} and X_ℓ = (1/n)Σ v_i|v_i|
// (so (2/n)‖φ(v)‖² = 1 + X_ℓ), the one-layer ratio is
// ‖z^ℓ‖²/‖z^{ℓ−1}‖² = 1 + λ²X_ℓ + (2αλu + λ²η)/√n with u ~ N(0, 1),
// η ~ N(0, 2) fresh in every layer: its variance is (5λ⁴ + 4α²λ²)/n, the
// printed coefficient (BetaResidualPrinted). But ẑ^ℓ = αẑ^{ℓ−1} + O(λ)
// keeps the memory of earlier layers, so X_ℓ and X_{ℓ+m} are correlated,
// Cov = K(α^m)/n to leading order, and the sum over layers picks up the
// second term. As d → ∞ the slope per layer is
// ResidualCoefficient(α, λ); at α² = 0.5 it is 5.44, not the printed 2.25.
// Only the variance is given: for α > 0 the law of z^ℓ is not symmetric
// under z → −z and E[G] differs from −β/2 at the same order.
func BetaResidual(n, d int, alpha, lambda float64) (float64, error) {
	if err := checkResidual(n, d, alpha, lambda); err != nil {
		return 0, err
	}
	l4 := lambda * lambda * lambda * lambda
	s := (5*l4 + 4*alpha*alpha*lambda*lambda) * float64(d)
	rho := 1.0
	for m := 1; m < d; m++ {
		rho *= alpha
		k := residualKernel(rho)
		if k < 1e-17*s {
			break
		}
		s += 2 * l4 * float64(d-m) * k
	}
	return (2 + s) / float64(n), nil
}

// residualKernelSeries returns the first terms of K(ρ) = Σ_{k odd} a_k ρ^k:
// a_{2j+1} = (2/π)[3s_j + b_j + 2b_{j−1}] with s_j the x^j coefficient of
// √(1 − x) and b_j = C(2j, j)/(4^j(2j + 1)) that of arcsin (b_{−1} = 0);
// a₁ = 8/π, a₃ = 4/(3π), Σ a_k = K(1) = 3, a_k ~ k^{−5/2}. Index i holds
// a_{2i+1}.
func residualKernelSeries(terms int) []float64 {
	a := make([]float64, terms)
	c := 1.0 // C(2j, j)/4^j
	bPrev := 0.0
	for j := range terms {
		if j > 0 {
			c *= float64(2*j-1) / float64(2*j)
		}
		s := 1.0
		if j > 0 {
			s = -c / float64(2*j-1)
		}
		b := c / float64(2*j+1)
		a[j] = 2 / math.Pi * (3*s + b + 2*bPrev)
		bPrev = b
	}
	return a
}

// residualSeriesTerms bounds the series in ResidualCoefficient: the
// neglected tail is below ~k^{−5/2} ≈ 1e−15 relative to the sum.
const residualSeriesTerms = 1 << 20

// residualSeries is residualKernelSeries(residualSeriesTerms), computed
// once.
var residualSeries = sync.OnceValue(func() []float64 { return residualKernelSeries(residualSeriesTerms) })

// ResidualCoefficient returns lim_{d→∞} (nβ − 2)/d for BetaResidual:
//
//	5λ⁴ + 4α²λ² + 2λ⁴ Σ_{m≥1} K(α^m) = 5λ⁴ + 4α²λ² + 2λ⁴ Σ_{k odd} a_k α^k/(1 − α^k),
//
// with a_k the power-series coefficients of K (residualKernelSeries); the
// second form converges for every α < 1 (terms ~ k^{−7/2}/(1 − α) as
// α → 1). It tends to 5 as α → 0 and to (4 + 4Σ_k a_k/k)λ² =
// (12 + 4 ln 2)λ² ≈ 14.77λ² as α → 1 (Σ_k a_k/k = ∫₀¹ K(ρ)/ρ dρ = 2 + ln 2,
// numerically), against the printed 4λ².
func ResidualCoefficient(alpha, lambda float64) (float64, error) {
	if err := checkResidual(1, 0, alpha, lambda); err != nil {
		return 0, err
	}
	l4 := lambda * lambda * lambda * lambda
	c := 5*l4 + 4*alpha*alpha*lambda*lambda
	a := residualSeries()
	sum := 0.0
	a2 := alpha * alpha
	ak := alpha // α^k for k = 2i + 1
	for i, coef := range a {
		term := coef * ak / -math.Expm1(float64(2*i+1)*math.Log(alpha))
		sum += term
		if term <= 1e-17*sum {
			break
		}
		ak *= a2
	}
	return c + 2*l4*sum, nil
}
