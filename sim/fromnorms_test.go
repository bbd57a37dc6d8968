package sim

import (
	"errors"
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/gpu"
)

// The GPU path's CPU reference (the same kernels, streams and order of
// operations as the device) draws the networks of the explicit sampler:
// FromNorms of its norms gives Run's kernel and vertex estimates to
// rounding (the sampler multiplies with BLAS, the reference in its own
// order), and the log-gain of every network.
func TestFromNormsMatchesRun(t *testing.T) {
	c := Config{Sigma: calc.MustParse("tanh"), Cb: 0.1, CW: 1.5, Widths: []int{24, 32, 32, 32}, Nets: 130, Seed: 7, Mode: Explicit}
	var err error
	if c.Inputs, err = DefaultInputs(24, 1, 1, 0, 7); err != nil {
		t.Fatal(err)
	}
	run, err := Run(c)
	if err != nil {
		t.Fatal(err)
	}
	norms, err := gpu.ForwardReference(gpu.ForwardConfig{Activation: c.Sigma, CW: c.CW, CB: c.Cb, Widths: c.Widths,
		Nets: c.Nets, Seed: c.Seed, Input: c.Inputs[0]})
	if err != nil {
		t.Fatal(err)
	}
	ext, err := FromNorms(c, norms)
	if err != nil {
		t.Fatal(err)
	}
	for l := 1; l <= 3; l++ {
		a, _ := run.Kernel(l, 0, 0)
		b, _ := ext.Kernel(l, 0, 0)
		if math.Abs(a.Value-b.Value) > 1e-12*a.Value || math.Abs(a.StdErr-b.StdErr) > 1e-9*a.StdErr {
			t.Errorf("layer %d: K from Run %+v, from the reference %+v", l, a, b)
		}
		if l > 1 {
			va, _ := run.Vertex(l)
			vb, _ := ext.Vertex(l)
			if math.Abs(va.Value-vb.Value) > 1e-9*math.Abs(va.Value) {
				t.Errorf("layer %d: V from Run %+v, from the reference %+v", l, va, vb)
			}
		}
	}
	if g1, g2 := run.logGain[5], ext.logGain[5]; math.Abs(g1-g2) > 1e-12 {
		t.Errorf("log-gain of network 5: %v, %v", g1, g2)
	}
	c.Tangents = 1
	if _, err := FromNorms(c, norms); !errors.Is(err, ErrNotPlain) {
		t.Errorf("with tangents: err = %v, want ErrNotPlain", err)
	}
}
