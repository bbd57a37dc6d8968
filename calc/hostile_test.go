package calc

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// TestFormatHugeMatchesText checks the fast decimal conversion of values
// with huge binary exponents against big.Float.Text where both are
// affordable.
func TestFormatHugeMatchesText(t *testing.T) {
	for _, s := range []string{"3", "-7", "1/3", "2/3", "9.99999999999999999999", "123456789"} {
		r, _ := new(big.Rat).SetString(s)
		for _, e := range []int{5000, -5000, 20000, -20000} {
			v := new(big.Float).SetPrec(300).SetRat(r)
			v.SetMantExp(v, e)
			for _, d := range []int{1, 3, 15, 40} {
				want := trimExponent(v.Text('g', d))
				if got := formatHuge(v, d); got != want {
					t.Errorf("formatHuge(%s·2^%d, %d) = %s, want %s", s, e, d, got, want)
				}
			}
		}
	}
}

// TestEvalDigitsHostile pins the answers of EvalDigits to inputs at the
// edges: zero within its bound, underflow below big.Float's range, many
// digits, huge exact constants.
func TestEvalDigitsHostile(t *testing.T) {
	for _, tc := range []struct {
		expr, x string
		digits  int
		want    string // the value, "zero" for 0 within a bound, or an error fragment
	}{
		{"sin(pi)", "0", 15, "zero"},
		{"sigmoid(x)*sigmoid(-x)*sigmoid(-x) - sigmoid(x)*(sigmoid(-x)*sigmoid(x))", "0", 15, "zero"},
		{"log(1+exp(x))-log(2)", "0", 15, "zero"},
		{"exp(-x)", "10000000000", 15, "underflows"},
		{"sech(x)", "1e400", 15, "underflows"},
		{"exp(-x^2)", "100000", 15, "underflows"},
		{"2^(-x)", "1e10", 15, "underflows"},
		{"exp(-x)", "1000", 15, "5.07595889754946e-435"},
		{"x", "2", 400, "2"},
		{"x/3", "1", 323, "0." + strings.Repeat("3", 323)},
		{"x/3", "1", 1000, "0." + strings.Repeat("3", 1000)},
		{"2^3^2^2^2*x", "1", 15, "1.72178376419531e12958354"},
		{"(1/3)^1000000*x", "1", 15, "5.56263209915713e-477122"},
		{"-x^2", "0", 15, "0"},
		{"sign(sin(pi))", "0", 15, "cannot certify"}, // an infinite bound is no zero
		{"erfc(-x/sqrt(2))/2 + x*exp(-x^2/2)/sqrt(2*pi)", "1e55", 15, "1"},
		{"1 + exp(-x)", "1e10", 15, "1"},
		{"exp(-x)*exp(-x)", "1e9", 15, "underflows"},
	} {
		e, err := Parse(tc.expr)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		x, _ := new(big.Rat).SetString(tc.x)
		v, err := CompileBig(e).EvalDigitsStrict(x, tc.digits)
		var nc *NotCertifiedError
		switch {
		case tc.want == "zero":
			if !errors.As(err, &nc) || nc.ZeroBelow == nil {
				t.Errorf("%s at %s: got %v, %v; want 0 within a bound", tc.expr, tc.x, v, err)
			}
		case err != nil:
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s at %s: error %v, want %q", tc.expr, tc.x, err, tc.want)
			}
		default:
			if got := FormatSignificant(v, tc.digits); got != tc.want {
				t.Errorf("%s at %s, %d digits: %s, want %s", tc.expr, tc.x, tc.digits, got, tc.want)
			}
		}
	}
}
