package calc

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/Knetic/govaluate"
)

// This file checks the parser, the normalizing constructors and the
// compiled evaluator against github.com/Knetic/govaluate, an independent
// expression evaluator. Expressions are written in govaluate's syntax over
// a safe subset of the language: + − * / and ** with parentheses around
// every operation, negation as (0-a) (govaluate reads -x**2 as (-x)²), and
// calls of the functions in govaluateFuncs.

// govaluateFuncs are the functions registered with govaluate, each the
// plain package math function of the same name.
var govaluateFuncs = map[string]govaluate.ExpressionFunction{
	"exp":   unaryGovaluateFunc(math.Exp),
	"expm1": unaryGovaluateFunc(math.Expm1),
	"log":   unaryGovaluateFunc(math.Log),
	"log1p": unaryGovaluateFunc(math.Log1p),
	"sqrt":  unaryGovaluateFunc(math.Sqrt),
	"abs":   unaryGovaluateFunc(math.Abs),
	"tanh":  unaryGovaluateFunc(math.Tanh),
	"sinh":  unaryGovaluateFunc(math.Sinh),
	"cosh":  unaryGovaluateFunc(math.Cosh),
	"sech":  unaryGovaluateFunc(func(x float64) float64 { return 1 / math.Cosh(x) }),
	"sin":   unaryGovaluateFunc(math.Sin),
	"cos":   unaryGovaluateFunc(math.Cos),
	"atan":  unaryGovaluateFunc(math.Atan),
	"erf":   unaryGovaluateFunc(math.Erf),
	"erfc":  unaryGovaluateFunc(math.Erfc),
	"max":   binaryGovaluateFunc(math.Max),
	"min":   binaryGovaluateFunc(math.Min),
	"sign": unaryGovaluateFunc(func(v float64) float64 {
		if v == 0 || math.IsNaN(v) {
			return v
		}
		return math.Copysign(1, v)
	}),
	"step": unaryGovaluateFunc(func(v float64) float64 {
		switch {
		case v > 0:
			return 1
		case v < 0:
			return 0
		case v == 0:
			return 0.5
		}
		return v
	}),
}

func unaryGovaluateFunc(f func(float64) float64) govaluate.ExpressionFunction {
	return func(args ...any) (any, error) {
		if len(args) != 1 {
			return nil, fmt.Errorf("want 1 argument, got %d", len(args))
		}
		v, ok := args[0].(float64)
		if !ok {
			return nil, fmt.Errorf("argument %v is not a number", args[0])
		}
		return f(v), nil
	}
}

func binaryGovaluateFunc(f func(a, b float64) float64) govaluate.ExpressionFunction {
	return func(args ...any) (any, error) {
		if len(args) != 2 {
			return nil, fmt.Errorf("want 2 arguments, got %d", len(args))
		}
		a, okA := args[0].(float64)
		b, okB := args[1].(float64)
		if !okA || !okB {
			return nil, fmt.Errorf("arguments %v are not numbers", args)
		}
		return f(a, b), nil
	}
}

// gvTree is an expression as a plain tree, in the shape govaluate
// evaluates it. It is what the random generator builds (before the
// normalizing constructors see it) and what an Expr is printed from.
type gvTree struct {
	op   Op       // OpNum, OpVar, OpNeg, OpAdd, OpSub, OpMul, OpDiv, OpPow or OpCall
	k    float64  // OpNum: the value
	rat  *big.Rat // OpNum built by the generator: the exact value
	fn   string   // OpCall: a name in govaluateFuncs
	args []*gvTree
}

func gvNum(r *big.Rat) *gvTree {
	k, _ := r.Float64()
	return &gvTree{op: OpNum, k: k, rat: r}
}

func gvOp(op Op, args ...*gvTree) *gvTree { return &gvTree{op: op, args: args} }

func gvCall(fn string, args ...*gvTree) *gvTree { return &gvTree{op: OpCall, fn: fn, args: args} }

