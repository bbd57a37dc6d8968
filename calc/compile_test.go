package calc

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// compileCorpus is a set of expressions that exercises every instruction
// shape of the compiler: named activations, binary kernels with constant
// and variable arguments, integer and real powers, constants that fold and
// shared subexpressions.
var compileCorpus = []string{
	"x", "3", "pi", "x - x", "sqrt(2)*x + sqrt(pi)/x", "-x", "2 - x", "x - 2", "2/x",
	"x/(1+exp(-x))", "x*tanh(log(1+exp(x)))",
	"0.5*x*(1+tanh(0.7978845608*(x+0.044715*x^3)))", "sin(x)*exp(-x^2/2)+3*x^2-2",
	"relu", "leaky_relu(x)", "leaky_relu(x, 0.2)", "leaky_relu(2*x, x)", "elu", "elu(x, 0.5)", "elu(x, x^2)",
	"selu", "gelu", "gelu_tanh", "swish", "silu", "mish", "softsign", "sigmoid", "softplus",
	"tanh", "erf", "erfc", "atan", "sin", "cos", "sinh", "cosh", "exp", "expm1", "log", "log1p",
	"sqrt", "abs", "sign", "step", "max(x, sin(x))", "min(x, 0.5*x)", "max(x, 2)", "min(3, x)",
	"x^3", "x^4", "x^5", "x^7", "x^-1", "x^-2", "x^-3", "x^2.5", "x^0.5", "x^(1/3)", "x^64", "x^65", "x^-64",
	"x^x", "2^x", "e^x", "pi^x", "(x+1)^x", "(1+x^2)^-1", "exp(-x^2)", "1/(1+x^2)", "(x^2+1)^3 - x^6",
	"tanh(x^3+x)*sin(x^3+x)", "exp(sin(x))*cos(exp(sin(x)))", "log(abs(x)+1e-300)*x^2",
	"-(3*x^3 - 2*x)/(x^2 + 1/7)", "sigmoid(-x)*softplus(x^2 - 3)",
}

// specialPoints are inputs at the edges of float64: signed zeros,
// subnormals, tiny and huge magnitudes, the ranges where exp overflows,
// infinities and NaN.
var specialPoints = []float64{
	0, math.Copysign(0, -1), 5e-324, -5e-324, 1e-300, -1e-300, 1e-10, -1e-10,
	0.5, -0.5, 1, -1, 2, -2, 3.7, -3.7, 10, -10, 30, -30, 710, -710, 800, -800,
	1e4, -1e4, 1e155, -1e155, 1e200, -1e200, math.MaxFloat64, -math.MaxFloat64,
	math.Inf(1), math.Inf(-1), math.NaN(),
}

// testPoints returns specialPoints followed by n pseudo-random points of
// varied magnitude.
func testPoints(n int) []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	out := append([]float64(nil), specialPoints...)
	for range n {
		out = append(out, (r.Float64()*2-1)*math.Pow(10, float64(r.IntN(9)-4)))
	}
	return out
}

// sameFloat reports whether a and b are the same float64: equal bits, or
// both NaN (payloads are not compared).
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || math.IsNaN(a) && math.IsNaN(b)
}

// checkAgainstEvalFloat compares Eval and EvalSlice of Compile(e) with
// EvalFloat bit for bit at every point of xs. The reference evaluates the
// same form that Compile uses (floatForms; the fused kernels are checked
// against high precision in fuse_test.go, the kernels of a shared
// exponential in sharedfloat_test.go).
func checkAgainstEvalFloat(t *testing.T, name string, e Expr, xs []float64) {
	t.Helper()
	p := Compile(e)
	got := make([]float64, len(xs))
	p.EvalSlice(got, xs)
	form := floatForms(e)[0]
	for i, x := range xs {
		want := EvalFloat(form, x)
		if v := p.Eval(x); !sameFloat(v, want) {
			t.Errorf("%s at x=%v: Eval = %v (%#x), EvalFloat = %v (%#x)\nprogram:\n%s",
				name, x, v, math.Float64bits(v), want, math.Float64bits(want), p)
			return
		}
		if !sameFloat(got[i], want) {
			t.Errorf("%s at x=%v: EvalSlice = %v, EvalFloat = %v", name, x, got[i], want)
			return
		}
	}
}

