package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestTailCutsFine checks the per-side tail cuts of the trapezoidal path:
// each at most tailCut's and at least 4, the integrand below the tolerance
// at every point of the fine grid beyond it up to tailCut's, and gelu's σ²,
// which falls off like e^(−z²) beside the Gaussian on the left, cut
// shorter there than on the right.
func TestTailCutsFine(t *testing.T) {
	const K = 1.67
	logTol := 38*math.Ln10 + 8 // 34 digits
	for _, sigma := range []string{"mish", "gelu", "tanh", "swish", "sin"} {
		for i, in := range trapSet(t, sigma) {
			coarse, err := in.tailCut(K, logTol)
			if err != nil {
				t.Fatal(err)
			}
			cuts, _, err := in.tailCuts(K, logTol, true)
			if err != nil {
				t.Fatal(err)
			}
			ref := math.Inf(-1)
			for _, s := range []float64{-1, -0.5, 0, 0.5, 1} {
				if l, err := in.logAbsAt(math.Sqrt(K) * s); err == nil {
					ref = max(ref, l)
				}
			}
			for k, side := range []float64{-1, 1} {
				if !(cuts[k] >= 4 && cuts[k] <= coarse) {
					t.Errorf("%s, integrand %d, side %g: cut %g outside [4, %g]", sigma, i, side, cuts[k], coarse)
				}
				for s := cuts[k]; s <= coarse; s += tailCutStep {
					l, err := in.logAbsAt(side * math.Sqrt(K) * s)
					if err != nil {
						t.Fatal(err)
					}
					if h := l - s*s/2; h >= ref-logTol {
						t.Errorf("%s, integrand %d: log|F|φ at t = %g is %.1f, above the cut's %.1f", sigma, i, side*s, h, ref-logTol)
					}
				}
			}
			if sigma == "gelu" && i == 0 && !(cuts[0] < cuts[1]-4) {
				t.Errorf("gelu's σ²: cuts %v, want the left one well inside the right one", cuts)
			}
		}
	}
}

// TestTrapezoidTailsInBound checks that the tails the trapezoidal sums
// leave out are part of each value's error: cos(x)'s ⟨zσσ'⟩ at K = 101.37
// is about 1e-86, far below E|F| ≈ 5, and the cut, tight to an eighth in
// t, leaves out about 1e-34 of E|F|, more than the sums' own error. With
// the tails in the bound, the value is certified 0 to 25 digits of E|F|,
// as it is with the wider cuts.
func TestTrapezoidTailsInBound(t *testing.T) {
	s := calc.MustParse("cos(x)")
	d := calc.Derivative(s, 1)
	z := calc.Var()
	m, err := NewMany(calc.Mul(s, s), calc.Mul(z, calc.Mul(s, d)))
	if err != nil {
		t.Fatal(err)
	}
	for _, K := range []float64{101.37, 180.26418379564564} {
		v, err := m.AtDigits(new(big.Rat).SetFloat64(K), 25)
		if err != nil {
			t.Fatalf("K = %g: %v", K, err)
		}
		if v[1].Sign() != 0 {
			t.Errorf("K = %g: ⟨zσσ'⟩ = %s, want 0 to 25 digits of E|F|", K, v[1].Text('g', 10))
		}
		if d, _ := new(big.Float).Sub(v[0], big.NewFloat(0.5)).Float64(); !(math.Abs(d) <= 1e-25) {
			t.Errorf("K = %g: ⟨σ²⟩ = %s, want 0.5 to 25 digits", K, v[0].Text('g', 30))
		}
	}
}
