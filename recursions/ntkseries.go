package recursions

import (
	"fmt"
	"math"
	"sync"

	"critcalc/hermite"
)

// seriesTerms is the number of Hermite moments of each diagonal entry that
// seriesPair sums at most.
const seriesTerms = hermite.MaxCoefficients

// seriesMaxRel is the largest error, relative to √(⟨σ²⟩_ii⟨σ²⟩_jj) (and
// √(⟨σ'²⟩_ii⟨σ'²⟩_jj) for the derivative map), that seriesPair accepts from
// its truncated series before it falls back to quadrature.
const seriesMaxRel = 1e-13

// seriesPair evaluates the two-input averages by Mehler's formula
// (hermite.ScaledSeries), with the rest of the series after n terms
// bounded by Cauchy–Schwarz and Parseval's identity,
//
//	|Σ_{k>n} ρ^k a_k b_k|          ≤ |ρ|^(n+1) √(A_n B_n),   A_n = ⟨σ²⟩_ii − Σ_{k≤n} a_k²,
//	|Σ_{k>n} kρ^(k−1) a_k b_k|     ≤ |ρ|^n √(A'_n B'_n),    A'_n = K_ii⟨σ'²⟩_ii − Σ_{k≤n} k a_k²,
//
// (B likewise for K_jj), and falls back to quadrature where that bound is
// too loose (ρ near ±1 with slowly decaying moments). The moments of each
// diagonal value are computed once and kept while the diagonal value
// recurs (the same layer's entries).
type seriesPair struct {
	s        *hermite.ScaledSeries
	fallback pairMap

	mu    sync.Mutex
	cache map[float64]*seriesInput
}

// seriesInput is the data of one diagonal value K: its moments and the
// bounds on the rests of Parseval's sums.
type seriesInput struct {
	a []float64
	// rest[k] bounds ⟨σ²⟩ − Σ_{j≤k} a_j² and rest1[k] bounds
	// K⟨σ'²⟩ − Σ_{j≤k} j a_j², each including its own uncertainty.
	rest, rest1 []float64
	// errNorm = (Σ e_k²)^½ and errNorm1 = (Σ k e_k²)^½ of the moments'
	// error bounds e_k.
	errNorm, errNorm1 float64
}

func newSeriesPair(s *hermite.ScaledSeries, fallback pairMap) *seriesPair {
	return &seriesPair{s: s, fallback: fallback, cache: map[float64]*seriesInput{}}
}

// input returns the data of the diagonal value K with averages d.
func (sp *seriesPair) input(d *diagStep) (*seriesInput, error) {
	sp.mu.Lock()
	in, ok := sp.cache[d.K]
	sp.mu.Unlock()
	if ok {
		return in, nil
	}
	m, err := sp.s.At(d.K, seriesTerms)
	if err != nil {
		return nil, err
	}
	return sp.put(d, m), nil
}

// put keeps the moments m of the diagonal value with averages d and
// returns its data.
func (sp *seriesPair) put(d *diagStep, m hermite.Moments) *seriesInput {
	in := &seriesInput{a: m.A, rest: make([]float64, len(m.A)), rest1: make([]float64, len(m.A))}
	sum, sum1, unc, unc1 := 0.0, 0.0, d.gErr, d.K*d.sErr
	for k, a := range m.A {
		e := m.Err[k]
		fk := float64(k)
		sum += a * a
		sum1 += fk * a * a
		unc += 2*math.Abs(a)*e + e*e + 4*roundoff*a*a
		unc1 += fk * (2*math.Abs(a)*e + e*e + 4*roundoff*a*a)
		in.rest[k] = max(d.g-sum, 0) + unc + 4*roundoff*d.g
		in.rest1[k] = max(d.K*d.s-sum1, 0) + unc1 + 4*roundoff*d.K*d.s
		in.errNorm += e * e
		in.errNorm1 += fk * e * e
	}
	in.errNorm, in.errNorm1 = math.Sqrt(in.errNorm), math.Sqrt(in.errNorm1)
	sp.mu.Lock()
	if len(sp.cache) > 4096 {
		clear(sp.cache)
	}
	sp.cache[d.K] = in
	sp.mu.Unlock()
	return in
}

// forget empties the cache of moments (the diagonal values of a layer
// that is done).
func (sp *seriesPair) forget() {
	sp.mu.Lock()
	clear(sp.cache)
	sp.mu.Unlock()
}

func (sp *seriesPair) at(p, m, x float64, dp, dm *diagStep) (pairValues, error) {
	P, err := sp.input(dp)
	if err != nil {
		return pairValues{}, err
	}
	M, err := sp.input(dm)
	if err != nil {
		return pairValues{}, err
	}
	return sp.atWith(P, M, p, m, x, dp, dm)
}

