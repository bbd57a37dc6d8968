package gpu_test

import (
	"errors"
	"fmt"

	"critcalc/calc"
	"critcalc/gpu"
)

// The launch of the tiled GEMM for a 100×33 result: ⌈33/16⌉ × ⌈100/16⌉
// blocks of 16×16 threads; the last block row and column are ragged.
func ExampleGEMM() {
	c, err := gpu.GEMM(100, 33)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("grid %v, block %v, %d threads for 3300 elements\n", c.Grid, c.Block, c.Threads())
	// Output:
	// grid {3 7 1}, block {16 16 1}, 5376 threads for 3300 elements
}

// ForwardReference is the CPU form of ExplicitForward: ‖z^l‖²/n_l of each
// network at each layer, for ReLU at the critical point (C_b, C_W) = (0, 2)
// (PDLT eq. (5.67)), where E‖z^l‖²/n_l = C_W‖x‖²/n_0 = 2 at every layer.
func ExampleForwardReference() {
	cfg := gpu.ForwardConfig{
		Activation: calc.MustParse("relu"), CW: 2, CB: 0,
		Widths: []int{4, 256, 256, 256}, Nets: 3, Seed: 1,
		Input: []float64{1, -1, 1, -1},
	}
	out, err := gpu.ForwardReference(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, layers := range out {
		fmt.Printf("net %d: %.4f\n", k, layers)
	}
	// Output:
	// net 0: [1.9577 2.0792 2.3523]
	// net 1: [1.7255 1.6013 2.1992]
	// net 2: [2.0749 2.6529 3.2972]
}

// On a host without a GPU the error wraps ErrNoDevice, so a caller can
// fall back to the CPU.
func ExampleExplicitForward() {
	cfg := gpu.ForwardConfig{
		Activation: calc.MustParse("tanh"), CW: 1, CB: 0,
		Widths: []int{2, 8}, Nets: 1, Seed: 1, Input: []float64{1, 1},
	}
	out, err := gpu.ExplicitForward(cfg)
	if errors.Is(err, gpu.ErrNoDevice) {
		out, err = gpu.ForwardReference(cfg)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(out), len(out[0]))
	// Output:
	// 1 1
}
