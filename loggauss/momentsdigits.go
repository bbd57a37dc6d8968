package loggauss

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// The exact moments to a requested number of significant digits.
//
// Each moment is a finite sum of ψ and ψ′ values at half-integers and
// logarithms of integers (moments.go). It is computed twice, at working
// precisions of digits+digitsLow and digits+digitsHigh digits (psiAt), and
// keeps the leading digits on which the two agree (calc.Agreeing): the
// cancellation between ln(2/n) and the mean of ψ(K/2) (the sum is
// O(1/n) from terms of size ln n) and the rounding of the Binomial sums
// show as disagreement. The Binomial(n, ½) weights are kept where they
// exceed 2^−(prec + 2·bitlen(n) + 16) of the largest, so that the dropped
// mass, below n times that, moves no digit at either precision.
const (
	digitsLow  = 15
	digitsHigh = 30
)

// MaxDigits is the most significant digits the *Digits functions accept.
const MaxDigits = calc.MaxDigits

// MomentsDigits is the mean and variance of G (or of ln‖z_out‖²), each to
// its certified digits.
type MomentsDigits struct{ MeanG, VarG calc.Certified }

// bigMoments are moments at one working precision.
type bigMoments struct{ mean, v *big.Float }

func (m bigMoments) add(o bigMoments) bigMoments {
	p := m.mean.Prec()
	return bigMoments{new(big.Float).SetPrec(p).Add(m.mean, o.mean), new(big.Float).SetPrec(p).Add(m.v, o.v)}
}

// precForDigits is the working precision of d digits.
func precForDigits(d int) uint { return calc.BitsForDigits(d) + 16 }

// checkDigits validates a requested number of digits.
func checkDigits(digits int) error {
	if digits < 1 || digits > MaxDigits {
		return fmt.Errorf("digits must be between 1 and %d, got %d", MaxDigits, digits)
	}
	return nil
}

// certifyMoments runs f at the two working precisions of digits and keeps
// the digits on which the results agree.
func certifyMoments(digits int, f func(prec uint) (bigMoments, error)) (MomentsDigits, error) {
	lo, err := f(precForDigits(digits + digitsLow))
	if err != nil {
		return MomentsDigits{}, err
	}
	hi, err := f(precForDigits(digits + digitsHigh))
	if err != nil {
		return MomentsDigits{}, err
	}
	mean, err := calc.Agreeing("E[G]", lo.mean, hi.mean, digits)
	if err != nil {
		return MomentsDigits{}, err
	}
	v, err := calc.Agreeing("Var[G]", lo.v, hi.v, digits)
	if err != nil {
		return MomentsDigits{}, err
	}
	return MomentsDigits{MeanG: mean, VarG: v}, nil
}

// BetaRat returns β = 2/n_d + 5Σ_{ℓ<d} 1/n_ℓ (BetaWidths) as an exact
// rational.
func BetaRat(widths []int) (*big.Rat, error) {
	if err := checkWidths(widths); err != nil {
		return nil, fmt.Errorf("loggauss: beta: %w", err)
	}
	d := len(widths) - 1
	b := big.NewRat(2, int64(widths[d]))
	for _, w := range widths[:d] {
		b.Add(b, big.NewRat(5, int64(w)))
	}
	return b, nil
}

