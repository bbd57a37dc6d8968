package bigmath

import (
	"errors"
	"math/big"
	"testing"
)

func TestDomainErrors(t *testing.T) {
	cases := []struct {
		name string
		call func() (*big.Float, error)
		fn   string
		msg  string
	}{
		{"Log(-1)", func() (*big.Float, error) { return Log(64, num("-1")) }, "log", "log: argument -1 is not positive"},
		{"Log(0)", func() (*big.Float, error) { return Log(64, num("0")) }, "log", "log: argument 0 is not positive"},
		{"Log(-Inf)", func() (*big.Float, error) { return Log(64, inf(true)) }, "log", "log: argument -Inf is not positive"},
		{"Log1p(-1)", func() (*big.Float, error) { return Log1p(64, num("-1")) }, "log1p", "log1p: argument -1 is not greater than -1"},
		{"Log1p(-2.5)", func() (*big.Float, error) { return Log1p(64, num("-2.5")) }, "log1p", ""},
		{"Sqrt(-1)", func() (*big.Float, error) { return Sqrt(64, num("-1")) }, "sqrt", "sqrt: argument -1 is negative"},
		{"Pow(-2, 0.5)", func() (*big.Float, error) { return Pow(64, num("-2"), num("0.5")) }, "pow",
			"pow: argument -2 is negative and the exponent is not an integer"},
		{"Pow(0, -1)", func() (*big.Float, error) { return Pow(64, num("0"), num("-1")) }, "pow",
			"pow: argument 0 is zero and the exponent is negative"},
		{"Pow(-Inf, 0.5)", func() (*big.Float, error) { return Pow(64, inf(true), num("0.5")) }, "pow", ""},
		{"Sin(+Inf)", func() (*big.Float, error) { return Sin(64, inf(false)) }, "sin", "sin: argument +Inf is infinite"},
		{"Cos(-Inf)", func() (*big.Float, error) { return Cos(64, inf(true)) }, "cos", "cos: argument -Inf is infinite"},
	}
	for _, c := range cases {
		z, err := c.call()
		var de *DomainError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %v is not a *DomainError", c.name, err)
			continue
		}
		if z != nil {
			t.Errorf("%s: result %v with error", c.name, z)
		}
		if de.Func != c.fn {
			t.Errorf("%s: Func = %q, want %q", c.name, de.Func, c.fn)
		}
		if c.msg != "" && err.Error() != c.msg {
			t.Errorf("%s: message %q, want %q", c.name, err.Error(), c.msg)
		}
	}
}

func TestDomainErrorArgFormat(t *testing.T) {
	// The last two are formatted from their logarithms, since fmt would
	// take very long to expand them; the digits were checked with bc:
	// 10^frac(2e9·l(2)/l(10)) and 10^frac(l(1.1875)/l(10) − 2e9·l(2)/l(10)).
	cases := []struct{ x, want string }{
		{"-3.14159265358979", "-3.141592654"},
		{"-0x1.8p16384", "-1.784597243e+4932"},
		{"-0x1.8p16385", "-3.569194486e+4932"},
		{"-0x1.8p-16385", "-6.303943393e-4933"},
		{"-0x1p2000000000", "-2.127954759e+602059991"},
		{"-0x1.3p-2000000000", "-5.580475784e-602059992"},
	}
	for _, c := range cases {
		_, err := Sqrt(64, num(c.x))
		var de *DomainError
		if !errors.As(err, &de) || de.Arg != c.want {
			t.Errorf("Sqrt(%s): error %v, want Arg %q", c.x, err, c.want)
		}
	}
}
