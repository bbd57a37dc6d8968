package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// Interior is case 4 of Theorem 1 with certified digits: the interior fixed
// point ρ* of the map, its slope κ′(ρ*) and the rate
// α = max{1 − κ(0), κ′(ρ*), (1 − ρ*)/(2 − κ′(ρ*))}, all of the map with its
// residual applied.
type Interior struct {
	RhoStar, KappaPrimeRhoStar, Alpha calc.Certified
	// Terms is the order N of the Hermite series that certified the
	// digits, 0 when the float64 two-input integrals did.
	Terms int
}

// minDigits is the fewest certified digits among the three values.
func (in Interior) minDigits() int {
	return min(in.RhoStar.Digits, in.KappaPrimeRhoStar.Digits, in.Alpha.Digits)
}

// Guard digits of the Hermite coefficients of InteriorDigits beyond the
// requested digits and the digits that 1 − κ′(ρ*) loses, and the most
// guard digits a retry may ask for.
const (
	interiorGuard    = 3
	maxInteriorGuard = 40
)

// maxInteriorTerms is the largest order of the Hermite series of
// InteriorDigits whose coefficients come from CoefficientsDigits (a kink
// off the integers): their cost grows with the order, and a ρ* so near 1
// that more would be needed prints fewer digits. seriesCoefficients goes
// to MaxCoefficientsDigits.
const maxInteriorTerms = 400

// interiorTermsCap returns the largest order of the series for σ.
func interiorTermsCap(sigma calc.Expr) int {
	in, err := newIntegrand(sigma)
	if err != nil {
		return maxInteriorTerms
	}
	for _, k := range in.exact {
		if k == nil || !k.IsInt() {
			return maxInteriorTerms
		}
	}
	return MaxCoefficientsDigits
}

