package recursions

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"critcalc/calc"
)

// TestNextStepDigits pins the working digits of the Newton steps: about
// four times the digits the last step showed correct, plus newtonMargin,
// between minStepDigits and the work digits.
func TestNextStepDigits(t *testing.T) {
	tests := []struct {
		name    string
		step    float64 // relative to K = 1
		d, work int
		want    int
	}{
		{"from a float64 root", 1e-13, 34, 55, 55},
		{"a large first step", 1e-3, 34, 55, minStepDigits},
		{"a step larger than K", 10, 34, 55, minStepDigits},
		{"moderate", 1e-6, 34, 85, 4*6 + newtonMargin},
		{"no finer than the step's digits", 1e-30, 20, 100, 4*20 + newtonMargin},
		{"a zero step", 0, 30, 85, 85},
	}
	for _, tt := range tests {
		s := big.NewFloat(tt.step)
		if got := nextStepDigits(s, big.NewFloat(1), tt.d, tt.work); got != tt.want {
			t.Errorf("%s: %d digits, want %d", tt.name, got, tt.want)
		}
	}
}

// TestRefineAgainstMoreDigits checks K* refined for 30 digits (steps at
// 34 and then 55 working digits) against K* refined for 50: the first
// holds 10^−43 of K*, so they agree to 40 digits.
func TestRefineAgainstMoreDigits(t *testing.T) {
	a := mustNew(t, "mish")
	const K0 = 1.67016913248
	K30, _, err := a.refineCritical(K0, 30, 30+highExtra)
	if err != nil {
		t.Fatal(err)
	}
	K50, _, err := a.refineCritical(K0, 50, 50+highExtra)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := K30.Text('e', 39), K50.Text('e', 39); got != want {
		t.Errorf("K* to 40 digits: %s, refined for 50 digits: %s", got, want)
	}
}

// TestNewtonNoise checks that the refinement of mish's K* ends only where
// the averages place the root: its step's noise is about 127 times their
// relative error, so averages to digits+14 digits leave a noise of
// 10^−(digits+11.9), above the 10^−(digits+refineTol) the last step must
// reach, and the refinement is not certified; to digits+criticalExtra they
// certify K*, C_W, C_b and ã₁ to all their digits, the same as to
// digits+highExtra, and a refinement that tries digits+14 first falls
// back to digits+highExtra and gives the same.
func TestNewtonNoise(t *testing.T) {
	a := mustNew(t, "mish")
	const K0, digits = 1.67016913248, 12
	_, _, err := a.criticalDigitsWith(K0, digits, digits+14)
	var nc *calc.NotCertifiedError
	if !errors.As(err, &nc) || !strings.Contains(err.Error(), "noise") {
		t.Fatalf("averages to %d digits: %v, want a noise that is not certified", digits+14, err)
	}
	low, full, err := a.criticalDigitsWith(K0, digits, digits+criticalExtra)
	if err != nil || !full {
		t.Fatalf("averages to %d digits: full %v, %v", digits+criticalExtra, full, err)
	}
	high, _, err := a.criticalDigitsWith(K0, digits, digits+highExtra)
	if err != nil {
		t.Fatal(err)
	}
	// The retry: digits+14 falls short, so digits+highExtra decides.
	retried, err := a.criticalDigitsFrom(K0, digits, 14, highExtra)
	if err != nil {
		t.Fatalf("digits+14, then digits+%d: %v", highExtra, err)
	}
	for _, c := range [][3]calc.Certified{{low.K, high.K, retried.K}, {low.CW, high.CW, retried.CW}, {low.Cb, high.Cb, retried.Cb}, {low.A1, high.A1, retried.A1}} {
		if c[0].Text() != c[1].Text() || c[2].Text() != c[1].Text() {
			t.Errorf("to %d digits %s, to %d digits %s, retried %s", digits+criticalExtra, c[0].Text(), digits+highExtra, c[1].Text(), c[2].Text())
		}
	}
}
