package autoinit_test

import (
	"fmt"

	"critcalc/autoinit"
)

// A ReLU layer initialised with σ_w = 2 (𝒥 = 2): the one-step JLL rate
// (AutoInit eq 19) tunes it to 𝒥 = 1 in one update.
func ExampleOneStep() {
	sw2 := 4.0
	J0 := autoinit.ReLUJacobian(1, sw2)
	eta := autoinit.OneStep(autoinit.LogLoss, J0, sw2)
	J := autoinit.Trajectory(autoinit.LogLoss, J0, sw2, eta, 1)
	fmt.Printf("η = %.10f, 𝒥: %.1f → %.12f\n", eta, J[0], J[1])
	// Output: η = 0.2112777971, 𝒥: 2.0 → 1.000000000000
}
