package gpu

import (
	"testing"

	"critcalc/calc"
)

// benchConfig is 8 networks of 3 tanh layers of width 256: 8·(16·256 +
// 2·256²) ≈ 1.1M weights per forward pass.
func benchConfig() ForwardConfig {
	return ForwardConfig{Activation: calc.MustParse("tanh"), CW: 1, CB: 0.1,
		Widths: []int{16, 256, 256, 256}, Nets: 8, Seed: 1, Input: unitInput(16)}
}

// BenchmarkForwardReference is the CPU reference of the forward pass.
func BenchmarkForwardReference(b *testing.B) {
	cfg := benchConfig()
	for b.Loop() {
		if _, err := ForwardReference(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExplicitForward is the same forward pass on device 0, module
// compilation included; it skips without a GPU.
func BenchmarkExplicitForward(b *testing.B) {
	d, err := Open()
	if err != nil {
		b.Skipf("no GPU: %v", err)
	}
	defer d.Close()
	cfg := benchConfig()
	for b.Loop() {
		if _, err := d.ExplicitForward(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
