package recursions

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite"
)

// ReLU at criticality: the polar angle iterated from ψ = 1 decays as
// ψ ≈ 3π/ℓ (5.166); an independent iteration gives ψ·(ℓ+1) = 9.2752,
// 9.4064, 9.4226 at ℓ = 10³, 10⁴, 10⁵ (4 decimals: tolerance 1e-4), ψ^(ℓ)
// being the angle after ℓ applications of (5.162).
func TestReLUAngle(t *testing.T) {
	a := mustNew(t, "relu")
	want := map[int]float64{1000: 9.2752, 10000: 9.4064, 100000: 9.4226}
	ls, err := a.IterateTwo(0, 2, 1, 1, math.Cos(1), 100001, 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		// layer l carries ψ after l − 1 applications
		if w, ok := want[l.L-1]; ok {
			if got := l.Psi * float64(l.L); math.Abs(got-w) > 1e-4 {
				t.Errorf("ψ·(ℓ+1) at ℓ = %d: %.5f, want %.4f", l.L-1, got, w)
			}
		}
		if math.Abs(l.Kpp-1) > 1e-12 || math.Abs(l.Kmm-1) > 1e-12 {
			t.Errorf("layer %d: diagonal %g, %g; the critical line keeps K_d = 1", l.L, l.Kpp, l.Kmm)
		}
	}
}

// One step of the exact scale-invariant recursion, for unequal diagonals
// and C_b > 0, agrees with the two-dimensional Gaussian integral.
func TestAngleStepAgainstQuadrature(t *testing.T) {
	for _, src := range []string{"relu", "max(x, 0.2*x)", "abs(x)"} {
		sigma := calc.MustParse(src)
		a, err := New(sigma)
		if err != nil {
			t.Fatal(err)
		}
		cb, cw := 0.3, 1.7
		kpp, kmm, kpm := 2.0, 0.5, 0.9
		ls, err := a.IterateTwo(cb, cw, kpp, kmm, kpm, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		v, err := hermite.Expect2(sigma, sigma, hermite.Cov{K11: kpp, K12: kpm, K22: kmm})
		if err != nil {
			t.Fatal(err)
		}
		if want := cb + cw*v.V; math.Abs(ls[1].Kpm-want) > 1e-12*want {
			t.Errorf("%s: K₊₋' = %.15g, quadrature %.15g", src, ls[1].Kpm, want)
		}
		gp, _ := a.G(kpp)
		if want := cb + cw*gp; math.Abs(ls[1].Kpp-want) > 1e-13*want {
			t.Errorf("%s: K₊₊' = %.15g, want %.15g", src, ls[1].Kpp, want)
		}
	}
}

// The bootstrapped recursions are the two-input kernel to second order:
// for x± close together, K[1] = ½(K₊₊ − K₋₋) follows δK[1] and
// K[2] = ¼(K₊₊ + K₋₋ − 2K₊₋) follows δδK[2] up to relative O(δ) terms.
func TestBootstrapAgainstExact(t *testing.T) {
	a := mustNew(t, "tanh")
	const eps = 1e-3
	k0, d1, d2 := 1.0, eps, eps*eps
	// K₊₊ = K0 + δK1 + δδK2·… : choose the input kernel with K[0] = k0,
	// K[1] = d1, K[2] = d2.
	kpp, kmm := k0+d1+d2, k0-d1+d2
	kpm := k0 - d2
	two, err := a.IterateTwo(0, 1, kpp, kmm, kpm, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	boot, err := a.IterateBootstrap(0, 1, k0, d1, d2, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range two {
		K1 := (two[i].Kpp - two[i].Kmm) / 2
		K2 := (two[i].Kpp + two[i].Kmm - 2*two[i].Kpm) / 4
		if math.Abs(K1-boot[i].DK1) > 10*eps*math.Abs(boot[i].DK1) {
			t.Errorf("layer %d: K[1] = %g, δK[1] = %g", two[i].L, K1, boot[i].DK1)
		}
		if math.Abs(K2-boot[i].DDK2) > 10*eps*math.Abs(boot[i].DDK2) {
			t.Errorf("layer %d: K[2] = %g, δδK[2] = %g", two[i].L, K2, boot[i].DDK2)
		}
	}
}

// hermite.SinMinusPsiCos against sin ψ − ψ cos ψ in 200-bit arithmetic: the
// series branch (ψ ≤ 0.1) to a few ulps, the direct difference (ψ > 0.1)
// to the digits its cancellation leaves (ψ³/3 of sin ψ ≈ ψ: about 1e-13
// relative just above 0.1).
func TestSinMinusPsiCos(t *testing.T) {
	for _, psi := range []float64{1e-8, 1e-3, 0.05, 0.0999, 0.1001, 0.5, 1, 3} {
		got := hermite.SinMinusPsiCos(psi)
		x := new(big.Float).SetPrec(200).SetFloat64(psi)
		sin, err := bigmath.Sin(200, x)
		if err != nil {
			t.Fatal(err)
		}
		cos, err := bigmath.Cos(200, x)
		if err != nil {
			t.Fatal(err)
		}
		w := new(big.Float).SetPrec(200).Mul(x, cos)
		want, _ := w.Sub(sin, w).Float64()
		tol := 2e-15
		if psi > 0.1 && psi < 0.2 {
			tol = 1e-12
		}
		if math.Abs(got-want) > tol*math.Abs(want) {
			t.Errorf("sinMinusPsiCos(%g) = %.17g, want %.17g", psi, got, want)
		}
	}
}

// ψ's error estimate: tiny for the exact scale-invariant map, and for a
// quadrature-based σ it grows as ρ → 1 (ψ = arccos ρ amplifies δρ by
// 1/sin ψ), so that a nearly parallel pair keeps only a few digits.
func TestPsiErr(t *testing.T) {
	r := mustNew(t, "relu")
	ls, err := r.IterateTwo(0, 2, 1, 1, math.Cos(1), 1000, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if l := ls[len(ls)-1]; !(l.PsiErr > 0 && l.PsiErr < 1e-11*l.Psi) {
		t.Errorf("ReLU ψ = %g ± %g", l.Psi, l.PsiErr)
	}
	a := mustNew(t, "tanh")
	wide, err := a.IterateTwo(0, 1, 1, 1, 0.5, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	close, err := a.IterateTwo(0, 1, 1, 1, 1-1e-7, 5, 5)
	if err != nil {
		t.Fatal(err)
	}
	w, c := wide[0], close[0]
	if !(w.PsiErr < 1e-12*w.Psi) || !(c.PsiErr > 1e-9*c.Psi && c.PsiErr < 1e-3*c.Psi) {
		t.Errorf("tanh: ψ = %g ± %g (ρ⁽¹⁾ = 0.5), ψ = %g ± %g (ρ⁽¹⁾ = 1 − 1e-7)", w.Psi, w.PsiErr, c.Psi, c.PsiErr)
	}
}
