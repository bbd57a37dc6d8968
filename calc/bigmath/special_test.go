package bigmath

import (
	"math"
	"math/big"
	"testing"
)

// inf returns ±Inf.
func inf(neg bool) *big.Float { return new(big.Float).SetInf(neg) }

// negZero returns -0.
func negZero() *big.Float { return new(big.Float).Neg(new(big.Float)) }

func mustNoErr(fn func(uint, *big.Float) (*big.Float, error)) func(uint, *big.Float) *big.Float {
	return func(p uint, x *big.Float) *big.Float {
		z, err := fn(p, x)
		if err != nil {
			panic(err)
		}
		return z
	}
}

func TestSpecialCases(t *testing.T) {
	const p = 100
	cases := []struct {
		name string
		fn   func(uint, *big.Float) *big.Float
		x    *big.Float
		want float64 // ±Inf, ±0 or an exact value
	}{
		{"Exp(+Inf)", Exp, inf(false), math.Inf(1)},
		{"Exp(-Inf)", Exp, inf(true), 0},
		{"Exp(0)", Exp, new(big.Float), 1},
		{"Exp(-0)", Exp, negZero(), 1},
		{"Exp(2e9)", Exp, big.NewFloat(2e9), math.Inf(1)},
		{"Exp(-2e9)", Exp, big.NewFloat(-2e9), 0},
		{"Exp(1e300)", Exp, big.NewFloat(1e300), math.Inf(1)},
		{"Expm1(+Inf)", Expm1, inf(false), math.Inf(1)},
		{"Expm1(-Inf)", Expm1, inf(true), -1},
		{"Expm1(-0)", Expm1, negZero(), math.Copysign(0, -1)},
		{"Log(+Inf)", mustNoErr(Log), inf(false), math.Inf(1)},
		{"Log(1)", mustNoErr(Log), big.NewFloat(1), 0},
		{"Log1p(+Inf)", mustNoErr(Log1p), inf(false), math.Inf(1)},
		{"Log1p(-0)", mustNoErr(Log1p), negZero(), math.Copysign(0, -1)},
		{"Sqrt(+Inf)", mustNoErr(Sqrt), inf(false), math.Inf(1)},
		{"Sqrt(-0)", mustNoErr(Sqrt), negZero(), math.Copysign(0, -1)},
		{"Sqrt(4)", mustNoErr(Sqrt), big.NewFloat(4), 2},
		{"Sin(-0)", mustNoErr(Sin), negZero(), math.Copysign(0, -1)},
		{"Sin(0)", mustNoErr(Sin), new(big.Float), 0},
		{"Cos(-0)", mustNoErr(Cos), negZero(), 1},
		{"Atan(+Inf)", Atan, inf(false), math.Pi / 2},
		{"Atan(-Inf)", Atan, inf(true), -math.Pi / 2},
		{"Atan(-0)", Atan, negZero(), math.Copysign(0, -1)},
		{"Sinh(-Inf)", Sinh, inf(true), math.Inf(-1)},
		{"Sinh(-0)", Sinh, negZero(), math.Copysign(0, -1)},
		{"Sinh(-2e9)", Sinh, big.NewFloat(-2e9), math.Inf(-1)},
		{"Cosh(-Inf)", Cosh, inf(true), math.Inf(1)},
		{"Cosh(0)", Cosh, new(big.Float), 1},
		{"Tanh(+Inf)", Tanh, inf(false), 1},
		{"Tanh(-Inf)", Tanh, inf(true), -1},
		{"Tanh(-0)", Tanh, negZero(), math.Copysign(0, -1)},
		{"Tanh(1e300)", Tanh, big.NewFloat(1e300), 1},
		{"Tanh(-100)", Tanh, big.NewFloat(-100), -1},
		{"Erf(+Inf)", Erf, inf(false), 1},
		{"Erf(-Inf)", Erf, inf(true), -1},
		{"Erf(-0)", Erf, negZero(), math.Copysign(0, -1)},
		{"Erf(-1e10)", Erf, big.NewFloat(-1e10), -1},
		{"Erfc(+Inf)", Erfc, inf(false), 0},
		{"Erfc(-Inf)", Erfc, inf(true), 2},
		{"Erfc(0)", Erfc, new(big.Float), 1},
		{"Erfc(1e5)", Erfc, big.NewFloat(1e5), 0},
		{"Erfc(-100)", Erfc, big.NewFloat(-100), 2},
	}
	for _, c := range cases {
		got := c.fn(p, c.x)
		want := newFloat(p).SetFloat64(c.want)
		if c.want == math.Pi/2 || c.want == -math.Pi/2 {
			want = Pi(p)
			want.SetMantExp(want, -1)
			if c.want < 0 {
				want.Neg(want)
			}
		}
		if got.Cmp(want) != 0 || got.Signbit() != want.Signbit() || got.Prec() != p {
			t.Errorf("%s = %v (prec %d), want %v", c.name, got, got.Prec(), want)
		}
	}
}