// InteriorDigits certifies ρ*, κ′(ρ*) and α of case 4 (fp from Analyze)
// to digits significant digits; an ill-conditioned value (κ′(ρ*) near 1)
// keeps fewer, the digits its bound certifies, never more.
//
// The certificate. Let g(ρ) = κ(ρ) − ρ for the map without the residual
// (the residual map (1 − r²)κ(ρ) + r²ρ has the same fixed points). In
// case 4, κ(0) > 0, κ(1) = 1 and κ′(1) > 1; κ = Σ c_k² ρ^k is convex on
// [0, 1], so g has exactly one zero ρ* in (0, 1), and κ′ is nondecreasing
// there. Given ρ̂ with |g(ρ̂)| ≤ r and an interval I = [ρ̂ − δ, ρ̂ + δ] in
// (0, 1) on which κ′ ≤ K⁺ < 1 (so κ′(ρ̂ + δ) ≤ K⁺ suffices), g′ ≤ −μ with
// μ = 1 − K⁺ on I; if R = r/μ ≤ δ, then g(ρ̂ − R) ≥ 0 ≥ g(ρ̂ + R), and
// ρ* ∈ [ρ̂ − R, ρ̂ + R] (the mean value theorem). Then
// κ′(ρ*) ∈ [κ′(ρ̂ − R), κ′(ρ̂ + R)], the residual and α are monotone in
// ρ* and κ′(ρ*), and each value keeps the digits on which both ends of its
// interval round alike (calc.Agreeing).
//
// The values of κ and κ′ come from one of two computations, the cheaper
// first:
//
//   - float64: ρ̂ is Analyze's root, and κ(ρ) = E[σ(X)σ(Y)]/E[σ²] and
//     κ′(ρ) = E[σ′(X)σ′(Y)]/E[σ²] are two-input integrals (Expect2) with
//     their estimated errors; used when it certifies every digit.
//   - the Hermite series: c_0…c_N from seriesCoefficients (or
//     CoefficientsDigits), each to an absolute 10^−d, so |c_k² − ĉ_k²| ≤ e_k = 10^−d(2|ĉ_k| + 10^−d).
//     For 0 ≤ ρ < 1 the sums S(ρ) = Σ_{k≤N} ĉ_k² ρ^k and
//     S′(ρ) = Σ_{k≤N} k ĉ_k² ρ^(k−1) satisfy
//     |κ(ρ) − S(ρ)| ≤ Σ e_k ρ^k + ρ^(N+1)·T and
//     |κ′(ρ) − S′(ρ)| ≤ Σ k e_k ρ^(k−1) + sup_{k>N}(k ρ^(k−1))·T, where
//     T = Σ_{k>N} c_k² = 1 − Σ_{k≤N} c_k² ≤ 1 − Σ ĉ_k² + Σ e_k
//     (Parseval: E[φ²] = 1), and sup_{k>N} k ρ^(k−1) is (N + 1)ρ^N when
//     N + 1 ≥ 1/ln(1/ρ) and at most 1/(e·ρ·ln(1/ρ)) otherwise. Newton's
//     method on S(ρ) = ρ from Analyze's root gives ρ̂; rounding of the
//     big.Float sums is bounded and added. N is chosen so that the
//     truncation is below the coefficients' error, and d = digits + 3 +
//     the digits that 1 − κ′(ρ*) loses; a value left with fewer digits
//     than asked is computed again with more guard digits (at most 40).
//     N is at most 1000 (400 for a kink off the integers, whose
//     coefficients cost more): where the truncation there would
//     certify no more digits than the float64 computation (ρ* near 1 and
//     c_k² falling slowly, as for a kinked σ), no coefficient is computed
//     and the float64 digits are the result.
func (m *KernelMap) InteriorDigits(fp FixedPoint, digits int) (Interior, error) {
	if fp.Case != CaseInteriorExp {
		return Interior{}, fmt.Errorf("interior fixed point of %s: Theorem 1 puts the map in case %d, not 4", m.Sigma, fp.Case)
	}
	if m.CenterAfter {
		return Interior{}, fmt.Errorf("interior fixed point of %s: the centred map has κ(0) = 0 and no interior fixed point", m.Sigma)
	}
	if digits < 1 {
		return Interior{}, fmt.Errorf("interior fixed point of %s: digits must be at least 1, got %d", m.Sigma, digits)
	}
	f64, errF := m.interiorFloat64(fp, digits)
	have := 0
	if errF == nil {
		if f64.minDigits() >= digits {
			return f64, nil
		}
		have = f64.minDigits()
	}
	in, err := m.interiorSeries(fp, digits, have)
	switch {
	case err == nil && in.minDigits() > have:
		return in, nil
	case errF == nil:
		return f64, nil
	case errors.Is(err, errNotBetter):
		return Interior{}, fmt.Errorf("interior fixed point of %s: %w", m.Sigma, errF)
	}
	return Interior{}, err
}

// interval is a value v and an interval [lo, hi] known to hold the exact
// quantity.
type interval struct{ v, lo, hi *big.Float }

// certify returns the value with the digits on which both ends of its
// interval round alike.
func (iv interval) certify(name string, digits int) (calc.Certified, error) {
	c, err := calc.Agreeing(name, iv.lo, iv.hi, digits)
	if err != nil {
		return calc.Certified{}, err
	}
	return calc.Certified{V: iv.v, Digits: c.Digits}, nil
}

// widen moves the ends of iv apart by rel of their size, for the rounding
// of the big.Float arithmetic that produced them.
func (iv interval) widen(rel float64) interval {
	w := func(x *big.Float, s float64) *big.Float {
		d := new(big.Float).SetPrec(x.Prec()).Abs(x)
		d.Mul(d, big.NewFloat(rel*s))
		return d.Add(d, x)
	}
	return interval{iv.v, w(iv.lo, -1), w(iv.hi, 1)}
}

