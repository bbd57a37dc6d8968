package quadrature_test

import (
	"fmt"
	"math"

	"critcalc/hermite/quadrature"
)

// A 3-point Gauss–Legendre rule integrates x⁴ on [−1, 1] exactly (degree
// ≤ 5), and the double-exponential rule handles an endpoint singularity.
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
	v, err := quadrature.Integrate(func(x float64) float64 { return 1 / math.Sqrt(x) }, 0, 1, 1e-14, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("∫x^(−1/2) = %.12f\n", v.Value)
	// Output:
	// ∫x⁴ = 0.400000000000000 (2/5)
	// ∫x^(−1/2) = 2.000000000000
}
