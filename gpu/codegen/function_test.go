package codegen

import (
	"math"
	"testing"

	"critcalc/calc"
)

// activations covers every named activation and every primitive, alone
// and in compositions with shared subexpressions, constants to fold and
// powers of each kind.
var activations = []string{
	"relu", "leaky_relu", "leaky_relu(x, 0.2)", "elu", "elu(x, 0.5)", "selu", "gelu", "gelu_tanh",
	"swish", "mish", "softsign", "tanh", "sigmoid", "softplus", "erf", "erfc(x)",
	"exp(-x^2/2)", "expm1(x)", "log(1 + x^2)", "log1p(x^2)", "sqrt(1 + x^2)", "abs(x)", "sign(x)", "step(x)",
	"max(x, 0.5*x)", "min(x, 1)", "sinh(x)/10", "cosh(x/4)", "sech(x)", "sin(x)", "cos(2*x)", "atan(x)",
	"x^3 - x^2 + x", "x^-2 + 1", "2^x", "abs(x)^1.5", "(x^2 + 1)^x", "tanh(x)^2 + tanh(x)",
	"sqrt(2/pi)*x + e", "x*exp(-abs(x))", "pow(x, 4)",
}

// testPoints are the inputs the generated code is run at: a grid on
// [−12, 12] and points at and beside the kinks and in the tails.
func testPoints() []float64 {
	xs := []float64{0, math.Copysign(0, -1), 1e-300, -1e-300, 1e-8, -1e-8, 30, -30, 100, -100, 700, -700}
	for i := -240; i <= 240; i++ {
		xs = append(xs, float64(i)/20+0.0123)
	}
	return xs
}

func compileC(t *testing.T, src string, p Precision) *cProgram {
	t.Helper()
	prog, err := parseC(Prelude(p)+src, p == Float32)
	if err != nil {
		t.Fatalf("%v in\n%s", err, src)
	}
	return prog
}

// sameFloat is bitwise equality, with all NaNs equal.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// The generated double code computes, operation for operation, what
// calc.EvalFloat computes on the expanded expression: the results agree
// bit for bit, for the activation and its derivative.
func TestFunctionMatchesEvalFloat(t *testing.T) {
	for _, s := range activations {
		e := calc.MustParse(s)
		src, err := Activation(e, Float64)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		prog := compileC(t, src, Float64)
		for _, fn := range []struct {
			name string
			ref  calc.Expr
		}{{"act", calc.ExpandAll(e)}, {"act_deriv", calc.ExpandAll(calc.Derivative(e, 1))}} {
			for _, x := range testPoints() {
				got, want := prog.call(fn.name, x), calc.EvalFloat(fn.ref, x)
				if !sameFloat(got, want) {
					t.Errorf("%s: %s(%v) = %v, calc.EvalFloat = %v", s, fn.name, x, got, want)
					break
				}
			}
		}
	}
}

// Against calc.Compile, which uses fused kernels (gelu, mish, …) and
// integer powers by multiplication, the generated code agrees to a few
// rounding errors wherever the value is not the result of a cancellation:
// |got − want| ≤ 1e-13·|want| + 1e-300. Points where calc.Compile is
// itself not finite are compared as such.
func TestFunctionMatchesCompile(t *testing.T) {
	const rel = 1e-13
	for _, s := range activations {
		e := calc.MustParse(s)
		src, err := Activation(e, Float64)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		prog := compileC(t, src, Float64)
		for _, fn := range []struct {
			name string
			ref  *calc.Program
		}{{"act", calc.Compile(e)}, {"act_deriv", calc.Compile(calc.Derivative(e, 1))}} {
			for _, x := range testPoints() {
				got, want := prog.call(fn.name, x), fn.ref.Eval(x)
				if math.IsInf(want, 0) || math.IsNaN(want) {
					if !sameFloat(got, want) {
						t.Errorf("%s: %s(%v) = %v, calc.Compile = %v", s, fn.name, x, got, want)
					}
					continue
				}
				if math.Abs(got-want) > rel*math.Abs(want)+1e-300 {
					t.Errorf("%s: %s(%v) = %v, calc.Compile = %v (rel. diff %.1e)", s, fn.name, x, got, want, math.Abs(got-want)/math.Abs(want))
					break
				}
			}
		}
	}
}
