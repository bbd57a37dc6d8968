package codegen

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// This file is a tiny interpreter of the C subset that Function and
// Prelude emit — function definitions whose bodies are const temporaries
// and one return, with + − * /, unary minus, comparisons, ?:, calls and
// literals — so that tests can run the generated text on the CPU and
// compare it with calc. Float code rounds every operation and every math
// call to float32, as IEEE float arithmetic does.

// cProgram is a parsed translation unit: its functions by name.
type cProgram struct {
	funcs map[string]*cFunction
	f32   bool // round to float32
}

type cFunction struct {
	params []string
	temps  []cTemp
	ret    cNode
}

type cTemp struct {
	name string
	expr cNode
}

// cNode is an expression: kind is "num", "id", "call", "neg", one of
// "+-*/", a comparison or "?:".
type cNode struct {
	kind string
	val  float64
	name string
	args []cNode
}

// cTokens splits src into tokens, dropping // comments.
func cTokens(src string) []string {
	var toks []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '_' || unicode.IsLetter(rune(c)):
			j := i
			for j < len(src) && (src[j] == '_' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			toks, i = append(toks, src[i:j]), j
		case unicode.IsDigit(rune(c)) || c == '.':
			j := i
			for j < len(src) && (unicode.IsDigit(rune(src[j])) || src[j] == '.' || src[j] == 'e' ||
				(src[j] == '-' || src[j] == '+') && src[j-1] == 'e') {
				j++
			}
			if j < len(src) && src[j] == 'f' {
				j++
			}
			toks, i = append(toks, src[i:j]), j
		case strings.HasPrefix(src[i:], ">=") || strings.HasPrefix(src[i:], "<=") || strings.HasPrefix(src[i:], "=="):
			toks, i = append(toks, src[i:i+2]), i+2
		default:
			toks, i = append(toks, src[i:i+1]), i+1
		}
	}
	return toks
}

type cParser struct {
	toks []string
	pos  int
	f32  bool
}

func (p *cParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *cParser) next() string { t := p.peek(); p.pos++; return t }

func (p *cParser) expect(t string) {
	if got := p.next(); got != t {
		panic(fmt.Sprintf("token %d: got %q, want %q", p.pos-1, got, t))
	}
}

func (p *cParser) typ() {
	if t := p.next(); t != "double" && t != "float" {
		panic(fmt.Sprintf("token %d: got %q, want a type", p.pos-1, t))
	}
}

// parseC parses src; it panics on anything outside the subset, which a
// test reports as a failure.
func parseC(src string, f32 bool) (prog *cProgram, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("parse: %v", r)
		}
	}()
	p := &cParser{toks: cTokens(src), f32: f32}
	prog = &cProgram{funcs: map[string]*cFunction{}, f32: f32}
	for p.peek() != "" {
		if p.peek() == "static" {
			p.next()
		}
		p.expect("__device__")
		p.typ()
		name := p.next()
		f := &cFunction{}
		p.expect("(")
		for p.peek() != ")" {
			p.typ()
			f.params = append(f.params, p.next())
			if p.peek() == "," {
				p.next()
			}
		}
		p.expect(")")
		p.expect("{")
		for p.peek() == "const" {
			p.next()
			p.typ()
			t := cTemp{name: p.next()}
			p.expect("=")
			t.expr = p.expr()
			p.expect(";")
			f.temps = append(f.temps, t)
		}
		p.expect("return")
		f.ret = p.expr()
		p.expect(";")
		p.expect("}")
		prog.funcs[name] = f
	}
	return prog, nil
}

func (p *cParser) expr() cNode {
	c := p.cmp()
	if p.peek() != "?" {
		return c
	}
	p.next()
	a := p.expr()
	p.expect(":")
	b := p.expr()
	return cNode{kind: "?:", args: []cNode{c, a, b}}
}

func (p *cParser) cmp() cNode {
	a := p.add()
	switch t := p.peek(); t {
	case ">", "<", ">=", "<=", "==":
		p.next()
		return cNode{kind: t, args: []cNode{a, p.add()}}
	}
	return a
}

func (p *cParser) add() cNode {
	a := p.mul()
	for t := p.peek(); t == "+" || t == "-"; t = p.peek() {
		p.next()
		a = cNode{kind: t, args: []cNode{a, p.mul()}}
	}
	return a
}

func (p *cParser) mul() cNode {
	a := p.unary()
	for t := p.peek(); t == "*" || t == "/"; t = p.peek() {
		p.next()
		a = cNode{kind: t, args: []cNode{a, p.unary()}}
	}
	return a
}

func (p *cParser) unary() cNode {
	if p.peek() == "-" {
		p.next()
		return cNode{kind: "neg", args: []cNode{p.unary()}}
	}
	return p.primary()
}

