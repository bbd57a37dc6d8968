package calc

import "math/big"

// Parity is the symmetry of an expression under x → −x.
type Parity uint8

// The parities ParityOf tells apart.
const (
	NoParity Parity = iota // neither, or not shown by the rules of ParityOf
	Even                   // e(−x) = e(x)
	Odd                    // e(−x) = −e(x)
)

// String returns "even", "odd" or "none".
func (p Parity) String() string {
	switch p {
	case Even:
		return "even"
	case Odd:
		return "odd"
	}
	return "none"
}

// ParityOf returns the parity of e that follows from its structure: x is
// odd and constants even; sums keep a common parity; products and
// quotients multiply parities; a power of an odd base with an integer
// exponent has the exponent's parity; any function of an even argument is
// even; the odd functions (tanh, sinh, sin, atan, erf, sign) keep an odd
// argument odd and the even ones (cosh, sech, cos, abs) make it even; a
// named activation has the parity of its definition. Wherever the rules
// say nothing (tanh(x) + 1, sigmoid(x) − 1/2), the answer is NoParity, so
// Even and Odd are always true mathematically.
func ParityOf(e Expr) Parity {
	memo := map[Expr]Parity{}
	var of func(e Expr) Parity
	of = func(e Expr) Parity {
		if p, ok := memo[e]; ok {
			return p
		}
		p := parityStep(e, of)
		memo[e] = p
		return p
	}
	return of(e)
}

// parityStep is the rule of ParityOf for the top node of e, with of the
// parity of its operands.
func parityStep(e Expr, of func(Expr) Parity) Parity {
	switch e.Op() {
	case OpNum, OpConst:
		return Even
	case OpVar:
		return Odd
	case OpNeg:
		return of(e.Arg(0))
	case OpAdd, OpSub:
		if a, b := of(e.Arg(0)), of(e.Arg(1)); a == b {
			return a
		}
		return NoParity
	case OpMul, OpDiv:
		a, b := of(e.Arg(0)), of(e.Arg(1))
		if a == NoParity || b == NoParity {
			return NoParity
		}
		if a == b {
			return Even
		}
		return Odd
	case OpPow:
		return powParity(of(e.Arg(0)), e.Arg(1), of)
	case OpCall:
		return callParity(e, of)
	}
	return NoParity
}

// powParity is the parity of a^b for a of parity base.
func powParity(base Parity, b Expr, of func(Expr) Parity) Parity {
	switch {
	case base == Even && of(b) == Even:
		return Even
	case base != Odd:
		return NoParity
	}
	r, ok := b.Rat()
	if !ok || !r.IsInt() {
		return NoParity
	}
	if new(big.Int).And(r.Num(), big.NewInt(1)).Sign() == 0 {
		return Even
	}
	return Odd
}

// callParity is the parity of the call e.
func callParity(e Expr, of func(Expr) Parity) Parity {
	if d, ok := Expand(e); ok {
		return of(d)
	}
	args := e.Args()
	all := Even
	for _, a := range args {
		if of(a) != Even {
			all = NoParity
		}
	}
	if all == Even {
		return Even
	}
	if len(args) != 1 || of(args[0]) != Odd {
		return NoParity
	}
	switch e.Func().ID {
	case FnTanh, FnSinh, FnSin, FnAtan, FnErf, FnSign:
		return Odd
	case FnCosh, FnSech, FnCos, FnAbs:
		return Even
	}
	return NoParity
}
