package sim

import (
	"math"
	"math/bits"
)

// fillNormal writes variates 0, 1, … of the stream, times scale, into dst.
func fillNormal(dst []float64, seed, stream uint64, scale float64) {
	n := len(dst)
	for t := 0; 2*t < n; t++ {
		z0, z1 := normals(seed, stream, uint64(t))
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
		u0, u1 := uniforms(seed, stream, uint64(t))
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

// draws is a sequential source of normals, uniforms, bits, binomials and
// chi-square variables on one Philox stream, block after block.
type draws struct {
	seed, stream, next uint64
}

func (d *draws) block() [4]uint32 {
	x0, x1, x2, x3 := blockAt(d.seed, d.stream, d.next)
	d.next++
	return [4]uint32{x0, x1, x2, x3}
}

// normal returns one standard normal (the first of a Box–Muller pair).
func (d *draws) normal() float64 {
	z, _ := normals(d.seed, d.stream, d.next)
	d.next++
	return z
}

// uniform returns a uniform variate in (0, 1].
func (d *draws) uniform() float64 {
	u, _ := uniforms(d.seed, d.stream, d.next)
	d.next++
	return u
}

// binomialHalf returns a Binomial(n, ½) variate: the number of ones among n
// random bits.
func (d *draws) binomialHalf(n int) int {
	k := 0
	for n > 0 {
		b := d.block()
		for _, w := range b {
			if n >= 32 {
				k += bits.OnesCount32(w)
				n -= 32
			} else if n > 0 {
				k += bits.OnesCount32(w & (1<<uint(n) - 1))
				n = 0
			}
		}
	}
	return k
}

// gamma returns a Gamma(a, 1) variate, a > 0, by Marsaglia and Tsang's
// method (ACM TOMS 26, 2000), with the boost Gamma(a) = Gamma(a+1)·U^{1/a}
// for a < 1.
func (d *draws) gamma(a float64) float64 {
	boost := 1.0
	if a < 1 {
		boost = math.Pow(d.uniform(), 1/a)
		a++
	}
	dd := a - 1.0/3
	c := 1 / math.Sqrt(9*dd)
	for {
		x := d.normal()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := d.uniform()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < 0.5*x*x+dd*(1-v+math.Log(v)) {
			return boost * dd * v
		}
	}
}

// chi2 returns a χ²_k variate (0 for k = 0).
func (d *draws) chi2(k int) float64 {
	if k == 0 {
		return 0
	}
	return 2 * d.gamma(float64(k)/2)
}
