package validate_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/sim"
	"critcalc/validate"
)

// ExampleRun checks tanh networks at criticality (C_b, C_W) = (0, 1)
// against PDLT's recursions.
func ExampleRun() {
	x, _ := sim.DefaultInputs(32, 1, 1, 0, 1)
	rep, _, err := validate.Run(sim.Config{Sigma: calc.MustParse("tanh"), CW: 1, Widths: []int{32, 300, 300, 300},
		Inputs: x, Nets: 1000, Seed: 1}, validate.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Checks {
		fmt.Printf("%-2s l=%d  theory %.4f  simulation %.4f ± %.4f  z = %5.2f  %v\n", c.Quantity, c.Layer, c.Theory, c.Empirical, c.StdErr, c.Z, c.Passed())
	}
	fmt.Printf("z_c = %.2f, pass: %v\n", rep.ZCrit, rep.Pass)
	// Output:
	// K  l=1  theory 1.0000  simulation 1.0001 ± 0.0027  z =  0.03  true
	// K  l=2  theory 0.3943  simulation 0.3928 ± 0.0011  z = -1.31  true
	// G1 l=2  theory 0.0000  simulation -0.4467 ± 0.3421  z = -1.31  true
	// V  l=2  theory 0.0975  simulation 0.0811 ± 0.0176  z = -0.93  true
	// K  l=3  theory 0.2363  simulation 0.2360 ± 0.0008  z = -0.47  true
	// G1 l=3  theory -0.0309  simulation -0.1367 ± 0.2255  z = -0.47  true
	// V  l=3  theory 0.0678  simulation 0.0578 ± 0.0083  z = -1.21  true
	// z_c = 3.20, pass: true
}
