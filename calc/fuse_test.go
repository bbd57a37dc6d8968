package calc

import (
	"math"
	"math/big"
	"testing"
)

// fusedFloatTests are the fused float64 kernels with the composition each
// replaces and its accuracy: n/(n+2) and its relatives make about four
// roundings beside the error of exp.
var fusedFloatTests = []struct {
	name   string
	kernel func(float64) float64
	comp   string                // the composition, as written
	plain  func(float64) float64 // the same composition of the float64 kernels
	tol    float64
}{
	{"tanh∘softplus", tanhSoftplusF, "tanh(softplus(x))", func(u float64) float64 { return math.Tanh(softplusF(u)) }, 6e-16},
	{"sech∘softplus", sechSoftplusF, "sech(softplus(x))", func(u float64) float64 { return sechF(softplusF(u)) }, 8e-16},
}

// TestFusedFloat compares each fused kernel with its composition evaluated
// as written at 200 bits, and with the composition of the float64 kernels,
// over the whole float64 range that matters.
func TestFusedFloat(t *testing.T) {
	for _, tt := range fusedFloatTests {
		e := MustParse(tt.comp)
		worst, worstPlain := 0.0, 0.0
		for u := -700.0; u <= 700; u += 0.37 {
			want, _, err := bigReference(e, new(big.Float).SetFloat64(u), 136)
			if err != nil {
				t.Fatal(err)
			}
			w, _ := want.Float64()
			got := tt.kernel(u)
			rel := math.Abs(got-w) / math.Abs(w)
			worst = max(worst, rel)
			if rel > tt.tol {
				t.Errorf("%s(%g) = %.17g, want %.17g (rel %.2g)", tt.name, u, got, w, rel)
			}
			// The plain composition loses accuracy as |u| grows: sech(s)
			// turns the rounding of s = softplus(u) ≈ u into a relative
			// error |s·tanh s| times larger.
			plain := tt.plain(u)
			relPlain := math.Abs(got-plain) / math.Abs(w)
			worstPlain = max(worstPlain, relPlain)
			if relPlain > 8e-16*(1+math.Abs(u)) {
				t.Errorf("%s(%g) = %.17g, the composition of float64 kernels %.17g", tt.name, u, got, plain)
			}
		}
		t.Logf("%s: worst relative error %.2g; %.2g from the plain composition", tt.name, worst, worstPlain)
	}
}

// TestFusedFloatLimits checks the kernels where e^±u under- or overflows.
func TestFusedFloatLimits(t *testing.T) {
	tests := []struct {
		name string
		got  float64
		want float64
	}{
		{"tanh∘softplus(+Inf)", tanhSoftplusF(math.Inf(1)), 1},
		{"tanh∘softplus(1e300)", tanhSoftplusF(1e300), 1},
		{"tanh∘softplus(-Inf)", tanhSoftplusF(math.Inf(-1)), 0},
		{"tanh∘softplus(-740)", tanhSoftplusF(-740), math.Exp(-740)},
		{"sech∘softplus(+Inf)", sechSoftplusF(math.Inf(1)), 0},
		{"sech∘softplus(1e300)", sechSoftplusF(1e300), 0},
		{"sech∘softplus(-Inf)", sechSoftplusF(math.Inf(-1)), 1},
		{"sech∘softplus(-1e300)", sechSoftplusF(-1e300), 1},
		{"sech∘softplus(740)", sechSoftplusF(740), 2 * math.Exp(-740)},
		{"sech∘softplus(0)", sechSoftplusF(0), 0.8},
		{"tanh∘softplus(0)", tanhSoftplusF(0), 0.6},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %g, want %g", tt.name, tt.got, tt.want)
		}
	}
	if !math.IsNaN(sechSoftplusF(math.NaN())) || !math.IsNaN(tanhSoftplusF(math.NaN())) {
		t.Errorf("a fused kernel does not propagate NaN")
	}
}

// TestCompileFuses checks that Compile and CompileMany use the fused
// kernels, and that a softplus read only through them is not computed.
func TestCompileFuses(t *testing.T) {
	tests := []struct {
		src  string
		want func(float64) float64
	}{
		{"x*tanh(log(1+exp(x)))", func(x float64) float64 { return x * tanhSoftplusF(x) }},
		{"sech(softplus(x))^2", func(x float64) float64 { s := sechSoftplusF(x); return s * s }},
	}
	for _, tt := range tests {
		e := MustParse(tt.src)
		p := Compile(e)
		m := CompileMany(e)
		for _, x := range []float64{-3, 0.5, 2} {
			got := make([]float64, 1)
			m.EvalSlices([][]float64{got}, []float64{x})
			if w := tt.want(x); p.Eval(x) != w || got[0] != w {
				t.Errorf("%s at %g: Compile %v, CompileMany %v, fused kernel %v", tt.src, x, p.Eval(x), got[0], w)
			}
		}
	}
	d := Derivative(MustParse("mish"), 1)
	for _, n := range fuse(ExpandAll(d), nil).Nodes() {
		if n.Op() == OpCall && n.Func().ID == FnSoftplus {
			t.Errorf("mish′ still computes %s after fusion", n)
		}
	}
}
