package recursions

import (
	"errors"
	"math"
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

// TestBounded checks the digits certified by a relative error bound: the
// ends of the interval must round alike.
func TestBounded(t *testing.T) {
	tests := []struct {
		name      string
		v         string
		rel       float64
		digits    int
		want      int
		certified bool
	}{
		{"tight", "1.25", 1e-40, 30, 30, true},
		{"six digits", "2.8497921", 1e-6, 10, 6, true},
		{"capped", "0.5", 1e-20, 10, 10, true},
		{"negative", "-2.8497921", 1e-6, 10, 6, true},
		{"alike at 7 digits, not at 6", "1.2345650", 1e-7, 10, 7, true},
		{"straddles a rounding edge", "1.45", 0.004, 10, 1, true},
		{"no digit", "1", 2, 10, 0, false},
		{"zero", "0", 1e-30, 10, 0, false},
	}
	for _, tt := range tests {
		v, _, err := big.ParseFloat(tt.v, 10, 256, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		c, err := bounded(tt.name, v, tt.rel, tt.digits)
		var nc *calc.NotCertifiedError
		switch {
		case tt.certified && (err != nil || c.Digits != tt.want || c.V != v):
			t.Errorf("%s: %d digits, %v; want %d", tt.name, c.Digits, err, tt.want)
		case !tt.certified && !errors.As(err, &nc):
			t.Errorf("%s: error %v, want a NotCertifiedError", tt.name, err)
		}
	}
}

// TestCriticalValuesBound checks that the error bound of ã₁ grows with the
// cancellation in ⟨σ²(z⁴ − 6Kz² + 3K²)⟩ and that C_W's is 2eps.
func TestCriticalValuesBound(t *testing.T) {
	const eps = 1e-50
	f := func(s string) *big.Float {
		v, _, err := big.ParseFloat(s, 10, 256, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := make([]*big.Float, cS4+1)
	for i := range v {
		v[i] = f("1")
	}
	// K = 1: q = ⟨σ²z⁴⟩ − 6⟨σ²z²⟩ + 3⟨σ²⟩ = 1e-10 out of terms summing to 12.
	v[cS2z4] = f("3.0000000001")
	_, rel, err := criticalValues(f("1"), v, eps)
	if err != nil {
		t.Fatal(err)
	}
	if rel[0] != 2*eps {
		t.Errorf("C_W: relative bound %g, want %g", rel[0], 2*eps)
	}
	if want := eps * 12.0000000001 / 1e-10; math.Abs(rel[2]-2*eps-want) > 1e-6*want {
		t.Errorf("ã₁: relative bound %g, want %g", rel[2], want+2*eps)
	}
}
