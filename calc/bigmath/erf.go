package bigmath

import (
	"math"
	"math/big"
	"math/bits"

	"critcalc/internal/words"
)

// erfGuard is the number of guard bits carried by Erf and Erfc beyond the
// requested precision.
const erfGuard = 12

// Erf returns the error function of x, erf x = 2/√π ∫₀ˣ e^(-t²) dt,
// rounded to prec bits.
//
// For |x| < 1/2 it sums the Taylor series (see erfTaylorInto); for
// moderate |x|,
//
//	erf x = 2/√π · e^(-x²) · Σ 2^n x^(2n+1) / (1·3·5···(2n+1)),
//
// a series of positive terms that does not cancel (Abramowitz & Stegun,
// Handbook of Mathematical Functions, 7.1.6). For larger |x|,
// erf x = 1 − erfc x, with erfc from its continued fraction (see Erfc);
// the crossover is chosen by the estimated cost of both methods.
//
// Special cases are:
//
//	Erf(±0) = ±0
//	Erf(±Inf) = ±1
func Erf(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	switch {
	case x.Sign() == 0:
		return z.Set(x)
	case x.IsInf():
		z.SetInt64(1)
	default:
		erfPosInto(z, new(big.Float).Abs(x))
	}
	if x.Signbit() {
		z.Neg(z)
	}
	return z
}

// Erfc returns the complementary error function of x, erfc x = 1 − erf x,
// rounded to prec bits. The result keeps full relative accuracy when it
// is tiny, as for erfc(30) ≈ 2.6e-393.
//
// For large x, erfc x = e^(-x²)/√π · 2x/t₀ with the continued fraction
//
//	t₀ = 2x² + 1 − 1·2/(2x² + 5 − 3·4/(2x² + 9 − 5·6/(2x² + 13 − ...))),
//
// the even part of Laplace's continued fraction (Abramowitz & Stegun,
// Handbook of Mathematical Functions, 7.1.14), evaluated from a tail
// whose length is set by the precision and x. Elsewhere erfc x = 1 − erf x
// with as many extra bits as the subtraction cancels, and
// erfc(−x) = 1 + erf x.
//
// Special cases are:
//
//	Erfc(±0) = 1
//	Erfc(+Inf) = +0
//	Erfc(-Inf) = 2
func Erfc(prec uint, x *big.Float) *big.Float {
	z := newFloat(prec)
	switch {
	case x.Sign() == 0:
		return z.SetInt64(1)
	case x.IsInf():
		if x.Signbit() {
			return z.SetInt64(2)
		}
		return z
	case x.Signbit():
		e := erfPosInto(newFloat(prec+erfGuard), new(big.Float).Abs(x))
		return z.Add(e, one)
	}
	return erfcPosInto(z, x)
}

// erfPosInto sets z to erf a, rounded to the precision of z, for finite
// a > 0, and returns z.
func erfPosInto(z, a *big.Float) *big.Float {
	wp := z.Prec() + erfGuard
	e := exponent(a)
	if e < -int(wp/2)-2 {
		// erf a = 2a/√π·(1 − a²/3 + ...) with a²/3 < 2^-(wp+4).
		k := setFixed(newFloat(wp), invSqrtPi.fixed(wp+8), wp+8)
		k.Mul(k, a)
		k.SetMantExp(k, 1)
		return z.Set(k)
	}
	if e <= erfTaylorMaxExp {
		return erfTaylorInto(z, a)
	}
	af, _ := a.Float64()
	switch {
	case e > 0 && af*af > float64(wp+2)*math.Ln2:
		// erfc a < e^(-a²) < 2^-(wp+2): erf a rounds to 1.
		return z.SetInt64(1)
	case useErfcCF(af, wp, false):
		// erf a = 1 − erfc a with erfc a < e^(−a²): a relative error of
		// 2^−p in erfc a is an absolute one below 2^−(p + a²·log2 e) in
		// erf a ≥ 1/2, so erfc needs only the bits that remain of wp.
		p := max(int(wp)-int(af*af*math.Log2E)+4, 24)
		c := erfcCFInto(newFloat(uint(p)), a)
		return z.Sub(one, c)
	}
	return erfSeriesInto(z, a)
}

// erfcPosInto sets z to erfc a, rounded to the precision of z, for finite
// a > 0, and returns z.
func erfcPosInto(z, a *big.Float) *big.Float {
	wp := z.Prec() + erfGuard
	af, _ := a.Float64()
	if useErfcCF(af, wp, true) {
		return erfcCFInto(z, a)
	}
	// erfc a > e^(-a²)/(2a+2) (for a ≥ 0), so 1 − erf a cancels fewer
	// than a²·log2(e) + log2(2a+2) bits.
	extra := uint(math.Ceil(af*af*math.Log2E+math.Log2(2*af+2))) + 2
	e := erfPosInto(newFloat(wp+extra), a)
	return z.Sub(one, e)
}

// erfTaylorMaxExp is the largest binary exponent of the arguments whose
// erf is summed by erfTaylorInto (|a| < 2^erfTaylorMaxExp): there the
// alternating series needs no e^(−a²) and hardly more terms than the
// series of positive terms.
const erfTaylorMaxExp = -1

