package sim

import (
	"errors"
	"fmt"
	"math"
)

// ErrNotPlain is the cause of FromNorms's error for a configuration that a
// forward pass of norms alone cannot describe.
var ErrNotPlain = errors.New("not a plain MLP with one input and explicit Gaussian weights")

// Plain reports whether c is a network whose run FromNorms can stand for:
// explicit Gaussian weights, a plain MLP (no residual, LayerNorm or
// BatchNorm), one input, no Jacobian measurements, no readout, and one C_W
// and C_b for every layer. That is what a GPU forward pass computes.
func (c *Config) Plain() bool {
	a, l := c.residual()
	return c.Mode == Explicit && c.Law == Gaussian && len(c.Inputs) == 1 && a == 0 && l == 1 &&
		c.LayerNorm == NoNorm && c.Tangents == 0 && !c.InputJacobian && !c.LocalJacobians &&
		c.Readout == 0 && c.LayerCW == nil && c.LayerCb == nil && (c.FirstCW == 0 || c.FirstCW == c.CW)
}

// FromNorms returns the Result of the networks of c sampled elsewhere (on
// a GPU, with the same Philox streams): norms[k][l−1] = ‖z^(l)‖²/n_l of
// network k. The statistics are accumulated as Run accumulates them —
// networks in order within blocks of BlockSize, blocks merged in order — so
// the estimators are Run's for the same networks. c must be Plain.
func FromNorms(c Config, norms [][]float64) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if !c.Plain() {
		return nil, fmt.Errorf("sim: FromNorms: %w", ErrNotPlain)
	}
	L := c.depth()
	if len(norms) != c.Nets {
		return nil, fmt.Errorf("sim: FromNorms: %d networks of norms for %d networks", len(norms), c.Nets)
	}
	in := 0.0
	for _, x := range c.Inputs[0] {
		in += x * x
	}
	in /= float64(c.Widths[0])
	d := statDim(&c)
	res := &Result{Config: c, layers: newLayerMoments(L, d),
		logGain: make([]float64, c.Nets), logOut: make([]float64, c.Nets), logGrad: make([]float64, c.Nets)}
	stats := make([]float64, d)
	for lo := 0; lo < c.Nets; lo += BlockSize {
		acc := newLayerMoments(L, d)
		for k := lo; k < min(lo+BlockSize, c.Nets); k++ {
			if len(norms[k]) != L {
				return nil, fmt.Errorf("sim: FromNorms: network %d has %d layers of norms, want %d", k, len(norms[k]), L)
			}
			for l, v := range norms[k] {
				if !(v >= 0) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("sim: FromNorms: network %d layer %d: ‖z‖²/n = %g", k, l+1, v)
				}
				stats[0] = v
				acc[l].add(stats)
			}
			res.logGain[k] = math.Log(norms[k][L-1] / in)
			res.logOut[k], res.logGrad[k] = math.NaN(), math.NaN()
		}
		for l := range res.layers {
			res.layers[l].merge(acc[l])
		}
	}
	return res, nil
}
