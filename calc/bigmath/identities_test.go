package bigmath

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// identityPrec is the precision of the round-trip identity tests.
const identityPrec = 256

// randArgs returns n pseudo-random arguments x = ±2^u·(1+v) with u uniform
// in [lo, hi), v uniform in [0, 1), given to identityPrec+64 bits.
func randArgs(seed uint64, n int, lo, hi float64, signed bool) []*big.Float {
	r := rand.New(rand.NewPCG(seed, 17))
	xs := make([]*big.Float, n)
	for i := range xs {
		m := new(big.Float).SetPrec(identityPrec + 64).SetFloat64(1 + r.Float64())
		// Extend the mantissa beyond 53 bits.
		m.Add(m, new(big.Float).SetMantExp(big.NewFloat(r.Float64()), -60))
		m.SetMantExp(m, int(math.Floor(lo+(hi-lo)*r.Float64())))
		if signed && r.IntN(2) == 0 {
			m.Neg(m)
		}
		xs[i] = m
	}
	return xs
}

// within fails t unless |got − want| ≤ tol ulps of want at prec bits.
func within(t *testing.T, what string, x, got, want *big.Float, prec uint, tol float64) {
	t.Helper()
	if u := ulpDiff(want, got, prec); u > tol {
		t.Errorf("%s, x = %.20g: off by %.3g ulp (tolerance %g)", what, x, u, tol)
	}
}

func TestExpLogRoundTrip(t *testing.T) {
	p := uint(identityPrec)
	for _, x := range randArgs(1, 200, -40, 40, false) {
		l, err := Log(p, x)
		if err != nil {
			t.Fatal(err)
		}
		// An error of half an ulp in log x becomes |log x|/2 ulps in x.
		lf, _ := l.Float64()
		within(t, "exp(log x)", x, Exp(p, l), x, p, 1+math.Abs(lf))
	}
}

func TestLog1pExpm1RoundTrip(t *testing.T) {
	p := uint(identityPrec)
	for _, x := range randArgs(2, 200, -300, 3, true) {
		e := Expm1(p, x)
		l, err := Log1p(p, e)
		if err != nil {
			t.Fatal(err)
		}
		xf, _ := x.Float64()
		within(t, "log1p(expm1 x)", x, l, x, p, 2+math.Abs(xf))
	}
}

func TestSinCosPythagoras(t *testing.T) {
	p := uint(identityPrec)
	for _, x := range randArgs(3, 200, -20, 60, true) {
		s, err := Sin(p, x)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Cos(p, x)
		if err != nil {
			t.Fatal(err)
		}
		sum := newFloat(2*p+8).Mul(s, s)
		sum.Add(sum, newFloat(2*p+8).Mul(c, c))
		within(t, "sin²+cos²", x, sum, one, p, 3)
	}
}

func TestTanhSinhCosh(t *testing.T) {
	p := uint(identityPrec)
	for _, x := range randArgs(4, 200, -40, 7, true) {
		q := newFloat(p).Quo(Sinh(p+8, x), Cosh(p+8, x))
		within(t, "sinh/cosh", x, q, Tanh(p, x), p, 2)
	}
}

func TestErfPlusErfc(t *testing.T) {
	p := uint(identityPrec)
	for _, x := range randArgs(5, 200, -30, 4, true) {
		sum := newFloat(2*p).Add(Erf(p, x), Erfc(p, x))
		within(t, "erf+erfc", x, sum, one, p, 2)
	}
}

func TestPowAgainstExpLog(t *testing.T) {
	p := uint(identityPrec)
	xs := randArgs(6, 100, -10, 10, false)
	ys := randArgs(7, 100, -6, 6, true)
	for i, x := range xs {
		y := ys[i]
		got, err := Pow(p, x, y)
		if err != nil {
			t.Fatal(err)
		}
		// exp(y·log x) at far higher precision.
		l, _ := Log(p+128, x)
		want := Exp(p+64, newFloat(p+128).Mul(y, l))
		within(t, "pow(x, y)", x, got, want, p, 1)
	}
}
