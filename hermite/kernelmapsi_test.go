package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestKernelMapScaleInvariantClosedForm checks the arc-cosine forms
// (ArcCosine) that KernelMap uses for a scale-invariant σ against the two-dimensional
// quadrature (Expect2) at correlations across [−1, 1]: κ(ρ) and κ′(ρ) to
// 1e-13 for ReLU, leaky ReLU, |x| and a linear σ (for which κ(ρ) = ρ).
func TestKernelMapScaleInvariantClosedForm(t *testing.T) {
	for _, src := range []string{"relu", "leaky_relu(x, 0.2)", "abs(x)", "relu(x) - 3*relu(-x)", "2*x"} {
		m, err := NewKernelMap(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		if m.slopes == nil {
			t.Fatalf("%s: not recognised as scale-invariant", src)
		}
		for _, rho := range []float64{-1, -0.7, 0, 0.3, 0.9, 0.999, 1} {
			for _, f := range []calc.Expr{m.sigma, m.dsigma} {
				got, got1 := ArcCosine(m.slopes[0], m.slopes[1], rho)
				if f == m.dsigma {
					got = got1
				}
				v, err := Expect2(f, f, Cov{K11: 1, K12: rho, K22: 1})
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-v.V) > 1e-13*math.Max(1, math.Abs(v.V)) {
					t.Errorf("%s, f = %s, ρ = %g: closed form %.17g, quadrature %.17g ± %.2g", src, f, rho, got, v.V, v.AbsErr)
				}
			}
		}
		if src == "2*x" {
			if k, _ := m.Kappa(0.3); math.Abs(k-0.3) > 1e-15 {
				t.Errorf("linear σ: κ(0.3) = %.17g, want 0.3", k)
			}
		}
	}
}

// TestIterateChecked checks the two runs of IterateChecked: the first is
// Iterate's, the second moves κ by 1e-13 of itself at every step (ReLU's
// closed form has no error estimate of its own), so that
// near ReLU's fixed point ρ* = 1 (κ′(1) = 1, case 3) the two drift apart by
// more than one step's move: the digits a caller keeps shrink with depth.
func TestIterateChecked(t *testing.T) {
	m, err := NewKernelMap(calc.MustParse("relu"))
	if err != nil {
		t.Fatal(err)
	}
	rhos, check, err := m.IterateChecked(0.2, 200)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := m.Iterate(0.2, 200)
	if err != nil {
		t.Fatal(err)
	}
	for l := range plain {
		if rhos[l] != plain[l] {
			t.Fatalf("ρ_%d = %v, Iterate gives %v", l, rhos[l], plain[l])
		}
	}
	if want := (Value{V: rhos[1]}).Moved(-iterateCheck); check[1] != want {
		t.Errorf("check ρ_1 = %.17g, want %.17g", check[1], want)
	}
	if d1, d200 := math.Abs(check[1]-rhos[1]), math.Abs(check[200]-rhos[200]); !(d200 > 10*d1) {
		t.Errorf("the runs differ by %.2g at ℓ = 1 and %.2g at ℓ = 200: no accumulation seen", d1, d200)
	}
}