func TestPowSpecialCases(t *testing.T) {
	const p = 80
	nz := negZero()
	cases := []struct {
		x, y *big.Float
		want float64
	}{
		{big.NewFloat(-7), new(big.Float), 1},
		{inf(true), new(big.Float), 1},
		{big.NewFloat(1), inf(false), 1},
		{big.NewFloat(1), big.NewFloat(0.3), 1},
		{big.NewFloat(2.5), big.NewFloat(1), 2.5},
		{nz, big.NewFloat(3), math.Copysign(0, -1)},
		{nz, big.NewFloat(2), 0},
		{nz, big.NewFloat(0.5), 0},
		{new(big.Float), inf(false), 0},
		{big.NewFloat(-1), inf(true), 1},
		{big.NewFloat(-3), inf(false), math.Inf(1)},
		{big.NewFloat(3), inf(true), 0},
		{big.NewFloat(0.5), inf(false), 0},
		{big.NewFloat(-0.5), inf(true), math.Inf(1)},
		{inf(false), big.NewFloat(0.5), math.Inf(1)},
		{inf(false), big.NewFloat(-2), 0},
		{inf(true), big.NewFloat(3), math.Inf(-1)},
		{inf(true), big.NewFloat(2), math.Inf(1)},
		{inf(true), big.NewFloat(-3), math.Copysign(0, -1)},
		{inf(true), big.NewFloat(-2), 0},
		{big.NewFloat(-2), big.NewFloat(-3), -0.125},
		{big.NewFloat(-2), big.NewFloat(10), 1024},
		{big.NewFloat(2), big.NewFloat(-1074), 0x1p-1074},
		{big.NewFloat(10), big.NewFloat(1e10), math.Inf(1)},
		{big.NewFloat(10), big.NewFloat(-1e10), 0},
		{big.NewFloat(-10), big.NewFloat(1e20), math.Inf(1)},
		{big.NewFloat(0.5), big.NewFloat(1e300), 0},
	}
	for _, c := range cases {
		got, err := Pow(p, c.x, c.y)
		if err != nil {
			t.Errorf("Pow(%v, %v): %v", c.x, c.y, err)
			continue
		}
		want := newFloat(p).SetFloat64(c.want)
		if got.Cmp(want) != 0 || got.Signbit() != want.Signbit() {
			t.Errorf("Pow(%v, %v) = %v, want %v", c.x, c.y, got, want)
		}
	}
}

func TestArgumentsUnchanged(t *testing.T) {
	x := num("0.7")
	y := num("-1.25")
	x0 := new(big.Float).Copy(x)
	y0 := new(big.Float).Copy(y)
	Exp(64, x)
	Expm1(64, x)
	Log(64, x)
	Log1p(64, y)
	Sqrt(64, x)
	Pow(64, x, y)
	Sin(64, y)
	Cos(64, y)
	Atan(64, y)
	Sinh(64, y)
	Cosh(64, y)
	Tanh(64, y)
	Erf(64, y)
	Erfc(64, y)
	if x.Cmp(x0) != 0 || x.Prec() != x0.Prec() || y.Cmp(y0) != 0 || y.Prec() != y0.Prec() {
		t.Errorf("arguments changed: x = %v, y = %v", x, y)
	}
}

func TestHugeTrigArgument(t *testing.T) {
	// 2^4000 is reduced with π to about 4100 bits; compare against the
	// identity sin²+cos² = 1 and against a reduction at higher precision.
	x := num("0x1p4000")
	s, err := Sin(128, x)
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := Sin(256, x)
	checkULP(t, "sin(2^4000)", 128, s, s2)
	if _, err := Sin(64, num("0x1p70000")); err == nil {
		t.Errorf("Sin(2^70000) returned no error")
	}
}
