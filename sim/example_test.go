package sim_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/sim"
)

// ExampleRun samples 2000 ReLU networks at criticality (C_W = 2) with the
// exact Gaussian-conditional sampler and estimates the kernel, whose
// expectation stays K^(1) = 2 at every layer and width, and the vertex,
// PDLT (5.120): V^(ℓ) = 5(ℓ − 1)K² = 20(ℓ − 1) up to O(ℓ/n).
func ExampleRun() {
	x, _ := sim.DefaultInputs(16, 1, 1, 0, 1)
	r, err := sim.Run(sim.Config{Sigma: calc.MustParse("relu"), CW: 2, Widths: []int{16, 200, 200, 200},
		Inputs: x, Nets: 2000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for l := 1; l <= 3; l++ {
		k, _ := r.Kernel(l, 0, 0)
		fmt.Printf("K(%d) = %.2f ± %.2f", l, k.Value, k.StdErr)
		if v, err := r.Vertex(l); err == nil {
			fmt.Printf("   V(%d) = %.0f ± %.0f", l, v.Value, v.StdErr)
		}
		fmt.Println()
	}
	// Output:
	// K(1) = 2.00 ± 0.00
	// K(2) = 2.00 ± 0.01   V(2) = 22 ± 1
	// K(3) = 2.01 ± 0.01   V(3) = 42 ± 2
}

// ExampleRunAutoInit tunes ReLU networks from σ_w = 1 towards the critical
// σ_w = √2 with the Jacobian log loss.
func ExampleRunAutoInit() {
	x, _ := sim.DefaultInputs(16, 1, 1, 0, 1)
	r, err := sim.RunAutoInit(sim.AutoInit{
		Net:  sim.Config{Sigma: calc.MustParse("relu"), CW: 1, Widths: []int{16, 200, 200, 200}, Inputs: x, Nets: 64, Seed: 1},
		Loss: sim.JLL, Steps: 5, LR: 0.3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for l, s := range r.SigmaW {
		fmt.Printf("layer %d: σ_w = %.2f\n", l+1, s)
	}
	// Output:
	// layer 1: σ_w = 1.00
	// layer 2: σ_w = 1.41
	// layer 3: σ_w = 1.41
}
