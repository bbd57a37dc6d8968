package recursions

import (
	"strings"
	"testing"

	"critcalc/calc"
)

// TestAnalyzeClasses checks the class, the critical points and the reason
// of each activation's analysis.
func TestAnalyzeClasses(t *testing.T) {
	tests := []struct {
		src       string
		class     string
		ks        []float64 // K* of the listed critical points (0: the K*=0 limit)
		stability []Stability
		reason    string // substring; "" when a physical critical point exists
	}{
		{"tanh", "K*=0", []float64{0}, []Stability{Stable}, ""},
		{"erf", "K*=0", []float64{0}, []Stability{Stable}, ""},
		{"sin", "K*=0", []float64{0}, []Stability{Stable}, ""},
		{"softplus(x) - log(2)", "K*=0", []float64{0}, []Stability{Unstable}, ""},
		{"swish", "K*=0+half-stable", []float64{0, 14.32}, []Stability{Unstable, HalfStableFromBelow}, ""},
		{"gelu", "K*=0+half-stable", []float64{0, 3.56}, []Stability{Unstable, HalfStableFromAbove}, ""},
		{"mish", "K*=0+half-stable", []float64{0, 1.67}, []Stability{Unstable, HalfStableFromBelow}, ""},
		{"relu", "scale-invariant", nil, nil, ""},
		{"x", "scale-invariant", nil, nil, ""},
		{"sigmoid", "none", nil, nil, "C_b = −(σ₀/σ₁)² = -4 < 0"},
		{"softplus", "none", nil, nil, "≠ 1 on (0, 100]"},
		{"x^2", "none", nil, nil, "σ'(0) = 0"},
		{"x^3", "none", nil, nil, "σ'(0) = 0"},
	}
	for _, tt := range tests {
		an := analysis(t, tt.src)
		if an.Classes.String() != tt.class || len(an.Points) != len(tt.ks) || !strings.Contains(an.Reason, tt.reason) || (tt.reason == "") != (an.Reason == "") {
			t.Errorf("%s: class %q, points %+v, reason %q; want class %q, %d points, reason containing %q", tt.src, an.Classes, an.Points, an.Reason, tt.class, len(tt.ks), tt.reason)
			continue
		}
		for i, p := range an.Points {
			if p.K < tt.ks[i]*0.99 || p.K > tt.ks[i]*1.01 || p.Stability != tt.stability[i] || !p.Physical {
				t.Errorf("%s point %d: %+v; want K* ≈ %g, %s, physical", tt.src, i, p, tt.ks[i], tt.stability[i])
			}
		}
	}
}

// TestKZeroKink checks that σ with a kink at 0 has no Taylor class.
func TestKZeroKink(t *testing.T) {
	if _, ok, err := KZeroOf(calc.MustParse("elu"), 12); ok || err != nil {
		t.Errorf("KZeroOf(elu): ok %v, err %v; want no class and no error", ok, err)
	}
}

// BenchmarkAnalyzeMish times the whole critical analysis of mish.
func BenchmarkAnalyzeMish(b *testing.B) {
	sigma := calc.MustParse("x*tanh(softplus(x))")
	for b.Loop() {
		if _, err := Analyze(sigma, DefaultKmax); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyzeDigitsMish30 times `critcalc act mish --digits 30`'s
// analysis: the goal is 0.5 s, and 50× faster than bench/act_mpmath.py.
func BenchmarkAnalyzeDigitsMish30(b *testing.B) {
	sigma := calc.MustParse("x*tanh(softplus(x))")
	for b.Loop() {
		if _, err := AnalyzeDigits(sigma, DefaultKmax, 30); err != nil {
			b.Fatal(err)
		}
	}
}
