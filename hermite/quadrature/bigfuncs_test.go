package quadrature

import (
	"math"
	"math/big"
)

// Elementary functions in big.Float arithmetic for the test integrands,
// built on the package's bigExp.

func bf(prec uint, v float64) *big.Float { return newFloat(prec).SetFloat64(v) }

// testLog returns ln x for x > 0 by Halley's iteration
// y ← y + 2(x − e^y)/(x + e^y) from the float64 logarithm.
func testLog(x *big.Float, prec uint) *big.Float {
	wp := prec + 16
	mant := new(big.Float)
	e := x.MantExp(mant)
	mf, _ := mant.Float64()
	y := bf(wp, math.Log(mf)+float64(e)*math.Ln2)
	xx := newFloat(wp).Set(x)
	for range 4 {
		ey := bigExp(y, wp)
		num := newFloat(wp).Sub(xx, ey)
		den := newFloat(wp).Add(xx, ey)
		num.Quo(num, den)
		num.SetMantExp(num, 1)
		y.Add(y, num)
		if num.Sign() == 0 || num.MantExp(nil) < y.MantExp(nil)-int(wp) {
			break
		}
	}
	return y.SetPrec(prec)
}

// testTanh returns tanh x = sign(x)·(1 − q)/(1 + q), q = e^{−2|x|}.
func testTanh(x *big.Float, prec uint) *big.Float {
	wp := prec + 8
	m2 := newFloat(wp).Abs(x)
	m2.SetMantExp(m2, 1)
	q := bigExp(m2.Neg(m2), wp)
	one := newFloat(wp).SetInt64(1)
	num := newFloat(wp).Sub(one, q)
	num.Quo(num, q.Add(one, q))
	if x.Sign() < 0 {
		num.Neg(num)
	}
	return num.SetPrec(prec)
}

// testGauss returns e^{−x²/(2v)}.
func testGauss(x *big.Float, v int64, prec uint) *big.Float {
	wp := prec + 8
	e := newFloat(wp).Mul(x, x)
	e.Quo(e, newFloat(wp).SetInt64(-2*v))
	return bigExp(e, prec)
}

// testSqrt2Pi returns √(2π).
func testSqrt2Pi(prec uint) *big.Float {
	v := newFloat(prec + 8).Set(bigPi(prec + 8))
	v.SetMantExp(v, 1)
	return v.Sqrt(v).SetPrec(prec)
}
