package codegen

import (
	"fmt"
	"strings"

	"critcalc/calc"
)

// Function returns the CUDA source of `__device__ T name(T x)` computing e
// at precision p (T is double or float). Named activations are expanded
// into primitives; each distinct node of the expression that depends on x
// is computed once, into its own temporary, in topological order;
// subexpressions that do not depend on x are folded to literals with
// calc's float64 arithmetic. The helpers of Prelude(p) must be defined
// before it. A function without a CUDA form, or a constant that is not
// finite, is an error naming it.
func Function(e calc.Expr, name string, p Precision) (string, error) {
	if !e.IsValid() {
		return "", fmt.Errorf("codegen: %s: invalid expression", name)
	}
	g := gen{p: p, ref: map[calc.Expr]string{}}
	root := calc.ExpandAll(e)
	if err := g.walk(root); err != nil {
		return "", fmt.Errorf("codegen: %s(x) = %s: %w", name, e, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// %s(x) = %s\n", name, e)
	fmt.Fprintf(&b, "__device__ %s %s(%s x) {\n", p.CType(), name, p.CType())
	for _, s := range g.stmts {
		fmt.Fprintf(&b, "\tconst %s %s = %s;\n", p.CType(), s.name, s.expr)
	}
	fmt.Fprintf(&b, "\treturn %s;\n}\n", g.ref[root])
	return b.String(), nil
}

// Activation returns the CUDA source of the activation e and its first
// derivative (calc.Derivative) at precision p: act and act_deriv for
// Float64, actf and act_derivf for Float32.
func Activation(e calc.Expr, p Precision) (string, error) {
	f, err := Function(e, "act"+p.Suffix(), p)
	if err != nil {
		return "", err
	}
	d, err := Function(calc.Derivative(e, 1), "act_deriv"+p.Suffix(), p)
	if err != nil {
		return "", err
	}
	return f + d, nil
}

// stmt is one temporary: const T name = expr.
type stmt struct{ name, expr string }

// gen holds the state of one Function: the C operand (x, a temporary or a
// literal) of every node seen, and the temporaries in order.
type gen struct {
	p     Precision
	ref   map[calc.Expr]string
	stmts []stmt
}

// walk assigns a C operand to every node of e, operands first.
func (g *gen) walk(e calc.Expr) error {
	for _, n := range e.Nodes() {
		if err := g.node(n); err != nil {
			return err
		}
	}
	return nil
}

// node assigns the C operand of n, whose operands already have theirs.
func (g *gen) node(n calc.Expr) error {
	if n.Op() == calc.OpVar {
		g.ref[n] = "x"
		return nil
	}
	if !g.dependsOnX(n) {
		v := calc.Compile(n).Eval(0)
		lit, err := g.p.Literal(v)
		if err != nil {
			return fmt.Errorf("constant %s: %w", n, err)
		}
		g.ref[n] = lit
		return nil
	}
	expr, err := g.cExpr(n)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("t%d", len(g.stmts))
	g.stmts = append(g.stmts, stmt{name, expr})
	g.ref[n] = name
	return nil
}

// dependsOnX reports whether n depends on x: its operands' operands are
// x, temporaries or literals, so this looks one level down.
func (g *gen) dependsOnX(n calc.Expr) bool {
	for _, a := range n.Args() {
		r := g.ref[a]
		if r == "x" || strings.HasPrefix(r, "t") {
			return true
		}
	}
	return false
}

// cExpr is the C expression of an x-dependent node over its operands.
func (g *gen) cExpr(n calc.Expr) (string, error) {
	args := n.Args()
	ops := make([]string, len(args))
	for i, a := range args {
		ops[i] = g.ref[a]
	}
	switch n.Op() {
	case calc.OpNeg:
		return "-" + ops[0], nil
	case calc.OpAdd:
		return ops[0] + " + " + ops[1], nil
	case calc.OpSub:
		return ops[0] + " - " + ops[1], nil
	case calc.OpMul:
		return ops[0] + " * " + ops[1], nil
	case calc.OpDiv:
		return ops[0] + " / " + ops[1], nil
	case calc.OpPow:
		// calc's a^2 is a·a (powFloat); other powers are pow.
		if r, ok := args[1].Rat(); ok && r.IsInt() && r.Num().IsInt64() && r.Num().Int64() == 2 {
			return ops[0] + " * " + ops[0], nil
		}
		return fmt.Sprintf("pow%s(%s, %s)", g.p.Suffix(), ops[0], ops[1]), nil
	case calc.OpCall:
		f, err := cFunc(n.Func(), g.p)
		if err != nil {
			return "", err
		}
		return f + "(" + strings.Join(ops, ", ") + ")", nil
	}
	return "", fmt.Errorf("node kind %d of %s has no CUDA form", n.Op(), n)
}