// atWith is at with the data P and M of the two diagonal values given.
func (sp *seriesPair) atWith(P, M *seriesInput, p, m, x float64, dp, dm *diagStep) (pairValues, error) {
	sq := hermite.SqrtProduct(p, m)
	rho := max(-1, min(1, x/sq))
	v, ok := sumSeries(P, M, rho, dp, dm)
	if ok {
		v.f1 /= sq
		v.f1Err /= sq
		v.f1Max = slopeBound(P, M, math.Abs(rho)+f1MaxMargin, dp, dm) / sq
		return v, nil
	}
	if sp.fallback == nil {
		return pairValues{}, fmt.Errorf("Mehler's series at ρ = %.17g does not converge to %g: %w", rho, seriesMaxRel, hermite.ErrNotConverged)
	}
	return sp.fallback.at(p, m, x, dp, dm)
}

// slopeBound returns a bound on |Σ_k k ρ^(k−1) a_k b_k| = √(K_ii K_jj)·|f1|
// for every |ρ| ≤ r < 1 (+Inf for r ≥ 1): Σ_{k<n} k·|â_k|·|b̂_k|·r^(k−1)
// over the moments computed, plus what their errors e_k can add (by
// Cauchy–Schwarz with the weights k, (Σ k e_k²)^½ = errNorm1 against
// (Σ k â_k²)^½), plus r^(n−1)·√(rest1_P·rest1_M) for the orders from n on
// (Σ_{k≥n} k a_k² is at most rest1 after order n − 1).
func slopeBound(P, M *seriesInput, r float64, dp, dm *diagStep) float64 {
	n := min(len(P.a), len(M.a))
	if !(r < 1) || n == 0 {
		return math.Inf(1)
	}
	var sum, ka2, kb2 float64
	rk := 1.0 // r^(k−1)
	for k := 1; k < n; k++ {
		fk := float64(k)
		a, b := math.Abs(P.a[k]), math.Abs(M.a[k])
		sum += fk * a * b * rk
		ka2 += fk * a * a
		kb2 += fk * b * b
		rk *= r
	}
	// rk is r^(n−1).
	tail := rk * hermite.SqrtProduct(P.rest1[n-1], M.rest1[n-1])
	errs := P.errNorm1*math.Sqrt(kb2) + M.errNorm1*math.Sqrt(ka2) + P.errNorm1*M.errNorm1
	return (sum + errs + tail) * (1 + 4*float64(n)*roundoff)
}

// sumSeries sums Mehler's series of f and of √(K_ii K_jj)·f1 until both
// rests are bounded by seriesMaxRel/100 of their scales, or the moments
// run out; ok is false when the bound left is above seriesMaxRel of the
// scale.
func sumSeries(P, M *seriesInput, rho float64, dp, dm *diagStep) (v pairValues, ok bool) {
	scale := hermite.SqrtProduct(dp.g, dm.g)
	scale1 := hermite.SqrtProduct(dp.K*dp.s, dm.K*dm.s)
	goal, goal1 := 0.01*seriesMaxRel*scale, 0.01*seriesMaxRel*scale1
	ar := math.Abs(rho)
	n := min(len(P.a), len(M.a))
	pk, pk1 := 1.0, 0.0 // ρ^k and ρ^(k−1)
	apk := 1.0          // |ρ|^k
	var f, f1, rest, rest1 float64
	goal2, goal12 := goal*goal, goal1*goal1
	last := n - 1
	for k := 0; k < n; k++ {
		ab := P.a[k] * M.a[k]
		f += ab * pk
		f1 += float64(k) * ab * pk1
		// The rests after term k, squared.
		a2 := apk * apk
		if a2*ar*ar*P.rest[k]*M.rest[k] <= goal2 && a2*P.rest1[k]*M.rest1[k] <= goal12 {
			last = k
			break
		}
		pk1 = pk
		pk *= rho
		apk *= ar
	}
	// apk is |ρ|^last.
	rest = apk * ar * hermite.SqrtProduct(P.rest[last], M.rest[last])
	rest1 = apk * hermite.SqrtProduct(P.rest1[last], M.rest1[last])
	v.f, v.f1 = f, f1
	terms := float64(n)
	v.fErr = rest + math.Sqrt(dp.g)*M.errNorm + math.Sqrt(dm.g)*P.errNorm + 2*terms*roundoff*scale
	v.f1Err = rest1 + hermite.SqrtProduct(dp.K, dp.s)*M.errNorm1 + hermite.SqrtProduct(dm.K, dm.s)*P.errNorm1 + 2*terms*roundoff*scale1
	return v, rest <= seriesMaxRel*scale && rest1 <= seriesMaxRel*scale1
}
