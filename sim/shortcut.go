package sim

import (
	"math"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// shortcut is the norm-only exact sampler for one input through a bias-free
// network of a scale-invariant σ with Gaussian weights (see the package
// documentation): per layer one Binomial(n, ½) and two χ² draws from
// stream(k, ℓ, KindShortcut), and a χ²_{n_out} for the readout from
// stream(k, L+1, KindShortcut).
type shortcut struct {
	c                *Config
	aPlus2, aMinus2  float64 // a₊², a₋²
	lambda2          float64
	firstVar, inNorm float64 // C_W1‖x‖²/n_0 and ‖x‖²/n_0
}

// newShortcut returns the shortcut for c, or nil when it does not apply.
func newShortcut(c *Config) (*shortcut, error) {
	alpha, lambda := c.residual()
	if c.Mode != Exact || c.NoShortcut || len(c.Inputs) != 1 || c.tangentCount() != 0 || c.Cb != 0 ||
		c.Law != Gaussian || alpha != 0 || c.LayerNorm != NoNorm || c.LayerCW != nil || c.LayerCb != nil || c.LocalJacobians {
		return nil, nil
	}
	si, ok, err := calc.DetectScaleInvariant(c.Sigma, 64)
	if err != nil || !ok {
		return nil, nil
	}
	ap, _ := si.APlus.Float64()
	am, _ := si.AMinus.Float64()
	q := dot(c.Inputs[0], c.Inputs[0]) / float64(c.Widths[0])
	return &shortcut{c: c, aPlus2: ap * ap, aMinus2: am * am, lambda2: lambda * lambda,
		firstVar: c.firstCW() * q, inNorm: q}, nil
}

func (s *shortcut) network(k int, layers []layerStats, stats []float64) netScalars {
	c := s.c
	L := c.depth()
	v := s.firstVar // variance of the entries of z^(ℓ)
	norm2 := 0.0
	for l := 1; l <= L; l++ {
		n := c.Widths[l]
		d := philox.NewStream(c.Seed, Stream(k, l, KindShortcut))
		kp := d.BinomialHalf(n)
		p, q := d.ChiSquared(kp), d.ChiSquared(n-kp)
		norm2 = v * (p + q)
		stats[0] = norm2 / float64(n)
		layers[l-1].add(stats)
		v = s.lambda2 * c.CW * v * (s.aPlus2*p + s.aMinus2*q) / float64(n)
	}
	nL := c.Widths[L]
	out := netScalars{logGain: math.Log(norm2 / float64(nL) / s.inNorm)}
	if c.Readout > 0 {
		d := philox.NewStream(c.Seed, Stream(k, L+1, KindShortcut))
		out.logOut = math.Log(c.readoutCW() / float64(nL) * norm2 * d.ChiSquared(c.Readout))
	}
	return out
}
