package apjn

import (
	"errors"
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
