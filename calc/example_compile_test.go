package calc_test

import (
	"fmt"

	"critcalc/calc"
)

func ExampleCompile() {
	e, err := calc.Parse("x/(1+exp(-x))")
	if err != nil {
		panic(err)
	}
	fmt.Println(e) // the normal form: the stable sigmoid kernel

	p := calc.Compile(e)
	fmt.Printf("%.6f\n", p.Eval(1))
	fmt.Println(p.Eval(-800)) // no overflow: −800·sigmoid(−800) = −0

	dp := calc.Compile(calc.Derivative(e, 1))
	xs := []float64{-2, 0, 2}
	ys := make([]float64, len(xs))
	dp.EvalSlice(ys, xs)
	fmt.Printf("%.6f\n", ys)
	// Output:
	// x*sigmoid(x)
	// 0.731059
	// -0
	// [-0.090784 0.500000 1.090784]
}