func (p *cParser) primary() cNode {
	t := p.next()
	switch {
	case t == "(":
		e := p.expr()
		p.expect(")")
		return e
	case unicode.IsDigit(rune(t[0])) || t[0] == '.':
		return p.number(t)
	}
	if p.peek() != "(" {
		return cNode{kind: "id", name: t}
	}
	p.next()
	n := cNode{kind: "call", name: t}
	for p.peek() != ")" {
		n.args = append(n.args, p.expr())
		if p.peek() == "," {
			p.next()
		}
	}
	p.expect(")")
	return n
}

// number parses a literal; a float literal must carry the suffix f in
// float code and must not in double code.
func (p *cParser) number(t string) cNode {
	hasF := strings.HasSuffix(t, "f")
	if hasF != p.f32 {
		panic(fmt.Sprintf("literal %q in %s code", t, map[bool]string{true: "float", false: "double"}[p.f32]))
	}
	if !strings.ContainsAny(t, ".e") {
		panic(fmt.Sprintf("integer literal %q", t))
	}
	bits := 64
	if hasF {
		bits = 32
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(t, "f"), bits)
	if err != nil {
		panic(err)
	}
	return cNode{kind: "num", val: v}
}

// cMath are the math library functions the subset may call, double and
// float names.
var cMath = map[string]cMathFunc{}

// cMathFunc is a math library function and whether it is a float one.
type cMathFunc struct {
	f   func(a []float64) float64
	f32 bool
}

func init() {
	one := map[string]func(float64) float64{
		"exp": math.Exp, "expm1": math.Expm1, "log": math.Log, "log1p": math.Log1p, "sqrt": math.Sqrt,
		"fabs": math.Abs, "tanh": math.Tanh, "sinh": math.Sinh, "cosh": math.Cosh, "sin": math.Sin,
		"cos": math.Cos, "atan": math.Atan, "erf": math.Erf, "erfc": math.Erfc,
	}
	for name, f := range one {
		cMath[name] = cMathFunc{func(a []float64) float64 { return f(a[0]) }, false}
		cMath[name+"f"] = cMathFunc{cMath[name].f, true}
	}
	cMath["pow"] = cMathFunc{func(a []float64) float64 { return math.Pow(a[0], a[1]) }, false}
	cMath["powf"] = cMathFunc{cMath["pow"].f, true}
}

// call runs function name of the program on args.
func (prog *cProgram) call(name string, args ...float64) float64 {
	f, ok := prog.funcs[name]
	if !ok {
		panic("undefined function " + name)
	}
	if len(args) != len(f.params) {
		panic(fmt.Sprintf("%s takes %d arguments, got %d", name, len(f.params), len(args)))
	}
	env := map[string]float64{}
	for i, q := range f.params {
		env[q] = prog.round(args[i])
	}
	for _, t := range f.temps {
		if _, dup := env[t.name]; dup {
			panic(name + ": " + t.name + " assigned twice")
		}
		env[t.name] = prog.eval(t.expr, env)
	}
	return prog.eval(f.ret, env)
}

func (prog *cProgram) round(v float64) float64 {
	if prog.f32 {
		return float64(float32(v))
	}
	return v
}

func (prog *cProgram) eval(n cNode, env map[string]float64) float64 {
	ev := func(i int) float64 { return prog.eval(n.args[i], env) }
	switch n.kind {
	case "num":
		return n.val
	case "id":
		v, ok := env[n.name]
		if !ok {
			panic("undefined name " + n.name)
		}
		return v
	case "neg":
		return -ev(0)
	case "+":
		return prog.round(ev(0) + ev(1))
	case "-":
		return prog.round(ev(0) - ev(1))
	case "*":
		return prog.round(ev(0) * ev(1))
	case "/":
		return prog.round(ev(0) / ev(1))
	case "?:":
		if prog.cond(n.args[0], env) {
			return ev(1)
		}
		return ev(2)
	case "call":
		args := make([]float64, len(n.args))
		for i := range n.args {
			args[i] = ev(i)
		}
		if f, ok := cMath[n.name]; ok {
			if prog.f32 != f.f32 {
				panic(fmt.Sprintf("%s called in %s code", n.name, map[bool]string{true: "float", false: "double"}[prog.f32]))
			}
			return prog.round(f.f(args))
		}
		return prog.call(n.name, args...)
	}
	panic("cannot evaluate " + n.kind)
}

func (prog *cProgram) cond(n cNode, env map[string]float64) bool {
	a, b := prog.eval(n.args[0], env), prog.eval(n.args[1], env)
	switch n.kind {
	case ">":
		return a > b
	case "<":
		return a < b
	case ">=":
		return a >= b
	case "<=":
		return a <= b
	case "==":
		return a == b
	}
	panic("not a comparison: " + n.kind)
}