// interiorResults applies the residual r to ρ* ∈ rho and κ′(ρ*) ∈ kp of
// the map without it, adds α from κ(0) ∈ k0, and certifies the three.
func (m *KernelMap) interiorResults(rho, kp, k0 interval, prec uint, digits, terms int) (Interior, error) {
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	one := nf().SetInt64(1)
	r := nf().SetFloat64(m.Residual)
	r2 := nf().Mul(r, r)
	keep := nf().Sub(one, r2)
	// κ_res′ = (1 − r²)κ′ + r² and κ_res(0) = (1 − r²)κ(0): increasing.
	res := func(x *big.Float, add bool) *big.Float {
		y := nf().Mul(x, keep)
		if add {
			y.Add(y, r2)
		}
		return y
	}
	kpr := interval{res(kp.v, true), res(kp.lo, true), res(kp.hi, true)}
	// 1 − κ_res(0) decreases in κ(0).
	a1 := interval{nf().Sub(one, res(k0.v, false)), nf().Sub(one, res(k0.hi, false)), nf().Sub(one, res(k0.lo, false))}
	// (1 − ρ*)/(2 − κ′) decreases in ρ* and increases in κ′ < 2.
	two := nf().SetInt64(2)
	q := func(rho, kp *big.Float) *big.Float {
		return nf().Quo(nf().Sub(one, rho), nf().Sub(two, kp))
	}
	a3 := interval{q(rho.v, kpr.v), q(rho.hi, kpr.lo), q(rho.lo, kpr.hi)}
	maxOf := func(xs ...*big.Float) *big.Float {
		b := xs[0]
		for _, x := range xs[1:] {
			if x.Cmp(b) > 0 {
				b = x
			}
		}
		return b
	}
	// max is nondecreasing in each argument.
	alpha := interval{maxOf(a1.v, kpr.v, a3.v), maxOf(a1.lo, kpr.lo, a3.lo), maxOf(a1.hi, kpr.hi, a3.hi)}
	slack := math.Ldexp(1, 8-int(prec))
	var out Interior
	var err error
	if out.RhoStar, err = rho.widen(slack).certify("ρ*", digits); err != nil {
		return Interior{}, err
	}
	if out.KappaPrimeRhoStar, err = kpr.widen(slack).certify("κ′(ρ*)", digits); err != nil {
		return Interior{}, err
	}
	if out.Alpha, err = alpha.widen(slack).certify("α", digits); err != nil {
		return Interior{}, err
	}
	out.Terms = terms
	return out, nil
}

