package calc

import (
	"errors"
	"math"
	"math/big"
	"testing"
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
		c, err := Agreeing(tt.name, f(tt.lo), f(tt.hi), tt.digits)
		var nc *NotCertifiedError
		switch {
		case tt.certified && (err != nil || c.Digits != tt.want):
			t.Errorf("%s: %d digits, %v; want %d", tt.name, c.Digits, err, tt.want)
		case !tt.certified && !errors.As(err, &nc):
			t.Errorf("%s: error %v, want a NotCertifiedError", tt.name, err)
		}
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
		c, err := Bounded(tt.name, v, tt.rel, tt.digits)
		var nc *NotCertifiedError
		switch {
		case tt.certified && (err != nil || c.Digits != tt.want || c.V != v):
			t.Errorf("%s: %d digits, %v; want %d", tt.name, c.Digits, err, tt.want)
		case !tt.certified && !errors.As(err, &nc):
			t.Errorf("%s: error %v, want a NotCertifiedError", tt.name, err)
		}
	}
}

// TestFromFloat64 checks the digits a float64 keeps under its error bound,
// the zero rule and the refusals.
func TestFromFloat64(t *testing.T) {
	tests := []struct {
		v, err float64
		digits int
		want   string // "" for a NotCertifiedError
	}{
		{math.Pi, 0, 30, "3.1415926535897931"},    // exact float64: all 17 digits
		{math.Pi, 1e-15, 12, "3.14159265359"},     // the bound allows more than asked
		{math.Pi, 1e-9, 12, "3.14159265"},         // interval [3.141592652…, 3.141592654…]
		{0.785398165954, 2.6e-9, 12, "0.7853982"}, // π/4 from a flat root: [0.78539816335, 0.78539816855]
		{5.551115123125783e-17, 1e-15, 12, "0"},   // K* of tanh at (0, 1): zero within its bound
		{-1e-20, 1e-20, 12, "0"},                  // no "-0"
		{1.5, 0.6, 12, ""},                        // not one digit
		{math.NaN(), 0, 12, ""},                   //
		{1, math.Inf(1), 12, ""},                  //
		{123456.5, 0.4, 12, "1.2346e5"},           // 123456.1 and 123456.9 differ in the 6th digit
		{9.9999999, 2e-7, 12, "10"},               // both ends round to 1e1 at one digit
	}
	for _, tt := range tests {
		c, err := FromFloat64("x", tt.v, tt.err, tt.digits)
		var nc *NotCertifiedError
		switch {
		case tt.want == "" && !errors.As(err, &nc):
			t.Errorf("FromFloat64(%g ± %g): %q, %v; want a NotCertifiedError", tt.v, tt.err, c.Text(), err)
		case tt.want != "" && (err != nil || c.Text() != tt.want):
			t.Errorf("FromFloat64(%g ± %g, %d): %q, %v; want %q", tt.v, tt.err, tt.digits, c.Text(), err, tt.want)
		}
	}
}

// TestFormatSignificant pins the one printed form of a number.
func TestFormatSignificant(t *testing.T) {
	tests := []struct {
		v    float64
		d    int
		want string
	}{
		{1.5, 12, "1.5"},
		{-0.25, 3, "-0.25"},
		{123456, 4, "1.235e5"},
		{2.5e-6, 2, "2.5e-6"},
		{1e100, 1, "1e100"},
		{math.Copysign(0, -1), 5, "0"},
		{0.1, 17, "0.10000000000000001"},
		{0.1, 30, "0.10000000000000001"}, // at most 17 digits of a float64
	}
	for _, tt := range tests {
		if got := FormatFloat64(tt.v, tt.d); got != tt.want {
			t.Errorf("FormatFloat64(%g, %d) = %q, want %q", tt.v, tt.d, got, tt.want)
		}
	}
}

// TestCertifiedSqrt checks the digits of √c: √2 from 2 with 30 digits
// keeps 29 or 30 (the halved bound 5e-30 against √2's digits), √4 = 2.
func TestCertifiedSqrt(t *testing.T) {
	two := Exact(new(big.Float).SetPrec(200).SetInt64(2), 30)
	r, err := two.Sqrt("√2")
	if err != nil || r.Digits < 29 || r.Text()[:20] != "1.414213562373095048" {
		t.Errorf("√2 = %s (%d digits), %v", r.Text(), r.Digits, err)
	}
	four := Exact(new(big.Float).SetPrec(200).SetInt64(4), 12)
	if r, err := four.Sqrt("√4"); err != nil || r.Text() != "2" {
		t.Errorf("√4 = %s, %v", r.Text(), err)
	}
	if _, err := Exact(big.NewFloat(-1), 5).Sqrt("√−1"); err == nil {
		t.Error("√−1: no error")
	}
}

// TestAgreeingFloat64 checks the digits two float64 computations share:
// all of them for equal values, otherwise the most to which both ends of
// x ± |x − y| round alike, and an error for a value that is not finite.
func TestAgreeingFloat64(t *testing.T) {
	for _, c := range []struct {
		x, y   float64
		digits int
		want   string
		ok     bool
	}{
		{1.2359028, 1.2359028, 9, "1.2359028", true},
		// x ± |x − y| = 1.23590275 … 1.23590281 holds 1.235902750, where
		// the 8th digit changes, and not 1.2359025, where the 7th does.
		{1.23590278, 1.23590281, 9, "1.235903", true},
		{1.2359024, 1.2359026, 9, "1.2359", true}, // 1.235902 and 1.235903 at 7 digits
		// The check above x, and the interval below it crossing a rounding
		// boundary that y alone does not: 1.2345654 rounds to 1.234565 at
		// 7 digits, x and y to 1.234566.
		{1.2345656, 1.2345658, 9, "1.23457", true},
		{1.2345656, 1.2345654, 9, "1.23457", true},
		{1.2345657, 1.2345658, 9, "1.234566", true},
		{0.5, -0.5, 9, "", false},
		{math.NaN(), 1, 9, "", false},
		{1, math.Inf(1), 9, "", false},
	} {
		got, err := AgreeingFloat64("v", c.x, c.y, c.digits)
		if (err == nil) != c.ok || got.Text() != c.want {
			t.Errorf("AgreeingFloat64(%g, %g, %d) = %q, %v; want %q", c.x, c.y, c.digits, got.Text(), err, c.want)
		}
	}
}

// TestRelErr checks the relative error that certified digits allow: a
// unit in the first digit for one digit, 10^(1−D) for D.
func TestRelErr(t *testing.T) {
	for _, c := range []struct {
		digits int
		want   float64
	}{{1, 1}, {3, 1e-2}, {12, 1e-11}, {60, 1e-59}} {
		if got := Exact(big.NewFloat(1.5), c.digits).RelErr(); math.Abs(got-c.want) > 1e-15*c.want {
			t.Errorf("%d digits: %g, want %g", c.digits, got, c.want)
		}
	}
}
