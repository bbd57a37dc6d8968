package calc

import (
	"math"
	"sort"
)

// FuncID identifies a built-in function or constant.
type FuncID uint8

// The built-in functions and constants. Primitives are evaluated directly;
// named activations (relu … softsign) are defined by an expansion into
// primitives and keep their name only for printing and fast float64 kernels.
const (
	FnInvalid FuncID = iota
	// constants
	FnPi
	FnE
	// primitives
	FnExp
	FnExpm1
	FnLog
	FnLog1p
	FnSqrt
	FnAbs
	FnSign
	FnStep
	FnMax
	FnMin
	FnTanh
	FnSinh
	FnCosh
	FnSech
	FnSin
	FnCos
	FnAtan
	FnErf
	FnErfc
	FnSigmoid
	FnSoftplus
	FnPow // pow(a, b) is a^b; it builds an OpPow node, never an OpCall
	// named activations, defined by expansion
	FnRelu
	FnLeakyRelu
	FnElu
	FnSelu
	FnGelu
	FnGeluTanh
	FnSwish
	FnMish
	FnSoftsign
)

// Func describes a built-in function or constant.
type Func struct {
	ID      FuncID
	Name    string // canonical name, used when printing
	MinArgs int
	MaxArgs int
	Doc     string // one line for `critcalc help functions`

	isConst bool
	// defaultArg is the decimal value of an omitted second argument.
	defaultArg string
	// float64 kernels (stable forms); f2 for two-argument functions.
	f1 func(float64) float64
	f2 func(a, b float64) float64
	// loop, for the kernels of e^−|u| (sharedfloat.go): the loop of
	// runBlock that applies this kernel inlined, loopNone for a kernel
	// called through f1 or f2.
	loop sharedLoop
	// expand, for named activations: the definition in primitives. The
	// second argument is the zero Expr when the call has one argument.
	expand func(a, b Expr) Expr
}

// IsActivation reports whether f is a named activation defined by an
// expansion into primitives.
func (f *Func) IsActivation() bool { return f.expand != nil }

// Expand returns the definition of the named activation call e in
// primitives; ok is false when e is not such a call.
func Expand(e Expr) (d Expr, ok bool) {
	if e.Op() != OpCall || e.Func().expand == nil {
		return Expr{}, false
	}
	return e.Func().expand(e.Arg(0), e.Arg(1)), true
}

// SELU constants (Klambauer et al. 2017), exact decimals as published.
const (
	seluLambda = "1.0507009873554804934193349852946"
	seluAlpha  = "1.6732632423543772848170429916717"
)

var funcTable []*Func
var funcByName map[string]*Func

