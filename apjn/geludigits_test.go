package apjn

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// certifiedAs fails unless c has want digits and equals ref rounded to
// them.
func certifiedAs(t *testing.T, name string, c calc.Certified, ref string, want int) {
	t.Helper()
	v, _, err := big.ParseFloat(ref, 10, 300, big.ToNearestEven)
	if err != nil {
		t.Fatalf("bad reference %q: %v", ref, err)
	}
	if c.Digits != want || c.Text() != calc.FormatSignificant(v, want) {
		t.Errorf("%s = %s (%d digits), reference %s", name, c.Text(), c.Digits, calc.FormatSignificant(v, want))
	}
}

// TestGELUCriticalDigits checks GELU's half-stable critical point at 30
// digits against mpmath (mp.dps = 50): σ_w², σ_b² from DHG eqs 157–158
// (179–180 with μ = 0.5) with mpmath's asin at 𝒦* = (3 + √17)/2, and
// ζ = 4𝒦²⟨φ'²(z² − 𝒦)⟩/⟨φ²(z⁴ − 6𝒦z² + 3𝒦²)⟩ (φ = zΦ(z)) by mpmath.quad
// over z ~ N(0, 𝒦*). χ_𝒦 = χ_𝒥 = 1 there (eqs 159–162); the 𝒦* = 0 point
// has σ_w² = 4(1 − μ²), σ_b² = 0 and no power law (ã₁ > 0, eq 164).
func TestGELUCriticalDigits(t *testing.T) {
	gelu, err := calc.Parse("gelu")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(gelu, Res)
	if err != nil {
		t.Fatal(err)
	}
	const zeta = "-64.984845004941284398571278847792616"
	for _, c := range []struct {
		mu       *big.Rat
		sw2, sb2 string
	}{
		{new(big.Rat), "1.9830582574375471252054779858313486", "0.17292239075606735174985317977738978"},
		{big.NewRat(1, 2), "1.4872936930781603439041084893735115", "0.12969179306705051381238988483304233"},
	} {
		g, err := m.GELUCriticalDigits(true, c.mu, 30)
		if err != nil {
			t.Fatal(err)
		}
		certifiedAs(t, "σ_w²", g.SW2, c.sw2, 30)
		certifiedAs(t, "σ_b²", g.SB2, c.sb2, 30)
		certifiedAs(t, "𝒦*", g.K, "3.5615528128088302749107049279870385", 30)
		certifiedAs(t, "χ_𝒦", g.ChiK, "1", 30)
		certifiedAs(t, "χ_𝒥", g.ChiJ, "1", 30)
		if !g.Scaling {
			t.Error("half-stable point: want a power law")
		}
		certifiedAs(t, "ζ", g.Zeta, zeta, 30)

		z, err := m.GELUCriticalDigits(false, c.mu, 30)
		if err != nil {
			t.Fatal(err)
		}
		w := new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(c.mu, c.mu)))
		certifiedAs(t, "σ_w² at 𝒦* = 0", z.SW2, w.FloatString(3), 30)
		if !z.SB2.IsZero() || !z.K.IsZero() || z.Scaling {
			t.Errorf("𝒦* = 0 point: σ_b² = %s, 𝒦* = %s, scaling %v; want 0, 0, false", z.SB2.Text(), z.K.Text(), z.Scaling)
		}
	}
}

// TestExponentDigitsErf checks ζ = 1 of erf at its critical point
// (σ_w² = π/4, σ_b² = 0, 𝒦* = 0; DHG eq 133) at 30 digits.
func TestExponentDigitsErf(t *testing.T) {
	erf, err := calc.Parse("erf")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(erf, Vanilla)
	if err != nil {
		t.Fatal(err)
	}
	z, ok, err := m.ExponentDigits(ExactParams{SW2: big.NewRat(1, 1), SB2: new(big.Rat), Mu: new(big.Rat)}, new(big.Rat), 30)
	if err != nil || !ok {
		t.Fatalf("ζ: %v, ok %v", err, ok)
	}
	certifiedAs(t, "ζ", z, "1", 30)
}
