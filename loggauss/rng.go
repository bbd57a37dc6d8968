package loggauss

import (
	"math"
	"math/bits"

	"critcalc/sim/philox"
)

// layerStream returns the Philox stream number of (sample, layer):
// sample in the high 32 bits, layer in the low 32 bits, so every factor of
// every sample has its own stream and a sample's first layers are the same
// whatever the depth.
func layerStream(sample, layer int) uint64 {
	return uint64(sample)<<32 | uint64(uint32(layer))
}

// reader draws variates from one Philox stream, block by block; its
// sequence is a pure function of (seed, stream).
type reader struct {
	seed, stream, next uint64
	spare              float64
	hasSpare           bool
}

func newReader(seed, stream uint64) *reader {
	return &reader{seed: seed, stream: stream}
}

// normal returns the next standard normal variate (both of a block, in
// order).
func (r *reader) normal() float64 {
	if r.hasSpare {
		r.hasSpare = false
		return r.spare
	}
	z0, z1 := philox.Normals(r.seed, r.stream, r.next)
	r.next++
	r.spare, r.hasSpare = z1, true
	return z0
}

// uniform returns a uniform variate in (0, 1]; it uses a whole block and
// drops a pending spare normal.
func (r *reader) uniform() float64 {
	r.hasSpare = false
	u, _ := philox.Uniforms(r.seed, r.stream, r.next)
	r.next++
	return u
}

// binomialHalf returns a Binomial(n, ½) variate: the number of set bits
// among n random bits (128 per block).
func (r *reader) binomialHalf(n int) int {
	r.hasSpare = false
	k := 0
	for n > 0 {
		b := philox.BlockAt(r.seed, r.stream, r.next)
		r.next++
		for _, w := range b {
			switch {
			case n >= 32:
				k += bits.OnesCount32(w)
				n -= 32
			case n > 0:
				k += bits.OnesCount32(w & (1<<uint(n) - 1))
				n = 0
			}
		}
	}
	return k
}

// chiSquared returns a χ²_k variate (k ≥ 1): g² for k = 1, otherwise
// 2·Gamma(k/2) by Marsaglia and Tsang's method ("A simple method for
// generating gamma variables", ACM TOMS 26, 2000), exact for shape ≥ 1.
func (r *reader) chiSquared(k int) float64 {
	if k == 1 {
		z := r.normal()
		return z * z
	}
	a := float64(k) / 2
	d := a - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := r.normal()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := r.uniform()
		if math.Log(u) < 0.5*x*x+d-d*v+d*math.Log(v) {
			return 2 * d * v
		}
	}
}
