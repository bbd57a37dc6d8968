package recursions

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/hermite"
)

// TestPriceSeriesAgreesWithExpect2 compares the expansion at ρ = 1 with
// the two-dimensional quadrature of hermite.Expect2: they must agree
// within the sum of their error bounds, and the expansion must meet its
// goal for 1 − ρ ≤ 10⁻⁴.
func TestPriceSeriesAgreesWithExpect2(t *testing.T) {
	for _, sigma := range []string{"tanh(x)", "gelu(x)", "erf(x)", "swish(x)"} {
		e := calc.MustParse(sigma)
		ps, err := newPriceSeries(e)
		if err != nil || ps == nil {
			t.Fatalf("%s: no expansion (%v)", sigma, err)
		}
		for _, K := range []float64{0.05, 0.52, 3} {
			for _, gap := range []float64{1e-2, 1e-4, 1e-7} {
				x := (1 - gap) * K
				got, ok, err := ps.at(K, x)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					if gap <= 1e-4 {
						t.Errorf("%s K = %g, 1 − ρ = %g: the expansion does not meet its goal", sigma, K, gap)
					}
					continue
				}
				want, err := hermite.Expect2(e, e, hermite.Cov{K11: K, K12: x, K22: K})
				if err != nil {
					t.Fatal(err)
				}
				if d := math.Abs(got.V - want.V); d > got.AbsErr+want.AbsErr {
					t.Errorf("%s K = %g, 1 − ρ = %g: expansion %.17g ± %.2g, Expect2 %.17g ± %.2g", sigma, K, gap, got.V, got.AbsErr, want.V, want.AbsErr)
				}
			}
		}
	}
	if ps, err := newPriceSeries(calc.MustParse("softsign(x)")); err != nil || ps != nil {
		t.Errorf("softsign (kinked): got an expansion %v (%v)", ps, err)
	}
}

// TestIterateTwoPriceMatchesExpect2 runs IterateTwo for inputs of equal
// norms, whose off-diagonal average comes from the expansion once
// 1 − ρ ≤ 0.01, against the same recursion with Expect2 at every layer:
// K₊₋ must agree to 1e-12 and ψ within the sum of the two error estimates.
func TestIterateTwoPriceMatchesExpect2(t *testing.T) {
	const cb, cw, L = 0.1, 1.5, 60
	a := mustNew(t, "tanh(x)")
	got, err := a.IterateTwo(cb, cw, 1, 1, 0.9, L, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, x := 1.0, 0.9
	dRho := 0x1p-52
	for l := 1; l <= L; l++ {
		g := got[l-1]
		rho := max(-1, min(1, x/p))
		psi := math.Acos(rho)
		if math.Abs(g.Kpm/x-1) > 1e-12 || math.Abs(g.Psi-psi) > g.PsiErr+psiErr(psi, dRho) {
			t.Fatalf("layer %d: K₊₋ %.17g ψ %.17g ± %.2g; with Expect2 %.17g, %.17g ± %.2g", l, g.Kpm, g.Psi, g.PsiErr, x, psi, psiErr(psi, dRho))
		}
		gp, err := a.G(p)
		if err != nil {
			t.Fatal(err)
		}
		v, err := hermite.Expect2(a.Sigma, a.Sigma, hermite.Cov{K11: p, K12: rho * p, K22: p})
		if err != nil {
			t.Fatal(err)
		}
		p, x = cb+cw*gp, cb+cw*v.V
		dRho += cw*v.AbsErr/p + 1e-14
	}
}
