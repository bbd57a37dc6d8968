package calc

import (
	"math/big"
	"testing"
)

// TestDetectScaleInvariant checks the recognition of σ(z) = a₊z (z ≥ 0),
// a₋z (z < 0). The expected slopes follow from the definitions: for
// example 3·relu(x) − 2·relu(−x) is 3x for x ≥ 0 and −2·(−x) = 2x for
// x < 0.
func TestDetectScaleInvariant(t *testing.T) {
	tests := []struct {
		src           string
		ok            bool
		aPlus, aMinus string
	}{
		{"relu", true, "1", "0"},
		{"leaky_relu(x, 0.2)", true, "1", "1/5"},
		{"leaky_relu", true, "1", "1/100"},
		{"3*relu(x) - 2*relu(-x)", true, "3", "2"},
		{"abs", true, "1", "-1"},
		{"x", true, "1", "1"},
		{"2*x", true, "2", "2"},
		{"max(x, 0.5*x)", true, "1", "1/2"},
		{"min(x, 0)", true, "0", "1"},
		{"0.5*x + 0.5*abs(x)", true, "1", "0"},
		{"relu(x) - 0.5*abs(x)", true, "1/2", "1/2"},
		{"tanh", false, "", ""},
		{"elu", false, "", ""},
		{"gelu", false, "", ""},
		{"swish", false, "", ""},
		{"softsign", false, "", ""},
		{"relu(x - 1)", false, "", ""},
		{"relu(x) + 0.001*x^3", false, "", ""},
		{"relu(x) + 1", false, "", ""},
		{"relu(x) + relu(x - 3)", false, "", ""},
		{"x*abs(x)", false, "", ""},
		{"x^3", false, "", ""},
		// Branch points at 0: no one-sided series, so not piecewise linear.
		{"sqrt(abs(x))", false, "", ""},
		{"abs(x)^1.5", false, "", ""},
		{"(x^2)^0.75", false, "", ""},
		{"relu(x)^1.5", false, "", ""},
		// Agrees with relu near 0 but not at x = 23: x·(1 − x²/10⁴)
		// above 0 differs from x at the checked points.
		{"relu(x)*(1 - relu(x)^2/10000)", false, "", ""},
	}
	const prec = 128
	for _, tc := range tests {
		si, ok, err := DetectScaleInvariant(MustParse(tc.src), prec)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if ok != tc.ok {
			t.Errorf("%s: scale-invariant = %v, want %v", tc.src, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		for _, c := range []struct {
			got  *big.Float
			want string
		}{{si.APlus, tc.aPlus}, {si.AMinus, tc.aMinus}} {
			want := new(big.Float).SetPrec(prec).SetRat(ttRat(t, c.want))
			if c.got.Prec() != prec || ttRelDiff(c.got, want) > 0x1p-120 {
				t.Errorf("%s: slopes (%g, %g), want (%s, %s)", tc.src, si.APlus, si.AMinus, tc.aPlus, tc.aMinus)
			}
		}
	}
}

// TestDetectScaleInvariantErrors checks that expressions undefined at 0
// are errors, not verdicts.
func TestDetectScaleInvariantErrors(t *testing.T) {
	for _, src := range []string{"log(x)", "1/x"} {
		if _, _, err := DetectScaleInvariant(MustParse(src), 64); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
	if _, _, err := DetectScaleInvariant(Var(), 8); err == nil {
		t.Error("precision 8: no error")
	}
}