func init() {
	sqrt2 := func() Expr { return Call1(funcByName["sqrt"], Int(2)) }
	half := ratExpr(1, 2)
	funcTable = []*Func{
		{ID: FnPi, Name: "pi", isConst: true, Doc: "π = 3.14159…"},
		{ID: FnE, Name: "e", isConst: true, Doc: "Euler's number e = 2.71828…"},
		{ID: FnExp, Name: "exp", MinArgs: 1, MaxArgs: 1, f1: math.Exp, Doc: "exponential"},
		{ID: FnExpm1, Name: "expm1", MinArgs: 1, MaxArgs: 1, f1: math.Expm1, Doc: "exp(x) − 1, accurate near 0"},
		{ID: FnLog, Name: "log", MinArgs: 1, MaxArgs: 1, f1: math.Log, Doc: "natural logarithm (x > 0)"},
		{ID: FnLog1p, Name: "log1p", MinArgs: 1, MaxArgs: 1, f1: math.Log1p, Doc: "log(1 + x), accurate near 0"},
		{ID: FnSqrt, Name: "sqrt", MinArgs: 1, MaxArgs: 1, f1: math.Sqrt, Doc: "square root (x ≥ 0)"},
		{ID: FnAbs, Name: "abs", MinArgs: 1, MaxArgs: 1, f1: math.Abs, Doc: "absolute value (kink at 0)"},
		{ID: FnSign, Name: "sign", MinArgs: 1, MaxArgs: 1, f1: signF, Doc: "sign: −1, 0, 1 (jump at 0)"},
		{ID: FnStep, Name: "step", MinArgs: 1, MaxArgs: 1, f1: stepF, Doc: "Heaviside step: 0 for x < 0, 1/2 at 0, 1 for x > 0"},
		{ID: FnMax, Name: "max", MinArgs: 2, MaxArgs: 2, f2: maxF, Doc: "larger of two values"},
		{ID: FnMin, Name: "min", MinArgs: 2, MaxArgs: 2, f2: minF, Doc: "smaller of two values"},
		{ID: FnTanh, Name: "tanh", MinArgs: 1, MaxArgs: 1, f1: math.Tanh, Doc: "hyperbolic tangent"},
		{ID: FnSinh, Name: "sinh", MinArgs: 1, MaxArgs: 1, f1: math.Sinh, Doc: "hyperbolic sine"},
		{ID: FnCosh, Name: "cosh", MinArgs: 1, MaxArgs: 1, f1: math.Cosh, Doc: "hyperbolic cosine"},
		{ID: FnSech, Name: "sech", MinArgs: 1, MaxArgs: 1, f1: sechF, Doc: "hyperbolic secant 1/cosh(x); tanh′ = sech²"},
		{ID: FnSin, Name: "sin", MinArgs: 1, MaxArgs: 1, f1: math.Sin, Doc: "sine"},
		{ID: FnCos, Name: "cos", MinArgs: 1, MaxArgs: 1, f1: math.Cos, Doc: "cosine"},
		{ID: FnAtan, Name: "atan", MinArgs: 1, MaxArgs: 1, f1: math.Atan, Doc: "arc tangent"},
		{ID: FnErf, Name: "erf", MinArgs: 1, MaxArgs: 1, f1: math.Erf, Doc: "error function"},
		{ID: FnErfc, Name: "erfc", MinArgs: 1, MaxArgs: 1, f1: math.Erfc, Doc: "complementary error function 1 − erf(x)"},
		{ID: FnSigmoid, Name: "sigmoid", MinArgs: 1, MaxArgs: 1, f1: sigmoidF, Doc: "logistic 1/(1 + exp(−x)), stable for large |x|"},
		{ID: FnSoftplus, Name: "softplus", MinArgs: 1, MaxArgs: 1, f1: softplusF, Doc: "log(1 + exp(x)), stable for large |x|"},
		{ID: FnPow, Name: "pow", MinArgs: 2, MaxArgs: 2, Doc: "pow(a, b) = a^b (a < 0 only with an integer b)"},

		{ID: FnRelu, Name: "relu", MinArgs: 1, MaxArgs: 1, f1: reluF, Doc: "max(x, 0)",
			expand: func(a, _ Expr) Expr { return Call2(funcByName["max"], a, Int(0)) }},
		{ID: FnLeakyRelu, Name: "leaky_relu", MinArgs: 1, MaxArgs: 2, defaultArg: "0.01", f2: leakyF, Doc: "leaky_relu(x, a = 0.01) = max(x, 0) + a·min(x, 0)",
			expand: func(a, s Expr) Expr {
				return Add(Call2(funcByName["max"], a, Int(0)), Mul(s, Call2(funcByName["min"], a, Int(0))))
			}},
		{ID: FnElu, Name: "elu", MinArgs: 1, MaxArgs: 2, defaultArg: "1", f2: eluF, Doc: "elu(x, a = 1) = x for x > 0, a·(exp(x) − 1) otherwise",
			expand: func(a, s Expr) Expr { return eluExpand(a, s) }},
		{ID: FnSelu, Name: "selu", MinArgs: 1, MaxArgs: 1, f1: seluF, Doc: "λ·elu(x, α), λ = " + seluLambda + ", α = " + seluAlpha,
			expand: func(a, _ Expr) Expr {
				return Mul(decimalExpr(seluLambda), eluExpand(a, decimalExpr(seluAlpha)))
			}},
		{ID: FnGelu, Name: "gelu", MinArgs: 1, MaxArgs: 1, f1: geluF, Doc: "exact GELU x·Φ(x) = x·erfc(−x/√2)/2",
			expand: func(a, _ Expr) Expr {
				return Mul(half, Mul(a, Call1(funcByName["erfc"], Neg(Div(a, sqrt2())))))
			}},
		{ID: FnGeluTanh, Name: "gelu_tanh", MinArgs: 1, MaxArgs: 1, f1: geluTanhF, Doc: "tanh approximation of GELU: x·(1 + tanh(√(2/π)(x + 0.044715x³)))/2",
			expand: func(a, _ Expr) Expr {
				pi, _ := Const("pi")
				c := Call1(funcByName["sqrt"], Div(Int(2), pi))
				inner := Mul(c, Add(a, Mul(decimalExpr("0.044715"), Pow(a, Int(3)))))
				return Mul(half, Mul(a, Add(Int(1), Call1(funcByName["tanh"], inner))))
			}},
		{ID: FnSwish, Name: "swish", MinArgs: 1, MaxArgs: 1, f1: swishF, Doc: "x·sigmoid(x) (also silu)",
			expand: func(a, _ Expr) Expr { return Mul(a, Call1(funcByName["sigmoid"], a)) }},
		{ID: FnMish, Name: "mish", MinArgs: 1, MaxArgs: 1, f1: mishF, Doc: "x·tanh(softplus(x))",
			expand: func(a, _ Expr) Expr {
				return Mul(a, Call1(funcByName["tanh"], Call1(funcByName["softplus"], a)))
			}},
		{ID: FnSoftsign, Name: "softsign", MinArgs: 1, MaxArgs: 1, f1: softsignF, Doc: "x/(1 + |x|)",
			expand: func(a, _ Expr) Expr { return Div(a, Add(Int(1), Call1(funcByName["abs"], a))) }},
	}
	funcByName = map[string]*Func{}
	for _, f := range funcTable {
		funcByName[f.Name] = f
	}
	funcByName["silu"] = funcByName["swish"]
}

func eluExpand(a, s Expr) Expr {
	pos := Call2(funcByName["max"], a, Int(0))
	neg := Call1(funcByName["expm1"], Call2(funcByName["min"], a, Int(0)))
	return Add(pos, Mul(s, neg))
}

// lookupFunc returns the function or constant with this name, or nil.
func lookupFunc(name string) *Func { return funcByName[name] }

// Funcs returns every built-in function and constant, sorted by name.
func Funcs() []*Func {
	out := append([]*Func(nil), funcTable...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// names returns all names the parser accepts, aliases included.
func names() []string {
	out := make([]string, 0, len(funcByName)+2)
	for n := range funcByName {
		out = append(out, n)
	}
	out = append(out, "x", "z")
	sort.Strings(out)
	return out
}
