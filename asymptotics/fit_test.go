package asymptotics

import (
	"math"
	"testing"
)

// synthetic samples Σ c·log^q ℓ/ℓ^power at ℓ = 1 … L.
func synthetic(terms []Term, L int) ([]int, []float64) {
	ls := make([]int, L)
	vs := make([]float64, L)
	for i := range ls {
		ls[i] = i + 1
		l := float64(i + 1)
		for _, t := range terms {
			vs[i] += t.Coeff / math.Pow(l, t.Power) * math.Pow(math.Log(l), float64(t.LogPower))
		}
	}
	return ls, vs
}

// TestFitSequenceSynthetic fits sequences built from known series: the
// fitted exponent and leading coefficients must be within their reported
// uncertainties of the truth (tolerance 3 uncertainties, AgreeSigmas), and
// the uncertainties small enough to be useful.
func TestFitSequenceSynthetic(t *testing.T) {
	for _, tt := range []struct {
		name   string
		terms  []Term
		L      int
		opts   FitOptions
		maxErr float64 // largest acceptable exponent uncertainty
	}{
		{"1/ℓ with logs", []Term{{1, 0, 0.5}, {2, 1, 0.3}, {2, 0, -0.2}, {3, 2, 0.1}, {3, 1, 0.05}, {3, 0, 0.4}}, 20000, FitOptions{}, 1e-6},
		{"ℓ^-1.37", []Term{{1.37, 0, 2}, {2.37, 1, -1}, {2.37, 0, 0.5}}, 5000, FitOptions{}, 1e-8},
		{"growth ℓ^2 no logs", []Term{{-2, 0, 3}, {-1, 0, 1}, {0, 0, -4}}, 3000, FitOptions{NoLogs: true}, 1e-9},
		{"negative, exponent 0", []Term{{0, 0, -1.0 / 6}, {1, 1, 0.2}, {1, 0, 0.1}}, 10000, FitOptions{Order: 3}, 1e-6},
	} {
		ls, vs := synthetic(tt.terms, tt.L)
		f, err := FitSequence(ls, vs, tt.opts)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		p := tt.terms[0].Power
		if math.Abs(f.Exponent-p) > AgreeSigmas*f.ExponentErr || f.ExponentErr > tt.maxErr {
			t.Errorf("%s: exponent %.12g ± %.2g, want %g (uncertainty ≤ %g)", tt.name, f.Exponent, f.ExponentErr, p, tt.maxErr)
		}
		tt.opts.FixExponent, tt.opts.Exponent = true, p
		g, err := FitSequence(ls, vs, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, term := range tt.terms[:2] {
			c, e, ok := g.Coeff(term.Power, term.LogPower)
			if !ok || math.Abs(c-term.Coeff) > AgreeSigmas*e || e > 1e-3*math.Abs(term.Coeff) {
				t.Errorf("%s: coefficient of %v fitted %.12g ± %.2g (present %v)", tt.name, term, c, e, ok)
			}
		}
		if g.Window[1] != tt.L || g.Window[0] != tt.L/100 {
			t.Errorf("%s: window %v, want [%d, %d]", tt.name, g.Window, tt.L/100, tt.L)
		}
	}
}

// TestFitSequenceErrors checks that bad sequences are errors.
func TestFitSequenceErrors(t *testing.T) {
	ls, vs := synthetic([]Term{{1, 0, 1}}, 1000)
	flip := append([]float64(nil), vs...)
	flip[990] = -flip[990]
	nan := append([]float64(nil), vs...)
	nan[3] = math.NaN()
	dec := append([]int(nil), ls...)
	dec[5] = dec[4]
	for _, tt := range []struct {
		name string
		ls   []int
		vs   []float64
		opts FitOptions
	}{
		{"lengths", ls, vs[1:], FitOptions{}},
		{"too short", ls[:5], vs[:5], FitOptions{}},
		{"not increasing", dec, vs, FitOptions{}},
		{"NaN", ls, nan, FitOptions{}},
		{"sign change", ls, flip, FitOptions{}},
		{"empty window", ls, vs, FitOptions{MinL: 5000}},
		{"order", ls, vs, FitOptions{Order: 9}},
		{"fixed exponent Inf", ls, vs, FitOptions{FixExponent: true, Exponent: math.Inf(1)}},
		{"no asymptotic regime", ls, func() []float64 { // e^{−ℓ/50}: no power law
			out := make([]float64, len(ls))
			for i, l := range ls {
				out[i] = math.Exp(-float64(l) / 50)
			}
			return out
		}(), FitOptions{}},
	} {
		if _, err := FitSequence(tt.ls, tt.vs, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
