package calc

// ExpandAll replaces every named activation in e (relu, gelu, selu, …) by
// its definition in primitives, recursively. The result evaluates to the
// same values; it is what the arbitrary-precision evaluator and the kink
// finder work on.
func ExpandAll(e Expr) Expr {
	memo := map[Expr]Expr{}
	var walk func(Expr) Expr
	walk = func(e Expr) Expr {
		if v, ok := memo[e]; ok {
			return v
		}
		var v Expr
		switch e.Op() {
		case OpNum, OpConst, OpVar:
			v = e
		case OpNeg:
			v = Neg(walk(e.Arg(0)))
		case OpAdd:
			v = Add(walk(e.Arg(0)), walk(e.Arg(1)))
		case OpSub:
			v = Sub(walk(e.Arg(0)), walk(e.Arg(1)))
		case OpMul:
			v = Mul(walk(e.Arg(0)), walk(e.Arg(1)))
		case OpDiv:
			v = Div(walk(e.Arg(0)), walk(e.Arg(1)))
		case OpPow:
			v = Pow(walk(e.Arg(0)), walk(e.Arg(1)))
		case OpCall:
			if def, ok := Expand(e); ok {
				v = walk(def)
				break
			}
			args := e.Args()
			for i, a := range args {
				args[i] = walk(a)
			}
			v = Call(e.Func(), args...)
		}
		memo[e] = v
		return v
	}
	return walk(e)
}
