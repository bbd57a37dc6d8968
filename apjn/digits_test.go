package apjn

import (
	"math"
	"math/big"
	"testing"
)

// TestAtBoundsHold checks the float64 error bounds of At against AtDigits
// at 30 digits: every float64 value lies within its bound of the
// high-precision one, for points of every architecture with a
// high-precision path, near-critical ones and 𝒦* = 0 ones included.
func TestAtBoundsHold(t *testing.T) {
	rat := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	for _, c := range []struct {
		expr string
		arch Arch
		p    Params
	}{
		{"tanh", Vanilla, Params{SW2: 1.5, SB2: 0.3}},
		{"tanh", Vanilla, Params{SW2: 1, SB2: 0}},
		{"tanh", Vanilla, Params{SW2: 1.001, SB2: 0}},
		{"erf", Vanilla, Params{SW2: 0.7853982, SB2: 0}},
		{"erf", Vanilla, Params{SW2: 0.78, SB2: 1e-8}},
		{"gelu", Vanilla, Params{SW2: 1.5, SB2: 0.2}},
		{"elu", Vanilla, Params{SW2: 1.8, SB2: 0.5}},
		{"gelu", Res, Params{SW2: 1.5, SB2: 0.2, Mu: 0.3}},
		{"erf", LNPre, Params{SW2: 1, SB2: 0.1}},
		{"gelu", PreLNRes, Params{SW2: 2, SB2: 0.1, Mu: 0.5}},
		{"erf", LNPost, Params{SW2: 1, SB2: 0.1}},
		{"tanh", BN, Params{SW2: 1, SB2: 0.1, Mu: 0.5}},
		{"gelu", ResMLP, Params{SW2: 1.5, SB2: 0.2, Mu: 0.5}},
	} {
		m := model(t, c.expr, c.arch)
		pt, err := m.At(c.p)
		if err != nil {
			t.Fatal(err)
		}
		pd, err := m.AtDigits(ExactParams{SW2: rat(c.p.SW2), SB2: rat(c.p.SB2), Mu: rat(c.p.Mu)}, 30)
		if err != nil {
			t.Fatalf("%s %s %+v: %v", c.expr, c.arch, c.p, err)
		}
		for _, v := range []struct {
			name      string
			got, err  float64
			hp        float64
			certified int
		}{
			{"K*", pt.KStar, pt.Err.K, pd.K.Float64(), pd.K.Digits},
			{"χ_K", pt.ChiK, pt.Err.ChiK, pd.ChiK.Float64(), pd.ChiK.Digits},
			{"χ_J", pt.ChiJ, pt.Err.ChiJ, pd.ChiJ.Float64(), pd.ChiJ.Digits},
			{"ξ", pt.Xi, pt.Err.Xi, pd.Xi.Float64(), pd.Xi.Digits},
		} {
			if v.name == "ξ" && (pt.Phase == Critical || pd.Phase == Critical) {
				continue // infinite (the float64 phase is critical within 1e-10)
			}
			if v.certified < 20 || !(math.Abs(v.got-v.hp) <= v.err) || v.err > 1e-6*math.Max(math.Abs(v.hp), 1) {
				t.Errorf("%s %s %+v: %s = %.17g ± %.3g in float64, %.17g (%d digits) at high precision",
					c.expr, c.arch, c.p, v.name, v.got, v.err, v.hp, v.certified)
			}
		}
	}
}

// TestCriticalSW2Corner: erf's critical point at σ_b² = 0 is σ_w² =
// (1 − μ²)π/4 with 𝒦* = 0 (DHG eqs 127, 143), found within a bound of
// 10⁻¹³ that contains it, and to 40 digits at high precision.
func TestCriticalSW2Corner(t *testing.T) {
	m := model(t, "erf", Res)
	for _, mu := range []float64{0, 0.5} {
		want := (1 - mu*mu) * math.Pi / 4
		lps, err := m.CriticalSW2(0, mu)
		if err != nil || len(lps) != 1 {
			t.Fatalf("μ = %g: %v, %v", mu, lps, err)
		}
		lp := lps[0]
		if !(math.Abs(lp.SW2-want) <= lp.SW2Err) || lp.SW2Err > 1e-13 || !(math.Abs(lp.KStar) <= lp.KErr) {
			t.Errorf("μ = %g: σ_w² = %.17g ± %.3g, 𝒦* = %g ± %.3g; want %.17g and 𝒦* = 0", mu, lp.SW2, lp.SW2Err, lp.KStar, lp.KErr, want)
		}
	}
	ld, err := m.CriticalSW2Digits(new(big.Rat), big.NewRat(1, 2), 40)
	if err != nil || len(ld) != 1 {
		t.Fatalf("%v, %v", ld, err)
	}
	// 3π/16 to 40 digits (bc -l: scale=50; 3*a(1)*4/16).
	if got := ld[0].SW2.Text(); got != "0.589048622548086232211745634364906790787" {
		t.Errorf("σ_w² = %s, want 3π/16 = 0.589048622548086232211745634364906790787", got)
	}
	if !ld[0].Point.K.IsZero() || ld[0].Point.ChiJ.Text() != "1" {
		t.Errorf("point %+v, want 𝒦* = 0, χ_𝒥 = 1", ld[0].Point)
	}
}