// interiorFloat64 is the float64 certificate of InteriorDigits, from
// two-input integrals at Analyze's root and their estimated errors.
func (m *KernelMap) interiorFloat64(fp FixedPoint, digits int) (Interior, error) {
	s2, err := Expect(calc.Mul(m.sigma, m.sigma), 1)
	if err != nil {
		return Interior{}, err
	}
	s1, err := Expect(m.sigma, 1)
	if err != nil {
		return Interior{}, err
	}
	const round = 1e-15 // rounding of the float64 arithmetic, relative
	// corr returns E[f(X)f(Y)]/E[σ²] at correlation ρ and a bound on its
	// error.
	corr := func(f calc.Expr, rho float64) (float64, float64, error) {
		v, err := Expect2(f, f, Cov{K11: 1, K12: rho, K22: 1})
		if err != nil {
			return 0, 0, err
		}
		k := v.V / s2.V
		return k, v.AbsErr/s2.V + math.Abs(k)*(s2.AbsErr/s2.V+round), nil
	}
	rho := fp.RhoStar
	k, ek, err := corr(m.sigma, rho)
	if err != nil {
		return Interior{}, err
	}
	// The map without the residual at Analyze's κ′(ρ*).
	r2 := m.Residual * m.Residual
	kp0 := (fp.KappaPrimeRhoStar - r2) / (1 - r2)
	if !(kp0 < 1) || !(rho > 0 && rho < 1) {
		return Interior{}, errors.New("κ′(ρ*) is not below 1")
	}
	res := math.Abs(k-rho) + ek + round*rho
	delta := 4 * res / (1 - kp0)
	if !(rho-delta > 0 && rho+delta < 1) {
		return Interior{}, errors.New("the interval about ρ* leaves (0, 1)")
	}
	kpHi, e, err := corr(m.dsigma, math.Nextafter(rho+delta, 2))
	if err != nil {
		return Interior{}, err
	}
	mu := 1 - (kpHi + e)
	R := res / mu * (1 + 1e-12)
	if !(mu > 0) || R > delta {
		return Interior{}, errors.New("no interval about ρ* with κ′ below 1")
	}
	lo, hi := math.Nextafter(rho-R, 0), math.Nextafter(rho+R, 2)
	kLo, eLo, err := corr(m.dsigma, lo)
	if err != nil {
		return Interior{}, err
	}
	kHi, eHi, err := corr(m.dsigma, hi)
	if err != nil {
		return Interior{}, err
	}
	kv, _, err := corr(m.dsigma, rho)
	if err != nil {
		return Interior{}, err
	}
	k0 := s1.V * s1.V / s2.V
	ek0 := (2*math.Abs(s1.V)*s1.AbsErr+s1.AbsErr*s1.AbsErr)/s2.V + k0*(s2.AbsErr/s2.V+round)
	bf := func(x float64) *big.Float { return new(big.Float).SetPrec(128).SetFloat64(x) }
	return m.interiorResults(
		interval{bf(rho), bf(lo), bf(hi)},
		interval{bf(kv), bf(kLo - eLo - round*kLo), bf(kHi + eHi + round*kHi)},
		interval{bf(k0), bf(k0 - ek0), bf(k0 + ek0)},
		128, digits, 0)
}

// interiorSeries is the Hermite-series certificate of InteriorDigits. It
// returns errNotBetter, without computing a coefficient, when the series
// truncated at its largest order cannot certify more than have digits.
func (m *KernelMap) interiorSeries(fp FixedPoint, digits, have int) (Interior, error) {
	r2 := m.Residual * m.Residual
	kp0 := (fp.KappaPrimeRhoStar - r2) / (1 - r2)
	guard := interiorGuard
	if kp0 < 1 {
		guard += max(0, int(math.Ceil(-math.Log10(1-kp0))))
	}
	guard = min(guard, maxInteriorGuard)
	// ρ̂ and the ends of its interval lie within 10^−6 of Analyze's root.
	rhoUp := min(fp.RhoStar+1e-6, 1-1e-9)
	est := newTailEstimate(m.sigma)
	maxN := interiorTermsCap(m.sigma)
	var best Interior
	for {
		cd := digits + guard
		N := est.terms(rhoUp, math.Pow(10, -float64(cd))/10)
		// A tail the float64 coefficients do not resolve may fall much
		// faster than their rounding level suggests: the certified tail
		// of the coefficients decides.
		limited := N > maxN && est.resolved(maxN)
		N = min(N, maxN)
		if limited {
			// The truncation, not the coefficients, limits the digits:
			// coefficients to the truncation's accuracy are enough.
			N = maxN
			reach := int(math.Floor(-math.Log10(est.tail(N) * truncFactor(N, rhoUp))))
			if reach-guard+interiorGuard-1 <= max(have, best.minDigits()) {
				break
			}
			cd = min(cd, reach+1)
		}
		in, err := m.interiorSeriesAt(fp.RhoStar, rhoUp, digits, cd, N, maxN)
		var nc *calc.NotCertifiedError
		switch {
		case err == nil && in.minDigits() >= digits:
			return in, nil
		case err == nil:
			if in.minDigits() > best.minDigits() {
				best = in
			}
		case !errors.As(err, &nc):
			if best.RhoStar.V != nil {
				return best, nil
			}
			return Interior{}, fmt.Errorf("interior fixed point of %s: %w", m.Sigma, err)
		}
		// More guard digits help only coefficients that limit the digits.
		if limited || guard >= maxInteriorGuard {
			break
		}
		lost := digits
		if err == nil {
			lost = digits - in.minDigits()
		}
		guard = min(maxInteriorGuard, guard+lost+2)
	}
	if best.RhoStar.V == nil {
		return Interior{}, errNotBetter
	}
	return best, nil
}

