package calc_test

import (
	"fmt"
	"math/big"

	"critcalc/calc"
)

func ExampleParse() {
	e, err := calc.Parse("x/(1+exp(-x))")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e)

	_, err = calc.Parse("x + tanhh(x)")
	fmt.Println(err)
	fmt.Println(err.(*calc.SyntaxError).Caret())
	// Output:
	// x*sigmoid(x)
	// column 5: unknown function "tanhh" (did you mean tanh?)
	// x + tanhh(x)
	//     ^
}

func ExampleDerivative() {
	e := calc.MustParse("tanh(x)")
	fmt.Println(calc.Derivative(e, 1))
	fmt.Println(calc.Derivative(e, 2))
	fmt.Println(calc.Derivative(calc.MustParse("relu"), 1))
	// Output:
	// sech(x)^2
	// -2*(sech(x)^2*tanh(x))
	// step(x)
}

func ExampleBigProgram_EvalDigits() {
	p := calc.CompileBig(calc.MustParse("erf(x)"))
	v, err := p.EvalDigits(big.NewRat(1, 1), 40)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Text('g', 40))
	// Output:
	// 0.8427007929497148693412206350826092592961
}
