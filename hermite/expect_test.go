package hermite

import (
	"errors"
	"math"
	"testing"

	"critcalc/calc"
)

func TestExpectClosedForms(t *testing.T) {
	erfSq := func(K float64) float64 { return 2 / math.Pi * math.Asin(2*K/(1+2*K)) }
	geluG := func(K float64) float64 {
		return K/4 + K/(2*math.Pi)*math.Asin(K/(1+K)) + K*K/(math.Pi*(1+K)*math.Sqrt(1+2*K))
	}
	geluH := func(K float64) float64 {
		return 0.25 + (math.Asin(K/(1+K))+K*(3+5*K)/((1+K)*math.Pow(1+2*K, 1.5)))/(2*math.Pi)
	}
	tests := []struct {
		name string
		f    string
		K    float64
		want float64
		tol  float64
	}{
		// scale-invariant (PDLT (5.60), (5.61), (5.114)): ⟨σ²⟩ = A₂K, ⟨σ⁴⟩ = 3A₄K², ⟨σ⟩ = (a₊−a₋)√(K/2π).
		{"relu^2", "relu(x)^2", 2.5, 0.5 * 2.5, 1e-14},
		{"relu^4", "relu(x)^4", 2.5, 3 * 0.5 * 2.5 * 2.5, 1e-14},
		{"relu", "relu(x)", 2.5, math.Sqrt(2.5 / (2 * math.Pi)), 1e-14},
		{"leaky^2", "leaky_relu(x, 0.2)^2", 3, (1 + 0.04) / 2 * 3, 1e-14},
		// erf: ⟨erf²⟩ = (2/π) arcsin(2K/(1+2K)), ⟨erf′²⟩ = (4/π)(1+4K)^(−1/2).
		{"erf^2 K=1", "erf(x)^2", 1, erfSq(1), 1e-14},
		{"erf^2 K=30", "erf(x)^2", 30, erfSq(30), 1e-14},
		{"erf'^2", "(2/sqrt(pi)*exp(-x^2))^2", 0.7, 4 / math.Pi / math.Sqrt(1+4*0.7), 1e-14},
		// GELU 𝒢(K), ℋ(K) (DHG eqs 151/154); ⟨φ⟩ = K/√(2π(1+K)) (DHG eq 172).
		{"gelu^2 K=1", "gelu(x)^2", 1, geluG(1), 1e-14},
		{"gelu^2 K=7", "gelu(x)^2", 7, geluG(7), 1e-14},
		{"gelu'^2", "(0.5*erfc(-x/sqrt(2)) + x*exp(-x^2/2)/sqrt(2*pi))^2", 1, geluH(1), 1e-14},
		{"gelu", "gelu(x)", 2, 2 / math.Sqrt(2*math.Pi*3), 1e-14},
		// exp: ⟨e^{2z}⟩ = e^{2K}.
		// The rounding of the nodes is amplified by the condition number
		// 2√K·|t| ≈ 6 of e^{2√K·t} where the integrand peaks, hence 3e-14.
		{"exp(2x)", "exp(2*x)", 1.5, math.Exp(3), 3e-14},
		// Moments: E z^4 = 3K².
		{"x^4", "x^4", 2, 12, 1e-14},
		{"cos", "cos(x)", 1, math.Exp(-0.5), 1e-14},
		// A kink away from 0: E[relu(z − 1)] for K = 1 is φ(1) − (1 − Φ(1)).
		{"relu(x-1)", "relu(x-1)", 1, math.Exp(-0.5)/math.Sqrt(2*math.Pi) - 0.5*math.Erfc(1/math.Sqrt2), 1e-14},
		// A jump: E[step(z)] = 1/2.
		{"step", "step(x)", 3, 0.5, 1e-14},
	}
	for _, tt := range tests {
		v, err := Expect(calc.MustParse(tt.f), tt.K)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if rel := math.Abs(v.V-tt.want) / math.Abs(tt.want); rel > tt.tol {
			t.Errorf("%s: got %.17g, want %.17g (rel %.2g, estimate %.2g)", tt.name, v.V, tt.want, rel, v.AbsErr)
		}
		if math.Abs(v.V-tt.want) > 10*v.AbsErr+4e-16*math.Abs(tt.want) {
			t.Errorf("%s: error %.2g not covered by the estimate %.2g", tt.name, math.Abs(v.V-tt.want), v.AbsErr)
		}
	}
}

func TestExpectErrors(t *testing.T) {
	tests := []struct {
		f     string
		K     float64
		cause error
	}{
		{"exp(x^2)^2", 0.25, ErrDiverges},
		{"exp(x^2)^2", 1, ErrDiverges},
		{"exp(x^2)", 0.6, ErrDiverges},
		{"log(x)", 1, ErrUndefined},
		{"sqrt(x)", 1, ErrUndefined},
	}
	for _, tt := range tests {
		_, err := Expect(calc.MustParse(tt.f), tt.K)
		if !errors.Is(err, tt.cause) {
			t.Errorf("E[%s] at K=%g: got %v, want %v", tt.f, tt.K, err, tt.cause)
		}
	}
	// Just below the divergence threshold the integral exists: E[exp(2z²)] = 1/√(1−4K).
	v, err := Expect(calc.MustParse("exp(x^2)^2"), 0.2)
	if err != nil || math.Abs(v.V-1/math.Sqrt(1-0.8)) > 1e-12 {
		t.Errorf("E[exp(2z²)] at K=0.2: %v, %v; want %v", v.V, err, 1/math.Sqrt(0.2))
	}
	if _, err := Expect(calc.MustParse("x"), -1); err == nil {
		t.Errorf("negative K accepted")
	}
}

// TestExpectNarrowTransitionAtHugeK checks E[sech⁴(z)], z ~ N(0, K), at K
// up to 1e300, where the whole integral sits in a transition of width 1 in
// z, 1/√K in t: E = (1/√(2πK))·∫sech⁴ + O(K^{−3/2}) with ∫sech⁴ = 4/3, so the
// closed form is exact to float64 from K = 1e20 on. The first panels must
// halve towards 0 some 500 times at K = 1e300 (this printed 0 at K = 1e40,
// where the halving stopped at 2^-40).
func TestExpectNarrowTransitionAtHugeK(t *testing.T) {
	f := calc.MustParse("sech(x)^4")
	for _, K := range []float64{1e20, 1e40, 1e100, 1e200, 1e300} {
		v, err := Expect(f, K)
		if err != nil {
			t.Fatalf("K = %g: %v", K, err)
		}
		want := 4.0 / 3 / math.Sqrt(2*math.Pi*K)
		if d := math.Abs(v.V - want); d > v.AbsErr+4e-16*want || d > 1e-13*want {
			t.Errorf("K = %g: E = %.17g ± %.2g, want %.17g", K, v.V, v.AbsErr, want)
		}
	}
}
