package codegen

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"critcalc/calc"
)

// Every distinct node that depends on x is one temporary, assigned once;
// nodes that do not are folded, so no call of a constant remains.
func TestFunctionStructure(t *testing.T) {
	tests := []struct {
		expr  string
		calls map[string]int // C calls and how often each appears
	}{
		{"tanh(x)^2 + tanh(x)", map[string]int{"tanh(": 1, "pow(": 0}},
		{"gelu", map[string]int{"erfc(": 1, "sqrt(": 0}},
		{"sqrt(2/pi)*x + e", map[string]int{"sqrt(": 0}},
		{"exp(-x^2/2)*exp(-x^2/2) + x^2", map[string]int{"exp(": 1}},
		{"mish", map[string]int{"cc_softplus(": 1, "tanh(": 1}},
		{"x^3", map[string]int{"pow(x, 3.0)": 1}},
	}
	temp := regexp.MustCompile(`(?m)^\tconst double (t\d+) = `)
	for _, tt := range tests {
		e := calc.MustParse(tt.expr)
		src, err := Function(e, "act", Float64)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		want := 0
		for _, n := range calc.ExpandAll(e).Nodes() {
			if n.HasVar() && n.Op() != calc.OpVar {
				want++
			}
		}
		names := temp.FindAllStringSubmatch(src, -1)
		if len(names) != want {
			t.Errorf("%s: %d temporaries, want %d (one per x-dependent node)\n%s", tt.expr, len(names), want, src)
		}
		seen := map[string]bool{}
		for _, m := range names {
			if seen[m[1]] {
				t.Errorf("%s: %s assigned twice", tt.expr, m[1])
			}
			seen[m[1]] = true
		}
		body := src[strings.Index(src, "{"):]
		for call, n := range tt.calls {
			if got := strings.Count(body, call); got != n {
				t.Errorf("%s: %q appears %d times, want %d\n%s", tt.expr, call, got, n, src)
			}
		}
	}
}

func TestFunctionErrors(t *testing.T) {
	tests := []struct {
		expr string
		want string // in the error
	}{
		{"x + exp(1000)", "exp(1000)"},
		{"x + log(-1)", "not finite"},
	}
	for _, tt := range tests {
		e, err := calc.Parse(tt.expr)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		if _, err := Function(e, "act", Float64); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Function(%s) error = %v, want one containing %q", tt.expr, err, tt.want)
		}
	}
	// A constant finite in double overflows float.
	if _, err := Function(calc.MustParse("x + 1e300"), "actf", Float32); err == nil {
		t.Errorf("Function(x + 1e300, Float32) gave no error")
	}
	if _, err := Function(calc.Expr{}, "act", Float64); err == nil {
		t.Errorf("Function of the zero Expr gave no error")
	}
	fake := &calc.Func{ID: 250, Name: "bogus"}
	if _, err := cFunc(fake, Float64); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("cFunc(bogus) error = %v, want one naming the function", err)
	}
}

// Every calc function is either emitted (a CUDA math function or a helper
// that Prelude defines) or a named activation that ExpandAll removes.
func TestEveryFunctionHasCUDAForm(t *testing.T) {
	for _, p := range []Precision{Float64, Float32} {
		prelude := Prelude(p)
		for _, f := range calc.Funcs() {
			if f.MinArgs == 0 || f.IsActivation() || f.ID == calc.FnPow {
				continue
			}
			name, err := cFunc(f, p)
			if err != nil {
				t.Errorf("%s: %v", p, err)
				continue
			}
			if strings.HasPrefix(name, "cc_") && !strings.Contains(prelude, " "+name+"(") {
				t.Errorf("%s: helper %s of %s not defined by Prelude", p, name, f.Name)
			}
		}
	}
}

// The float code is the double code with float types, literals and math
// functions; run with float32 rounding it agrees with calc.EvalFloat to
// float accuracy: on [−4, 4] the intermediates of these expressions stay
// below about 100 in magnitude, so a few float roundings (2^−24 ≈ 6e-8
// each, also where a sum cancels, as 1 + tanh in gelu_tanh's left tail)
// give errors below 2e-5·(|want| + 1).
func TestFloat32Variant(t *testing.T) {
	for _, s := range activations {
		e := calc.MustParse(s)
		src, err := Activation(e, Float32)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if strings.Contains(src, "double") {
			t.Errorf("%s: float source mentions double:\n%s", s, src)
		}
		prog := compileC(t, src, Float32)
		ref := calc.Compile(e)
		for i := -80; i <= 80; i++ {
			x := float64(float32(float64(i)/20 + 0.0123))
			got, want := prog.call("actf", x), ref.Eval(x)
			if math.IsInf(want, 0) || math.IsNaN(want) || math.Abs(want) > 1e30 {
				continue
			}
			if math.Abs(got-want) > 2e-5*(math.Abs(want)+1) {
				t.Errorf("%s: actf(%v) = %v, calc = %v", s, x, got, want)
				break
			}
		}
	}
}

func TestLiteral(t *testing.T) {
	tests := []struct {
		v    float64
		p    Precision
		want string
	}{
		{2, Float64, "2.0"},
		{0.5, Float64, "0.5"},
		{-1.5, Float64, "(-1.5)"},
		{math.Copysign(0, -1), Float64, "(-0.0)"},
		{1e-300, Float64, "1e-300"},
		{math.Pi, Float64, "3.141592653589793"},
		{math.Pi, Float32, "3.1415927f"},
		{2, Float32, "2.0f"},
		{1e-30, Float32, "1e-30f"},
	}
	for _, tt := range tests {
		got, err := tt.p.Literal(tt.v)
		if err != nil || got != tt.want {
			t.Errorf("%s.Literal(%v) = %q, %v, want %q", tt.p, tt.v, got, err, tt.want)
		}
	}
	for _, v := range []float64{math.Inf(1), math.NaN()} {
		if _, err := Float64.Literal(v); err == nil {
			t.Errorf("Literal(%v) gave no error", v)
		}
	}
}
