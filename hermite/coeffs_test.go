package hermite

import (
	"errors"
	"math"
	"testing"

	"critcalc/calc"
)

// sqrtFact returns √(k!).
func sqrtFact(k int) float64 {
	lg, _ := math.Lgamma(float64(k + 1))
	return math.Exp(lg / 2)
}

// hermiteAtZero returns He_m(0): 0 for odd m, (−1)^(m/2)·(m−1)!! for even m.
func hermiteAtZero(m int) float64 {
	if m%2 == 1 {
		return 0
	}
	v := 1.0
	for j := m - 1; j > 1; j -= 2 {
		v *= float64(j)
	}
	if (m/2)%2 == 1 {
		v = -v
	}
	return v
}

func TestCoefficientsClosedForms(t *testing.T) {
	invSqrt2Pi := 1 / math.Sqrt(2*math.Pi)
	tests := []struct {
		name  string
		sigma string
		n     int
		C     float64
		// raw returns E[σ(X)·he_k(X)] (before the division by C).
		raw func(k int) float64
		tol float64
	}{
		// ReLU: E[relu] = 1/√(2π), E[x·relu] = 1/2, E[relu²] = 1/2, and for
		// k ≥ 2 (integrating by parts twice, relu'' = δ)
		// E[relu·He_k] = φ(0)·He_{k−2}(0), zero for odd k ≥ 3.
		{"relu", "relu(x)", 40, math.Sqrt(0.5), func(k int) float64 {
			switch k {
			case 0:
				return invSqrt2Pi
			case 1:
				return 0.5
			}
			return invSqrt2Pi * hermiteAtZero(k-2) / sqrtFact(k)
		}, 1e-14},
		// x³ = He_3 + 3·He_1 = √6·he_3 + 3·he_1, E[x⁶] = 15.
		{"x^3", "x^3", 12, math.Sqrt(15), func(k int) float64 {
			switch k {
			case 1:
				return 3
			case 3:
				return math.Sqrt(6)
			}
			return 0
		}, 1e-14},
		// exp(x) = e^{1/2}·Σ He_k(x)/k! (the generating function), so
		// E[e^x·he_k] = e^{1/2}/√(k!), and E[e^{2x}] = e² (⟨e^{2z}⟩ = e^{2K};
		// Joudaki–Hofmann's normalized κ(ρ) = e^{ρ−1}).
		{"exp", "exp(x)", 40, math.E, func(k int) float64 {
			return math.Exp(0.5) / sqrtFact(k)
		}, 1e-14},
		// A linear activation has he_1 only.
		{"linear", "2*x", 5, 2, func(k int) float64 {
			if k == 1 {
				return 2
			}
			return 0
		}, 1e-14},
	}
	for _, tt := range tests {
		c, C, err := Coefficients(calc.MustParse(tt.sigma), tt.n)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(c) != tt.n+1 {
			t.Errorf("%s: %d coefficients, want %d", tt.name, len(c), tt.n+1)
			continue
		}
		if rel := math.Abs(C-tt.C) / tt.C; rel > tt.tol {
			t.Errorf("%s: C = %.17g, want %.17g (rel %.2g)", tt.name, C, tt.C, rel)
		}
		worst := 0.0
		for k, ck := range c {
			want := tt.raw(k) / tt.C
			d := math.Abs(ck - want)
			worst = max(worst, d)
			if d > tt.tol {
				t.Errorf("%s: c_%d = %.17g, want %.17g (diff %.2g)", tt.name, k, ck, want, d)
			}
		}
		t.Logf("%s: max |c_k − exact| = %.2g over k ≤ %d", tt.name, worst, tt.n)
	}
}

// The c_k of a normalized activation satisfy Parseval's identity
// Σ c_k² = E[φ(X)²] = 1. The c_k of tanh and erf decay like exp(−a·√k)
// (poles off the real axis), so their sums need k up to about 140 to
// reach 1 in float64; at n = 60 the tail of tanh is still 3.2e-10.
func TestCoefficientsParseval(t *testing.T) {
	tests := []struct {
		sigma string
		n     int
		tol   float64
	}{
		{"tanh(x)", 200, 1e-14},
		{"erf(x)", 200, 1e-14},
		{"gelu(x)", 60, 1e-12},
		{"exp(x)", 40, 1e-14},
		{"x^3 - x", 10, 1e-14},
	}
	for _, tt := range tests {
		c, _, err := Coefficients(calc.MustParse(tt.sigma), tt.n)
		if err != nil {
			t.Errorf("%s: %v", tt.sigma, err)
			continue
		}
		sum := 0.0
		for _, ck := range c {
			sum += ck * ck
		}
		if d := math.Abs(sum - 1); d > tt.tol {
			t.Errorf("%s: Σ c_k² = %.17g for k ≤ %d (1 − Σ = %.2g)", tt.sigma, sum, tt.n, 1-sum)
		}
		t.Logf("%s: 1 − Σ_{k≤%d} c_k² = %.2g", tt.sigma, tt.n, 1-sum)
	}
}