// errNotBetter reports that the Hermite series would certify no more
// digits than the float64 certificate.
var errNotBetter = errors.New("the Hermite series certifies no more digits")

// errNoRoot marks a series whose Newton iteration or certificate failed
// for a reason more digits do not mend.
var errNoRoot = errors.New("no certified interior fixed point")

// interiorSeriesAt runs Newton's method from rho0 on the Hermite series
// c_0…c_N to cd digits and certifies the result on [0, rhoUp]. When the
// certified tail shows the truncation above 10^−cd, N grows to what the
// tail requires, up to maxN.
func (m *KernelMap) interiorSeriesAt(rho0, rhoUp float64, digits, cd, N, maxN int) (Interior, error) {
	tol := math.Pow(10, -float64(cd))
	s, err := newKappaSeries(m.sigma, N, cd)
	if err != nil {
		return Interior{}, err
	}
	if s.tail*truncFactor(N, rhoUp) > tol && N < maxN {
		// The estimate was short: the certified tail T_N bounds every
		// later T_N′, so this N′ is enough (or the largest allowed).
		N2 := N
		for N2 < maxN && s.tail*truncFactor(N2, rhoUp) > tol/10 {
			N2++
		}
		if s, err = newKappaSeries(m.sigma, N2, cd); err != nil {
			return Interior{}, err
		}
		N = N2
	}
	prec := s.prec
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	rho := nf().SetFloat64(rho0)
	stop := math.Pow(10, -float64(cd+3))
	one := nf().SetInt64(1)
	for i := 0; ; i++ {
		k, kp, _, _ := s.at(rho)
		num := nf().Sub(k, rho)
		den := nf().Sub(kp, one)
		if den.Sign() >= 0 {
			return Interior{}, fmt.Errorf("%w: κ′ ≥ 1 at ρ = %s in Newton's method", errNoRoot, rho.Text('g', 12))
		}
		step := nf().Quo(num, den)
		rho.Sub(rho, step)
		if math.Abs(bigToFloat(step)) < stop {
			break
		}
		if i == 60 || math.Abs(bigToFloat(rho)-rho0) > 1e-7 {
			return Interior{}, fmt.Errorf("%w: Newton's method on the Hermite series left ρ* ≈ %.15g", errNoRoot, rho0)
		}
	}
	// The certificate of InteriorDigits.
	k, kp, ek, _ := s.at(rho)
	res := math.Abs(bigToFloat(nf().Sub(k, rho)))*(1+1e-12) + ek
	delta := 4 * res / (1 - bigToFloat(kp))
	if !(delta > 0) {
		return Interior{}, fmt.Errorf("%w: κ′(ρ̂) is not below 1", errNoRoot)
	}
	var R float64
	for range 4 {
		b := nf().Add(rho, nf().SetFloat64(delta))
		_, kpb, _, ekpb := s.at(b)
		mu := 1 - (bigToFloat(kpb)*(1+1e-15) + ekpb)
		if !(mu > 0) {
			return Interior{}, fmt.Errorf("%w: κ′ reaches 1 within %.3g of ρ*", errNoRoot, delta)
		}
		R = res / mu * (1 + 1e-12)
		if R <= delta {
			break
		}
		delta, R = 2*R, 0
	}
	if R == 0 {
		return Interior{}, fmt.Errorf("%w: no interval about ρ* with κ′ below 1", errNoRoot)
	}
	lo := nf().Sub(rho, nf().SetFloat64(R))
	hi := nf().Add(rho, nf().SetFloat64(R))
	if lo.Sign() <= 0 || hi.Cmp(one) >= 0 {
		return Interior{}, fmt.Errorf("%w: the interval about ρ* leaves (0, 1)", errNoRoot)
	}
	_, kpLo, _, eLo := s.at(lo)
	_, kpHi, _, eHi := s.at(hi)
	bf := func(x float64) *big.Float { return nf().SetFloat64(x) }
	kpI := interval{kp, nf().Sub(kpLo, bf(eLo)), nf().Add(kpHi, bf(eHi))}
	c0 := s.sq[0]
	k0 := interval{c0, nf().Sub(c0, bf(s.err[0])), nf().Add(c0, bf(s.err[0]))}
	return m.interiorResults(interval{rho, lo, hi}, kpI, k0, prec, digits, N)
}

