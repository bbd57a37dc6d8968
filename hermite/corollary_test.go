package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestLeadingOrder checks Corollary S.1 on activations whose first Hermite
// coefficients vanish: x³ − 3x = He₃ (m = 3), He₂-free odd tanh (m = 1), and
// an even activation with c_0 ≠ 0 (no corollary).
func TestLeadingOrder(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{"x^3 - 3*x", 3},
		{"tanh", 1},
		{"x^2", 0},
		{"x^4 - 6*x^2 + 3", 4}, // He₄
	}
	for _, tt := range tests {
		c, _, err := Coefficients(calc.MustParse(tt.src), 8)
		if err != nil {
			t.Fatal(err)
		}
		if got := LeadingOrder(c, 1e-12); got != tt.want {
			t.Errorf("%s: m = %d, want %d (c = %v)", tt.src, got, tt.want, c)
		}
	}
	// The bound |ρ₀|^(m^ℓ) holds along the iteration of κ for He₃: κ(ρ) = ρ³
	// exactly.
	m, err := NewKernelMap(calc.MustParse("x^3 - 3*x"))
	if err != nil {
		t.Fatal(err)
	}
	rhos, err := m.Iterate(0.9, 4)
	if err != nil {
		t.Fatal(err)
	}
	for l, r := range rhos {
		if b := math.Pow(0.9, math.Pow(3, float64(l))); math.Abs(r) > b*(1+1e-10) || math.Abs(math.Abs(r)-b) > 1e-10*b+1e-300 {
			t.Errorf("ℓ = %d: |ρ| = %g, bound %g (equal for κ = ρ³)", l, math.Abs(r), b)
		}
	}
}
