package quadrature

import (
	"math"
	"math/big"
	"math/bits"
)

// constPrecStep is the granularity, in bits, of the precisions at which the
// constants ln 2 and π are cached.
const constPrecStep = 64

var (
	ln2Cache cache[uint, *big.Float]
	piCache  cache[uint, *big.Float]
)

// constPrec rounds prec up to a multiple of constPrecStep, plus one step of
// guard bits.
func constPrec(prec uint) uint {
	return (prec+constPrecStep-1)/constPrecStep*constPrecStep + constPrecStep
}

// bigLn2 returns ln 2 to at least prec bits. The result is shared: do not
// modify it.
func bigLn2(prec uint) *big.Float {
	p := constPrec(prec)
	v, _ := ln2Cache.get(p, func() (*big.Float, error) {
		// ln 2 = 2·atanh(1/3) = 2·Σ 3^{−(2k+1)}/(2k+1).
		v := atanhInv(3, p)
		return v.Mul(v, newFloat(p).SetInt64(2)), nil
	})
	return v
}

// bigPi returns π to at least prec bits. The result is shared: do not modify
// it.
func bigPi(prec uint) *big.Float {
	p := constPrec(prec)
	v, _ := piCache.get(p, func() (*big.Float, error) {
		// Machin's formula: π = 16·atan(1/5) − 4·atan(1/239).
		a := atanInv(5, p)
		a.Mul(a, newFloat(p).SetInt64(16))
		b := atanInv(239, p)
		b.Mul(b, newFloat(p).SetInt64(4))
		return a.Sub(a, b), nil
	})
	return v
}

// atanInv returns atan(1/m) = Σ (−1)^k m^{−(2k+1)}/(2k+1) for an integer m ≥ 2.
func atanInv(m int64, prec uint) *big.Float {
	return invSeries(m, prec, true)
}

// atanhInv returns atanh(1/m) = Σ m^{−(2k+1)}/(2k+1) for an integer m ≥ 2.
func atanhInv(m int64, prec uint) *big.Float {
	return invSeries(m, prec, false)
}

func invSeries(m int64, prec uint, alternate bool) *big.Float {
	wp := prec + 16
	p := newFloat(wp).Quo(newFloat(wp).SetInt64(1), newFloat(wp).SetInt64(m))
	m2 := newFloat(wp).SetInt64(m * m)
	sum := newFloat(wp)
	term := newFloat(wp)
	d := newFloat(wp)
	for k := int64(0); ; k++ {
		term.Quo(p, d.SetInt64(2*k+1))
		if alternate && k%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
		if term.Sign() == 0 || term.MantExp(nil) < sum.MantExp(nil)-int(wp) {
			break
		}
		p.Quo(p, m2)
	}
	return sum.SetPrec(prec)
}

// bigExp returns e^x rounded to prec bits. Arguments are reduced as
// x = k·ln 2 + r, |r| ≤ ln 2/2, and r is further divided by 2^s; the Taylor
// series of e^{r/2^s} is then squared s times. Results whose binary exponent
// would leave the range of big.Float are returned as +Inf or 0.
func bigExp(x *big.Float, prec uint) *big.Float {
	if x.Sign() == 0 {
		return newFloat(prec).SetInt64(1)
	}
	xf, _ := x.Float64()
	if math.Abs(xf) > 1<<30 {
		if xf > 0 {
			return newFloat(prec).SetInf(false)
		}
		return newFloat(prec)
	}
	k := math.Round(xf / math.Ln2)
	kbits := uint(bits.Len64(uint64(math.Abs(k))))
	s := uint(math.Sqrt(float64(prec)))/2 + 1
	wp := prec + kbits + s + 16

	r := newFloat(wp).Set(x)
	if k != 0 {
		kl := newFloat(wp).SetFloat64(k)
		kl.Mul(kl, bigLn2(wp))
		r.Sub(r, kl)
	}
	r.SetMantExp(r, -int(s))

	sum := newFloat(wp).SetInt64(1)
	term := newFloat(wp).SetInt64(1)
	d := newFloat(wp)
	for i := int64(1); ; i++ {
		term.Mul(term, r)
		term.Quo(term, d.SetInt64(i))
		sum.Add(sum, term)
		if term.Sign() == 0 || term.MantExp(nil) < sum.MantExp(nil)-int(wp) {
			break
		}
	}
	for range s {
		sum.Mul(sum, sum)
	}
	sum.SetMantExp(sum, int(k))
	return sum.SetPrec(prec)
}
