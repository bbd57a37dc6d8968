package asymptotics

import (
	"errors"
	"math"
	"testing"
)

// coeffOf returns the coefficient of log^q(ℓ/ℓ₀)/ℓ^power in s.
func coeffOf(t *testing.T, s Series, power float64, q int) float64 {
	t.Helper()
	for _, x := range s.Terms {
		if x.Power == power && x.LogPower == q {
			return x.Coeff
		}
	}
	t.Fatalf("%s has no term log^%d/ℓ^%g", s.Quantity, q, power)
	return 0
}

func seriesByKey(t *testing.T, ss []Series, key string) Series {
	t.Helper()
	for _, s := range ss {
		if s.Quantity == key {
			return s
		}
	}
	t.Fatalf("no series %q", key)
	return Series{}
}

// TestKZeroPredictionsTanh checks the coefficients for tanh (a₁ = −2,
// a₂ = 17/3, b₁ = −2; PDLT text after (5.88)) against the values PDLT's
// formulas give for tanh: 1/(−a₁) = 1/2 in (5.92), 5/24, 25/288, −25/288 in
// (5.94), 1/6, 5/72, −11/144 in (5.127), 5/6 and 5/12 in (5.97), (5.99),
// −1/6 (5.134), 2/3 (5.131) and 89/72 ((5.143) corrected, see README
// Corrections; PDLT prints 13/12). Exact rationals, so the tolerance is
// rounding only.
func TestKZeroPredictionsTanh(t *testing.T) {
	ss, err := KZeroPredictions(-2, 17.0/3, -2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		key   string
		power float64
		q     int
		want  float64
	}{
		{"K", 1, 0, 0.5},
		{"K", 2, 1, 5.0 / 24},
		{"K", 3, 2, 25.0 / 288},
		{"K", 3, 1, -25.0 / 288},
		{"V", 1, 0, 1.0 / 6},
		{"V", 2, 1, 5.0 / 72},
		{"V", 2, 0, -11.0 / 144},
		{"dK1", 3, 1, 5.0 / 6},
		{"ddK2", 2, 1, 5.0 / 12},
		{"G1", 0, 0, -1.0 / 6},
		{"V_over_K2", -1, 0, 2.0 / 3},
		{"V_over_K2", 0, 1, -5.0 / 18}, // −(2/3)(a₂ − a₁²)/a₁², derived
		{"G1_ren", 1, 0, 89.0 / 72},
	} {
		got := coeffOf(t, seriesByKey(t, ss, tt.key), tt.power, tt.q)
		if math.Abs(got-tt.want) > 1e-15*math.Abs(tt.want) {
			t.Errorf("%s: coefficient of log^%d/ℓ^%g = %.17g, want %.17g", tt.key, tt.q, tt.power, got, tt.want)
		}
	}
	// Exponents ((5.92), (5.97), (5.99), (5.127), (5.134), (5.143)): p₀ = 1, p∥ = 2, p⊥ = b₁/a₁ = 1, p_V = 1,
	// p₁ = 0 (bare) and 1 (renormalized); the scaling law p_V − 2p₀ = −1.
	for key, p := range map[string]float64{"K": 1, "dK1": 2, "ddK2": 1, "V": 1, "G1": 0, "G1_ren": 1, "V_over_K2": -1} {
		if got := seriesByKey(t, ss, key).Exponent; got != p {
			t.Errorf("%s: exponent %g, want %g", key, got, p)
		}
	}
}

// TestKZeroPredictionsExponents checks p⊥ = b₁/a₁ for other members of the
// class ((5.86), (5.88): erf a₁ = b₁ = −2, sin a₁ = b₁ = −1, both odd so
// p⊥ = 1) and for an even part: σ = tanh z + z²/10 has σ₁ = 1, σ₂ = 1/5,
// σ₃ = −2, so a₁ = −2 + (3/4)(1/25) = −1.97, b₁ = −2 + 1/25 = −1.96 (5.86),
// (5.88), p⊥ = 196/197.
func TestKZeroPredictionsExponents(t *testing.T) {
	for _, tt := range []struct {
		name       string
		a1, a2, b1 float64
		pPerp      float64
	}{
		{"erf", -2, 14.0 / 3, -2, 1},
		{"sin", -1, 2.0 / 3, -1, 1},
		{"tanh+z²/10", -1.97, 5.5, -1.96, 196.0 / 197},
	} {
		ss, err := KZeroPredictions(tt.a1, tt.a2, tt.b1)
		if err != nil {
			t.Fatal(err)
		}
		if got := seriesByKey(t, ss, "ddK2").Exponent; math.Abs(got-tt.pPerp) > 1e-15 {
			t.Errorf("%s: p⊥ = %.17g, want %.17g", tt.name, got, tt.pPerp)
		}
	}
}

