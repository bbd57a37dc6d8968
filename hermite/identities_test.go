package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestDerivativeIdentities checks, at 30 digits, PDLT (5.53):
// d/dK ⟨F⟩_K = (1/2K²)⟨F·(z²−K)⟩_K = (1/2K)⟨z·F′⟩_K = ½⟨F″⟩_K, for
// F = σ² (so that χ∥ = C_W g′(K) has its two forms) and F = σ′² (h = ½ dχ⊥/dK).
func TestDerivativeIdentities(t *testing.T) {
	x := calc.Var()
	K := big.NewRat(13, 10)
	for _, src := range []string{"tanh(x)", "x*sigmoid(x)", "gelu(x)", "sin(x)"} {
		s := calc.MustParse(src)
		for _, F := range []calc.Expr{calc.Mul(s, s), calc.Pow(calc.Derivative(s, 1), calc.Int(2))} {
			// (1/2K²)⟨F(z² − K)⟩
			a := calc.Div(calc.Mul(F, calc.Sub(calc.Pow(x, calc.Int(2)), calc.Num(K))), calc.Mul(calc.Int(2), calc.Pow(calc.Num(K), calc.Int(2))))
			// (1/2K)⟨z F′⟩
			b := calc.Div(calc.Mul(x, calc.Derivative(F, 1)), calc.Mul(calc.Int(2), calc.Num(K)))
			// ½⟨F″⟩
			c := calc.Div(calc.Derivative(F, 2), calc.Int(2))
			var vals []string
			for _, f := range []calc.Expr{a, b, c} {
				v, err := ExpectDigits(f, K, 30)
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				vals = append(vals, v.Text('g', 28))
			}
			if vals[0] != vals[1] || vals[1] != vals[2] {
				t.Errorf("%s, F = %s: %v", src, F, vals)
			}
		}
	}
}

// TestKappaSeriesMatchesDirect checks Corollary 1, κ(ρ) = Σ c_k² ρ^k,
// against the direct two-input integral.
func TestKappaSeriesMatchesDirect(t *testing.T) {
	for _, src := range []string{"tanh", "gelu", "sigmoid", "relu"} {
		m, err := NewKernelMap(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		cs, _, err := Coefficients(calc.MustParse(src), 200)
		if err != nil {
			t.Fatal(err)
		}
		for _, rho := range []float64{-0.9, -0.3, 0, 0.4, 0.8} {
			direct, err := m.Kappa(rho)
			if err != nil {
				t.Fatal(err)
			}
			series, p := 0.0, 1.0
			for _, c := range cs {
				series += c * c * p
				p *= rho
			}
			// ReLU's tail Σ_{k>200} c_k² |ρ|^k is below 1e-12 for |ρ| ≤ 0.9
			// (c_k² ~ k^{−5/2}); the others decay faster.
			if math.Abs(series-direct) > 1e-12 {
				t.Errorf("%s κ(%g): series %.15g, direct %.15g", src, rho, series, direct)
			}
		}
	}
}
