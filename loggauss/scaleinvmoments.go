package loggauss

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// ScaleInvariantFactor returns the exact moments of ln((C_W/n)‖σ(g)‖²),
// g ~ N(0, I_n), for σ(z) = a₊z (z ≥ 0), a₋z (z < 0) at C_W = 1/A₂.
//
// With S = ‖g‖² ~ χ²_n, K = #{g_i > 0} ~ Binomial(n, ½) and
// B = Σ_{g_i>0} g_i²/S, the Dirichlet decomposition of (g_i²/S) makes S
// independent of (K, B), with B | K ~ Beta(K/2, (n−K)/2) (B = 0 at K = 0,
// 1 at K = n), and ‖σ(g)‖² = S·(a₋² + (a₊² − a₋²)B). Hence
//
//	E   = ψ(n/2) + ln 2 + ln(C_W/n) + E[h],  Var = ψ′(n/2) + Var[h],
//	h   = ln(a₋² + (a₊² − a₋²)B).
//
// What is closed-form: a₊² = a₋² (|x|, linear σ: ‖σ(g)‖² = a²χ²_n, h
// constant) and a₋ = 0 or a₊ = 0 (ReLU family: E[h | K] = ψ(K/2) −
// ψ(n/2), conditional on the active part not being empty, as in
// ReluFactor). Otherwise (leaky ReLU) E[h | K] and E[h² | K] are
// one-dimensional Beta integrals, done by tanh-sinh quadrature to ~1e−14;
// the Binomial mixture over K is summed exactly.
func ScaleInvariantFactor(n int, aPlus, aMinus float64) (Moments, error) {
	if n < 1 {
		return Moments{}, fmt.Errorf("loggauss: scale-invariant factor: width n = %d must be ≥ 1", n)
	}
	ap2, am2 := aPlus*aPlus, aMinus*aMinus
	if !(ap2+am2 > 0) || math.IsInf(ap2+am2, 0) {
		return Moments{}, fmt.Errorf("loggauss: scale-invariant factor: slopes a₊ = %g, a₋ = %g give A₂ = 0 or non-finite", aPlus, aMinus)
	}
	cw := 2 / (ap2 + am2)
	scale := math.Log(cw / float64(n))
	switch {
	case ap2 == am2:
		m := LogChiSquared(n)
		m.MeanG += scale + math.Log(ap2)
		return m, nil
	case ap2 == 0 || am2 == 0:
		m, err := ReluFactor(n)
		if err != nil {
			return Moments{}, err
		}
		// ReluFactor includes ln(2/n); here the scale is (C_W a²)/n = 2/n too.
		return m, nil
	}
	ks, ps := binomialHalfWeights(n, false)
	hs := make([]float64, len(ks))
	h2s := make([]float64, len(ks))
	for i, k := range ks {
		switch k {
		case 0:
			hs[i] = math.Log(am2)
		case n:
			hs[i] = math.Log(ap2)
		default:
			e1, e2, err := betaLogMoments(float64(k)/2, float64(n-k)/2, am2, ap2-am2)
			if err != nil {
				return Moments{}, fmt.Errorf("loggauss: scale-invariant factor, n = %d, K = %d: %w", n, k, err)
			}
			hs[i], h2s[i] = e1, e2
			continue
		}
		h2s[i] = hs[i] * hs[i]
	}
	mean := 0.0
	for i := range ks {
		mean += ps[i] * hs[i]
	}
	v := 0.0
	for i := range ks {
		// E[(h − mean)² | K] = E[h² | K] − 2 mean E[h | K] + mean².
		v += ps[i] * (h2s[i] - 2*mean*hs[i] + mean*mean)
	}
	chi := LogChiSquared(n)
	return Moments{chi.MeanG + scale + mean, chi.VarG + v}, nil
}

// ExactMomentsScaleInvariant returns the exact E[G], Var[G] for d hidden
// layers of width n with a scale-invariant σ at C_W = 1/A₂: LastFactor(n)
// plus d copies of ScaleInvariantFactor. For the ReLU family it is
// ExactMoments (conditional on no empty layer); σ that is not
// scale-invariant is an error.
func ExactMomentsScaleInvariant(n, d int, sigma calc.Expr) (Moments, error) {
	if err := checkND(n, d); err != nil {
		return Moments{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	si, err := scaleInvariantOf(sigma)
	if err != nil {
		return Moments{}, err
	}
	m, err := LastFactor(n)
	if err != nil {
		return Moments{}, err
	}
	if d == 0 {
		return m, nil
	}
	f, err := ScaleInvariantFactor(n, si.APlus.Float64(), si.AMinus.Float64())
	if err != nil {
		return Moments{}, err
	}
	return Moments{m.MeanG + float64(d)*f.MeanG, m.VarG + float64(d)*f.VarG}, nil
}