// kappaSeries is κ(ρ) = Σ c_k² ρ^k truncated after c_N, with the error
// bounds of InteriorDigits.
type kappaSeries struct {
	prec uint
	sq   []*big.Float // ĉ_k²
	ksq  []*big.Float // k·ĉ_k²
	err  []float64    // e_k ≥ |c_k² − ĉ_k²|
	tail float64      // ≥ T = Σ_{k>N} c_k²
}

// newKappaSeries computes c_0…c_N of σ/C to cd digits: seriesCoefficients,
// or CoefficientsDigits for a σ with a kink off the integers or where the
// rules of seriesCoefficients do not converge.
func newKappaSeries(sigma calc.Expr, N, cd int) (*kappaSeries, error) {
	cs, err := seriesCoefficients(sigma, N, cd)
	if err != nil {
		if cs, _, err = CoefficientsDigits(sigma, N, cd); err != nil {
			return nil, err
		}
	}
	prec := cs[0].Prec()
	eps := math.Pow(10, -float64(cd))
	s := &kappaSeries{prec: prec}
	sumErr := 0.0
	for k, c := range cs {
		sq := new(big.Float).SetPrec(prec).Mul(c, c)
		s.sq = append(s.sq, sq)
		s.ksq = append(s.ksq, new(big.Float).SetPrec(prec).Mul(sq, new(big.Float).SetInt64(int64(k))))
		e := eps * (2*math.Abs(bigToFloat(c)) + eps) * (1 + 1e-12)
		s.err = append(s.err, e)
		sumErr += e
	}
	t := bigToFloat(ParsevalTail(cs))
	// The rounding of 1 − Σ ĉ_k² (N + 1 products and sums at prec bits,
	// each term at most 1) and of its float64 value.
	t += math.Abs(t)*1e-15 + float64(4*(N+2))*math.Ldexp(1, -int(prec))
	s.tail = max(0, t) + sumErr*(1+1e-12)
	return s, nil
}