func TestCompileMatchesEvalFloat(t *testing.T) {
	xs := testPoints(600)
	var exprs []Expr
	for _, src := range compileCorpus {
		exprs = append(exprs, MustParse(src))
	}
	// Division by the constant 0, which the parser rejects but the
	// constructors keep.
	exprs = append(exprs, Div(Var(), Int(0)), Div(Int(0), Int(0)), Mul(Var(), Div(Int(1), Int(0))))
	for _, e := range exprs {
		for order := range 3 {
			d := Derivative(e, order)
			checkAgainstEvalFloat(t, fmt.Sprintf("d%d/dx%d %s = %s", order, order, e, d), d, xs)
		}
	}
}

// randomCompileExpr builds a random expression of at most the given depth
// from every operator and function of the language.
func randomCompileExpr(r *rand.Rand, depth int) Expr {
	if depth == 0 || r.IntN(5) == 0 {
		switch r.IntN(4) {
		case 0:
			return Int(int64(r.IntN(7) - 3))
		case 1:
			return Num(big.NewRat(int64(r.IntN(19)-9), int64(r.IntN(7)+1)))
		}
		return Var()
	}
	a := randomCompileExpr(r, depth-1)
	b := randomCompileExpr(r, depth-1)
	switch r.IntN(9) {
	case 0:
		return Add(a, b)
	case 1:
		return Sub(a, b)
	case 2:
		return Mul(a, b)
	case 3:
		return Div(a, b)
	case 4:
		return Pow(a, Int(int64(r.IntN(9)-4)))
	case 5:
		return Pow(a, b)
	case 6:
		return Neg(a)
	}
	fs := Funcs()
	for {
		f := fs[r.IntN(len(fs))]
		switch {
		case f.isConst:
			continue
		case f.MinArgs == 2 || f.MaxArgs == 2 && r.IntN(2) == 0:
			return Call(f, a, b)
		}
		return Call(f, a)
	}
}

func TestCompileRandomMatchesEvalFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	xs := testPoints(40)
	for i := range 3000 {
		e := randomCompileExpr(r, 5)
		checkAgainstEvalFloat(t, fmt.Sprintf("random #%d %s", i, e), e, xs)
		if i%10 == 0 {
			checkAgainstEvalFloat(t, fmt.Sprintf("d/dx random #%d %s", i, e), Derivative(e, 1), xs)
		}
	}
}

// TestPowIntMatchesMathPow checks the integer powers computed by
// multiplication against math.Pow on points that push the intermediate
// products into overflow, underflow and the subnormal range.
func TestPowIntMatchesMathPow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	xs := testPoints(200)
	for range 2000 {
		// Magnitudes spread over the whole exponent range.
		xs = append(xs, math.Ldexp(r.Float64()*2-1, r.IntN(2100)-1050))
	}
	xs = append(xs, 1.2e-154, 1.5e-154, 1.3e154, 1e-103, 0x1p-511, 0x1p512, -0x1p-1022)
	for n := int32(-maxPowInt); n <= maxPowInt; n++ {
		if n == 0 {
			continue
		}
		for _, x := range xs {
			if got, want := powInt(x, n), math.Pow(x, float64(n)); !sameFloat(got, want) {
				t.Fatalf("powInt(%v, %d) = %v, math.Pow = %v", x, n, got, want)
			}
		}
	}
}

func TestCompileLen(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{"x", 0},
		{"3", 0},
		{"sqrt(2)*pi", 0},
		{"sqrt(2)*x", 1},
		{"x/(1+exp(-x))", 2},          // sigmoid(x), x·sigmoid(x)
		{"tanh(x^3+x)*sin(x^3+x)", 5}, // x³, x³+x shared: x³, +, tanh, sin, ·
	}
	for _, tt := range tests {
		e := MustParse(tt.src)
		if got := Compile(e).Len(); got != tt.want {
			t.Errorf("Compile(%s).Len() = %d, want %d", tt.src, got, tt.want)
		}
		// Every x-dependent interior node is one instruction.
		want := 0
		for _, n := range e.Nodes() {
			if n.Op() != OpVar && n.HasVar() {
				want++
			}
		}
		if got := Compile(e).Len(); got != want {
			t.Errorf("Compile(%s).Len() = %d, want one per x-dependent node = %d", e, got, want)
		}
	}
}

