package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// The moments of σ(√K·X) against closed forms: for σ = x, a_1 = √K and
// every other a_k = 0; for σ = exp(x), a_k = e^(K/2)·K^(k/2)/√(k!) (the
// generating function of the Hermite polynomials); and Σ a_k² = E[σ²].
func TestScaledSeries(t *testing.T) {
	for _, c := range []struct {
		expr string
		K    float64
		want func(k int, K float64) float64
	}{
		{"x", 2.5, func(k int, K float64) float64 {
			if k == 1 {
				return math.Sqrt(K)
			}
			return 0
		}},
		{"exp(x)", 0.7, func(k int, K float64) float64 {
			lg, _ := math.Lgamma(float64(k + 1))
			return math.Exp(K/2 + float64(k)/2*math.Log(K) - lg/2)
		}},
	} {
		e, err := calc.Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewScaledSeries(e)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.At(c.K, 40)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for k, a := range m.A {
			w := c.want(k, c.K)
			if d := math.Abs(a - w); d > m.Err[k]+1e-15 || d > 1e-13 {
				t.Errorf("%s: a_%d = %.17g, want %.17g (bound %.2g)", c.expr, k, a, w, m.Err[k])
			}
			sum += a * a
		}
		if c.expr == "exp(x)" {
			// E[e^(2√K X)] = e^(2K); the moments beyond 40 are below 1e-20.
			if w := math.Exp(2 * c.K); math.Abs(m.Sq-w) > 1e-13*w || math.Abs(sum-w) > 1e-13*w {
				t.Errorf("%s: E[σ²] = %.17g, Σa² = %.17g, want %.17g", c.expr, m.Sq, sum, w)
			}
		}
	}
}
