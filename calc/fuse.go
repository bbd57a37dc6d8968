package calc

import "math"

// Fused kernels. The compiled programs (Compile, CompileMany and the
// arbitrary-precision CompileBigMany) rewrite a few common compositions
// into one kernel each, with fewer transcendental calls and no overflow;
// the rewrite changes how a value is computed, never which value (to
// rounding). The arbitrary-precision forms are in bigshared.go.

// tanhSoftplus is tanh(softplus(u)), the inner factor of mish. With
// t = eᵘ, tanh(log(1+t)) = n/(n+2) where n = t(t+2); one exponential
// instead of exp, log1p and tanh, and exact limits: for large u, n = +Inf
// gives 1; for very negative u, n ≈ 2t keeps full relative accuracy.
var tanhSoftplus = &Func{ID: FnInvalid, Name: "tanh∘softplus", MinArgs: 1, MaxArgs: 1, f1: tanhSoftplusF}

// sechSoftplus is sech(softplus(u)), whose square is the factor
// tanh′(softplus(u)) of mish′. With t = eᵘ, sech(log(1+t)) =
// 2(1+t)/(t² + 2t + 2), and with v = e⁻ᵘ = 1/t the same value is
// w/(1+w) with w = 2v(1+v): the first form for u ≤ 0 and the second for
// u > 0 keep t and v at most 1, so nothing overflows and both limits keep
// full relative accuracy.
var sechSoftplus = &Func{ID: FnInvalid, Name: "sech∘softplus", MinArgs: 1, MaxArgs: 1, f1: sechSoftplusF}

func tanhSoftplusF(u float64) float64 {
	if u > 40 { // n/(n+2) = 1 − 2/(n+2) rounds to 1 well before t·t overflows
		return 1
	}
	t := math.Exp(u)
	n := t * (t + 2)
	return n / (n + 2)
}

func sechSoftplusF(u float64) float64 {
	if u <= 0 {
		t := math.Exp(u)
		return 2 * (1 + t) / (t*(t+2) + 2)
	}
	v := math.Exp(-u)
	w := 2 * v * (1 + v)
	return w / (1 + w)
}

// fuse returns e with tanh(softplus(u)) and sech(softplus(u)) replaced by
// the fused kernels; a softplus(u) that nothing else reads is gone from the
// result. The result is only for the compiled programs: it is not printed,
// differentiated or expanded. When src is not nil, fuse records in it,
// for every node of the result that differs from its origin, the node of e
// it stands for, so that errors can name what was written.
func fuse(e Expr, src map[Expr]Expr) Expr {
	memo := map[Expr]Expr{}
	var walk func(Expr) Expr
	walk = func(e Expr) Expr {
		if v, ok := memo[e]; ok {
			return v
		}
		n := e.n()
		var v Expr
		if f := fusedOf(n); f != nil {
			v = mk(node{op: OpCall, fn: f, a: walk(n.a.Arg(0))})
		} else {
			if n.a.IsValid() {
				n.a = walk(n.a)
			}
			if n.b.IsValid() {
				n.b = walk(n.b)
			}
			v = mk(n)
		}
		memo[e] = v
		if src != nil && v != e {
			src[v] = e
		}
		return v
	}
	return walk(e)
}

// fusedOf returns the fused kernel that computes n, nil when there is none.
func fusedOf(n node) *Func {
	if n.op != OpCall || n.a.Op() != OpCall || n.a.Func().ID != FnSoftplus {
		return nil
	}
	switch n.fn.ID {
	case FnTanh:
		return tanhSoftplus
	case FnSech:
		return sechSoftplus
	}
	return nil
}
