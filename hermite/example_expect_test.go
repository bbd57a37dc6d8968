package hermite_test

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/hermite"
)

// The Gaussian average ⟨relu(z)²⟩_K = K/2, in float64 and to 30 digits.
func ExampleExpectation_At() {
	e, err := hermite.NewExpectation(calc.MustParse("relu(x)^2"))
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := e.At(3)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := e.AtDigits(big.NewRat(1, 3), 30)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.12f\n%s\n", v.V, d.Text('g', 30))
	// Output:
	// 1.500000000000
	// 0.166666666666666666666666666667
}

// Normalized Hermite coefficients of φ = relu/C with C = √E[relu(X)²] =
// 1/√2: c₀ = 1/√π, c₁ = 1/√2, c₂ = 1/√(2π), and c₃ = 0.
func ExampleCoefficients() {
	c, _, err := hermite.Coefficients(calc.MustParse("relu"), 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, v := range c[:3] {
		fmt.Printf("c_%d = %.12f\n", k, v)
	}
	fmt.Println("c_3 = 0:", math.Abs(c[3]) < 1e-14)
	// Output:
	// c_0 = 0.564189583548
	// c_1 = 0.707106781187
	// c_2 = 0.398942280401
	// c_3 = 0: true
}

// The Joudaki–Hofmann kernel map of tanh and its globally attracting fixed
// point.
func ExampleKernelMap_Analyze() {
	m, err := hermite.NewKernelMap(calc.MustParse("tanh"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fp, err := m.Analyze()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("C = %.6f, κ'(1) = %.6f, case %d, α = %.6f\n", m.C, m.KappaPrime1, fp.Case, fp.Alpha)
	fmt.Println("ρ* = 0:", math.Abs(fp.RhoStar) < 1e-12) // tanh is odd
	// Output:
	// C = 0.627929, κ'(1) = 1.177807, case 1, α = 0.934990
	// ρ* = 0: true
}
