package recursions

import (
	"math/big"
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

// TestRefineEndsAtWorkDigits checks that the refinement of K* returns the
// averages of a step taken at the work digits, not of an earlier, cheaper
// step, and that K* agrees with a refinement to more digits.
func TestRefineEndsAtWorkDigits(t *testing.T) {
	a, err := New(calc.MustParse("mish"))
	if err != nil {
		t.Fatal(err)
	}
	const K0 = 1.67016913248
	K, v, err := a.refineCritical(K0, 30, 30+highExtra)
	if err != nil {
		t.Fatal(err)
	}
	if p, min := v[cSp2].Prec(), calc.BitsForDigits(30+highExtra); p < min {
		t.Errorf("the last averages carry %d bits, fewer than the %d of %d digits", p, min, 30+highExtra)
	}
	K50, err := a.RefineCritical(K0, 50)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := K.Text('e', 39), K50.Text('e', 39); got != want {
		t.Errorf("K* to 40 digits: %s, refined to 50 digits: %s", got, want)
	}
}
