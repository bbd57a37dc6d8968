package gpu

import (
	"errors"
	"fmt"
	"math"

	"critcalc/calc"
)

// ForwardConfig describes an ensemble of random fully connected networks
// z¹ = W¹x + b¹, z^{l+1} = W^{l+1}σ(z^l) + b^{l+1}, with W^l_ij ~ N(0,
// C_W/n_{l−1}) and b^l_i ~ N(0, C_b) drawn from the Philox streams of
// WeightStream and BiasStream.
type ForwardConfig struct {
	Activation calc.Expr // σ
	CW, CB     float64   // C_W > 0 and C_b ≥ 0
	Widths     []int     // n_0 (the input), n_1, …, n_L; L ≥ 1
	Nets       int       // number of independent networks
	Seed       uint64
	Input      []float64 // x, of length n_0, the same for every network
}

// validate checks the configuration.
func (c *ForwardConfig) validate() error {
	var errs []error
	if !c.Activation.IsValid() {
		errs = append(errs, errors.New("no activation"))
	}
	if !(c.CW > 0) || math.IsInf(c.CW, 0) {
		errs = append(errs, fmt.Errorf("C_W = %v, want a finite C_W > 0", c.CW))
	}
	if !(c.CB >= 0) || math.IsInf(c.CB, 0) {
		errs = append(errs, fmt.Errorf("C_b = %v, want a finite C_b ≥ 0", c.CB))
	}
	if len(c.Widths) < 2 {
		errs = append(errs, fmt.Errorf("widths %v: want the input width and at least one layer", c.Widths))
	}
	for l, n := range c.Widths {
		if n < 1 || n > math.MaxInt32 {
			errs = append(errs, fmt.Errorf("width n_%d = %d, want 1 to %d", l, n, math.MaxInt32))
		}
	}
	if c.Nets < 1 || c.Nets > math.MaxInt32 {
		errs = append(errs, fmt.Errorf("nets = %d, want 1 to %d", c.Nets, math.MaxInt32))
	}
	if len(c.Widths) > 0 && len(c.Input) != c.Widths[0] {
		errs = append(errs, fmt.Errorf("input of length %d, want n_0 = %d", len(c.Input), c.Widths[0]))
	}
	for i, v := range c.Input {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			errs = append(errs, fmt.Errorf("input[%d] = %v is not finite", i, v))
			break
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("gpu: explicit forward: %w", err)
	}
	return nil
}

// ExplicitForward opens device 0, runs cfg on it (Device.ExplicitForward)
// and closes it. Without a GPU the error wraps ErrNoDevice; an invalid
// configuration is reported first, on any host.
func ExplicitForward(cfg ForwardConfig) ([][]float64, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	d, err := Open()
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.ExplicitForward(cfg)
}

// ForwardReference computes on the CPU what ExplicitForward computes on
// the GPU, with the same kernels' order of operations (FillNormal, MatMul,
// SumSquares) and calc.Compile for σ. out[k][l−1] = ‖z^l‖²/n_l of network
// k.
func ForwardReference(cfg ForwardConfig) ([][]float64, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	act := calc.Compile(cfg.Activation)
	L := len(cfg.Widths) - 1
	out := make([][]float64, cfg.Nets)
	for k := range out {
		out[k] = make([]float64, L)
		a := cfg.Input
		for l := 1; l <= L; l++ {
			nIn, nOut := cfg.Widths[l-1], cfg.Widths[l]
			w := make([]float64, nOut*nIn)
			FillNormal(w, cfg.Seed, WeightStream(k, l), math.Sqrt(cfg.CW/float64(nIn)), false)
			z := make([]float64, nOut)
			MatMul(z, w, a, nOut, 1, nIn)
			if cfg.CB > 0 {
				FillNormal(z, cfg.Seed, BiasStream(k, l), math.Sqrt(cfg.CB), true)
			}
			out[k][l-1] = SumSquares(z) / float64(nOut)
			a = make([]float64, nOut)
			act.EvalSlice(a, z)
		}
	}
	return out, nil
}
