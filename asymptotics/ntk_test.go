package asymptotics

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/recursions"
)

// The NTK predictions against the recursion itself: the exact linear and
// quadratic growth of a scale-invariant σ, and the limit Θ* = λ_W/(C_W(−b₁))
// of tanh (b₁ = −2: Θ* = λ_W/2) and λ_bℓ/(1 + p⊥) with a bias learning
// rate, confirmed by Compare on 2000 layers.
func TestNTKPrediction(t *testing.T) {
	for _, c := range []struct {
		expr               string
		cb, cw, k1, lb, lw float64
		exponent, lead     float64
	}{
		{"relu(x)", 0, 2, 1.5, 0.3, 2, -1, 0.3 + 1.5},
		{"relu(x)", 0.5, 2, 1, 0.5, 2, -2, 0.25},
		{"tanh(x)", 0, 1, 1, 0, 1, 0, 0.5},
		{"tanh(x)", 0, 1, 1, 0.1, 0.7, -1, 0.05},
	} {
		e, _ := calc.Parse(c.expr)
		p, err := Predict(e, c.cb, c.cw, c.k1)
		if err != nil {
			t.Fatal(err)
		}
		s, ok, err := NTKPrediction(e, p, c.cb, c.cw, c.k1, c.lb, c.lw)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", c.expr, ok, err)
		}
		if s.Exponent != c.exponent || math.Abs(s.Terms[0].Coeff-c.lead) > 1e-12 {
			t.Errorf("%s: %v, want exponent %g, leading coefficient %g", c.expr, s, c.exponent, c.lead)
		}
		a, err := recursions.New(e)
		if err != nil {
			t.Fatal(err)
		}
		layers, err := a.IterateNTK(c.cb, c.cw, recursions.Lambda{B: c.lb, W: c.lw}, c.k1, c.lb+c.lw*(c.k1-c.cb)/c.cw, 2000, 1)
		if err != nil {
			t.Fatal(err)
		}
		seq := Sequence{}
		for _, l := range layers {
			seq.L, seq.V = append(seq.L, l.L), append(seq.V, l.Theta)
		}
		conf, err := Compare([]Series{s}, map[string]Sequence{"Theta": seq}, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		for _, cmp := range conf.Comparisons {
			if !cmp.Agrees {
				t.Errorf("%s: %+v", c.expr, cmp)
			}
		}
	}
}
