package philox_test

import (
	"fmt"

	"critcalc/sim/philox"
)

// A counter-based stream: the variates at block 7 of stream 3 of seed 42
// are the same whether read in order or computed directly.
func ExampleNormals() {
	s := philox.NewStream(42, 3)
	var z [16]float64
	s.Fill(z[:])
	a, b := philox.Normals(42, 3, 7)
	fmt.Println(z[14] == a, z[15] == b)
	// Output: true true
}