// syntax writes t in govaluate's syntax.
func (t *gvTree) syntax() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *gvTree) write(b *strings.Builder) {
	switch t.op {
	case OpNum:
		// govaluate reads digits and '.' only: no exponent, no sign.
		s := strconv.FormatFloat(math.Abs(t.k), 'f', -1, 64)
		if math.Signbit(t.k) {
			s = "(0-" + s + ")"
		}
		b.WriteString(s)
		return
	case OpVar:
		b.WriteString("x")
		return
	case OpCall:
		b.WriteString(t.fn)
		b.WriteByte('(')
		for i, a := range t.args {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
		b.WriteByte(')')
		return
	}
	b.WriteByte('(')
	if t.op == OpNeg {
		b.WriteString("0-")
		t.args[0].write(b)
	} else {
		t.args[0].write(b)
		b.WriteString(map[Op]string{OpAdd: " + ", OpSub: " - ", OpMul: " * ", OpDiv: " / ", OpPow: " ** "}[t.op])
		t.args[1].write(b)
	}
	b.WriteByte(')')
}

// expr builds t with the normalizing constructors.
func (t *gvTree) expr() Expr {
	args := make([]Expr, len(t.args))
	for i, a := range t.args {
		args[i] = a.expr()
	}
	switch t.op {
	case OpNum:
		return Num(t.rat)
	case OpVar:
		return Var()
	case OpNeg:
		return Neg(args[0])
	case OpAdd:
		return Add(args[0], args[1])
	case OpSub:
		return Sub(args[0], args[1])
	case OpMul:
		return Mul(args[0], args[1])
	case OpDiv:
		return Div(args[0], args[1])
	case OpPow:
		return Pow(args[0], args[1])
	}
	return Call(lookupFunc(t.fn), args...)
}

// gvTreeOf converts e to a tree in govaluate's subset, writing sigmoid(u)
// as 1/(1 + exp(0-u)), softplus(u) as log1p(exp(u)), and the named
// activations by their definitions. It fails on functions govaluate does
// not know.
func gvTreeOf(e Expr) (*gvTree, error) {
	var args []*gvTree
	for _, a := range e.Args() {
		t, err := gvTreeOf(a)
		if err != nil {
			return nil, err
		}
		args = append(args, t)
	}
	switch e.Op() {
	case OpNum:
		r, _ := e.Rat()
		return gvNum(r), nil
	case OpConst:
		if e.Func().Name == "pi" {
			return &gvTree{op: OpNum, k: math.Pi}, nil
		}
		return &gvTree{op: OpNum, k: math.E}, nil
	case OpVar, OpNeg, OpAdd, OpSub, OpMul, OpDiv, OpPow:
		return gvOp(e.Op(), args...), nil
	}
	f := e.Func()
	if def, ok := Expand(e); ok {
		return gvTreeOf(def)
	}
	switch f.Name {
	case "sigmoid":
		one := &gvTree{op: OpNum, k: 1}
		return gvOp(OpDiv, one, gvOp(OpAdd, one, gvCall("exp", gvOp(OpNeg, args[0])))), nil
	case "softplus":
		return gvCall("log1p", gvCall("exp", args[0])), nil
	}
	if govaluateFuncs[f.Name] == nil {
		return nil, fmt.Errorf("govaluate has no function %s", f.Name)
	}
	return gvCall(f.Name, args...), nil
}

// unitRoundoff is the unit roundoff of float64, 2⁻⁵³.
const unitRoundoff = 0x1p-53

// eval evaluates t at x in float64, in the order govaluate does, together
// with a first-order bound on the rounding error of that evaluation, in
// units of the unit roundoff: the error of every operation is propagated
// through the derivatives of the operations that follow. The bound tells
// well-conditioned points (where two evaluation orders must agree closely)
// from cancellations (where they need not). It is +Inf where a jump of
// step or sign lies within the error.
func (t *gvTree) eval(x float64) (v, errBound float64) {
	v, errBound = t.evalOp(x)
	if math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(errBound) {
		// An overflow or a domain error on the way can be hidden by
		// what follows (atan(+Inf) is finite) where another evaluation
		// order stays finite: no accuracy can be claimed.
		errBound = math.Inf(1)
	}
	return v, errBound
}

// evalOp is eval for the top operation of t.
func (t *gvTree) evalOp(x float64) (v, errBound float64) {
	var a, b, ea, eb float64
	if len(t.args) > 0 {
		a, ea = t.args[0].eval(x)
	}
	if len(t.args) > 1 {
		b, eb = t.args[1].eval(x)
	}
	switch t.op {
	case OpNum:
		return t.k, math.Abs(t.k)
	case OpVar:
		return x, 0
	case OpNeg:
		return 0 - a, ea // as written for govaluate: (0-a)
	case OpAdd:
		v = a + b
		return v, ea + eb + math.Abs(v)
	case OpSub:
		v = a - b
		return v, ea + eb + math.Abs(v)
	case OpMul:
		v = a * b
		return v, math.Abs(b)*ea + math.Abs(a)*eb + math.Abs(v)
	case OpDiv:
		v = a / b
		return v, (ea+math.Abs(v)*eb)/math.Abs(b) + math.Abs(v)
	case OpPow:
		v = math.Pow(a, b)
		// math.Pow with an integer exponent multiplies successive
		// squares: up to about |b| roundings.
		errBound = (math.Abs(b) + 2) * math.Abs(v)
		if ea > 0 {
			errBound += math.Abs(b*v/a) * ea
		}
		if eb > 0 {
			errBound += math.Abs(v*math.Log(math.Abs(a))) * eb
		}
		return v, errBound
	}
	switch t.fn {
	case "max", "min":
		r, _ := govaluateFuncs[t.fn](a, b)
		v = r.(float64)
		return v, max(ea, eb) + math.Abs(v)
	case "sign", "step":
		r, _ := govaluateFuncs[t.fn](a)
		v = r.(float64)
		if ea > 0 && math.Abs(a) <= 4*unitRoundoff*ea {
			return v, math.Inf(1)
		}
		return v, 0
	}
	r, _ := govaluateFuncs[t.fn](a)
	v = r.(float64)
	var slope float64 // |f′(a)|
	switch t.fn {
	case "exp":
		slope = v
	case "expm1":
		slope = math.Exp(a)
	case "log":
		slope = 1 / math.Abs(a)
	case "log1p":
		slope = 1 / math.Abs(1+a)
	case "sqrt":
		slope = 0.5 / v
	case "abs":
		slope = 1
	case "tanh":
		slope = 1 - v*v
	case "sinh":
		slope = math.Cosh(a)
	case "cosh":
		slope = math.Abs(math.Sinh(a))
	case "sin":
		slope = math.Abs(math.Cos(a))
	case "cos":
		slope = math.Abs(math.Sin(a))
	case "atan":
		slope = 1 / (1 + a*a)
	case "erf", "erfc":
		slope = 2 / math.Sqrt(math.Pi) * math.Exp(-a*a)
	}
	// The functions of package math are accurate to about an ulp.
	errBound = 2 * math.Abs(v)
	if ea > 0 {
		errBound += slope * ea
	}
	return v, errBound
}

// govaluateFeatures are the constructs of the random expressions.
const (
	featAdd = iota
	featSub
	featMul
	featDiv
	featNeg
	featPowInt     // u ** n for a small integer n
	featPowPosBase // c ** u for a constant c > 0
	featPowExpBase // exp(u) ** v
	featCall       // f(u) for a function of govaluateFuncs
	featSoftplus   // log(1 + exp(u)), which normalizes to softplus(u)
	featSigmoid    // u / (1 + exp(v)), which normalizes to u·sigmoid(−v)
	featCount
)

// randomUnaryFuncs are the functions random expressions call.
var randomUnaryFuncs = []string{"exp", "expm1", "log", "log1p", "sqrt", "abs", "tanh", "sinh", "cosh",
	"sin", "cos", "atan", "erf", "erfc"}

// randomGvTree returns a random expression of at most the given depth.
func randomGvTree(r *rand.Rand, depth int) *gvTree {
	if depth == 0 || r.IntN(6) == 0 {
		switch r.IntN(6) {
		case 0:
			return gvNum(big.NewRat(int64(r.IntN(11)-5), 1))
		case 1:
			return gvNum(big.NewRat(int64(r.IntN(21)-10), int64(r.IntN(9)+1)))
		case 2:
			return gvNum(big.NewRat(int64(r.IntN(2001)-1000), 1000))
		}
		return gvOp(OpVar)
	}
	sub := func() *gvTree { return randomGvTree(r, depth-1) }
	one := gvNum(big.NewRat(1, 1))
	switch r.IntN(featCount) {
	case featAdd:
		return gvOp(OpAdd, sub(), sub())
	case featSub:
		return gvOp(OpSub, sub(), sub())
	case featMul:
		return gvOp(OpMul, sub(), sub())
	case featDiv:
		return gvOp(OpDiv, sub(), nonZeroTree(sub))
	case featNeg:
		return gvOp(OpNeg, sub())
	case featPowInt:
		n := int64(r.IntN(8) - 3)
		if n < 0 {
			return gvOp(OpPow, nonZeroTree(sub), gvNum(big.NewRat(n, 1)))
		}
		return gvOp(OpPow, sub(), gvNum(big.NewRat(n, 1)))
	case featPowPosBase:
		return gvOp(OpPow, gvNum(big.NewRat(int64(r.IntN(20)+1), int64(r.IntN(5)+1))), sub())
	case featPowExpBase:
		return gvOp(OpPow, gvCall("exp", sub()), sub())
	case featSoftplus:
		return gvCall("log", gvOp(OpAdd, one, gvCall("exp", sub())))
	case featSigmoid:
		return gvOp(OpDiv, sub(), gvOp(OpAdd, one, gvCall("exp", sub())))
	}
	return gvCall(randomUnaryFuncs[r.IntN(len(randomUnaryFuncs))], sub())
}

// nonZeroTree returns the first tree made by gen whose normal form is not
// the constant 0, for denominators and bases of negative powers: Parse
// rejects a division by the constant 0 and 0 to a negative power, so a
// normal form containing one could not be parsed back.
func nonZeroTree(gen func() *gvTree) *gvTree {
	for {
		if d := gen(); !d.expr().isNum(0) {
			return d
		}
	}
}

// govaluateEval evaluates text with govaluate at x.
func govaluateEval(t testing.TB, text string, x float64) float64 {
	t.Helper()
	ge, err := govaluate.NewEvaluableExpressionWithFunctions(text, govaluateFuncs)
	if err != nil {
		t.Fatalf("govaluate cannot parse %s: %v", text, err)
	}
	v, err := ge.Evaluate(map[string]any{"x": x})
	if err != nil {
		t.Fatalf("govaluate cannot evaluate %s at %v: %v", text, x, err)
	}
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("govaluate evaluates %s at %v to %v (%T), not a number", text, x, v, v)
	}
	return f
}

