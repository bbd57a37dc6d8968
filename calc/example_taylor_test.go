package calc_test

import (
	"fmt"
	"math/big"

	"critcalc/calc"
)

func ExampleTaylor() {
	// tanh x = x − x³/3 + 2x⁵/15 − 17x⁷/315 + …
	c, err := calc.Taylor(calc.MustParse("tanh"), new(big.Float), 7, calc.Center, 64)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, v := range c {
		fmt.Printf("c%d = %.12g\n", k, v)
	}

	// ELU has a kink at 0: ask for each side.
	elu := calc.MustParse("elu")
	_, err = calc.Taylor(elu, new(big.Float), 3, calc.Center, 64)
	fmt.Println(err)
	below, _ := calc.TaylorFloat64(elu, 0, 3, calc.Below)
	above, _ := calc.TaylorFloat64(elu, 0, 3, calc.Above)
	fmt.Println("below:", below)
	fmt.Println("above:", above)
	// Output:
	// c0 = 0
	// c1 = 1
	// c2 = 0
	// c3 = -0.333333333333
	// c4 = 0
	// c5 = 0.133333333333
	// c6 = 0
	// c7 = -0.0539682539683
	// taylor: kink of elu at x = 0: ask for a one-sided expansion
	// below: [0 1 0.5 0.16666666666666666]
	// above: [0 1 0 0]
}