// seriesCoefficients returns c_k = E[σ(X)·he_k(X)]/C, k = 0..N, with
// C = √E[σ(X)²], each to an absolute accuracy of 10^−cd, like
// CoefficientsDigits. The moments are sums on the rules of Series2 in turn
// (Gauss–Hermite rules, then Gauss–Legendre panels of unit width out to
// Cramér's cut), in big.Float arithmetic with cd+12 digits: far fewer
// nodes than the half-unit panels of CoefficientsDigits, whose rule sizes
// grow with the digits. A σ with kinks, all at integers (relu, elu at 0),
// uses the panels alone, whose ends the kinks are; a kink elsewhere is an
// error wrapping ErrKinked. Rules whose nodes cannot resolve he_N are
// skipped; the first two consecutive rules that agree to 10^−(cd+1) on
// every c_k, and on C relative to C, give the larger rule's values. None
// agreeing is an error wrapping ErrNotConverged. A σ without kinks is
// first tried with CoefficientsDigits' trapezoidal rule (steps h and 2h
// compared by the same criterion), which needs no Gauss–Hermite rule to be
// computed.
func seriesCoefficients(sigma calc.Expr, N, cd int) ([]*big.Float, error) {
	in, err := newIntegrand(sigma)
	if err != nil {
		return nil, err
	}
	for i, k := range in.exact {
		if k == nil || !k.IsInt() {
			return nil, fmt.Errorf("the Hermite series of %s: %w (at x = %.6g, not an end of the unit panels)", sigma, ErrKinked, in.kinks[i])
		}
	}
	panelsOnly := len(in.kinks) > 0
	if !panelsOnly {
		prec := workingBits(cd)
		if T, err := in.coeffCut(float64(cd+4)*math.Ln10 + 8); err == nil {
			if a, _, ok := in.coefficientsTrapezoid(sigma, T, N, cd, prec, math.Pow(10, -float64(cd+1))); ok {
				return a, nil
			}
		}
	}
	s := &Series2{f: in, g: in, same: true, rules: map[series2Key][]*node{}}
	prec := workingBits(cd)
	tol := math.Pow(10, -float64(cd+1))
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	T := 0
	moments := func(r series2Rule) ([]*big.Float, *big.Float, error) {
		if r.panels && T == 0 {
			t, err := s.f.momentCut(1, float64(cd+4)*math.Ln10+8)
			if err != nil {
				return nil, nil, err
			}
			T = int(math.Ceil(t))
		}
		nodes, err := s.nodes(r, T, prec)
		if err != nil {
			return nil, nil, err
		}
		st, err := newHermiteStream(s.f, nodes, one, prec)
		if err != nil {
			return nil, nil, err
		}
		a := make([]*big.Float, N+1)
		for k := range a {
			a[k] = st.next()
		}
		return a, st.square, nil
	}
	var prevA []*big.Float
	var prevC *big.Float
	for _, r := range series2Rules {
		if r.maxTerms() <= N || panelsOnly && !r.panels {
			continue
		}
		a, sq, err := moments(r)
		if err != nil {
			return nil, err
		}
		if sq.Sign() <= 0 {
			return nil, fmt.Errorf("Hermite coefficients of %s: E[σ(X)²] = %s is not positive", sigma, sq.Text('g', 10))
		}
		C := new(big.Float).SetPrec(prec).Sqrt(sq)
		for _, ak := range a {
			ak.Quo(ak, C)
		}
		ok := prevA != nil && math.Abs(bigToFloat(new(big.Float).Sub(C, prevC))) <= tol*bigToFloat(C)
		for k := 0; ok && k <= N; k++ {
			ok = math.Abs(bigToFloat(new(big.Float).Sub(a[k], prevA[k]))) <= tol
		}
		if ok {
			return a, nil
		}
		prevA, prevC = a, C
	}
	return nil, fmt.Errorf("Hermite coefficients of %s: %w with the rules up to the %s", sigma, ErrNotConverged, series2Rules[len(series2Rules)-1])
}

// at returns S(ρ), S′(ρ) and bounds on |κ(ρ) − S(ρ)| and |κ′(ρ) − S′(ρ)|
// for 0 < ρ < 1 (InteriorDigits).
func (s *kappaSeries) at(rho *big.Float) (k, kp *big.Float, ek, ekp float64) {
	N := len(s.sq) - 1
	k = new(big.Float).SetPrec(s.prec).Set(s.sq[N])
	kp = new(big.Float).SetPrec(s.prec).Set(s.ksq[N])
	for i := N - 1; i >= 0; i-- {
		k.Mul(k, rho).Add(k, s.sq[i])
		if i >= 1 {
			kp.Mul(kp, rho).Add(kp, s.ksq[i])
		}
	}
	// Horner on terms ≥ 0 at 0 < ρ < 1 loses at most 2N roundings of
	// the result.
	u := math.Ldexp(1, -int(s.prec))
	r := math.Nextafter(bigToFloat(rho), 2) // ≥ ρ
	sum, dsum := 0.0, 0.0
	pow := 1.0 // r^k
	for i, e := range s.err {
		sum += e * pow
		if i+1 < len(s.err) {
			dsum += float64(i+1) * s.err[i+1] * pow
		}
		pow *= r
	}
	fix := 1 + 1e-12 // float64 rounding of the bounds
	ek = (sum+s.tail*math.Pow(r, float64(N+1)))*fix + 4*float64(N+1)*u*math.Abs(bigToFloat(k))
	ekp = (dsum+s.tail*supKRho(N, r))*fix + 4*float64(N+1)*u*math.Abs(bigToFloat(kp))
	return k, kp, ek, ekp
}