func TestCompileNumericalStability(t *testing.T) {
	swish := MustParse("x/(1+exp(-x))")
	if want := MustParse("x*sigmoid(x)"); swish != want {
		t.Fatalf("x/(1+exp(-x)) parses to %s, want %s", swish, want)
	}
	isNegZero := func(v float64) bool { return v == 0 && math.Signbit(v) }
	tests := []struct {
		src   string
		x     float64
		check func(float64) bool
		what  string
	}{
		{"x/(1+exp(-x))", -800, isNegZero, "−0"},
		{"x/(1+exp(-x))", -1e4, isNegZero, "−0"},
		{"x/(1+exp(-x))", 800, func(v float64) bool { return v == 800 }, "800"},
		{"sigmoid", -1e4, func(v float64) bool { return v == 0 }, "0"},
		{"sigmoid", 1e4, func(v float64) bool { return v == 1 }, "1"},
		{"sigmoid", -800, func(v float64) bool { return v == 0 }, "0"},
		{"softplus", 1e4, func(v float64) bool { return v == 1e4 }, "1e4"},
		{"softplus", -1e4, func(v float64) bool { return v >= 0 && v < 0x1p-1022 }, "0 or subnormal"},
		{"softplus", -800, func(v float64) bool { return v >= 0 && v < 0x1p-1022 }, "0 or subnormal"},
		{"softplus", 800, func(v float64) bool { return v == 800 }, "800"},
		{"softplus", -30, func(v float64) bool {
			t := math.Exp(-30) // log(1+t) = t − t²/2 + O(t³)
			return math.Abs(v-(t-t*t/2)) <= 1e-15*t
		}, "exp(−30) − exp(−60)/2"},
	}
	for _, tt := range tests {
		p := Compile(MustParse(tt.src))
		if v := p.Eval(tt.x); !tt.check(v) {
			t.Errorf("%s at %v = %v, want %s", tt.src, tt.x, v, tt.what)
		}
		out := []float64{0}
		if p.EvalSlice(out, []float64{tt.x}); !tt.check(out[0]) {
			t.Errorf("EvalSlice %s at %v = %v, want %s", tt.src, tt.x, out[0], tt.what)
		}
	}

	// The functions and their first two derivatives stay finite (never
	// NaN) over the whole range where the activation itself is finite.
	xs := []float64{-1e4, -5000, -1000, -800, -710, -100, -30, -1, 0, 1, 30, 100, 710, 800, 1000, 5000, 1e4}
	for _, src := range []string{"x/(1+exp(-x))", "sigmoid", "softplus", "swish", "mish"} {
		e := MustParse(src)
		for order := range 3 {
			p := Compile(Derivative(e, order))
			for _, x := range xs {
				if v := p.Eval(x); math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("d%d/dx%d %s at %v = %v, want finite", order, order, src, x, v)
				}
			}
		}
	}
	// Exact limits of the derivatives in the tails.
	limits := []struct {
		src   string
		order int
		x     float64
		want  float64
	}{
		{"sigmoid", 1, 1e4, 0}, {"sigmoid", 1, -1e4, 0}, {"sigmoid", 2, 1e4, 0}, {"sigmoid", 2, -1e4, 0},
		{"softplus", 1, 1e4, 1}, {"softplus", 1, -1e4, 0}, {"softplus", 2, 1e4, 0}, {"softplus", 2, -1e4, 0},
		{"x/(1+exp(-x))", 1, 1e4, 1}, {"x/(1+exp(-x))", 1, -1e4, 0},
		{"x/(1+exp(-x))", 2, 1e4, 0}, {"x/(1+exp(-x))", 2, -1e4, 0},
	}
	for _, l := range limits {
		if v := Compile(Derivative(MustParse(l.src), l.order)).Eval(l.x); v != l.want {
			t.Errorf("d%d/dx%d %s at %v = %v, want %v", l.order, l.order, l.src, l.x, v, l.want)
		}
	}
}