// TestPredictionErrors checks that repelling or degenerate points and bad
// inputs are errors, not series: SWISH (a₁ = 3/4) and GELU (a₁ = 6/π)
// (PDLT §5.3.4: −a₁ < 0) and the shifted softplus (a₁ = 3/16, (5.86)) at
// K* = 0.
func TestPredictionErrors(t *testing.T) {
	for _, tt := range []struct {
		name      string
		f         func() error
		repelling bool
	}{
		{"SWISH K*=0", func() error { _, err := KZeroPredictions(0.75, 0, 0.5); return err }, true},
		{"GELU K*=0", func() error { _, err := KZeroPredictions(6/math.Pi, 0, 0); return err }, true},
		{"softplus−log2", func() error { _, err := KZeroPredictions(3.0/16, 0, 0); return err }, true},
		{"a1 = 0", func() error { _, err := KZeroPredictions(0, -1, 0); return err }, true},
		{"NaN", func() error { _, err := KZeroPredictions(math.NaN(), 1, 1); return err }, false},
		{"half-stable ã1 = 0", func() error { _, err := HalfStablePredictions(0); return err }, true},
		{"A2 = 0", func() error { _, err := ScaleInvariantPredictions(0, 1, 0, 1); return err }, false},
		{"ρ < 0", func() error { _, err := ScaleInvariantPredictions(1, 1, -1, 1); return err }, false},
		{"K* = 0", func() error { _, err := ScaleInvariantPredictions(0.5, 0.5, 1/math.Pi, 0); return err }, false},
		{"C_b = 0 semi", func() error { _, err := SemiCriticalPredictions(0.5, 0.5, 0, 1); return err }, false},
		{"crossover ρ = 0", func() error { _, err := CrossoverDepth(0, 0.1); return err }, false},
		{"crossover ψ = 0", func() error { _, err := CrossoverDepth(1/math.Pi, 0); return err }, false},
	} {
		err := tt.f()
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if errors.Is(err, ErrNotAttracting) != tt.repelling {
			t.Errorf("%s: error %q, want ErrNotAttracting: %v", tt.name, err, tt.repelling)
		}
	}
}

// TestSeriesCoefficients checks the expansion of log^q(ℓ/ℓ₀) into the
// basis log^k ℓ used by fits: for (5.94) with tanh, the 1/ℓ² coefficient
// is −(5/24)·log ℓ₀, the log ℓ/ℓ³ one is −25/288 − 2(25/288)·log ℓ₀, and
// the 1/ℓ³ one is left open.
func TestSeriesCoefficients(t *testing.T) {
	ss, err := KZeroPredictions(-2, 17.0/3, -2)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := seriesByKey(t, ss, "K").coefficients(3)
	if err != nil {
		t.Fatal(err)
	}
	want := []known{
		{Power: 1, LogPower: 0, Const: 0.5},
		{Power: 2, LogPower: 1, Const: 5.0 / 24},
		{Power: 2, LogPower: 0, Slope: -5.0 / 24},
		{Power: 3, LogPower: 2, Const: 25.0 / 288},
		{Power: 3, LogPower: 1, Const: -25.0 / 288, Slope: -50.0 / 288},
	}
	if len(ks) != len(want) {
		t.Fatalf("got %d known coefficients %v, want %d", len(ks), ks, len(want))
	}
	for i := range ks {
		g, w := ks[i], want[i]
		if g.Power != w.Power || g.LogPower != w.LogPower || g.Higher ||
			math.Abs(g.Const-w.Const) > 1e-15 || math.Abs(g.Slope-w.Slope) > 1e-15 {
			t.Errorf("coefficient %d = %+v, want %+v", i, g, w)
		}
	}
}
