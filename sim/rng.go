package sim

import (
	"math"

	"critcalc/sim/philox"
)

// fillNormal writes variates 0, 1, … of the stream, times scale, into dst.
func fillNormal(dst []float64, seed, stream uint64, scale float64) {
	n := len(dst)
	for t := 0; 2*t < n; t++ {
		z0, z1 := philox.Normals(seed, stream, uint64(t))
		dst[2*t] = scale * z0
		if 2*t+1 < n {
			dst[2*t+1] = scale * z1
		}
	}
}

// fillUniform writes variates 0, 1, … of the stream, uniform on
// (−half, half) with half = scale·√3 (variance scale²), into dst.
func fillUniform(dst []float64, seed, stream uint64, scale float64) {
	n := len(dst)
	w := 2 * math.Sqrt(3) * scale
	for t := 0; 2*t < n; t++ {
		u0, u1 := philox.Uniforms(seed, stream, uint64(t))
		dst[2*t] = w * (u0 - 0.5)
		if 2*t+1 < n {
			dst[2*t+1] = w * (u1 - 0.5)
		}
	}
}

// fill draws from the weight law.
func fill(dst []float64, law Law, seed, stream uint64, scale float64) {
	if law == Uniform {
		fillUniform(dst, seed, stream, scale)
		return
	}
	fillNormal(dst, seed, stream, scale)
}