// govaluateTolerance is the relative disagreement allowed between govaluate
// and the compiled evaluator. The two evaluate different forms of the
// expression: govaluate the tree as generated or printed, the compiled
// program its normal form, in which constants are folded exactly,
// constant factors and terms are gathered, like terms combined and
// unstable subexpressions replaced by stable kernels (softplus, sigmoid).
// Each form rounds differently, so the results differ by the rounding
// errors of both evaluations: a few ulps times the condition of the
// expression. Points are compared only where the first-order error bound
// of both forms is below wellConditioned relative to the value, so the
// agreement should be within 1e-13; 1e-12 leaves a margin of ten.
const (
	govaluateTolerance = 1e-12
	wellConditioned    = 1e-13
)

// disagreement tallies the comparisons of compiled values with govaluate's:
// how many points were compared and skipped, and the largest relative
// difference seen.
type disagreement struct {
	compared, skipped int
	worst             float64
	worstAt           string
}

// check compares the compiled value got with govaluate's want where both
// are finite and every error bound (in units of unitRoundoff) is below
// wellConditioned relative to the value, and fails the test when they
// differ by more than govaluateTolerance.
func (d *disagreement) check(t *testing.T, what string, got, want float64, bounds ...float64) {
	t.Helper()
	if math.IsNaN(got) || math.IsInf(got, 0) || math.IsNaN(want) || math.IsInf(want, 0) {
		d.skipped++
		return
	}
	scale := max(math.Abs(got), math.Abs(want))
	for _, b := range bounds {
		if !(b*unitRoundoff <= wellConditioned*scale) {
			d.skipped++
			return
		}
	}
	d.compared++
	rel := 0.0
	if got != want {
		rel = math.Abs(got-want) / scale
	}
	if rel > d.worst {
		d.worst, d.worstAt = rel, what
	}
	if rel > govaluateTolerance {
		t.Errorf("%s: compiled %v, govaluate %v, relative difference %.3g", what, got, want, rel)
	}
}