// erfTaylorInto sets z to erf a, rounded to the precision of z, for
// 0 < a < 1/2, and returns z. It sums the Taylor series
//
//	erf a = 2/√π · Σ (−1)^n a^(2n+1) / (n!·(2n+1))
//
// (Abramowitz & Stegun, Handbook of Mathematical Functions, 7.1.5) in
// fixed point: p_n = a^(2n+1)/n! by p_n = p_(n−1)·a²/n, each step
// truncating by under two units, with the error carried in damped by
// a²/n < 1/4; each term p_n/(2n+1) adds one more. The sum exceeds
// a·(1 − a²/3) > a/2, and the 16 extra fractional bits beyond wp cover
// four units per term for up to 2^12 terms.
func erfTaylorInto(z, a *big.Float) *big.Float {
	wp := z.Prec() + erfGuard
	f := wp + uint(-exponent(a)) + 16
	x := toFixed(a, f)
	c := mulFixed(new(big.Int), x, x, f) // a²
	sum := alternatingOddSum(x, c, f, true)
	s := setFixed(newFloat(wp), sum, f)
	k := setFixed(newFloat(wp), invSqrtPi.fixed(wp+8), wp+8)
	k.Mul(k, s)
	k.SetMantExp(k, 1)
	return z.Set(k)
}

// erfSeriesInto sets z to erf a, rounded to the precision of z, for
// 0 < a ≲ 2^wp, using the series of positive terms
// Σ 2^n a^(2n+1)/(1·3·5···(2n+1)) = (√π/2)·e^(a²)·erf a, summed in fixed
// point with enough fractional bits for a relative error of 2^-wp.
func erfSeriesInto(z, a *big.Float) *big.Float {
	wp := z.Prec() + erfGuard
	e := exponent(a)
	f := wp + uint(max(0, -e)) + 16
	x := toFixed(a, f)
	c := mulFixed(new(big.Int), x, x, f-1) // 2a²
	sum := append([]big.Word(nil), x.Bits()...)
	ser := newWordSeries(x, c, f)
	for n := uint(1); ser.next(2*n + 1); n++ {
		sum = words.AddTo(sum, ser.term())
	}

	s := setFixed(newFloat(wp), new(big.Int).SetBits(sum), f)
	ex := expInto(newFloat(wp), negSquare(a, wp))
	k := setFixed(newFloat(wp), invSqrtPi.fixed(wp+8), wp+8)
	k.Mul(k, ex)
	k.Mul(k, s)
	k.SetMantExp(k, 1)
	return z.Set(k)
}

// erfcCFInto sets z to erfc a, rounded to the precision of z, for finite
// a > 0 large enough that the continued fraction converges quickly (see
// useErfcCF), and returns z.
func erfcCFInto(z, a *big.Float) *big.Float {
	af, _ := a.Float64()
	return erfcCFSteps(z, a, erfcCFTerms(af, z.Prec()+erfGuard))
}

// erfcCFSteps sets z to erfc a, rounded to the precision of z, from n
// steps of the continued fraction evaluated backward from its tail, and
// returns z.
//
// The recurrence t ← 2a² + 4k − 3 − (2k−1)·2k/t runs in fixed point. Its
// values exceed 2a² + 1 > 1, each step adds an error of at most two units
// and damps the error carried in by the factor (2k−1)·2k/t² < 1, so
// 16 + log2 n extra bits keep the result accurate to wp bits.
func erfcCFSteps(z, a *big.Float, n int64) *big.Float {
	wp := z.Prec() + erfGuard
	f := wp + 16 + uint(bits.Len64(uint64(n)))
	x := toFixed(a, f)
	c := mulFixed(new(big.Int), x, x, f-1) // 2a²
	unit := new(big.Int).Lsh(big.NewInt(1), f)

	t := new(big.Int).Mul(unit, big.NewInt(4*n+1))
	t.Add(t, c)
	num := new(big.Int)
	rem := new(big.Int)
	q := new(big.Int)
	m := new(big.Int)
	for k := n; k >= 1; k-- {
		num.Lsh(m.SetInt64((2*k-1)*(2*k)), 2*f)
		q.QuoRem(num, t, rem)
		t.Mul(unit, m.SetInt64(4*k-3))
		t.Add(t, c)
		t.Sub(t, q)
	}
	// √π·e^(a²)·erfc a = 2a/t.
	r := setFixed(newFloat(wp), t, f)
	r.Quo(a, r)
	r.SetMantExp(r, 1)
	r.Mul(r, expInto(newFloat(wp), negSquare(a, wp)))
	r.Mul(r, setFixed(newFloat(wp), invSqrtPi.fixed(wp+8), wp+8))
	return z.Set(r)
}

// negSquare returns −a² with an absolute error below 2^-(wp+8), so that
// e^(-a²) keeps a relative error of 2^-wp.
func negSquare(a *big.Float, wp uint) *big.Float {
	w := wp + 8 + 2*uint(max(0, exponent(a)))
	s := newFloat(w).Mul(a, a)
	return s.Neg(s)
}

// erfcCFTerms returns the number of steps of the continued fraction for
// erfc a at wp bits. The truncation error after n steps behaves like
// e^(-4a√n) once n is well above a², which gives n ≈ (wp·ln2/(4a))²; the
// added wp/10 covers the slower start when n is comparable to a². The
// bound was measured for 1.5 ≤ a ≤ 40 and wp up to 1036 bits, and
// TestErfcCFTerms checks it.
func erfcCFTerms(a float64, wp uint) int64 {
	b := float64(wp)*math.Ln2 + 8
	n := b*b/(16*a*a) + float64(wp)/10
	return int64(n) + 8
}

// useErfcCF reports whether erf a (or erfc a, if complement is set) at
// wp bits is cheaper from the continued fraction than from the series.
// The series needs about e·a² + wp/log2(wp) terms (and, for erfc, a²·log2 e
// extra bits), the continued fraction about (wp·ln2/(4a))² steps, each
// with a division; measured crossovers lie near a² = 0.2·wp for erf and
// a² = 0.15·wp for erfc.
func useErfcCF(a float64, wp uint, complement bool) bool {
	if complement {
		return a*a > 0.15*float64(wp)
	}
	return a*a > 0.2*float64(wp)
}
