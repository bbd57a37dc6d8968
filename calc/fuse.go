package calc

import "math"

// Fused float64 kernels. Compile rewrites a few common compositions into
// one kernel each, with fewer transcendental calls and no overflow; the
// rewrite changes how a value is computed, never which value (to rounding).

// tanhSoftplus is tanh(softplus(u)), the inner factor of mish. With
// t = eᵘ, tanh(log(1+t)) = n/(n+2) where n = t(t+2); one exponential
// instead of exp, log1p and tanh, and exact limits: for large u, n = +Inf
// gives 1; for very negative u, n ≈ 2t keeps full relative accuracy.
var tanhSoftplus = &Func{ID: FnInvalid, Name: "tanh∘softplus", MinArgs: 1, MaxArgs: 1, f1: tanhSoftplusF}

func tanhSoftplusF(u float64) float64 {
	if u > 40 { // n/(n+2) = 1 − 2/(n+2) rounds to 1 well before t·t overflows
		return 1
	}
	t := math.Exp(u)
	n := t * (t + 2)
	return n / (n + 2)
}

// fuseForFloat returns e with tanh(softplus(u)) replaced by the fused
// kernel. The result is only for Compile: it is not printed or expanded.
func fuseForFloat(e Expr) Expr {
	memo := map[Expr]Expr{}
	var walk func(Expr) Expr
	walk = func(e Expr) Expr {
		if v, ok := memo[e]; ok {
			return v
		}
		n := e.n()
		if n.op == OpCall && n.fn.ID == FnTanh && n.a.Op() == OpCall && n.a.Func().ID == FnSoftplus {
			v := mk(node{op: OpCall, fn: tanhSoftplus, a: walk(n.a.Arg(0))})
			memo[e] = v
			return v
		}
		if n.a.IsValid() {
			n.a = walk(n.a)
		}
		if n.b.IsValid() {
			n.b = walk(n.b)
		}
		v := mk(n)
		memo[e] = v
		return v
	}
	return walk(e)
}
