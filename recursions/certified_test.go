package recursions

import (
	"errors"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestAgreeing checks the digits kept from two computations of one value.
func TestAgreeing(t *testing.T) {
	f := func(s string) *big.Float {
		v, _, err := big.ParseFloat(s, 10, 256, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name      string
		lo, hi    string
		digits    int
		want      int
		certified bool
	}{
		{"identical", "1.25", "1.25", 30, 30, true},
		{"two zeros", "0", "0", 30, 30, true},
		{"agree to 5 digits", "2.8497921", "2.8497955", 10, 5, true},
		{"round alike", "0.33333333334", "0.33333333331", 10, 10, true},
		{"no digit", "1", "3", 10, 0, false},
		{"zero and not", "0", "1e-30", 10, 0, false},
	}
	for _, tt := range tests {
		c, err := agreeing(tt.name, f(tt.lo), f(tt.hi), tt.digits)
		var nc *calc.NotCertifiedError
		switch {
		case tt.certified && (err != nil || c.Digits != tt.want):
			t.Errorf("%s: %d digits, %v; want %d", tt.name, c.Digits, err, tt.want)
		case !tt.certified && !errors.As(err, &nc):
			t.Errorf("%s: error %v, want a NotCertifiedError", tt.name, err)
		}
	}
}

// TestAnalyzeDigitsRange pins the digits AnalyzeDigits accepts and the
// GELU K* = (3 + √17)/2 of PDLT (5.105) to 25 digits.
func TestAnalyzeDigitsRange(t *testing.T) {
	for _, d := range []int{0, MaxDigits + 1} {
		if _, err := AnalyzeDigits(calc.MustParse("tanh"), DefaultKmax, d); err == nil {
			t.Errorf("digits %d: no error", d)
		}
	}
	ad, err := AnalyzeDigits(calc.MustParse("gelu"), DefaultKmax, 25)
	if err != nil {
		t.Fatal(err)
	}
	want, err := calc.CompileBig(calc.MustParse("(3+sqrt(17))/2")).EvalDigits(new(big.Rat), 25)
	if err != nil {
		t.Fatal(err)
	}
	if got := ad.Points[1].K.V; got.Text('g', 25) != want.Text('g', 25) || ad.Points[1].A1.Digits != 25 {
		t.Errorf("gelu K* = %s (ã₁ to %d digits), want %s", got.Text('g', 25), ad.Points[1].A1.Digits, want.Text('g', 25))
	}
}