// supKRho bounds sup_{k>N} k·ρ^(k−1) for 0 < ρ < 1: k·ρ^(k−1) grows up to
// k = 1/ln(1/ρ), where it is 1/(e·ρ·ln(1/ρ)), and falls after.
func supKRho(N int, rho float64) float64 {
	l := -math.Log(rho)
	if float64(N+1) >= 1/l {
		return float64(N+1) * math.Pow(rho, float64(N))
	}
	return 1 / (math.E * rho * l)
}

// truncFactor is the larger factor multiplying T in the truncation bounds
// of κ and κ′ at ρ.
func truncFactor(N int, rho float64) float64 {
	return max(math.Pow(rho, float64(N+1)), supKRho(N, rho))
}

// tailEstimate holds float64 Hermite coefficients, from which the order
// of the series is chosen (the certified bound is checked afterwards).
type tailEstimate struct{ c []float64 }

func newTailEstimate(sigma calc.Expr) *tailEstimate {
	c, _, err := Coefficients(sigma, MaxCoefficients)
	if err != nil {
		return nil
	}
	return &tailEstimate{c}
}

// tail returns the estimate of T_N = Σ_{k>N} c_k²: Σ_{N<k≤200} c_k² plus
// what lies beyond c_200 (1 − Σ_{k≤200} c_k², less the float64
// coefficients' error), and no less than the rounding level of the last
// coefficients (or of a tail still falling), summed over every k. The
// estimate only picks N; the certified tail of the coefficients at high
// precision is checked after. Without float64 coefficients it is 1.
func (e *tailEstimate) tail(N int) float64 {
	est, floor := e.parts(N)
	return max(est, floor)
}

// resolved reports whether the estimate of T_N stands well above the
// rounding of the float64 coefficients (about 1e-16 each, 1e-30 for the
// squares of 200 of them): a tail known to be slow, not one merely too
// small to see.
func (e *tailEstimate) resolved(N int) bool {
	est, _ := e.parts(N)
	return est > 1e-28
}

// parts returns the estimate of T_N from the coefficients and the level
// below which they do not resolve it.
func (e *tailEstimate) parts(N int) (est, floor float64) {
	if e == nil {
		return 1, 0
	}
	n := len(e.c)
	beyond := 1.0
	for k, c := range e.c {
		beyond -= c * c
		if k >= n-20 {
			floor = max(floor, c*c)
		}
	}
	// Σ_{N<k≤200} c_k², summed from the small end.
	for k := n - 1; k > N; k-- {
		est += e.c[k] * e.c[k]
	}
	return est + max(0, beyond-1e-11), max(floor*float64(n), 1e-34)
}

// terms returns the least N ≥ 2 whose estimated truncation at ρ is below
// tol (MaxCoefficientsDigits + 1 when none is).
func (e *tailEstimate) terms(rho, tol float64) int {
	for N := 2; N <= MaxCoefficientsDigits; N++ {
		if e.tail(N)*truncFactor(N, rho) <= tol {
			return N
		}
	}
	return MaxCoefficientsDigits + 1
}
