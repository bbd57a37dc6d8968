package calc

import (
	"math/big"
	"strings"
)

// Precedence levels used when printing; an operand is parenthesized when
// its level is below what its position requires.
const (
	precSum   = 1
	precProd  = 2
	precUnary = 3
	precPow   = 4
	precAtom  = 5
)

// String returns e in the syntax Parse reads, with the fewest parentheses
// that keep its structure: Parse(e.String()) == e.
func (e Expr) String() string {
	if !e.IsValid() {
		return "<invalid>"
	}
	var b strings.Builder
	writeExpr(&b, e, 0)
	return b.String()
}

// prec returns the precedence level of e's top node as printed.
func prec(e Expr) int {
	switch e.Op() {
	case OpAdd, OpSub:
		return precSum
	case OpMul, OpDiv:
		return precProd
	case OpNeg:
		return precUnary
	case OpPow:
		return precPow
	case OpNum:
		r, _ := e.Rat()
		switch {
		case r.Sign() < 0:
			return precUnary
		case !r.IsInt() && strings.Contains(formatRat(r), "/"):
			return precProd
		}
	}
	return precAtom
}

func writeExpr(b *strings.Builder, e Expr, need int) {
	if prec(e) < need {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	n := e.n()
	switch n.op {
	case OpNum:
		r, _ := new(big.Rat).SetString(n.lit)
		b.WriteString(formatRat(r))
	case OpConst:
		b.WriteString(n.fn.Name)
	case OpVar:
		b.WriteByte('x')
	case OpNeg:
		b.WriteByte('-')
		writeExpr(b, n.a, precPow)
	case OpAdd:
		writeExpr(b, n.a, precSum)
		if r, ok := n.b.Rat(); ok && r.Sign() < 0 {
			b.WriteString(" - ")
			writeExpr(b, Num(r.Neg(r)), precProd)
			return
		}
		b.WriteString(" + ")
		writeExpr(b, n.b, precProd)
	case OpSub:
		writeExpr(b, n.a, precSum)
		b.WriteString(" - ")
		writeExpr(b, n.b, precProd)
	case OpMul, OpDiv:
		if r, ok := n.a.Rat(); ok && n.op == OpMul && !r.IsInt() {
			writeScaled(b, r, n.b)
			return
		}
		writeExpr(b, n.a, precProd)
		if n.op == OpMul {
			b.WriteByte('*')
		} else {
			b.WriteByte('/')
		}
		writeExpr(b, n.b, precPow)
	case OpPow:
		writeExpr(b, n.a, precAtom)
		b.WriteByte('^')
		writeExpr(b, n.b, precPow)
	case OpCall:
		b.WriteString(n.fn.Name)
		b.WriteByte('(')
		writeExpr(b, n.a, 0)
		if n.b.IsValid() {
			b.WriteString(", ")
			writeExpr(b, n.b, 0)
		}
		b.WriteByte(')')
	}
}

// writeScaled writes (p/q)·u as p*u/q, or u/q when p = 1, or -(…) when
// p < 0; each form parses back to (p/q)·u.
func writeScaled(b *strings.Builder, r *big.Rat, u Expr) {
	if r.Sign() < 0 {
		b.WriteString("-(")
		writeScaled(b, new(big.Rat).Neg(r), u)
		b.WriteByte(')')
		return
	}
	if formatted := formatRat(r); !strings.Contains(formatted, "/") {
		b.WriteString(formatted)
		b.WriteByte('*')
		writeExpr(b, u, precPow)
		return
	}
	need := precProd
	if !r.Num().IsInt64() || r.Num().Int64() != 1 {
		b.WriteString(r.Num().String())
		b.WriteByte('*')
		// p*(n/d)/q: unparenthesized, p would join the numerator n when
		// the text is parsed again, where p·n may fold or cancel.
		if u.Op() == OpDiv {
			need = precPow
		}
	}
	writeExpr(b, u, need)
	b.WriteByte('/')
	b.WriteString(r.Denom().String())
}