// govaluateTable are expressions of the language whose normal forms
// govaluate can evaluate.
var govaluateTable = []string{
	"x/(1+exp(-x))", "x*tanh(log(1+exp(x)))", "0.5*x*(1+tanh(0.7978845608*(x+0.044715*x^3)))",
	"sin(x)*exp(-x^2/2)+3*x^2-2", "-x^2", "2^x", "(x^2+1)^-2", "x^3 - 3*x", "sqrt(x^2+1) - x",
	"atan(x)/x", "erf(x/sqrt(2))", "gelu", "gelu_tanh", "relu", "elu", "elu(x, 0.5)", "selu", "softsign",
	"leaky_relu(x, 0.1)", "swish", "mish", "sigmoid", "softplus", "cosh(x)^2 - sinh(x)^2", "expm1(x)/x",
	"log1p(x^2)", "abs(x)^3", "max(x, 0.5*x) - min(x, 2)", "pi*x^2/e", "exp(x)^x", "(3/2)^(x^2)",
	"log(1 + exp(-x^2))", "1/(1+x^2)", "(x - 1)*(x + 1)/3 - x^2/3",
}

func TestGovaluateTable(t *testing.T) {
	xs := []float64{-20, -5, -3, -1.5, -0.5, -1e-3, 0, 0.25, 0.75, 2, 5, 20}
	var d disagreement
	for _, src := range govaluateTable {
		e := MustParse(src)
		for order := range 2 {
			de := Derivative(e, order)
			tree, err := gvTreeOf(de)
			if err != nil {
				t.Fatalf("%s: %v", de, err)
			}
			text := tree.syntax()
			p := Compile(de)
			for _, x := range xs {
				want, bound := tree.eval(x)
				if g := govaluateEval(t, text, x); !sameFloat(g, want) {
					t.Fatalf("%s at %v: govaluate %v, the tree walk %v", text, x, g, want)
				}
				d.check(t, fmt.Sprintf("d%d %s = %s at %v", order, src, text, x), p.Eval(x), want, bound)
			}
		}
	}
	t.Logf("table: %d points compared, %d skipped (non-finite or ill-conditioned); worst relative difference %.3g at %s",
		d.compared, d.skipped, d.worst, d.worstAt)
	if d.compared < 3*d.skipped {
		t.Errorf("only %d of %d points compared", d.compared, d.compared+d.skipped)
	}
}

