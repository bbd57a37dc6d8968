package sim

// linear is the per-layer work of a sampler, and the seam where another
// backend (a GPU) plugs in. Vectors are stored column by column: v holds the
// m tracked vectors of length nIn one after the other (v[a·nIn + j]), and
// apply writes y[a·nOut + i] = Σ_j W_ij v[a·nIn + j] for the weights W
// (nOut × nIn, variance cw/nIn) of layer l of network k, or, for the exact
// sampler, a draw from the same joint law given v.
type linear interface {
	apply(k, l int, cw float64, nIn, nOut, m int, v, y []float64)
}

// newLinear returns a fresh backend (with its own scratch space) for one
// worker.
func newLinear(c *Config) linear {
	if c.Mode == Explicit {
		if c.Float32 {
			return &explicit32{seed: c.Seed, law: c.Law}
		}
		return &explicit64{seed: c.Seed, law: c.Law}
	}
	return &conditional{seed: c.Seed}
}
