package calc

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// ulpsApart returns |a − b| relative to the larger of |a| and |b|, in
// units of 2⁻⁵², the ulp of 1: 0 for the same value (zeros of either sign
// included), +Inf when only one is infinite or NaN.
func ulpsApart(a, b float64) float64 {
	switch {
	case a == b:
		return 0
	case math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b):
		return math.Inf(1)
	}
	return math.Abs(a-b) / max(math.Abs(a), math.Abs(b)) / 0x1p-52
}

// sharedKernelTests are the kernels of (u, E) with the float64 kernels they
// stand for, and the arguments where the two are the same computation.
var sharedKernelTests = []struct {
	name   string
	shared func(u, e float64) float64
	alone  func(float64) float64
	same   func(u float64) bool
}{
	{"tanh", tanhE, math.Tanh, func(u float64) bool { return math.Abs(u) < tanhSmall }},
	{"sech", sechE, sechF, func(float64) bool { return false }},
	{"cosh", coshE, math.Cosh, func(u float64) bool { return math.Abs(u) > coshLarge }},
	{"sinh", sinhE, math.Sinh, func(u float64) bool { return math.Abs(u) <= sinhSmall || math.Abs(u) > coshLarge }},
	{"sigmoid", sigmoidE, sigmoidF, func(float64) bool { return true }},
	{"softplus", softplusE, softplusF, func(float64) bool { return true }},
	{"swish", swishE, swishF, func(float64) bool { return true }},
	{"mish", mishE, mishF, func(u float64) bool { return u <= 0 }},
	{"tanh∘softplus", tanhSoftplusE, tanhSoftplusF, func(u float64) bool { return u <= 0 }},
	{"sech∘softplus", sechSoftplusE, sechSoftplusF, func(float64) bool { return true }},
}

// sharedKernelPoints returns the arguments the kernels are checked at: the
// special points, a fine grid over the range where e^−|u| is a normal
// float and beyond, and random points of every magnitude.
func sharedKernelPoints() []float64 {
	xs := append([]float64(nil), specialPoints...)
	for u := -760.0; u <= 760; u += 0.0173 {
		xs = append(xs, u)
	}
	for _, c := range []float64{tanhSmall, sinhSmall, coshLarge, 709.78, 710.4, 745.1} {
		for _, u := range []float64{c, math.Nextafter(c, 0), math.Nextafter(c, 2*c)} {
			xs = append(xs, u, -u)
		}
	}
	r := rand.New(rand.NewPCG(5, 8))
	for range 20000 {
		xs = append(xs, math.Ldexp(r.Float64()*2-1, r.IntN(80)-60))
	}
	return xs
}

// TestSharedKernels compares every kernel of (u, E) with the kernel it
// stands for: within 4 ulps, and bit for bit where both compute the same
// thing, NaN, infinities and signed zeros included.
func TestSharedKernels(t *testing.T) {
	xs := sharedKernelPoints()
	for _, tt := range sharedKernelTests {
		worst, at := 0.0, 0.0
		for _, u := range xs {
			got, want := tt.shared(u, negExpF(u)), tt.alone(u)
			if tt.same(u) || math.IsNaN(u) {
				if !sameFloat(got, want) {
					t.Errorf("%s(%v) = %v, alone %v: want the same value", tt.name, u, got, want)
				}
				continue
			}
			// sech(u) where math.Cosh overflows is 0 alone and the
			// subnormal 2e^−|u| shared.
			if tt.name == "sech" && math.IsInf(math.Cosh(u), 1) {
				if got != 2*negExpF(u) {
					t.Errorf("sech(%v) = %v, want 2e^−|u| = %v", u, got, 2*negExpF(u))
				}
				continue
			}
			if d := ulpsApart(got, want); d > worst {
				worst, at = d, u
			}
		}
		if worst > 4 {
			t.Errorf("%s: %.2f ulps from the kernel alone at %v", tt.name, worst, at)
		}
		t.Logf("%s: at most %.2f ulps from the kernel alone (at %v)", tt.name, worst, at)
	}
}

