package recursions_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/recursions"
)

// The NTK of one input through ReLU at criticality grows linearly,
// Θ^(ℓ) = ℓK* (λ = (C_b, C_W) = (0, 2), K^(1) = Θ^(1) = 1), while tanh's
// tends to λ_W/2.
func ExampleActivation_IterateNTK() {
	for _, src := range []string{"relu", "tanh"} {
		e, _ := calc.Parse(src)
		a, _ := recursions.New(e)
		cw := map[string]float64{"relu": 2, "tanh": 1}[src]
		layers, err := a.IterateNTK(0, cw, recursions.Lambda{B: 0, W: cw}, 1, 1, 1000, 500)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, l := range layers {
			fmt.Printf("%s ℓ = %d: K = %.6g, Θ = %.6g\n", src, l.L, l.K, l.Theta)
		}
	}
	// Output:
	// relu ℓ = 500: K = 1, Θ = 500
	// relu ℓ = 1000: K = 1, Θ = 1000
	// tanh ℓ = 500: K = 0.0010061, Θ = 0.505204
	// tanh ℓ = 1000: K = 0.000501667, Θ = 0.502857
}

// The NNGP and NTK matrices of three inputs through two layers of erf.
func ExampleActivation_IterateKernels() {
	e, _ := calc.Parse("erf(x)")
	a, _ := recursions.New(e)
	k := []float64{
		1, 0.5, 0,
		0.5, 1, -0.2,
		0, -0.2, 2,
	}
	zero := make([]float64, len(k))
	start := &recursions.KernelMatrices{N: 3, K: k, KErr: zero, Theta: k, ThetaErr: zero}
	err := a.IterateKernels(0, 1.5, &recursions.Lambda{B: 0, W: 1.5}, start, 2, 2, func(m *recursions.KernelMatrices) error {
		for i := range 3 {
			fmt.Printf("K %.6f  Θ %.6f\n", m.K[i*3:i*3+3], m.Theta[i*3:i*3+3])
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// K [0.696839 0.324520 0.000000]  Θ [1.550954 0.662139 0.000000]
	// K [0.324520 0.696839 -0.098801]  Θ [0.662139 1.550954 -0.197956]
	// K [0.000000 -0.098801 0.885502]  Θ [0.000000 -0.197956 2.158741]
}
