package quadrature_test

import (
	"fmt"

	"critcalc/hermite/quadrature"
)

// A 3-point Gauss–Legendre rule integrates x⁴ on [−1, 1] exactly (degree
// ≤ 5).
func ExampleGaussLegendre() {
	r, err := quadrature.GaussLegendre(3)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := 0.0
	for i, x := range r.X {
		sum += r.W[i] * x * x * x * x
	}
	fmt.Printf("∫x⁴ = %.15f (2/5)\n", sum)
	// Output:
	// ∫x⁴ = 0.400000000000000 (2/5)
}