// TestSharedKernelsAccuracy compares the kernels of (u, E) with the
// functions evaluated at 120 bits, where the value is a normal float.
func TestSharedKernelsAccuracy(t *testing.T) {
	srcs := map[string]string{"tanh∘softplus": "tanh(softplus(x))", "sech∘softplus": "sech(softplus(x))"}
	var xs []float64
	for u := -707.0; u <= 707; u += 0.0917 {
		xs = append(xs, u)
	}
	r := rand.New(rand.NewPCG(9, 4))
	for range 2000 {
		xs = append(xs, math.Ldexp(r.Float64()*2-1, r.IntN(60)-50))
	}
	for _, tt := range sharedKernelTests {
		src := tt.name
		if s, ok := srcs[src]; ok {
			src = s
		}
		p := CompileBig(MustParse(src))
		worst, at := 0.0, 0.0
		for _, u := range xs {
			ref, err := p.Eval(new(big.Float).SetFloat64(u), 120)
			if err != nil {
				t.Fatalf("%s(%v): %v", src, u, err)
			}
			want, _ := ref.Float64()
			if want == 0 || math.IsInf(want, 0) || math.Abs(want) < 0x1p-1022 {
				continue
			}
			if d := ulpsApart(tt.shared(u, negExpF(u)), want); d > worst {
				worst, at = d, u
			}
		}
		if worst > 4 {
			t.Errorf("%s: %.2f ulps from the value at 120 bits at %v", tt.name, worst, at)
		}
		t.Logf("%s: at most %.2f ulps from the value at 120 bits (at %v)", tt.name, worst, at)
	}
}

// TestShareExp checks which programs share an exponential, and how many.
func TestShareExp(t *testing.T) {
	mish, x := MustParse("mish"), Var()
	dm := Derivative(mish, 1)
	tests := []struct {
		srcs []Expr
		want int // e^−|u| nodes
	}{
		{[]Expr{Mul(mish, mish), Mul(x, Mul(mish, dm)), Mul(dm, dm)}, 1},
		{[]Expr{dm}, 1},
		{[]Expr{Derivative(mish, 2)}, 1},
		{[]Expr{MustParse("tanh(x)^2")}, 0},
		{[]Expr{MustParse("tanh(x)^2"), MustParse("tanh(x)^4")}, 0},
		{[]Expr{MustParse("tanh(x)"), MustParse("sech(x)")}, 1},
		{[]Expr{MustParse("sigmoid(x)*sigmoid(-x)")}, 1},
		{[]Expr{MustParse("tanh(x) + tanh(2*x)")}, 0},
		{[]Expr{MustParse("tanh(2*x)*sech(2*x) + cosh(x)*sinh(-x)")}, 2},
		{[]Expr{MustParse("tanh(1)*sech(1)*x")}, 0},
		{[]Expr{MustParse("x*tanh(log(1+exp(x)))")}, 0},
		{[]Expr{MustParse("sin(x)*cos(x)")}, 0},
	}
	for _, tt := range tests {
		shared := map[Expr]bool{}
		for _, f := range floatForms(tt.srcs...) {
			for _, n := range f.Nodes() {
				if n.Op() == OpCall && n.Func() == negExpFunc {
					shared[n] = true
				}
			}
		}
		got := len(shared)
		if got != tt.want {
			t.Errorf("%v: %d shared exponentials, want %d", tt.srcs, got, tt.want)
		}
	}
}

// sharedExprPoints are the points of TestSharedPrograms.
var sharedExprPoints = []float64{0, 1e-300, 1e-12, 1e-5, 0.3, 1, 5, 30, 50, 700, 800, 1e10}

