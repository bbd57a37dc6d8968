package loggauss

import (
	"fmt"
	"math"
)

// Moments holds the mean and variance of a real random variable (G, or
// ln‖z_out‖²).
type Moments struct{ MeanG, VarG float64 }

// add returns the moments of the sum of independent variables.
func (m Moments) add(o Moments) Moments { return Moments{m.MeanG + o.MeanG, m.VarG + o.VarG} }

// TheoryMoments returns the log-Gaussian prediction of Theorem 2,
// E[G] = −β/2, Var[G] = β with β = Beta(n, d).
func TheoryMoments(n, d int) (Moments, error) {
	if err := checkND(n, d); err != nil {
		return Moments{}, fmt.Errorf("loggauss: theory moments: %w", err)
	}
	b := Beta(n, d)
	return Moments{-b / 2, b}, nil
}

// LogChiSquared returns the moments of ln χ²_k (k ≥ 1):
// E = ψ(k/2) + ln 2, Var = ψ′(k/2). It returns NaNs for k < 1.
func LogChiSquared(k int) Moments {
	if k < 1 {
		return Moments{math.NaN(), math.NaN()}
	}
	h := float64(k) / 2
	return Moments{Digamma(h) + math.Ln2, Trigamma(h)}
}

// LastFactor returns the moments of ln(‖g‖²/n), g ~ N(0, I_n): the term of
// the last hidden layer, ln χ²_n − ln n.
func LastFactor(n int) (Moments, error) {
	if n < 1 {
		return Moments{}, fmt.Errorf("loggauss: last factor: width n = %d must be ≥ 1", n)
	}
	m := LogChiSquared(n)
	m.MeanG -= math.Log(float64(n))
	return m, nil
}

// ReluFactor returns the exact moments of ln((2/n)‖φ(g)‖²), g ~ N(0, I_n),
// φ = ReLU, conditional on ‖φ(g)‖ > 0. Given K = #{i: g_i > 0} ~
// Binomial(n, ½), ‖φ(g)‖² ~ χ²_K, so with p_k = C(n, k)2^−n/(1 − 2^−n),
// k = 1…n,
//
//	E   = ln(2/n) + Σ p_k [ψ(k/2) + ln 2],
//	Var = Σ p_k ψ′(k/2) + Σ p_k [ψ(k/2) − Σ p_j ψ(j/2)]²   (total variance).
//
// The excluded event K = 0 has probability 2^−n; on it the network output
// is exactly 0 and ln 0 = −∞, so the unconditional moments do not exist.
func ReluFactor(n int) (Moments, error) {
	if n < 1 {
		return Moments{}, fmt.Errorf("loggauss: ReLU factor: width n = %d must be ≥ 1", n)
	}
	ks, ps := binomialHalfWeights(n, true)
	mean := 0.0
	for i, k := range ks {
		mean += ps[i] * Digamma(float64(k)/2)
	}
	v := 0.0
	for i, k := range ks {
		dv := Digamma(float64(k)/2) - mean
		v += ps[i] * (Trigamma(float64(k)/2) + dv*dv)
	}
	return Moments{mean + math.Ln2 + math.Log(2/float64(n)), v}, nil
}

// binomialHalfWeights returns the k and the probabilities of
// Binomial(n, ½), without k = 0 (renormalised) when noZero, dropping
// weights below 1e−30 of the largest (their total is below 1e−27).
func binomialHalfWeights(n int, noZero bool) ([]int, []float64) {
	lnf := func(k int) float64 { v, _ := math.Lgamma(float64(k) + 1); return v }
	lnN := lnf(n)
	lo := 0
	if noZero {
		lo = 1
	}
	var ks []int
	var ps []float64
	total := 0.0
	for k := lo; k <= n; k++ {
		lp := lnN - lnf(k) - lnf(n-k) - float64(n)*math.Ln2
		// The mode has lp ≥ −ln(n+1); 1e−30 of it is far below float64
		// rounding of the sums.
		if lp < -69-math.Log(float64(n)+1) {
			continue
		}
		p := math.Exp(lp)
		ks = append(ks, k)
		ps = append(ps, p)
		total += p
	}
	for i := range ps {
		ps[i] /= total
	}
	return ks, ps
}

// ExactMoments returns the exact E[G] and Var[G] of a ReLU network with
// C_W = 2 and d hidden layers of width n, conditional on no hidden layer
// being entirely inactive (ZeroEventProbability): the sum of LastFactor(n)
// and d copies of ReluFactor(n).
func ExactMoments(n, d int) (Moments, error) {
	if err := checkND(n, d); err != nil {
		return Moments{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	return ExactMomentsWidths(equalWidths(n, d))
}

// ExactMomentsWidths is ExactMoments for hidden widths [n₀ … n_d]
// (BetaWidths' convention): LastFactor(n_d) plus ReluFactor(n_ℓ) for
// ℓ = 0 … d−1.
func ExactMomentsWidths(widths []int) (Moments, error) {
	if err := checkWidths(widths); err != nil {
		return Moments{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	d := len(widths) - 1
	m, err := LastFactor(widths[d])
	if err != nil {
		return Moments{}, err
	}
	cache := map[int]Moments{}
	for _, n := range widths[:d] {
		f, ok := cache[n]
		if !ok {
			if f, err = ReluFactor(n); err != nil {
				return Moments{}, err
			}
			cache[n] = f
		}
		m = m.add(f)
	}
	return m, nil
}

// ZeroEventProbability returns the probability 1 − Π_{ℓ<d}(1 − 2^−n_ℓ)
// that some hidden ReLU layer z⁰ … z^{d−1} of widths [n₀ … n_d] is
// entirely negative, so that z_out = 0 and G = −∞. Exact moments and
// samples of G in this package are conditional on its complement.
func ZeroEventProbability(widths []int) (float64, error) {
	if err := checkWidths(widths); err != nil {
		return 0, fmt.Errorf("loggauss: zero-event probability: %w", err)
	}
	s := 0.0
	for _, n := range widths[:len(widths)-1] {
		s += math.Log1p(-math.Ldexp(1, -n))
	}
	return -math.Expm1(s), nil
}

// Output returns the moments of ln‖z_out‖² = G + ln χ²_{n_out} +
// ln(‖x‖²/n_in) for z_out = √(1/n)W_out z^d ∈ ℝ^{n_out} (eq (3), no 1/n_out
// factor), given the moments m of G and xScale = ‖x‖²/n_in > 0.
func (m Moments) Output(nOut int, xScale float64) (Moments, error) {
	if nOut < 1 {
		return Moments{}, fmt.Errorf("loggauss: output moments: n_out = %d must be ≥ 1", nOut)
	}
	if !(xScale > 0) || math.IsInf(xScale, 1) {
		return Moments{}, fmt.Errorf("loggauss: output moments: ‖x‖²/n_in = %g must be positive and finite", xScale)
	}
	o := m.add(LogChiSquared(nOut))
	o.MeanG += math.Log(xScale)
	return o, nil
}
