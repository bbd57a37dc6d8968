package recursions

import (
	"math"
	"testing"

	"critcalc/calc"
)

func mustNew(t testing.TB, src string) *Activation {
	t.Helper()
	a, err := New(calc.MustParse(src))
	if err != nil {
		t.Fatalf("New(%s): %v", src, err)
	}
	return a
}

var smoothActivations = []string{"tanh", "swish", "gelu", "erf", "mish", "sigmoid", "softplus"}

// TestChiParForms checks that the (z² − K) and zσσ' forms of χ∥ (5.50)
// agree: both are float64 expectations good to ~1e-14, and the (z² − K)
// form loses at most a factor ~10 to cancellation at these K.
func TestChiParForms(t *testing.T) {
	for _, src := range append(smoothActivations, "relu", "elu") {
		a := mustNew(t, src)
		for _, K := range []float64{0.1, 1, 3.7, 14.3, 50} {
			c1, err := a.ChiPar(K, 1.3)
			if err != nil {
				t.Fatal(err)
			}
			c2, err := a.ChiParZ(K, 1.3)
			if err != nil {
				t.Fatal(err)
			}
			if rel := math.Abs(c1-c2) / math.Abs(c2); rel > 1e-12 {
				t.Errorf("%s K=%g: χ∥ = %.17g (z²−K form) vs %.17g (zσσ' form), relative difference %.3g > 1e-12", src, K, c1, c2, rel)
			}
		}
	}
}

// centered returns (f(K+δ) − f(K−δ))/(2δ) with δ = 1e-4·K: truncation
// ~1e-8·f”' K², rounding ~1e-14/1e-4 = 1e-10 relative.
func centered(t *testing.T, f func(float64) (float64, error), K float64) float64 {
	t.Helper()
	d := 1e-4 * K
	hi, err := f(K + d)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := f(K - d)
	if err != nil {
		t.Fatal(err)
	}
	return (hi - lo) / (2 * d)
}

// TestDerivativeIdentities checks h = ½χ⊥' (5.52) and g” (from the
// z-polynomial form) = (χ∥/C_W)' by centered differences, relative 1e-7.
func TestDerivativeIdentities(t *testing.T) {
	const cw = 1.7
	for _, src := range smoothActivations {
		a := mustNew(t, src)
		for _, K := range []float64{0.05, 0.8, 3.56, 14.3} {
			h, err := a.H(K, cw)
			if err != nil {
				t.Fatal(err)
			}
			fd := centered(t, func(k float64) (float64, error) { return a.ChiPerp(k, cw) }, K) / 2
			if rel := math.Abs(h-fd) / math.Abs(fd); rel > 1e-7 {
				t.Errorf("%s K=%g: h = %.12g, ½dχ⊥/dK = %.12g (relative %.3g)", src, K, h, fd, rel)
			}
			g2, err := a.GPrime2(K)
			if err != nil {
				t.Fatal(err)
			}
			g1, err := a.ChiParZ(K, 1)
			if err != nil {
				t.Fatal(err)
			}
			fd = centered(t, func(k float64) (float64, error) { return a.ChiParZ(k, 1) }, K)
			// g'' can be far smaller than g'/K (SWISH at K*: 3.5e-6 vs 0.035),
			// and the difference quotient carries ~1e-10·g'/K of rounding.
			if diff := math.Abs(g2 - fd); diff > 1e-7*math.Abs(fd)+1e-9*math.Abs(g1)/K {
				t.Errorf("%s K=%g: g'' = %.12g, dg'/dK = %.12g (difference %.3g)", src, K, g2, fd, diff)
			}
			j, err := a.J(K, cw)
			if err != nil {
				t.Fatal(err)
			}
			q, err := a.QuadCoeff(K, cw)
			if err != nil {
				t.Fatal(err)
			}
			if rel := math.Abs(j/(8*K*K)-q) / math.Abs(q); rel > 1e-14 {
				t.Errorf("%s K=%g: j/(8K²) = %.17g, ½C_W g'' = %.17g", src, K, j/(8*K*K), q)
			}
		}
	}
}

// TestTanhSmallK checks the small-K expansions for tanh (C_W = 1, a₁ = −2,
// a₂ = 17/3, b₁ = −2; PDLT text after (5.88)): j/(8K²) = a₁ + 3a₂K + O(K²) (5.123),
// C_W²(⟨σ⁴⟩ − ⟨σ²⟩²) = 2K² + (−52a₁ + 60b₁)K³ + O(K⁴) (5.122),
// χ⊥ = 1 + b₁K + O(K²) (5.85) and χ∥ = 1 + 2a₁K + 3a₂K² + O(K³) (5.84).
// At K = 1e-4 the omitted terms (coefficients up to ~100) are below the
// tolerances.
func TestTanhSmallK(t *testing.T) {
	a := mustNew(t, "tanh")
	const K = 1e-4
	a1, a2, b1 := -2.0, 17.0/3, -2.0
	tests := []struct {
		name string
		f    func() (float64, error)
		want float64
		tol  float64
	}{
		{"j/(8K²) (5.123)", func() (float64, error) { return a.QuadCoeff(K, 1) }, a1 + 3*a2*K, 1e-6},
		{"vertex source (5.122)", func() (float64, error) { return a.VertexSource(K, 1) }, 2*K*K + (-52*a1+60*b1)*K*K*K, 1e-4},
		{"χ⊥ (5.85)", func() (float64, error) { return a.ChiPerp(K, 1) }, 1 + b1*K, 1e-6},
		{"χ∥ (5.84)", func() (float64, error) { return a.ChiParZ(K, 1) }, 1 + 2*a1*K + 3*a2*K*K, 1e-9},
	}
	for _, tt := range tests {
		got, err := tt.f()
		if err != nil {
			t.Fatal(err)
		}
		if rel := math.Abs(got-tt.want) / math.Abs(tt.want); rel > tt.tol {
			t.Errorf("%s: got %.12g, want %.12g (relative %.3g > %g)", tt.name, got, tt.want, rel, tt.tol)
		}
	}
}

// TestMonomialRatio checks R + 1 = p/(2p − 1) ≠ 1 for σ = z^p (5.78) at
// several K: no criticality.
func TestMonomialRatio(t *testing.T) {
	for _, p := range []int{2, 3} {
		a := mustNew(t, map[int]string{2: "x^2", 3: "x^3"}[p])
		want := float64(p) / float64(2*p-1)
		for _, K := range []float64{0.01, 0.5, 2, 10, 90} {
			r, err := a.Ratio(K)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(r+1-want) > 1e-12 {
				t.Errorf("x^%d K=%g: R+1 = %.17g, want %.17g", p, K, r+1, want)
			}
		}
		pts, err := a.CriticalPoints(DefaultKmax)
		if err != nil {
			t.Fatal(err)
		}
		if len(pts) != 0 {
			t.Errorf("x^%d: critical points %+v, want none", p, pts)
		}
	}
}