// Table S.1 of Joudaki & Hofmann (App. B) prints for tanh
// C = 0.63, κ(0) = 0, κ'(0) = 0.93 and κ'(1) = 1.18. The reference values
// below were computed independently with mpmath quad at 30 digits:
// C² = E[tanh²(X)], κ'(0) = c_1² = E[X·tanh X]²/C² and
// κ'(1) = Σ k·c_k² = E[sech⁴X]/C². (Earlier 7-digit recomputations
// 0.6279294, 0.9304703 and 1.1778066 were off by about 6e-7.)
func TestCoefficientsTanhTable(t *testing.T) {
	c, C, err := Coefficients(calc.MustParse("tanh(x)"), MaxCoefficients)
	if err != nil {
		t.Fatal(err)
	}
	dk1 := 0.0
	for k, ck := range c {
		dk1 += float64(k) * ck * ck
	}
	tests := []struct {
		name      string
		got, want float64
		printed   float64 // Table S.1, 2 decimal places
		tol       float64
	}{
		{"C", C, 0.627928730349106717, 0.63, 1e-14},
		{"κ(0) = c_0²", c[0] * c[0], 0, 0, 1e-28},
		{"κ'(0) = c_1²", c[1] * c[1], 0.930469923615294929, 0.93, 1e-14},
		{"κ'(1) = Σ k·c_k²", dk1, 1.17780723230417962, 1.18, 1e-13},
	}
	for _, tt := range tests {
		if d := math.Abs(tt.got - tt.want); d > tt.tol {
			t.Errorf("tanh %s = %.17g, want %.17g (diff %.2g)", tt.name, tt.got, tt.want, d)
		}
		if math.Abs(tt.got-tt.printed) > 0.005 {
			t.Errorf("tanh %s = %.17g does not round to the printed %.2f", tt.name, tt.got, tt.printed)
		}
	}
	// Truncating Parseval's sum at n = 60 leaves a positive tail below 1e-9.
	sum := 0.0
	for _, ck := range c[:61] {
		sum += ck * ck
	}
	if tail := 1 - sum; tail <= 0 || tail > 1e-9 {
		t.Errorf("tanh: 1 − Σ_{k≤60} c_k² = %.3g, want in (0, 1e-9]", tail)
	}
	// tanh is odd: every even coefficient vanishes.
	for k := 0; k <= MaxCoefficients; k += 2 {
		if math.Abs(c[k]) > 1e-14 {
			t.Errorf("tanh c_%d = %.3g, want 0", k, c[k])
		}
	}
}

func TestCoefficientsHighOrder(t *testing.T) {
	// relu at n = 200: the odd c_k beyond 1 vanish and the even ones
	// follow the closed form φ(0)·He_{k−2}(0)/√(k!)/C.
	c, C, err := Coefficients(calc.MustParse("relu(x)"), MaxCoefficients)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for k := 2; k <= MaxCoefficients; k++ {
		want := 0.0
		if k%2 == 0 {
			// He_{k−2}(0)/√(k!) in logs: √(k!) overflows from k = 171.
			lg, _ := math.Lgamma(float64(k - 1)) // log (k−2)!
			lh, _ := math.Lgamma(float64(k / 2)) // log (k/2 − 1)!
			lf, _ := math.Lgamma(float64(k + 1))
			// |He_{k−2}(0)| = (k−2)!/(2^{k/2−1}·(k/2−1)!).
			mag := math.Exp(lg - lh - float64(k/2-1)*math.Ln2 - lf/2)
			if (k/2-1)%2 == 1 {
				mag = -mag
			}
			want = mag / math.Sqrt(2*math.Pi) / C
		}
		worst = max(worst, math.Abs(c[k]-want))
	}
	if worst > 1e-14 {
		t.Errorf("relu at n = %d: max |c_k − exact| = %.2g", MaxCoefficients, worst)
	}
	t.Logf("relu: max |c_k − exact| = %.2g over 2 ≤ k ≤ %d", worst, MaxCoefficients)
}

func TestCoefficientsErrors(t *testing.T) {
	tests := []struct {
		name  string
		sigma string
		n     int
		cause error
	}{
		{"n < 0", "tanh(x)", -1, nil},
		{"n too large", "tanh(x)", MaxCoefficients + 1, nil},
		{"diverges", "exp(x^2)", 5, ErrDiverges},
		{"zero", "0*x", 5, nil},
		{"undefined", "log(x)", 5, nil},
	}
	for _, tt := range tests {
		_, _, err := Coefficients(calc.MustParse(tt.sigma), tt.n)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if tt.cause != nil && !errors.Is(err, tt.cause) {
			t.Errorf("%s: error %v is not %v", tt.name, err, tt.cause)
		}
	}
}

// BenchmarkCoefficientsTanh100 times the float64 Hermite coefficients of
// tanh up to k = 100.
func BenchmarkCoefficientsTanh100(b *testing.B) {
	tanh := calc.MustParse("tanh(x)")
	for b.Loop() {
		if _, _, err := Coefficients(tanh, 100); err != nil {
			b.Fatal(err)
		}
	}
}
