package bigmath_test

import (
	"fmt"
	"math/big"

	"critcalc/calc/bigmath"
)

// e and erf(1) to 40 digits (200 bits).
func ExampleExp() {
	fmt.Println(bigmath.Exp(200, big.NewFloat(1)).Text('g', 40))
	fmt.Println(bigmath.Erf(200, big.NewFloat(1)).Text('g', 40))
	// Output:
	// 2.718281828459045235360287471352662497757
	// 0.8427007929497148693412206350826092592961
}
