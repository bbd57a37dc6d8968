package apjn

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"critcalc/hermite"
)

// TestMixerAtDigits checks the Mixer's high-precision point (mixerHP) at
// the largest number of digits against the closed form of erf (the
// recursion of mixer.go with ⟨erf²⟩_K = (2/π)asin(2K/(1 + 2K)), ⟨erf'²⟩_K =
// (4/π)/√(1 + 4K) at K₁ = σ_w² + σ_b² and E[erf(u)erf(v)] =
// (2/π)asin(2σ_b²/(1 + 2K₁))), evaluated with mpmath at mp.dps = 80 and
// printed with nstr(x, 50), at σ_w² = 3/2, σ_b² = 3/10, μ = 1/2; and the
// cases without a patch-offset series: μ = 1 (everywhere critical, exactly)
// and ReLU at σ_b² > 0 (an error wrapping hermite.ErrKinked, for a point
// and for the critical line).
func TestMixerAtDigits(t *testing.T) {
	m := model(t, "erf", Mixer)
	p := ExactParams{SW2: big.NewRat(3, 2), SB2: big.NewRat(3, 10), Mu: big.NewRat(1, 2)}
	pd, err := m.AtDigits(p, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, got, want string }{
		{"𝒦*", pd.K.Text(), "1.5444455464611585637545418189887327454523715296007"},
		{"χ_𝒥", pd.ChiJ.Text(), "1.1073538995890676286302933426521208960955059717218"},
		{"χ_𝒦", pd.ChiK.Text(), "0.0625"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", c.name, c.got, c.want)
		}
	}
	if pd.Phase != Chaotic {
		t.Errorf("phase %s, want %s", pd.Phase, Chaotic)
	}

	p.Mu = big.NewRat(1, 1)
	pd, err = m.AtDigits(p, 30)
	if err != nil || pd.Phase != EverywhereCritical || pd.K.V != nil || pd.ChiJ.Text() != "1" || pd.ChiK.Text() != "1" {
		t.Errorf("μ = 1: %+v, %v; want everywhere critical, χ = 1, no 𝒦*", pd, err)
	}

	relu := model(t, "relu", Mixer)
	p.Mu = new(big.Rat)
	if _, err := relu.AtDigits(p, 20); !errors.Is(err, hermite.ErrKinked) {
		t.Errorf("relu at σ_b² = 3/10: error %v, want hermite.ErrKinked", err)
	}
	// Its critical line at σ_b² = 3/10 has a float64 point, σ_w² ≈ 1.636.
	if _, err := relu.CriticalSW2Digits(big.NewRat(3, 10), new(big.Rat), 20); !errors.Is(err, hermite.ErrKinked) {
		t.Errorf("relu critical line at σ_b² = 3/10: error %v, want hermite.ErrKinked", err)
	}
}

// TestMixerFloat64Gap: where σ_b² ≫ σ_w², B and Bₚ agree to many digits
// and the float64 χ_𝒥* needs B − Bₚ = σ_w²(⟨φ²⟩ − E[φ(u)φ(v)]) formed from
// the averages (mixerBranchGap), not from B and Bₚ (which lost it to
// rounding: 5.691454493810507e-7 at σ_w² = 10⁻³, σ_b² = 1, with a bound of
// 1.5e-20). References: the erf closed form of TestMixerAtDigits, mpmath
// at mp.dps = 60, nstr(x, 20).
func TestMixerFloat64Gap(t *testing.T) {
	m := model(t, "erf", Mixer)
	for _, tt := range []struct{ sw2, sb2, mu, chiJ float64 }{
		{0.001, 1, 0, 5.6914544932108856227e-7},
		{0.001, 1, 0.5, 0.062500666700690846906},
		{0.0001, 3, 0, 1.1771208696186315821e-9},
	} {
		pt, err := m.At(Params{SW2: tt.sw2, SB2: tt.sb2, Mu: tt.mu})
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(pt.ChiJ - tt.chiJ); d > pt.Err.ChiJ || pt.Err.ChiJ > 1e-7*tt.chiJ {
			t.Errorf("σ_w² = %g, σ_b² = %g, μ = %g: χ_𝒥* = %.17g ± %.3g, want %.17g (off by %.3g)", tt.sw2, tt.sb2, tt.mu, pt.ChiJ, pt.Err.ChiJ, tt.chiJ, d)
		}
	}
}

// TestMixerAtDigitsWideKernel: the high-precision point does not need the
// float64 one, whose patch offset (hermite.Expect2) does not converge for
// erf at K₁ = 310, ρ = 1/31. Reference: the erf closed form of
// TestMixerAtDigits at σ_w² = 300, σ_b² = 10, μ = 0, mpmath at mp.dps = 60,
// nstr(x, 30).
func TestMixerAtDigitsWideKernel(t *testing.T) {
	m := model(t, "erf", Mixer)
	pd, err := m.AtDigits(ExactParams{SW2: big.NewRat(300, 1), SB2: big.NewRat(10, 1), Mu: new(big.Rat)}, 30)
	if err != nil {
		t.Fatal(err)
	}
	if k, c := pd.K.Text(), pd.ChiJ.Text(); k != "299.160010249585561555143451281" || c != "124.977310885512801703174832858" {
		t.Errorf("𝒦* = %s, χ_𝒥 = %s; want 299.160010249585561555143451281, 124.977310885512801703174832858", k, c)
	}
}