// ExactMomentsDigits is ExactMomentsWidths to digits significant digits (1
// to MaxDigits), each certified (see the comment at the top of this file).
func ExactMomentsDigits(widths []int, digits int) (MomentsDigits, error) {
	if err := checkWidths(widths); err != nil {
		return MomentsDigits{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	if err := checkDigits(digits); err != nil {
		return MomentsDigits{}, fmt.Errorf("loggauss: exact moments: %w", err)
	}
	return certifyMoments(digits, func(prec uint) (bigMoments, error) { return exactAt(widths, prec) })
}

// ExactOutputDigits is the exact moments of ln‖z_out‖² = G + ln χ²_{n_out}
// (‖x‖²/n_in = 1; Moments.Output of ExactMomentsWidths) to digits
// significant digits.
func ExactOutputDigits(widths []int, nOut, digits int) (MomentsDigits, error) {
	if err := checkWidths(widths); err != nil {
		return MomentsDigits{}, fmt.Errorf("loggauss: exact output moments: %w", err)
	}
	return outputDigits(nOut, digits, func(prec uint) (bigMoments, error) { return exactAt(widths, prec) })
}

// TheoryOutputDigits is the log-Gaussian moments of ln‖z_out‖² (Theorem 2:
// G ~ N(−β/2, β), β = BetaRat(widths), plus ln χ²_{n_out}, ‖x‖²/n_in = 1)
// to digits significant digits.
func TheoryOutputDigits(widths []int, nOut, digits int) (MomentsDigits, error) {
	beta, err := BetaRat(widths)
	if err != nil {
		return MomentsDigits{}, err
	}
	return outputDigits(nOut, digits, func(prec uint) (bigMoments, error) {
		b := new(big.Float).SetPrec(prec).SetRat(beta)
		return bigMoments{new(big.Float).SetPrec(prec).Quo(b, big.NewFloat(-2)), b}, nil
	})
}

// outputDigits certifies the moments of ln‖z_out‖² = G + ln χ²_{n_out} to
// digits significant digits, with the moments of G at prec bits from g.
func outputDigits(nOut, digits int, g func(prec uint) (bigMoments, error)) (MomentsDigits, error) {
	if err := checkOutputDigits(nOut, digits); err != nil {
		return MomentsDigits{}, err
	}
	return certifyMoments(digits, func(prec uint) (bigMoments, error) {
		gm, err := g(prec)
		if err != nil {
			return bigMoments{}, err
		}
		c, err := logChiSquaredAt(nOut, prec)
		if err != nil {
			return bigMoments{}, err
		}
		return gm.add(c), nil
	})
}

func checkOutputDigits(nOut, digits int) error {
	if nOut < 1 {
		return fmt.Errorf("loggauss: output moments: n_out = %d must be ≥ 1", nOut)
	}
	if err := checkDigits(digits); err != nil {
		return fmt.Errorf("loggauss: output moments: %w", err)
	}
	return nil
}

// exactAt is ExactMomentsWidths at prec bits.
func exactAt(widths []int, prec uint) (bigMoments, error) {
	d := len(widths) - 1
	m, err := lastFactorAt(widths[d], prec)
	if err != nil {
		return bigMoments{}, err
	}
	count := map[int]int64{}
	var order []int
	for _, n := range widths[:d] {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	for _, n := range order {
		f, err := reluFactorAt(n, prec)
		if err != nil {
			return bigMoments{}, err
		}
		c := new(big.Float).SetInt64(count[n])
		m = m.add(bigMoments{new(big.Float).SetPrec(prec).Mul(f.mean, c), new(big.Float).SetPrec(prec).Mul(f.v, c)})
	}
	return m, nil
}

// logChiSquaredAt is LogChiSquared(k) at prec bits: ψ(k/2) + ln 2, ψ′(k/2).
func logChiSquaredAt(k int, prec uint) (bigMoments, error) {
	p, err := psiAt(prec, half(prec, k))
	if err != nil {
		return bigMoments{}, err
	}
	return bigMoments{new(big.Float).SetPrec(prec).Add(p.psi, logInt(prec, 2)), p.tri}, nil
}

// lastFactorAt is LastFactor(n) at prec bits.
func lastFactorAt(n int, prec uint) (bigMoments, error) {
	m, err := logChiSquaredAt(n, prec)
	if err != nil {
		return bigMoments{}, err
	}
	ln, err := bigmath.Log(prec, new(big.Float).SetInt64(int64(n)))
	if err != nil {
		return bigMoments{}, err
	}
	m.mean.Sub(m.mean, ln)
	return m, nil
}

// reluFactorAt is ReluFactor(n) at prec bits: the Binomial(n, ½) weights
// of k = 1…n relative to the mode, kept where they exceed the cut (see the
// top of this file), normalised by their sum.
func reluFactorAt(n int, prec uint) (bigMoments, error) {
	f := func() *big.Float { return new(big.Float).SetPrec(prec + 32) }
	mode := n / 2
	if mode == 0 {
		mode = 1
	}
	cut := f().SetMantExp(big.NewFloat(1), -int(prec)-2*bitLen(n)-16)
	// Weights w_k/w_mode down from the mode, then up.
	var down []*big.Float
	w := f().SetInt64(1)
	for k := mode - 1; k >= 1; k-- {
		// w_k = w_{k+1}(k+1)/(n−k)
		w = f().Quo(f().Mul(w, f().SetInt64(int64(k+1))), f().SetInt64(int64(n-k)))
		if w.Cmp(cut) < 0 {
			break
		}
		down = append(down, w)
	}
	kMin := mode - len(down)
	ws := make([]*big.Float, 0, 2*len(down)+1)
	for i := len(down) - 1; i >= 0; i-- {
		ws = append(ws, down[i])
	}
	ws = append(ws, f().SetInt64(1))
	w = f().SetInt64(1)
	for k := mode + 1; k <= n; k++ {
		w = f().Quo(f().Mul(w, f().SetInt64(int64(n-k+1))), f().SetInt64(int64(k)))
		if w.Cmp(cut) < 0 {
			break
		}
		ws = append(ws, w)
	}
	// ψ and ψ′ at k/2 for k = kMin, kMin+1, then upward by steps of 1 in
	// the argument (k += 2).
	var start [2]psiPair
	for i := range start {
		var err error
		if start[i], err = psiAt(prec+32, half(prec+32, kMin+i)); err != nil {
			return bigMoments{}, err
		}
	}
	psis := make([]*big.Float, len(ws))
	tris := make([]*big.Float, len(ws))
	for i := range ws {
		if i < 2 {
			psis[i], tris[i] = start[i].psi, start[i].tri
			continue
		}
		x := half(prec+32, kMin+i-2)
		inv := f().Quo(big.NewFloat(1), x)
		psis[i] = f().Add(psis[i-2], inv)
		tris[i] = f().Sub(tris[i-2], f().Mul(inv, inv))
	}
	total, mean := f(), f()
	for i, w := range ws {
		total.Add(total, w)
		mean.Add(mean, f().Mul(w, psis[i]))
	}
	mean.Quo(mean, total)
	v := f()
	for i, w := range ws {
		dv := f().Sub(psis[i], mean)
		v.Add(v, f().Mul(w, f().Add(tris[i], f().Mul(dv, dv))))
	}
	v.Quo(v, total)
	// E = ln(2/n) + ln 2 + mean = ln(4/n) + mean.
	l, err := bigmath.Log(prec+32, f().Quo(f().SetInt64(4), f().SetInt64(int64(n))))
	if err != nil {
		return bigMoments{}, err
	}
	mean.Add(mean, l)
	return bigMoments{mean.SetPrec(prec), v.SetPrec(prec)}, nil
}

// half returns k/2 (exact) at prec bits.
func half(prec uint, k int) *big.Float {
	return new(big.Float).SetPrec(prec).SetMantExp(new(big.Float).SetInt64(int64(k)), -1)
}

func bitLen(n int) int { return big.NewInt(int64(n)).BitLen() }

// ZeroEventProbabilityDigits is ZeroEventProbability to digits significant
// digits: 1 − Π_{ℓ<d}(1 − 2^−n_ℓ) = −expm1(Σ log1p(−2^−n_ℓ)), at two
// working precisions that must agree. It also returns log₁₀ of the
// complement, Σ log1p(−2^−n_ℓ)/ln 10, to the same digits (0 exactly for
// d = 0).
func ZeroEventProbabilityDigits(widths []int, digits int) (p, log10Complement calc.Certified, err error) {
	if err := checkWidths(widths); err != nil {
		return p, p, fmt.Errorf("loggauss: zero-event probability: %w", err)
	}
	if err := checkDigits(digits); err != nil {
		return p, p, fmt.Errorf("loggauss: zero-event probability: %w", err)
	}
	if len(widths) == 1 {
		z := calc.Exact(new(big.Float), digits)
		return z, z, nil
	}
	at := func(prec uint) (pz, l10 *big.Float, err error) {
		s := new(big.Float).SetPrec(prec)
		count := map[int]int64{}
		var order []int
		for _, n := range widths[:len(widths)-1] {
			if count[n] == 0 {
				order = append(order, n)
			}
			count[n]++
		}
		for _, n := range order {
			x := new(big.Float).SetMantExp(big.NewFloat(-1), -n)
			l, err := bigmath.Log1p(prec, x)
			if err != nil {
				return nil, nil, err
			}
			s.Add(s, new(big.Float).SetPrec(prec).Mul(l, new(big.Float).SetInt64(count[n])))
		}
		e := bigmath.Expm1(prec, s)
		pz = new(big.Float).SetPrec(prec).Neg(e)
		l10 = new(big.Float).SetPrec(prec).Quo(s, logInt(prec, 10))
		return pz, l10, nil
	}
	lo1, lo2, err := at(precForDigits(digits + digitsLow))
	if err != nil {
		return p, p, fmt.Errorf("loggauss: zero-event probability: %w", err)
	}
	hi1, hi2, err := at(precForDigits(digits + digitsHigh))
	if err != nil {
		return p, p, fmt.Errorf("loggauss: zero-event probability: %w", err)
	}
	if p, err = calc.Agreeing("P(empty layer)", lo1, hi1, digits); err != nil {
		return p, p, err
	}
	if log10Complement, err = calc.Agreeing("log₁₀ P(no empty layer)", lo2, hi2, digits); err != nil {
		return p, p, err
	}
	return p, log10Complement, nil
}

// logInt returns ln k (k ≥ 1) at prec bits.
func logInt(prec uint, k int64) *big.Float {
	l, _ := bigmath.Log(prec, new(big.Float).SetInt64(k))
	return l
}
