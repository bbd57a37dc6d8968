package asymptotics

import (
	"testing"

	"critcalc/calc"
	"critcalc/recursions"
)

// TestExponentsOf checks the depth exponents of PDLT ch. 5 at each critical
// point of a few activations ("" where PDLT gives none): tanh's p⊥ = b₁/a₁
// = 1 (a₁ = b₁ = −2, (5.86), (5.88)), ReLU's and the linear σ's
// scale-invariant line (p⊥ = 0 when ρ_kink = 0), ELU's kinked-linear
// p₀ = 2, GELU's repelling K* = 0 (none) and half-stable K* (p₀ = 1).
func TestExponentsOf(t *testing.T) {
	tests := []struct {
		src  string
		i    int       // -1: the scale-invariant line
		want [6]string // p₀, p∥, p⊥, p_V, p₁ bare, p₁ renormalized
		law  string
	}{
		{"tanh", 0, [6]string{"1", "2", "1", "1", "0", "1"}, "-1"},
		{"relu", -1, [6]string{"0", "0", "2", "-1", "", ""}, "-1"},
		{"x", -1, [6]string{"0", "0", "0", "-1", "", ""}, "-1"},
		{"elu", 0, [6]string{"2", "", "", "", "", ""}, ""},
		{"gelu", 0, [6]string{"", "", "", "", "", ""}, ""},
		{"gelu", 1, [6]string{"1", "", "", "", "", ""}, ""},
	}
	for _, tt := range tests {
		ad, err := recursions.AnalyzeDigits(calc.MustParse(tt.src), recursions.DefaultKmax, 12)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		x := ExponentsOf(ad, tt.i)
		got := [6]string{x.P0.Text(), x.PPar.Text(), x.PPerp.Text(), x.PV.Text(), x.P1Bare.Text(), x.P1Ren.Text()}
		law := ""
		if d, ok := x.ScalingLaw(); ok {
			law = calc.FormatFloat64(float64(d), 3)
		}
		if got != tt.want || law != tt.law {
			t.Errorf("%s point %d: exponents %q, p_V − 2p₀ %q; want %q, %q", tt.src, tt.i, got, law, tt.want, tt.law)
		}
	}
}
