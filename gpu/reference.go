package gpu

import (
	"critcalc/gpu/codegen"
	"critcalc/sim/philox"
)

// This file is the CPU form of each kernel, with the same order of
// operations, so that a GPU result can be compared with the CPU one
// operation for operation (bit for bit where only +, −, ·, / and sqrt are
// involved; to the last bits where the device's log, sincos or the
// activation's functions differ from Go's).

// FillNormal is the cc_fill_normal kernel: dst[i] = scale·z_i, or, when
// add is true, dst[i] += scale·z_i, with z_i normal variate number i of
// the stream.
func FillNormal(dst []float64, seed, stream uint64, scale float64, add bool) {
	for k := 0; 2*k < len(dst); k++ {
		z0, z1 := philox.Normals(seed, stream, uint64(k))
		i := 2 * k
		dst[i] = fillOne(dst[i], scale*z0, add)
		if i+1 < len(dst) {
			dst[i+1] = fillOne(dst[i+1], scale*z1, add)
		}
	}
}

func fillOne(old, v float64, add bool) float64 {
	if add {
		return old + v
	}
	return v
}

// MatMul is the cc_gemm kernel: c = a·b for row-major a (m×k), b (k×n) and
// c (m×n), each element summed over k in order.
func MatMul(c, a, b []float64, m, n, k int) {
	for i := range m {
		for j := range n {
			acc := 0.0
			for p := range k {
				acc += a[i*k+p] * b[p*n+j]
			}
			c[i*n+j] = acc
		}
	}
}

// SumSquares is one row of the cc_sumsq_rows kernel: thread t of
// codegen.ReduceThreads sums x[t]², x[t+256]², … in order, then the
// partial sums are added pairwise by halving, as the kernel's tree does.
func SumSquares(x []float64) float64 {
	var part [codegen.ReduceThreads]float64
	for t := range part {
		s := 0.0
		for i := t; i < len(x); i += codegen.ReduceThreads {
			s += x[i] * x[i]
		}
		part[t] = s
	}
	for h := codegen.ReduceThreads / 2; h > 0; h >>= 1 {
		for t := range h {
			part[t] += part[t+h]
		}
	}
	return part[0]
}
