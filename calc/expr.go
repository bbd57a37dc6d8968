package calc

import (
	"math/big"
	"sync"
	"unique"
)

// Op is the kind of an expression node.
type Op uint8

// The node kinds of an expression graph.
const (
	OpInvalid Op = iota
	OpNum        // an exact rational constant
	OpConst      // a named constant (pi, e)
	OpVar        // the variable x
	OpNeg        // −a
	OpAdd        // a + b
	OpSub        // a − b
	OpMul        // a · b
	OpDiv        // a / b
	OpPow        // a ^ b
	OpCall       // a function applied to one or two arguments
)

// node is the interned content of an Expr. Two structurally equal nodes are
// the same node, so an expression is a DAG with shared subexpressions and
// equality of expressions is a pointer comparison.
type node struct {
	op  Op
	fn  *Func
	a   Expr
	b   Expr
	lit string // OpNum: the exact rational, as big.Rat.RatString
}

// Expr is an immutable, hash-consed expression in the single variable x.
// The zero Expr is not a valid expression; IsValid reports which is which.
// Exprs are comparable: e == f exactly when they are structurally equal.
type Expr struct{ h unique.Handle[node] }

func mk(n node) Expr { return Expr{unique.Make(n)} }

// IsValid reports whether e is an expression (not the zero Expr).
func (e Expr) IsValid() bool { return e != Expr{} }

func (e Expr) n() node { return e.h.Value() }

// Op returns the kind of the top node of e.
func (e Expr) Op() Op {
	if !e.IsValid() {
		return OpInvalid
	}
	return e.n().op
}

// Func returns the function of an OpCall node and the constant of an
// OpConst node, nil otherwise.
func (e Expr) Func() *Func { return e.n().fn }

// Args returns the operands of e: none for leaves, one for OpNeg and unary
// calls, two for binary operators and binary calls.
func (e Expr) Args() []Expr {
	n := e.n()
	switch {
	case n.b.IsValid():
		return []Expr{n.a, n.b}
	case n.a.IsValid():
		return []Expr{n.a}
	}
	return nil
}

// Arg returns the i-th operand (0 or 1) of e, or the zero Expr.
func (e Expr) Arg(i int) Expr {
	n := e.n()
	if i == 0 {
		return n.a
	}
	return n.b
}

// Rat returns the exact value of an OpNum node; ok is false for other nodes.
// The returned value is a fresh copy.
func (e Expr) Rat() (r *big.Rat, ok bool) {
	if e.Op() != OpNum {
		return nil, false
	}
	return new(big.Rat).Set(ratOf(e.n().lit)), true
}

// ratCache holds the parsed values of long constants, whose decimal
// conversion is costly; it is emptied when it grows large.
var ratCache struct {
	sync.Mutex
	m map[string]*big.Rat
}

// ratOf parses the RatString of a constant; the result must not be
// modified.
func ratOf(lit string) *big.Rat {
	if len(lit) < 40 {
		r, _ := new(big.Rat).SetString(lit)
		return r
	}
	ratCache.Lock()
	defer ratCache.Unlock()
	if r, ok := ratCache.m[lit]; ok {
		return r
	}
	if ratCache.m == nil || len(ratCache.m) > 4096 {
		ratCache.m = map[string]*big.Rat{}
	}
	r, _ := new(big.Rat).SetString(lit)
	ratCache.m[lit] = r
	return r
}

// Var is the expression x.
func Var() Expr { return mk(node{op: OpVar}) }

// Num returns the exact constant r.
func Num(r *big.Rat) Expr { return mk(node{op: OpNum, lit: r.RatString()}) }

// Int returns the integer constant i.
func Int(i int64) Expr { return Num(new(big.Rat).SetInt64(i)) }

// Const returns a named constant such as pi; ok is false for unknown names.
func Const(name string) (Expr, bool) {
	f := lookupFunc(name)
	if f == nil || !f.isConst {
		return Expr{}, false
	}
	return mk(node{op: OpConst, fn: f}), true
}

// isNum reports whether e is the rational constant v.
func (e Expr) isNum(v int64) bool {
	r, ok := e.Rat()
	return ok && r.IsInt() && r.Num().IsInt64() && r.Num().Int64() == v
}

// HasVar reports whether e depends on x.
func (e Expr) HasVar() bool {
	memo := map[Expr]bool{}
	var walk func(Expr) bool
	walk = func(e Expr) bool {
		if v, ok := memo[e]; ok {
			return v
		}
		v := e.Op() == OpVar
		for _, a := range e.Args() {
			v = v || walk(a)
		}
		memo[e] = v
		return v
	}
	return walk(e)
}

// Nodes returns the distinct nodes of e in a topological order: every
// node comes after its operands, and e itself is last.
func (e Expr) Nodes() []Expr {
	var out []Expr
	seen := map[Expr]bool{}
	var visit func(Expr)
	visit = func(e Expr) {
		if seen[e] {
			return
		}
		seen[e] = true
		for _, a := range e.Args() {
			visit(a)
		}
		out = append(out, e)
	}
	visit(e)
	return out
}

// Size returns the number of distinct nodes of e.
func (e Expr) Size() int { return len(e.Nodes()) }
