package calc

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestParseGrammar(t *testing.T) {
	tests := []struct {
		src  string
		x    float64
		want float64
	}{
		{"-x^2", 3, -9},
		{"-x**2", 3, -9},
		{"2^3^2", 0, 512},
		{"2**3**2", 0, 512},
		{"(2^3)^2", 0, 64},
		{"-2^2", 0, -4},
		{"(-2)^2", 0, 4},
		{"2^-1", 0, 0.5},
		{"2^-3^2", 0, 1.0 / 512},
		{"1e-3", 0, 0.001},
		{"1E+3", 0, 1000},
		{".5", 0, 0.5},
		{"5.", 0, 5},
		{"x - -1", 2, 3},
		{"+x", 2, 2},
		{"1 - 2 - 3", 0, -4},
		{"24/4/2", 0, 3},
		{"2*3+4*5", 0, 26},
		{"2*(3+4)*5", 0, 70},
		{"-x*2", 3, -6},
		{"z^2", 3, 9},
		{"pi", 0, math.Pi},
		{"e", 0, math.E},
		{"exp(1)", 0, math.E},
		{"max(x, 2*x)", -1, -1},
		{"min(x, 2*x)", -1, -2},
		{"pow(x, 3)", 2, 8},
		{"tanh", 0.5, math.Tanh(0.5)},
		{"relu", -3, 0},
		{"relu", 3, 3},
		{"leaky_relu(x, 0.2)", -1, -0.2},
		{"leaky_relu(x)", -1, -0.01},
		{"elu", -1, math.Expm1(-1)},
		{"elu(x, 2)", -1, 2 * math.Expm1(-1)},
		{"silu", 1, 1 / (1 + math.Exp(-1))},
		{"softsign", -3, -0.75},
		{"step(0)", 0, 0.5},
		{"sign(-0.5)", 0, -1},
		{"abs(x)", -2.5, 2.5},
		{"  x\t+\n1 ", 1, 2},
	}
	for _, tt := range tests {
		e, err := Parse(tt.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := EvalFloat(e, tt.x); math.Abs(got-tt.want) > 1e-15*math.Max(1, math.Abs(tt.want)) {
			t.Errorf("%q at x=%g: got %.17g, want %.17g (parsed as %s)", tt.src, tt.x, got, tt.want, e)
		}
	}
}

func TestParseExactLiterals(t *testing.T) {
	tests := []struct{ src, want string }{
		{"1.0507009873554805", "10507009873554805/10000000000000000"},
		{"0.1", "1/10"},
		{"1e-30", "1/1000000000000000000000000000000"},
		{"2.5e2", "250"},
		{"1/3", "1/3"},
		{"0.1+0.2", "3/10"},
		{"2^-2", "1/4"},
	}
	for _, tt := range tests {
		r, ok := MustParse(tt.src).Rat()
		want, _ := new(big.Rat).SetString(tt.want)
		if !ok || r.Cmp(want) != 0 {
			t.Errorf("%q: got %v, want exactly %s", tt.src, r, tt.want)
		}
	}
}

func TestNormalForm(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x/(1+exp(-x))", "x*sigmoid(x)"},
		{"1/(1+exp(-x))", "sigmoid(x)"},
		{"log(1+exp(x))", "softplus(x)"},
		{"log1p(exp(x))", "softplus(x)"},
		{"x*tanh(log(1+exp(x)))", "x*tanh(softplus(x))"},
		{"gelu", "gelu(x)"},
		{"silu", "swish(x)"},
		{"leaky_relu(x)", "leaky_relu(x, 0.01)"},
		{"elu", "elu(x, 1)"},
		{"x - 2*x", "-x"},
		{"3*x + 2*x - 1 - 2", "5*x - 3"},
		{"x*x*x", "x^3"},
		{"exp(x)^2*exp(x)", "exp(x)^3"},
		{"(x-1)*(x+1)/3", "(x - 1)*(x + 1)/3"},
		{"x/2/3", "x/6"},
		{"2*x/3", "2*x/3"},
		{"0*x + 1*x + x^1 - x^0", "2*x - 1"},
		{"-(-x)", "x"},
		{"(-x)^2", "x^2"},
		{"sqrt(2)^2", "2"},
		// Even powers under a root or a non-integer power: |u| (u real).
		{"sqrt(x^2)", "abs(x)"},
		{"sqrt((x - 1)^2)", "abs(x - 1)"},
		{"sqrt(x^6)", "abs(x)^3"},
		{"(x^2)^0.75", "abs(x)^1.5"},
		{"(x^4)^0.25", "abs(x)"},
		{"(x^2)^2", "x^4"},
		{"(x^3)^0.5", "(x^3)^0.5"},
		{"sqrt(x^2 + 1)", "sqrt(x^2 + 1)"},
		{"exp(0) + sin(0) + log(1)", "1"},
		{"relu(3) + relu(-3)", "3"},
		{"1e300*x", "1e300*x"},
		{"0.000001*x", "0.000001*x"},
		{"1e-7*x", "1e-7*x"},
	}
	for _, tt := range tests {
		if got := MustParse(tt.src).String(); got != tt.want {
			t.Errorf("%q normalizes to %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestRoundTrip checks Parse(e.String()) == e for expressions and their
// derivatives: the printer and the normalizer agree.
func TestRoundTrip(t *testing.T) {
	srcs := []string{
		"x/(1+exp(-x))", "gelu", "gelu_tanh", "selu", "elu(x, 0.5)", "mish", "softsign", "leaky_relu(x, 0.2)",
		"x^x", "-x^2", "(-x)^3", "x^(1/3)", "2^x", "1/(2*x)", "-(x - 1)", "1 - x", "x*(-3)", "-1/2*x",
		"atan(x)/pi", "erf(x/sqrt(2))", "max(x, sin(x)) - min(x, cos(x))", "abs(x)^2.5", "sign(x)*step(-x)",
		"exp(-x^2/2)*cosh(x)", "log(x^2 + 1)", "sqrt(1 + x^2)", "expm1(x) - log1p(x)", "1e-300*x^3",
	}
	for _, s := range srcs {
		e := MustParse(s)
		for n := 0; n <= 3; n++ {
			d := Derivative(e, n)
			back, err := Parse(d.String())
			if err != nil || back != d {
				t.Errorf("%s, derivative %d: %q does not parse back (%v)", s, n, d.String(), err)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src  string
		col  int
		want string
	}{
		{"", 1, "empty expression"},
		{"   ", 1, "empty expression"},
		{"x +", 4, "operand is missing"},
		{"(x+1", 5, "expected ')'"},
		{"x)", 2, "unexpected ')'"},
		{"x + tanhh(x)", 5, `unknown function "tanhh" (did you mean tanh?)`},
		{"gleu", 1, `did you mean gelu?`},
		{"y+1", 1, `unknown variable "y"`},
		{"2*w", 3, `unknown variable "w"`},
		{"max(x)", 1, "max takes 2 arguments, got 1"},
		{"tanh(x, 1)", 1, "tanh takes 1 argument, got 2"},
		{"elu(x, 1, 2)", 1, "elu takes 1 or 2 arguments, got 3"},
		{"pi(x)", 1, "pi is a constant"},
		{"x + tanh", 5, "tanh is a function"},
		{"1..2", 1, "malformed number"},
		{"1e", 1, "exponent without digits"},
		{"1e+", 1, "exponent without digits"},
		{"2x", 1, "a product needs '*'"},
		{"x $ 2", 3, `unexpected character '$'`},
		{"x ÷ 2", 3, `unexpected character '÷'`},
		{"é + ÷", 1, `unexpected character 'é'`},
		{"1e99999", 1, "out of range"},
		{"x 2", 3, "unexpected number"},
		{"sin x", 5, `unexpected name "x"`},
		{"f(,)", 3, "unexpected ','"},
		{"tanh(x", 7, "expected ',' or ')'"},
		{"*x", 1, "unexpected '*'"},
		{"x/0", 2, "division by zero"},
		{"1/(x - x)", 2, "division by zero"},
		{"0^-1", 2, "negative power"},
		{"pow(0, -2)", 1, "negative power"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): got %v, want a SyntaxError", tt.src, err)
			continue
		}
		if se.Column() != tt.col || !strings.Contains(se.Msg, tt.want) {
			t.Errorf("Parse(%q): got column %d %q, want column %d containing %q", tt.src, se.Column(), se.Msg, tt.col, tt.want)
		}
		if strings.Contains(se.Error(), "\n") {
			t.Errorf("Parse(%q): message is not one line: %q", tt.src, se.Error())
		}
	}
}

func TestCaret(t *testing.T) {
	_, err := Parse("x + tanhh(x)")
	var se *SyntaxError
	errors.As(err, &se)
	want := "x + tanhh(x)\n    ^"
	if got := se.Caret(); got != want {
		t.Errorf("Caret() = %q, want %q", got, want)
	}
	long := strings.Repeat("x+", 200) + "?"
	_, err = Parse(long)
	errors.As(err, &se)
	lines := strings.Split(se.Caret(), "\n")
	if len(lines) != 2 || len([]rune(lines[0])) > 80 || !strings.HasSuffix(lines[1], "^") ||
		[]rune(lines[0])[len([]rune(lines[1]))-1] != '?' {
		t.Errorf("long caret does not point at the '?': %q", se.Caret())
	}
}

func TestParseLimits(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"long", strings.Repeat("x+", 5000) + "x", "limit is 10000"},
		{"deep parentheses", strings.Repeat("(", 600) + "x" + strings.Repeat(")", 600), "nested deeper than 500"},
		{"deep calls", strings.Repeat("tanh(", 600) + "x" + strings.Repeat(")", 600), "nested deeper than 500"},
		{"deep powers", strings.Repeat("x^", 600) + "x", "nested deeper than 500"},
		{"deep unary", strings.Repeat("-", 600) + "x", "nested deeper than 500"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	// Just inside the limits parses.
	ok := strings.Repeat("(", 400) + "x" + strings.Repeat(")", 400)
	if _, err := Parse(ok); err != nil {
		t.Errorf("400 nested parentheses: %v", err)
	}
}
