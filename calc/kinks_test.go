package calc

import (
	"math"
	"math/big"
	"testing"
)

// kinkWant is an expected kink; exact is "" when the location is found
// numerically.
type kinkWant struct {
	x           float64
	exact       string
	order       int // −1 for a branch point
	left, right [3]float64
}

// kinkClose reports whether a and b agree to 1e-13, relatively for large
// values and absolutely near 0.
func kinkClose(a, b float64) bool {
	return math.Abs(a-b) <= 1e-13*max(1, math.Abs(b))
}

// TestKinks checks the kinks of activations against their definitions:
// each branch's value, slope and curvature at the switching point follow
// from the formula of the branch (noted per case).
func TestKinks(t *testing.T) {
	// λ·α of SELU from the published constants (Klambauer et al. 2017),
	// product by mpmath 1.3.0.
	const seluLA = 1.75809934084737685994021752081231934206
	const seluL = 1.0507009873554804934193349852946
	tests := []struct {
		src  string
		want []kinkWant
	}{
		// max(x, 0): 0 on the left, x on the right.
		{"relu", []kinkWant{{0, "0", 1, [3]float64{0, 0, 0}, [3]float64{0, 1, 0}}}},
		// 0.01·x on the left.
		{"leaky_relu", []kinkWant{{0, "0", 1, [3]float64{0, 0.01, 0}, [3]float64{0, 1, 0}}}},
		// expm1(x) on the left: slope 1, curvature 1.
		{"elu(x, 1)", []kinkWant{{0, "0", 2, [3]float64{0, 1, 1}, [3]float64{0, 1, 0}}}},
		// 0.5·expm1(x) on the left: slope 0.5.
		{"elu(x, 0.5)", []kinkWant{{0, "0", 1, [3]float64{0, 0.5, 0.5}, [3]float64{0, 1, 0}}}},
		// λ·α·expm1(x) on the left, λ·x on the right.
		{"selu", []kinkWant{{0, "0", 1, [3]float64{0, seluLA, seluLA}, [3]float64{0, seluL, 0}}}},
		// x/(1 − x) on the left, x/(1 + x) on the right: σ'' = ±2.
		{"softsign", []kinkWant{{0, "0", 2, [3]float64{0, 1, 2}, [3]float64{0, 1, -2}}}},
		{"abs", []kinkWant{{0, "0", 1, [3]float64{0, -1, 0}, [3]float64{0, 1, 0}}}},
		{"step", []kinkWant{{0, "0", 0, [3]float64{0, 0, 0}, [3]float64{1, 0, 0}}}},
		{"sign", []kinkWant{{0, "0", 0, [3]float64{-1, 0, 0}, [3]float64{1, 0, 0}}}},
		// x − sin x = x³/6 + … changes sign at 0: sin x on the left, x on
		// the right; they differ first in the x³ term.
		{"max(x, sin(x))", []kinkWant{{0, "", 3, [3]float64{0, 1, 0}, [3]float64{0, 1, 0}}}},
		{"relu(x - 0.1)", []kinkWant{{0.1, "1/10", 1, [3]float64{0, 0, 0}, [3]float64{0, 1, 0}}}},
		{"max(x, 0) - max(x - 1, 0)", []kinkWant{
			{0, "0", 1, [3]float64{0, 0, 0}, [3]float64{0, 1, 0}},
			{1, "1", 1, [3]float64{1, 1, 0}, [3]float64{1, 0, 0}},
		}},
		// |x|³: −x³ and x³, order 3.
		{"abs(x)^3", []kinkWant{{0, "0", 3, [3]float64{0, 0, 0}, [3]float64{0, 0, 0}}}},
		// An affine switching argument with an irrational root.
		{"relu(x - pi)", []kinkWant{{math.Pi, "", 1, [3]float64{0, 0, 0}, [3]float64{0, 1, 0}}}},
		{"relu(2*x + sqrt(2))", []kinkWant{{-math.Sqrt2 / 2, "", 1, [3]float64{0, 0, 0}, [3]float64{0, 2, 0}}}},
		// A jump and a corner.
		{"step(x - 2) + relu(x)", []kinkWant{
			{0, "0", 1, [3]float64{0, 0, 0}, [3]float64{0, 1, 0}},
			{2, "2", 0, [3]float64{2, 1, 0}, [3]float64{3, 1, 0}},
		}},
		// Branch points (order −1): a non-integer power or a square root
		// of a quantity that vanishes, with no power series on one side
		// at least (x^1.5 has none above 0).
		{"abs(x)^1.5", []kinkWant{{0, "0", -1, [3]float64{}, [3]float64{}}}},
		{"relu(x)^1.5", []kinkWant{{0, "0", -1, [3]float64{}, [3]float64{}}}},
		{"sqrt(abs(x))", []kinkWant{{0, "0", -1, [3]float64{}, [3]float64{}}}},
		// x² − 2x + 1 is not affine: its zero at 1 is found on the scan
		// grid, exactly (the base is 0 there in rationals); x³ − x crosses
		// 0 at the grid points −1, 0 and 1 alike; x² − 2 at ±√2 is found
		// by bisection, to float64.
		{"(x^2 - 2*x + 1)^0.75", []kinkWant{{1, "1", -1, [3]float64{}, [3]float64{}}}},
		{"relu(x^3 - x)", []kinkWant{
			{-1, "-1", 1, [3]float64{0, 0, 0}, [3]float64{0, 2, -6}},
			{0, "0", 1, [3]float64{0, -1, 0}, [3]float64{0, 0, 0}},
			{1, "1", 1, [3]float64{0, 0, 0}, [3]float64{0, 2, 6}},
		}},
		{"abs(x^2 - 2)", []kinkWant{
			{-math.Sqrt2, "", 1, [3]float64{0, -2 * math.Sqrt2, 2}, [3]float64{0, 2 * math.Sqrt2, -2}},
			{math.Sqrt2, "", 1, [3]float64{0, -2 * math.Sqrt2, -2}, [3]float64{0, 2 * math.Sqrt2, 2}},
		}},
		{"tanh(x) + abs(x - 1)^2.5", []kinkWant{{1, "1", -1, [3]float64{}, [3]float64{}}}},
		// Not kinks: smooth functions, and switching arguments that do not
		// change sign or whose branches agree beyond order 4.
		{"gelu", nil},
		{"tanh", nil},
		{"swish", nil},
		{"mish", nil},
		{"x^2", nil},
		{"abs(x^2)", nil},
		{"max(x^5, 0)", nil},
		{"max(x, x)", nil},
		// Bases of non-integer powers that do not vanish.
		{"sqrt(x^2 + 1)", nil},
		{"(1 + exp(x))^0.5", nil},
	}
	for _, tc := range tests {
		got, err := Kinks(MustParse(tc.src))
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d kinks %+v, want %d", tc.src, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			kinkCheck(t, tc.src, got[i], w)
		}
	}
}