// rightNestedSum returns f₁(x+1) + (f₂(x+2) + (… + fₙ(x+n))), whose
// evaluation keeps all n terms live at once.
func rightNestedSum(n int) Expr {
	fs := []string{"sin", "cos", "tanh", "atan", "erf", "sigmoid", "softplus"}
	terms := make([]Expr, n)
	for i := range terms {
		terms[i] = Call(lookupFunc(fs[i%len(fs)]), Add(Var(), Int(int64(i+1))))
	}
	sum := terms[n-1]
	for i := n - 2; i >= 0; i-- {
		sum = Add(terms[i], sum)
	}
	return sum
}

func TestCompileZeroAllocations(t *testing.T) {
	programs := []struct {
		name string
		e    Expr
	}{
		{"swish", MustParse("x/(1+exp(-x))")},
		{"gelu_tanh by hand", MustParse("0.5*x*(1+tanh(0.7978845608*(x+0.044715*x^3)))")},
		{"40 live terms", rightNestedSum(40)},
	}
	xs := testPoints(1000)
	dst := make([]float64, len(xs))
	for _, pr := range programs {
		p := Compile(pr.e)
		if pr.name == "40 live terms" && p.nregs+1 <= stackRegs {
			t.Fatalf("%s: %d registers fit on the stack; the test wants the pooled path", pr.name, p.nregs)
		}
		var sink float64
		if n := testing.AllocsPerRun(100, func() { sink += p.Eval(0.25) }); n != 0 {
			t.Errorf("%s: Eval allocates %v times per call", pr.name, n)
		}
		if n := testing.AllocsPerRun(20, func() { p.EvalSlice(dst, xs) }); n != 0 {
			t.Errorf("%s: EvalSlice allocates %v times per call", pr.name, n)
		}
		checkAgainstEvalFloat(t, pr.name, pr.e, xs)
	}
}

func TestEvalSliceLengths(t *testing.T) {
	e := MustParse("mish")
	p := Compile(e)
	for _, n := range []int{0, 1, blockLen - 1, blockLen, blockLen + 1, 3*blockLen + 17} {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(i)/7 - 20
		}
		got := make([]float64, n)
		p.EvalSlice(got, xs)
		for i, x := range xs {
			if want := EvalFloat(floatForms(e)[0], x); !sameFloat(got[i], want) {
				t.Fatalf("n=%d: EvalSlice[%d] = %v, want %v", n, i, got[i], want)
			}
		}
		// In place: dst is xs.
		p.EvalSlice(xs, xs)
		for i := range xs {
			if !sameFloat(xs[i], got[i]) {
				t.Fatalf("n=%d: in-place EvalSlice[%d] = %v, want %v", n, i, xs[i], got[i])
			}
		}
	}
}

func TestEvalSliceLengthMismatchPanics(t *testing.T) {
	for _, src := range []string{"x", "3", "tanh"} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "len(dst)") {
					t.Errorf("%s: EvalSlice with len(dst) != len(xs) recovered %v, want a panic about len(dst)", src, r)
				}
			}()
			Compile(MustParse(src)).EvalSlice(make([]float64, 3), make([]float64, 4))
		}()
	}
}

func TestCompileConcurrentUse(t *testing.T) {
	e := Derivative(MustParse("gelu(x)*tanh(x)"), 2)
	p := Compile(e)
	xs := testPoints(3000)
	want := make([]float64, len(xs))
	form := floatForms(e)[0]
	for i, x := range xs {
		want[i] = EvalFloat(form, x)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := range 8 {
		wg.Go(func() {
			got := make([]float64, len(xs))
			for range 20 {
				p.EvalSlice(got, xs)
				for i, x := range xs {
					if v := p.Eval(x); !sameFloat(v, want[i]) || !sameFloat(got[i], want[i]) {
						errs <- fmt.Sprintf("goroutine %d at x=%v: Eval %v, EvalSlice %v, want %v", g, x, v, got[i], want[i])
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

func TestCompileZeroExprPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Compile(Expr{}) did not panic")
		}
	}()
	Compile(Expr{})
}
