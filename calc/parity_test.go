package calc

import (
	"math"
	"testing"
)

func TestParityOf(t *testing.T) {
	for _, c := range []struct {
		src  string
		want Parity
	}{
		{"x", Odd},
		{"3", Even},
		{"pi", Even},
		{"-x", Odd},
		{"tanh(x)", Odd},
		{"tanh", Odd},
		{"erf(x/sqrt(2))", Odd},
		{"sin(x) + x^3", Odd},
		{"x^2 + 1", Even},
		{"x^(1/2)", NoParity},
		{"x^3", Odd},
		{"x^-2", Even},
		{"cos(x)", Even},
		{"sech(x)^2", Even},
		{"x*tanh(x)", Even},
		{"x/(1+abs(x))", Odd},
		{"softsign", Odd},
		{"tanh(x) + 1", NoParity},
		{"sigmoid(x)", NoParity},
		{"sigmoid(x) - 1/2", NoParity},
		{"relu", NoParity},
		{"gelu", NoParity},
		{"mish", NoParity},
		{"exp(x^2)", Even},
		{"exp(x)", NoParity},
		{"max(x^2, 1)", Even},
		{"max(x, 0)", NoParity},
		{"atan(sinh(x))*cosh(x)", Odd},
		{"sign(x)*x", Even},
		{"abs(x)", Even},
		{"2^x", NoParity},
		{"(x^2)^x", NoParity},
	} {
		e, err := Parse(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := ParityOf(e); got != c.want {
			t.Errorf("ParityOf(%s) = %s, want %s", c.src, got, c.want)
		}
	}
}

// TestParityOfHolds checks each even or odd answer of a set of
// expressions numerically: e(−x) against ±e(x) at points up to 3.
func TestParityOfHolds(t *testing.T) {
	for _, src := range []string{"tanh(2*x)*x^2", "sin(x)/x^2", "erf(x)+atan(x)", "cosh(x)-x*sinh(x)", "softsign(x)^3", "x*sign(x)+abs(x)^3"} {
		e, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		p := ParityOf(e)
		if p == NoParity {
			t.Errorf("%s: no parity found", src)
			continue
		}
		prog := Compile(e)
		for _, x := range []float64{0.3, 1, 1.7, 3} {
			f, g := prog.Eval(x), prog.Eval(-x)
			if p == Odd {
				g = -g
			}
			if math.Abs(f-g) > 1e-15*math.Abs(f) {
				t.Errorf("%s is %s, but e(%g) = %g and e(−%g) = %g", src, p, x, f, x, prog.Eval(-x))
			}
		}
	}
}
