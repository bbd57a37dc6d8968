package loggauss

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc/bigmath"
)

// errLeakyTooLong is wrapped by the error of a leaky factor whose series
// would take more than leakyMaxTerms terms.
var errLeakyTooLong = fmt.Errorf("loggauss: the leaky factor's series needs more than %d terms in all (the float64 quadrature of ScaleInvariantFactor serves it)", leakyMaxTerms)

// leakyMaxTerms bounds the series terms of leakyFactorAt over all active
// counts K: slopes whose squares differ by a large factor (x near 1) or
// wide layers need more, and are left to the float64 quadrature.
const leakyMaxTerms = 600000

// leakyFactorAt is ScaleInvariantFactor at prec bits for a leaky σ
// (a₊² ≠ a₋², both nonzero): with the larger square s = max(a₊², a₋²),
// x = 1 − min/max ∈ (0, 1) and Y = 1 − B (a₊² larger) or B (a₋² larger),
//
//	h = ln(a₋² + (a₊² − a₋²)B) = ln s + ln(1 − xY) = ln s − Σ_{m≥1} x^m Y^m/m,
//	h² − 2h ln s + (ln s)² = ln²(1 − xY) = Σ_{m≥2} x^m Y^m (2H_{m−1}/m),
//
// and for Y ~ Beta(a, b) given K the moments E[Y^m] = Π_{i<m} (a + i)/(a + b + i)
// are exact. The terms are positive and E[Y^m] ≤ 1, so the terms after m
// sum to at most 2x^{m+1}/(1 − x); the series stops once that is below
// 2^−(prec+8). The Binomial(n, ½) mixture over K keeps the weights above
// 2^−(prec + 2·bitlen(n) + 16) of the largest (K = 0 and K = n have B = 0
// and 1). More than leakyMaxTerms terms in all is an error.
func leakyFactorAt(n int, ap2, am2 *big.Float, prec uint) (bigMoments, error) {
	wp := prec + 32
	f := func() *big.Float { return new(big.Float).SetPrec(wp) }
	s, small, bIsY := ap2, am2, false // Y = 1 − B
	if am2.Cmp(ap2) > 0 {
		s, small, bIsY = am2, ap2, true // Y = B
	}
	x := f().Sub(big.NewFloat(1), f().Quo(small, s))
	xf, _ := x.Float64()
	lnS, err := bigmath.Log(wp, s)
	if err != nil {
		return bigMoments{}, err
	}
	lnA, _ := bigmath.Log(wp, ap2)
	lnB, _ := bigmath.Log(wp, am2)
	// Binomial(n, ½) weights C(n, k)/2^n, exact in big.Float arithmetic up
	// to rounding.
	ws := make([]*big.Float, n+1)
	ws[0] = f().SetMantExp(big.NewFloat(1), -n)
	for k := 1; k <= n; k++ {
		ws[k] = f().Quo(f().Mul(ws[k-1], f().SetInt64(int64(n-k+1))), f().SetInt64(int64(k)))
	}
	// Keep the weights above 2^−(prec + 2·bitlen(n) + 16) of the largest
	// (as reluFactorAt), normalised by their sum.
	cut := f().SetMantExp(ws[n/2], -int(prec)-2*bitLen(n)-16)
	kMin, kMax := 0, n
	for kMin < n/2 && ws[kMin].Cmp(cut) < 0 {
		kMin++
	}
	for kMax > n/2 && ws[kMax].Cmp(cut) < 0 {
		kMax--
	}
	total := f()
	for k := kMin; k <= kMax; k++ {
		total.Add(total, ws[k])
	}
	for k := kMin; k <= kMax; k++ {
		ws[k].Quo(ws[k], total)
	}
	if perK := float64(prec+9) / -math.Log2(xf); perK*float64(kMax-kMin+1) > leakyMaxTerms {
		return bigMoments{}, fmt.Errorf("%w: %d Beta moments of about %.0f series terms each", errLeakyTooLong, kMax-kMin+1, perK)
	}
	hs := make([]*big.Float, n+1)
	h2s := make([]*big.Float, n+1)
	for k := kMin; k <= kMax; k++ {
		switch k {
		case 0:
			hs[k], h2s[k] = lnB, f().Mul(lnB, lnB)
			continue
		case n:
			hs[k], h2s[k] = lnA, f().Mul(lnA, lnA)
			continue
		}
		a, b := half(wp, n-k), half(wp, k) // Y = 1 − B ~ Beta((n−K)/2, K/2)
		if bIsY {
			a, b = b, a
		}
		s1, s2, err := leakySeries(wp, x, xf, a, b)
		if err != nil {
			return bigMoments{}, fmt.Errorf("loggauss: leaky factor, n = %d, K = %d: %w", n, k, err)
		}
		h := f().Sub(lnS, s1)
		hs[k] = h
		// h² = ln²(1 − xY) + 2 ln s·h − (ln s)².
		h2s[k] = f().Sub(f().Add(s2, f().Mul(f().Mul(big.NewFloat(2), lnS), h)), f().Mul(lnS, lnS))
	}
	mean := f()
	for k := kMin; k <= kMax; k++ {
		mean.Add(mean, f().Mul(ws[k], hs[k]))
	}
	v := f()
	for k := kMin; k <= kMax; k++ {
		// E[(h − mean)² | K] = E[h² | K] − 2 mean E[h | K] + mean².
		t := f().Add(f().Sub(h2s[k], f().Mul(f().Mul(big.NewFloat(2), mean), hs[k])), f().Mul(mean, mean))
		v.Add(v, f().Mul(ws[k], t))
	}
	// ScaleInvariantFactor: ψ(n/2) + ln 2 + ln(C_W/n) + mean, ψ′(n/2) + v,
	// C_W = 2/(a₊² + a₋²).
	chi, err := logChiSquaredAt(n, wp)
	if err != nil {
		return bigMoments{}, err
	}
	cw := f().Quo(big.NewFloat(2), f().Add(ap2, am2))
	lc, err := bigmath.Log(wp, f().Quo(cw, f().SetInt64(int64(n))))
	if err != nil {
		return bigMoments{}, err
	}
	m := f().Add(f().Add(chi.mean, lc), mean)
	return bigMoments{m.SetPrec(prec), f().Add(chi.v, v).SetPrec(prec)}, nil
}

