package calc

import "math"

// Functions of one shared exponential in the float64 programs. tanh, sech,
// cosh, sinh, sigmoid, softplus, the fused tanh∘softplus and sech∘softplus,
// and the activations swish and mish are all computed from E = e^−|u| of
// their argument u with a few flops (and a log1p for softplus). When two or
// more such calls of a program read the same |u| (u or −u), the program
// computes E once per point, as a node of its own, and each call becomes a
// kernel of (u, E); a call whose |u| nothing else reads keeps its own
// kernel. Over the blocks of EvalSlice each kernel runs in a loop of its
// own (runSharedLoop), where the compiler inlines it. The
// arbitrary-precision counterpart is in bigshared.go.
//
// E ≤ 1, so no intermediate overflows. Where tanh and sinh vanish, at
// small |u|, 1 − E² cancels: there the kernels return math.Tanh and
// math.Sinh, whose rational approximations need no exponential and keep
// full relative accuracy. cosh and sinh fall back to math.Cosh and
// math.Sinh where E is no longer a normal float, so they overflow exactly
// where those do. Each kernel is within a few ulps of the kernel it
// stands for (sharedfloat_test.go), and sigmoid, softplus, swish and
// sech∘softplus are the same computation.

// negExpFunc computes E = e^−|u|, the node that the calls sharing |u| read.
var negExpFunc = &Func{ID: FnInvalid, Name: "e^−|·|", MinArgs: 1, MaxArgs: 1, f1: negExpF, loop: loopNegExp}

func negExpF(u float64) float64 { return math.Exp(-math.Abs(u)) }

// The kernels of (u, E), named as the functions they compute.
var (
	tanhShared         = sharedFunc("tanh", tanhE, loopTanh)
	sechShared         = sharedFunc("sech", sechE, loopSech)
	coshShared         = sharedFunc("cosh", coshE, loopCosh)
	sinhShared         = sharedFunc("sinh", sinhE, loopSinh)
	sigmoidShared      = sharedFunc("sigmoid", sigmoidE, loopSigmoid)
	softplusShared     = sharedFunc("softplus", softplusE, loopSoftplus)
	swishShared        = sharedFunc("swish", swishE, loopSwish)
	mishShared         = sharedFunc("mish", mishE, loopMish)
	tanhSoftplusShared = sharedFunc(tanhSoftplus.Name, tanhSoftplusE, loopTanhSoftplus)
	sechSoftplusShared = sharedFunc(sechSoftplus.Name, sechSoftplusE, loopSechSoftplus)
)

// sharedFunc returns the Func of the kernel k of (u, E), for the compiled
// programs only; loop names its loop in runBlock.
func sharedFunc(name string, k func(u, e float64) float64, loop sharedLoop) *Func {
	return &Func{ID: FnInvalid, Name: name, MinArgs: 2, MaxArgs: 2, f2: k, loop: loop}
}

// sharedLoop names a loop of runBlock that applies one kernel of the
// shared exponential to a block of points with the kernel inlined: the
// kernels are a few flops each, so a call per point through a function
// value would cost about as much as the kernel.
type sharedLoop int32

const (
	loopNone sharedLoop = iota
	loopNegExp
	loopTanh
	loopSech
	loopCosh
	loopSinh
	loopSigmoid
	loopSoftplus
	loopSwish
	loopMish
	loopTanhSoftplus
	loopSechSoftplus
)

// runSharedLoop sets d[j] to the kernel that loop names at (u[j], e[j]),
// or at u[j] alone for loopNegExp, exactly as the kernel's function
// computes it.
func runSharedLoop(loop sharedLoop, d, u, e []float64) {
	switch loop {
	case loopNegExp:
		for j, v := range u {
			d[j] = negExpF(v)
		}
		return
	}
	e = e[:len(u)]
	d = d[:len(u)]
	switch loop {
	case loopTanh:
		for j, v := range u {
			d[j] = tanhE(v, e[j])
		}
	case loopSech:
		for j, v := range u {
			d[j] = sechE(v, e[j])
		}
	case loopCosh:
		for j, v := range u {
			d[j] = coshE(v, e[j])
		}
	case loopSinh:
		for j, v := range u {
			d[j] = sinhE(v, e[j])
		}
	case loopSigmoid:
		for j, v := range u {
			d[j] = sigmoidE(v, e[j])
		}
	case loopSoftplus:
		for j, v := range u {
			d[j] = softplusE(v, e[j])
		}
	case loopSwish:
		for j, v := range u {
			d[j] = swishE(v, e[j])
		}
	case loopMish:
		for j, v := range u {
			d[j] = mishE(v, e[j])
		}
	case loopTanhSoftplus:
		for j, v := range u {
			d[j] = tanhSoftplusE(v, e[j])
		}
	case loopSechSoftplus:
		for j, v := range u {
			d[j] = sechSoftplusE(v, e[j])
		}
	default:
		panic("calc: no loop for a shared kernel")
	}
}

