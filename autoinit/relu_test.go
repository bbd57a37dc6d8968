package autoinit

import (
	"math"
	"testing"
)

// TestRatesGolden checks the one-step and t = 0 maximal rates against
// values derived from AutoInit's eqs 19, 20 (JLL) and eqs 43, 44 (JSL,
// App. C.1) for a_W(0) = 1 (𝒥₀ = σ_w²/2). The
// goldens have 10 decimals: tolerance 1e-10 absolute plus 1e-12 relative.
func TestRatesGolden(t *testing.T) {
	tests := []struct {
		loss          Loss
		sw            float64 // σ_w (AutoInit writes σ's)
		oneStep, max0 float64
	}{
		{LogLoss, 0.5, 0.4396437909, 0.8792875818},
		{LogLoss, 1, 0.2987919262, 0.5975838523},
		{LogLoss, 1.2, 0.2717033363, 0.5434066726},
		{LogLoss, 1.5, 0.2427809663, 0.4855619326},
		{LogLoss, 2, 0.2112777971, 0.4225555943},
		{LogLoss, 3, 0.1757208374, 0.3514416747},
		{SquareLoss, 0.5, 8.3585239988, 16.7170479977},
		{SquareLoss, 1, 0.8284271247, 1.6568542495},
		{SquareLoss, 2, 0.0732233047, 0.1464466094},
		{SquareLoss, 3, 0.0167808089, 0.0335616177},
	}
	for _, tt := range tests {
		sw2 := tt.sw * tt.sw
		J0 := ReLUJacobian(1, sw2)
		one := OneStep(tt.loss, J0, sw2)
		max0, err := MaxRate0(tt.loss, 1, sw2)
		if err != nil {
			t.Fatal(err)
		}
		tol := func(v float64) float64 { return 1e-10 + 1e-12*math.Abs(v) }
		if math.Abs(one-tt.oneStep) > tol(tt.oneStep) || math.Abs(max0-tt.max0) > tol(tt.max0) {
			t.Errorf("%v σ_w = %g: one-step %.10f, η₀ %.10f; want %.10f, %.10f", tt.loss, tt.sw, one, max0, tt.oneStep, tt.max0)
		}
		if math.Abs(max0-2*one) > 1e-14*max0 {
			t.Errorf("%v σ_w = %g: η₀ = %v is not 2·η₁ = %v (AutoInit eqs 19, 20, 43, 44)", tt.loss, tt.sw, max0, 2*one)
		}
	}
}

// TestDynamics iterates the scalar dynamics (17), (41): the one-step rate
// lands on 𝒥 = 1 (to rounding), a rate below the bound (18)/(42) shrinks
// |√𝒥 − 1| at every step and converges, and a rate 5% above the t = 0 bound
// grows it at the first step.
func TestDynamics(t *testing.T) {
	for _, loss := range []Loss{LogLoss, SquareLoss} {
		for _, sw := range []float64{0.5, 1, 1.2, 2, 3} {
			sw2 := sw * sw
			J0 := ReLUJacobian(1, sw2)
			tr := Trajectory(loss, J0, sw2, OneStep(loss, J0, sw2), 1)
			if math.Abs(tr[1]-1) > 1e-14 {
				t.Errorf("%v σ_w = %g: 𝒥(1) = %v after the one-step rate", loss, sw, tr[1])
			}
			eta := 0.9 * Bound(loss, math.Sqrt(J0), sw2)
			s := math.Sqrt(J0)
			for step := 0; step < 2000; step++ {
				next := Step(loss, s, sw2, eta)
				if math.Abs(next-1) > math.Abs(s-1) {
					if eta >= Bound(loss, s, sw2) {
						// The bound moves with s; use the current one.
						eta = 0.9 * Bound(loss, s, sw2)
						continue
					}
					t.Fatalf("%v σ_w = %g step %d: |s−1| grew from %v to %v at η = %v < bound %v", loss, sw, step, s-1, next-1, eta, Bound(loss, s, sw2))
				}
				s = next
			}
			if math.Abs(s-1) > 1e-12 {
				t.Errorf("%v σ_w = %g: s = %v after 2000 steps", loss, sw, s)
			}
			over := 1.05 * Bound(loss, math.Sqrt(J0), sw2)
			if s1 := Step(loss, math.Sqrt(J0), sw2, over); math.Abs(s1-1) <= math.Abs(math.Sqrt(J0)-1) {
				t.Errorf("%v σ_w = %g: rate 1.05×bound still converges (s: %v → %v)", loss, sw, math.Sqrt(J0), s1)
			}
		}
	}
}

// TestLosses checks the losses on hand-computed values and JKL's ReLU
// reduction (AutoInit eq 48): σ_b = 0 ⇒ 𝒦^{l+1} = 𝒥𝒦^l and JKL = (1 + λ)JLL.
func TestLosses(t *testing.T) {
	J := []float64{math.E, 1, 1 / math.E}
	jll, err := JLL(J)
	if err != nil || math.Abs(jll-1) > 1e-15 {
		t.Errorf("JLL = %v, %v; want 1", jll, err)
	}
	if v := JSL([]float64{3, 1, 0}); v != 2.5 {
		t.Errorf("JSL = %v, want 2.5", v)
	}
	K := []float64{2, 2 * J[0], 2 * J[0] * J[1], 2 * J[0] * J[1] * J[2]}
	jkl, err := JKL(J, K, 0.5)
	if err != nil || math.Abs(jkl-1.5*jll) > 1e-15 {
		t.Errorf("JKL = %v, %v; want %v", jkl, err, 1.5*jll)
	}
	if _, err := JLL([]float64{1, 0}); err == nil {
		t.Error("JLL of 𝒥 = 0: no error")
	}
	if _, err := JKL(J, K[:3], 1); err == nil {
		t.Error("JKL with too few kernels: no error")
	}
}
