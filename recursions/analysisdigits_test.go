package recursions

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

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
