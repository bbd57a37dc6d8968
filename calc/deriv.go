package calc

// Derivative returns dⁿe/dxⁿ. Derivatives are taken almost everywhere:
// step and sign have derivative 0 (their jumps are reported as kinks, not as
// Dirac deltas), and max, min and abs differentiate into step functions.
// Every pass shares subexpressions (the result is a DAG), so repeated
// subtrees are differentiated once.
func Derivative(e Expr, n int) Expr {
	for range n {
		d := differ{memo: map[Expr]Expr{}}
		next := d.diff(e)
		keepAntiderivative(next, e)
		e = next
	}
	return e
}

type differ struct{ memo map[Expr]Expr }

func (d *differ) diff(e Expr) Expr {
	if v, ok := d.memo[e]; ok {
		return v
	}
	v := d.rule(e)
	d.memo[e] = v
	return v
}

func (d *differ) rule(e Expr) Expr {
	zero := Int(0)
	switch e.Op() {
	case OpNum, OpConst:
		return zero
	case OpVar:
		return Int(1)
	case OpNeg:
		return Neg(d.diff(e.Arg(0)))
	case OpAdd:
		return Add(d.diff(e.Arg(0)), d.diff(e.Arg(1)))
	case OpSub:
		return Sub(d.diff(e.Arg(0)), d.diff(e.Arg(1)))
	case OpMul:
		a, b := e.Arg(0), e.Arg(1)
		return Add(Mul(d.diff(a), b), Mul(a, d.diff(b)))
	case OpDiv:
		// (a/b)' = a'/b − a·b'/b².
		a, b := e.Arg(0), e.Arg(1)
		return Sub(Div(d.diff(a), b), Div(Mul(a, d.diff(b)), Pow(b, Int(2))))
	case OpPow:
		return d.pow(e.Arg(0), e.Arg(1))
	case OpCall:
		if def, ok := Expand(e); ok {
			return d.diff(def)
		}
		return d.call(e)
	}
	panic("calc: derivative of invalid expression")
}

func (d *differ) pow(u, v Expr) Expr {
	du, dv := d.diff(u), d.diff(v)
	if !v.HasVar() {
		// (u^c)' = c·u^(c−1)·u'.
		return Mul(Mul(v, Pow(u, Sub(v, Int(1)))), du)
	}
	// (u^v)' = u^v·(v'·log u + v·u'/u).
	logU := Call(funcByName["log"], u)
	return Mul(Pow(u, v), Add(Mul(dv, logU), Div(Mul(v, du), u)))
}

// call differentiates a primitive f(u) or f(u, v) by the chain rule.
func (d *differ) call(e Expr) Expr {
	f := e.Func()
	u := e.Arg(0)
	fn := func(name string, a Expr) Expr { return Call(funcByName[name], a) }
	if f.ID == FnMax || f.ID == FnMin {
		v := e.Arg(1)
		su, sv := fn("step", Sub(u, v)), fn("step", Sub(v, u))
		if f.ID == FnMin {
			su, sv = sv, su
		}
		return Add(Mul(su, d.diff(u)), Mul(sv, d.diff(v)))
	}
	var outer Expr // f'(u)
	pi, _ := Const("pi")
	twoOverSqrtPi := Div(Int(2), fn("sqrt", pi))
	switch f.ID {
	case FnExp, FnExpm1:
		outer = fn("exp", u)
	case FnLog:
		outer = Div(Int(1), u)
	case FnLog1p:
		outer = Div(Int(1), Add(u, Int(1)))
	case FnSqrt:
		outer = Div(Int(1), Mul(Int(2), e))
	case FnAbs:
		outer = fn("sign", u)
	case FnSign, FnStep:
		return Int(0)
	case FnTanh:
		// tanh′ = sech²: the form 1 − tanh² cancels where tanh is near ±1.
		outer = Pow(fn("sech", u), Int(2))
	case FnSech:
		outer = Neg(Mul(e, fn("tanh", u)))
	case FnSinh:
		outer = fn("cosh", u)
	case FnCosh:
		outer = fn("sinh", u)
	case FnSin:
		outer = fn("cos", u)
	case FnCos:
		outer = Neg(fn("sin", u))
	case FnAtan:
		outer = Div(Int(1), Add(Pow(u, Int(2)), Int(1)))
	case FnErf:
		outer = Mul(twoOverSqrtPi, fn("exp", Neg(Pow(u, Int(2)))))
	case FnErfc:
		outer = Neg(Mul(twoOverSqrtPi, fn("exp", Neg(Pow(u, Int(2))))))
	case FnSigmoid:
		// σ′(u) = σ(u)·σ(−u): 1 − σ(u) would cancel for large u.
		outer = Mul(e, fn("sigmoid", Neg(u)))
	case FnSoftplus:
		outer = fn("sigmoid", u)
	default:
		panic("calc: no derivative rule for " + f.Name)
	}
	return Mul(outer, d.diff(u))
}