// TestStringRoundTripScaledQuotient parses back the printed normal forms of
// constant multiples of quotients, c·(n/d), which String writes p*n/d/q for
// c = p/q. Parsed again, p joins the numerator n, where p·n may fold with a
// constant n or cancel with d, and the normal form changes.
func TestStringRoundTripScaledQuotient(t *testing.T) {
	x := Var()
	rat := func(p, q int64) Expr { return Num(big.NewRat(p, q)) }
	for _, e := range []Expr{
		Mul(rat(500, 297), Div(rat(-51, 100), x)),
		Mul(rat(2, 3), Div(x, Mul(Int(2), x))),
		Mul(rat(4, 9), Div(Int(1), x)),
		Mul(rat(-4, 9), Div(Int(1), Call(lookupFunc("cos"), x))),
		Mul(rat(5, 7), Div(x, Call(lookupFunc("cos"), x))),
	} {
		got, err := Parse(e.String())
		if err != nil || got != e {
			t.Errorf("Parse(%q) = %s, %v; want %s back", e.String(), got, err, e)
		}
	}
}

func TestGovaluateRandom(t *testing.T) {
	const exprs = 2000
	xs := []float64{-2.5, -1.3, -0.7, -0.1, 0.3, 0.9, 1.7, 3.1}
	r := rand.New(rand.NewPCG(2024, 1))
	var raw, printed disagreement
	for i := range exprs {
		tree := randomGvTree(r, 5)
		e := tree.expr()
		rawText := tree.syntax()

		// The normal form prints to text that parses back to itself.
		reparsed, err := Parse(e.String())
		if err != nil {
			t.Fatalf("#%d: Parse(%q): %v", i, e.String(), err)
		}
		if reparsed != e {
			t.Errorf("#%d: Parse(%q) = %s, want the same normal form back", i, e.String(), reparsed)
		}

		normal, err := gvTreeOf(e)
		if err != nil {
			t.Fatalf("#%d %s: %v", i, e, err)
		}
		normalText := normal.syntax()
		p, pr := Compile(e), Compile(reparsed)
		for _, x := range xs {
			rawWant, rawBound := tree.eval(x)
			normalWant, normalBound := normal.eval(x)
			gRaw, gNormal := govaluateEval(t, rawText, x), govaluateEval(t, normalText, x)
			if !sameFloat(gRaw, rawWant) || !sameFloat(gNormal, normalWant) {
				t.Fatalf("#%d at %v: govaluate %v and %v, the tree walks %v and %v", i, x, gRaw, gNormal, rawWant, normalWant)
			}
			got := p.Eval(x)
			raw.check(t, fmt.Sprintf("#%d %s (normal form %s) at %v", i, rawText, e, x), got, gRaw, rawBound, normalBound)
			printed.check(t, fmt.Sprintf("#%d %s at %v", i, normalText, x), got, gNormal, normalBound)
			if reparsed != e {
				raw.check(t, fmt.Sprintf("#%d %s (reparsed as %s) at %v", i, rawText, reparsed, x), pr.Eval(x), gRaw, rawBound, normalBound)
			}
		}
	}
	t.Logf("as generated: %d points compared, %d skipped; worst relative difference %.3g at %s",
		raw.compared, raw.skipped, raw.worst, raw.worstAt)
	t.Logf("normal form printed: %d points compared, %d skipped; worst relative difference %.3g at %s",
		printed.compared, printed.skipped, printed.worst, printed.worstAt)
	if raw.compared < exprs*len(xs)/3 {
		t.Errorf("only %d of %d points compared", raw.compared, exprs*len(xs))
	}
}