func kinkCheck(t *testing.T, src string, got Kink, w kinkWant) {
	t.Helper()
	if !kinkClose(got.X, w.x) || got.Order != w.order {
		t.Errorf("%s: kink at %.17g of order %d, want %.17g of order %d", src, got.X, got.Order, w.x, w.order)
	}
	switch {
	case w.exact == "" && got.Exact != nil:
		t.Errorf("%s: exact location %v, want none", src, got.Exact)
	case w.exact != "" && (got.Exact == nil || got.Exact.Cmp(ttRat(t, w.exact)) != 0):
		t.Errorf("%s: exact location %v, want %s", src, got.Exact, w.exact)
	}
	for i := range 3 {
		if !kinkClose(got.Left[i], w.left[i]) || !kinkClose(got.Right[i], w.right[i]) {
			t.Errorf("%s at %g: left %v right %v, want %v %v", src, got.X, got.Left, got.Right, w.left, w.right)
			break
		}
	}
}

// TestKinksReluSin finds the zeros kπ of sin in [−64, 64] (41 of them,
// |k| ≤ 20): sin rises through even multiples and falls through odd ones.
func TestKinksReluSin(t *testing.T) {
	got, err := Kinks(MustParse("relu(sin(x))"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 41 {
		t.Fatalf("%d kinks, want 41", len(got))
	}
	for i, k := range got {
		n := i - 20
		w := kinkWant{x: float64(n) * math.Pi, order: 1, right: [3]float64{0, 1, 0}}
		if n%2 != 0 {
			w.left, w.right = [3]float64{0, -1, 0}, [3]float64{}
		}
		kinkCheck(t, "relu(sin(x))", k, w)
	}
}

// TestKinkRatEval checks the exact evaluator on expressions it accepts and
// rejects.
func TestKinkRatEval(t *testing.T) {
	x := big.NewRat(3, 2)
	tests := []struct {
		src  string
		want string // "" when not exactly rational
	}{
		{"2*x - 1/10", "29/10"},
		{"(x + 1)^3 / (x - 1)", "125/4"},
		{"x^(-2)", "4/9"},
		{"-x/3", "-1/2"},
		{"x + pi", ""},
		{"sqrt(x)", ""},
		{"x^0.5", ""},
		{"1/(x - 3/2)", ""},
	}
	for _, tc := range tests {
		v, ok := kinkRatEval(MustParse(tc.src), x)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s: %v, want not rational", tc.src, v)
		case tc.want != "" && (!ok || v.Cmp(ttRat(t, tc.want)) != 0):
			t.Errorf("%s: %v (%v), want %s", tc.src, v, ok, tc.want)
		}
	}
}