// sharedKernel returns the kernel of (u, E) that computes f(u), nil when f
// is not a function of e^−|u|.
func sharedKernel(f *Func) *Func {
	switch f {
	case tanhSoftplus:
		return tanhSoftplusShared
	case sechSoftplus:
		return sechSoftplusShared
	}
	switch f.ID {
	case FnTanh:
		return tanhShared
	case FnSech:
		return sechShared
	case FnCosh:
		return coshShared
	case FnSinh:
		return sinhShared
	case FnSigmoid:
		return sigmoidShared
	case FnSoftplus:
		return softplusShared
	case FnSwish:
		return swishShared
	case FnMish:
		return mishShared
	}
	return nil
}

// shareExp returns the expressions es, already fused, with every call of a
// function of e^−|u| whose |u| another x-dependent such call reads
// replaced by its kernel of (u, E), all of them reading one node E of |u|.
func shareExp(es []Expr) []Expr {
	varying := map[Expr]bool{}
	var calls []Expr // the distinct x-dependent calls with a kernel of (u, E)
	for _, e := range es {
		for _, n := range e.Nodes() {
			if _, ok := varying[n]; ok {
				continue
			}
			v := n.Op() == OpVar
			for _, a := range n.Args() {
				v = v || varying[a]
			}
			varying[n] = v
			if v && n.Op() == OpCall && sharedKernel(n.Func()) != nil {
				calls = append(calls, n)
			}
		}
	}
	shared := sharedExpArguments(calls)
	memo := map[Expr]Expr{}
	var walk func(Expr) Expr
	walk = func(e Expr) Expr {
		if v, ok := memo[e]; ok {
			return v
		}
		n := e.n()
		if n.a.IsValid() {
			n.a = walk(n.a)
		}
		if n.b.IsValid() {
			n.b = walk(n.b)
		}
		if n.op == OpCall && shared[expArgument(e.Arg(0))] {
			if k := sharedKernel(n.fn); k != nil {
				ne := mk(node{op: OpCall, fn: negExpFunc, a: walk(expArgument(e.Arg(0)))})
				n = node{op: OpCall, fn: k, a: n.a, b: ne}
			}
		}
		v := mk(n)
		memo[e] = v
		return v
	}
	out := make([]Expr, len(es))
	for i, e := range es {
		out[i] = walk(e)
	}
	return out
}

// Thresholds of the kernels: below tanhSmall and sinhSmall, math.Tanh and
// math.Sinh use rational approximations without an exponential; above
// coshLarge, e^−|u| is no longer a normal float.
const (
	tanhSmall = 0.625
	sinhSmall = 0.5
	coshLarge = 708
)

// tanhE is tanh(u) = ±(1 − 2E²/(1 + E²)), as math.Tanh computes it from
// e^2|u| = 1/E².
func tanhE(u, e float64) float64 {
	if !(math.Abs(u) >= tanhSmall) { // or NaN
		return math.Tanh(u)
	}
	e2 := e * e
	return math.Copysign(1-2*e2/(1+e2), u)
}

// sinhE is sinh(u) = ±(1/E − E)/2, as math.Sinh computes it from e^|u|.
func sinhE(u, e float64) float64 {
	if a := math.Abs(u); !(a > sinhSmall) || a > coshLarge {
		return math.Sinh(u)
	}
	return math.Copysign((1/e-e)*0.5, u)
}

// coshE is cosh(u) = (1/E + E)/2, as math.Cosh computes it from e^|u|.
func coshE(u, e float64) float64 {
	if math.Abs(u) > coshLarge {
		return math.Cosh(u)
	}
	return (1/e + e) * 0.5
}

// sechE is sech(u) = 2E/(1 + E²).
func sechE(u, e float64) float64 { return 2 * e / (1 + e*e) }

// sigmoidE is sigmoid(u): 1/(1 + E) for u ≥ 0, E/(1 + E) otherwise, as
// sigmoidF computes it.
func sigmoidE(u, e float64) float64 {
	if u >= 0 {
		return 1 / (1 + e)
	}
	return e / (1 + e)
}

// softplusE is softplus(u) = max(u, 0) + log1p(E), as softplusF computes
// it.
func softplusE(u, e float64) float64 {
	if u > 0 {
		return u + math.Log1p(e)
	}
	return math.Log1p(e)
}

// swishE is u·sigmoid(u).
func swishE(u, e float64) float64 { return u * sigmoidE(u, e) }

// mishE is u·tanh(softplus(u)).
func mishE(u, e float64) float64 { return u * tanhSoftplusE(u, e) }

// tanhSoftplusE is tanh(softplus(u)): n/(n + 2) with n = E(E + 2) for
// u ≤ 0, as tanhSoftplusF computes it, and (1 + 2E)/(1 + 2E + 2E²) for
// u > 0.
func tanhSoftplusE(u, e float64) float64 {
	if u > 0 {
		p := 1 + 2*e
		return p / (p + 2*(e*e))
	}
	n := e * (e + 2)
	return n / (n + 2)
}

// sechSoftplusE is sech(softplus(u)) as sechSoftplusF computes it, with
// t = v = E: 2(1 + t)/(t² + 2t + 2) for u ≤ 0 and w/(1 + w), w = 2v(1 + v),
// for u > 0.
func sechSoftplusE(u, e float64) float64 {
	if u <= 0 {
		return 2 * (1 + e) / (e*(e+2) + 2)
	}
	w := 2 * e * (1 + e)
	return w / (1 + w)
}