// leakySeries returns Σ_{m≥1} x^m μ_m/m and Σ_{m≥2} x^m μ_m 2H_{m−1}/m with
// μ_m = E[Y^m] for Y ~ Beta(a, b), at wp bits (see leakyFactorAt).
func leakySeries(wp uint, x *big.Float, xf float64, a, b *big.Float) (s1, s2 *big.Float, err error) {
	f := func() *big.Float { return new(big.Float).SetPrec(wp) }
	s1, s2 = f(), f()
	ab := f().Add(a, b)
	term := f().SetInt64(1) // x^m μ_m
	harm := f()             // H_{m−1}
	stop := -float64(wp) - 8 + math.Log2(1-xf)
	for m := 1; m <= leakyMaxTerms; m++ {
		i := f().SetInt64(int64(m - 1))
		term.Mul(term, f().Quo(f().Mul(x, f().Add(a, i)), f().Add(ab, i)))
		mf := f().SetInt64(int64(m))
		s1.Add(s1, f().Quo(term, mf))
		if m >= 2 {
			s2.Add(s2, f().Quo(f().Mul(term, f().Mul(big.NewFloat(2), harm)), mf))
		}
		harm.Add(harm, f().Quo(big.NewFloat(1), mf))
		// The terms after m sum to at most 2x^{m+1}/(1 − x).
		if float64(m+1)*math.Log2(xf)+1 < stop {
			return s1, s2, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: the series in x = %.6g", errLeakyTooLong, xf)
}
