package calc

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// FuzzParse checks that any input either parses into an expression whose
// printed form parses back to the same expression, or fails with a
// SyntaxError that points inside the input; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"x/(1+exp(-x))", "-x^2", "2^3^2", "gelu", "leaky_relu(x, 0.2)", "1.0507009873554805*elu(x, 1.6732632423543772)",
		"max(x, sin(x))", "x**-2", "(x", "1e", "tanhh(x)", "", "x+*", "..5", "exp(x)^2*exp(x)", "abs(x)^2.5",
		"x·tanh(x) − π×x", "2π", "πx", "x⋅−1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q): error %v is not a SyntaxError", src, err)
			}
			if se.Pos < 0 || se.Pos > len(src) {
				t.Fatalf("Parse(%q): position %d outside the input", src, se.Pos)
			}
			_ = se.Caret()
			return
		}
		printed := e.String()
		if len(printed) > MaxInputLen {
			return // folded constants, written out exactly, may exceed the input limit
		}
		back, err := Parse(printed)
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", src, printed, err)
		}
		if back != e {
			t.Fatalf("Parse(%q) = %q, which parses to a different expression %q", src, printed, back.String())
		}
		if again := back.String(); again != printed {
			t.Fatalf("printing is not stable: %q then %q", printed, again)
		}
	})
}

// FuzzEval checks that evaluating any parsed expression, and its first
// derivative, in float64 and at 64 bits never panics, and that the
// arbitrary-precision evaluator reports problems as errors.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"x/(1+exp(-x))", "log(x)", "sqrt(x-1)", "x^x", "(-x)^0.5", "1/(x-0.5)", "gelu", "exp(exp(x))", "atan(1e300*x)"} {
		f.Add(s, 0.5)
		f.Add(s, -800.0)
	}
	f.Fuzz(func(t *testing.T, src string, x float64) {
		e, err := Parse(src)
		if err != nil || e.Size() > 2000 {
			return
		}
		for _, d := range []Expr{e, Derivative(e, 1)} {
			_ = Compile(d).Eval(x)
			_ = EvalFloat(d, x)
			if math.IsNaN(x) || math.IsInf(x, 0) {
				continue
			}
			v, err := CompileBig(d).Eval(new(big.Float).SetFloat64(x), 64)
			if err == nil && v == nil {
				t.Fatalf("%s at %g: no value and no error", d, x)
			}
		}
	})
}
