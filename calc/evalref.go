package calc

import "math"

// EvalFloat evaluates e at x by walking the expression in float64. It is
// the plain reference evaluator: simple, unoptimized, used where speed does
// not matter and as an oracle for the compiled evaluator. Domain errors give
// NaN, as in package math.
func EvalFloat(e Expr, x float64) float64 {
	memo := map[Expr]float64{}
	var ev func(Expr) float64
	ev = func(e Expr) float64 {
		if v, ok := memo[e]; ok {
			return v
		}
		var v float64
		n := e.n()
		switch n.op {
		case OpNum:
			r, _ := e.Rat()
			v, _ = r.Float64()
		case OpConst:
			v = constFloat(n.fn)
		case OpVar:
			v = x
		case OpNeg:
			v = -ev(n.a)
		case OpAdd:
			v = ev(n.a) + ev(n.b)
		case OpSub:
			v = ev(n.a) - ev(n.b)
		case OpMul:
			v = ev(n.a) * ev(n.b)
		case OpDiv:
			v = ev(n.a) / ev(n.b)
		case OpPow:
			v = powFloat(ev(n.a), ev(n.b))
		case OpCall:
			if n.fn.f2 != nil {
				v = n.fn.f2(ev(n.a), ev(n.b))
			} else {
				v = n.fn.f1(ev(n.a))
			}
		}
		memo[e] = v
		return v
	}
	return ev(e)
}

// constFloat is the float64 value of a named constant.
func constFloat(f *Func) float64 {
	if f.ID == FnPi {
		return math.Pi
	}
	return math.E
}

// powFloat is a^b with the convention of the expression language: a
// negative base is allowed only with an integer exponent.
func powFloat(a, b float64) float64 {
	if b == 2 {
		return a * a
	}
	return math.Pow(a, b)
}
