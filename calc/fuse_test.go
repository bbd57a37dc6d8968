package calc

import (
	"math"
	"math/big"
	"testing"
)

// TestTanhSoftplus compares the fused kernel with tanh(softplus(u))
// evaluated at 200 bits, over the whole float64 range that matters.
func TestTanhSoftplus(t *testing.T) {
	ref := CompileBig(MustParse("tanh(softplus(x))"))
	worst := 0.0
	for u := -700.0; u <= 700; u += 0.37 {
		want, err := ref.Eval(new(big.Float).SetFloat64(u), 200)
		if err != nil {
			t.Fatal(err)
		}
		w, _ := want.Float64()
		got := tanhSoftplusF(u)
		rel := math.Abs(got-w) / math.Abs(w)
		worst = max(worst, rel)
		// n/(n+2) with n = t(t+2): at most about 4 roundings plus exp's error.
		if rel > 6e-16 {
			t.Errorf("tanh(softplus(%g)) = %.17g, want %.17g (rel %.2g)", u, got, w, rel)
		}
	}
	t.Logf("worst relative error %.2g", worst)
	if p := Compile(MustParse("x*tanh(log(1+exp(x)))")); p.Eval(2) != 2*tanhSoftplusF(2) {
		t.Errorf("Compile does not use the fused kernel")
	}
}
