package recursions

import (
	"math/big"
	"strings"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
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
		// Branch points at 0: no series, so neither Taylor class; σ
		// homogeneous of degree 3/2, so the criticality ratio is constant.
		{"abs(x)^1.5", "none", nil, nil, "no power series on one side of 0"},
		{"relu(x)^1.5", "none", nil, nil, "no power series on one side of 0"},
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

// TestKZeroBranch checks that σ without a power series at 0 (a branch
// point, with or without a kink there) has no Taylor class and no error.
func TestKZeroBranch(t *testing.T) {
	for _, src := range []string{"tanh(x) + abs(x)^3.5", "(x^2)^0.75"} {
		if _, ok, err := KZeroOf(calc.MustParse(src), 12); ok || err != nil {
			t.Errorf("KZeroOf(%s): ok %v, err %v; want no class and no error", src, ok, err)
		}
	}
}

// TestIterateDigitsBranch checks the high-precision layer map of
// σ = |x|^1.5, which has a branch point at 0, against the absolute
// Gaussian moments E|z|^p = 2^(p/2)·Γ((p+1)/2)/√π (E|z| = √(2/π),
// E|z|³ = 2√(2/π)): from K^(1) = 1 with C_b = 0, C_W = 1, layer 2 has
// K = E|z|³ and layer 1 has χ⊥ = C_W·⟨σ'²⟩ = (9/4)·E|z|. Each value must
// keep at least 10 of the 12 digits asked for, each of them right (hermite's
// TestBranchPanelsDigits checks 30 digits of such averages).
func TestIterateDigitsBranch(t *testing.T) {
	a := mustNew(t, "abs(x)^1.5")
	const digits = 12
	ls, err := a.IterateDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 1), 2, 1, digits, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prec := calc.BitsForDigits(digits) + 64
	root2pi := new(big.Float).SetPrec(prec).Quo(big.NewFloat(2), bigmath.Pi(prec))
	root2pi.Sqrt(root2pi)
	k2 := new(big.Float).SetPrec(prec).Mul(root2pi, big.NewFloat(2))
	chi := new(big.Float).SetPrec(prec).Mul(root2pi, big.NewFloat(2.25))
	for _, c := range []struct {
		name string
		got  calc.Certified
		want *big.Float
	}{{"K at layer 2", ls[1].K, k2}, {"χ⊥ at layer 1", ls[0].ChiPerp, chi}} {
		if want := calc.FormatSignificant(c.want, c.got.Digits); c.got.Digits < 10 || c.got.Text() != want {
			t.Errorf("%s = %s (%d digits), want %s", c.name, c.got.Text(), c.got.Digits, want)
		}
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