// TestSharedPrograms compares programs that share an exponential (all but
// mish and swish alone, which check that a lone call keeps its kernel) with
// the same expressions evaluated by the float64 kernels alone (EvalFloat of
// the fused form): within 4 ulps, or the same infinity or zero. Where the
// expression as written is well conditioned (its running error bound at 53
// bits is within 8 ulps of its value), the program is also within 8 ulps of
// the value to 20 digits.
func TestSharedPrograms(t *testing.T) {
	srcs := []string{"mish", "mish'", "mish''", "swish", "swish'", "tanh(x)+sech(x)^2",
		"sigmoid(x)*sigmoid(-x)", "cosh(x)*sinh(x)", "softplus(x)+sigmoid(x)", "tanh(2*x)*sech(2*x)"}
	var xs []float64
	for _, x := range sharedExprPoints {
		xs = append(xs, x)
		if x != 0 {
			xs = append(xs, -x)
		}
	}
	compared, conditioned := 0, 0
	worstAlone, worstRef := 0.0, 0.0
	for _, src := range srcs {
		e := parseTestExpr(t, src)
		p, alone, bp := Compile(e), fuse(e, nil), CompileBig(e)
		got := make([]float64, len(xs))
		p.EvalSlice(got, xs)
		for i, x := range xs {
			want := EvalFloat(alone, x)
			if v := p.Eval(x); !sameFloat(v, got[i]) {
				t.Errorf("%s at %v: Eval %v, EvalSlice %v", src, x, v, got[i])
			}
			d := ulpsApart(got[i], want)
			worstAlone = max(worstAlone, d)
			if d > 4 {
				t.Errorf("%s at %v: %v, the kernels alone %v (%.3g ulps)", src, x, got[i], want, d)
			}
			compared++
			ref, err := bp.EvalDigits(new(big.Rat).SetFloat64(x), 20)
			if err != nil {
				continue
			}
			r, _ := ref.Float64()
			_, bound, err := bp.evalBounded(new(big.Float).SetFloat64(x), 53)
			if err != nil || math.IsInf(r, 0) || r == 0 || math.Abs(r) < 0x1p-1022 {
				continue
			}
			if b, _ := bound.Float64(); b > 8*0x1p-52*math.Abs(r) {
				continue
			}
			conditioned++
			d = ulpsApart(got[i], r)
			worstRef = max(worstRef, d)
			if d > 8 {
				t.Errorf("%s at %v: %v, to 20 digits %s (%.3g ulps)", src, x, got[i], ref.Text('g', 20), d)
			}
		}
	}
	t.Logf("%d values compared with the kernels alone (at most %.2f ulps apart), %d well conditioned with 20 digits (at most %.2f ulps apart)",
		compared, worstAlone, conditioned, worstRef)
	if conditioned < compared/2 {
		t.Errorf("only %d of %d values are compared with 20 digits", conditioned, compared)
	}
}

// TestSharedProgramsLimits checks that the shared kernels propagate NaN and
// give the limits at the infinities.
func TestSharedProgramsLimits(t *testing.T) {
	e := MustParse("tanh(x) + sech(x) + sigmoid(x) + softplus(-x) + cosh(x)/sinh(x)")
	p := Compile(e)
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		want := EvalFloat(e, x)
		if got := p.Eval(x); !sameFloat(got, want) {
			t.Errorf("%s at %v: %v, the kernels alone %v", e, x, got, want)
		}
	}
}

// TestSharedLoops checks each loop of runSharedLoop against its kernel's
// function, bit for bit, on both sides of 0, at the limits and at NaN.
func TestSharedLoops(t *testing.T) {
	funcs := []*Func{negExpFunc, tanhShared, sechShared, coshShared, sinhShared, sigmoidShared,
		softplusShared, swishShared, mishShared, tanhSoftplusShared, sechSoftplusShared}
	var us []float64
	for _, x := range slices.Concat(sharedExprPoints, []float64{745, 800, math.Inf(1), math.NaN()}) {
		us = append(us, x, -x)
	}
	es := make([]float64, len(us))
	for i, u := range us {
		es[i] = negExpF(u)
	}
	seen := map[sharedLoop]bool{}
	for _, f := range funcs {
		if f.loop == loopNone || seen[f.loop] {
			t.Fatalf("%s: loop %d is none or another kernel's", f.Name, f.loop)
		}
		seen[f.loop] = true
		got := make([]float64, len(us))
		runSharedLoop(f.loop, got, us, es)
		for i, u := range us {
			want := 0.0
			if f.f2 != nil {
				want = f.f2(u, es[i])
			} else {
				want = f.f1(u)
			}
			if !sameFloat(got[i], want) {
				t.Errorf("%s at %v: the loop gives %v, the kernel %v", f.Name, u, got[i], want)
			}
		}
	}
	if len(seen) != int(loopSechSoftplus) {
		t.Errorf("%d loops checked, %d defined", len(seen), loopSechSoftplus)
	}
}
