package sim

import "math"

// explicit64 draws each weight matrix and multiplies it with gemm64
// (gonum's blas64, or OpenBLAS with the openblas build tag).
type explicit64 struct {
	seed uint64
	law  Law
	w    []float64
}

func (e *explicit64) apply(k, l int, cw float64, nIn, nOut, m int, v, y []float64) {
	e.w = grow(e.w, nOut*nIn)
	fill(e.w, e.law, e.seed, Stream(k, l, KindWeight), math.Sqrt(cw/float64(nIn)))
	// Yᵀ (m × nOut) = Vᵀ (m × nIn) · Wᵀ.
	gemm64(m, nOut, nIn, v, e.w, y)
}

// explicit32 is explicit64 in float32 (gemm32): the same weights, rounded
// to float32.
type explicit32 struct {
	seed uint64
	law  Law
	w    []float64
	w32  []float32
	v32  []float32
	y32  []float32
}

func (e *explicit32) apply(k, l int, cw float64, nIn, nOut, m int, v, y []float64) {
	e.w = grow(e.w, nOut*nIn)
	fill(e.w, e.law, e.seed, Stream(k, l, KindWeight), math.Sqrt(cw/float64(nIn)))
	e.w32 = grow32(e.w32, nOut*nIn)
	for i, x := range e.w {
		e.w32[i] = float32(x)
	}
	e.v32 = grow32(e.v32, m*nIn)
	for i, x := range v[:m*nIn] {
		e.v32[i] = float32(x)
	}
	e.y32 = grow32(e.y32, m*nOut)
	gemm32(m, nOut, nIn, e.v32, e.w32, e.y32)
	for i, x := range e.y32 {
		y[i] = float64(x)
	}
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func grow32(s []float32, n int) []float32 {
	if cap(s) < n {
		return make([]float32, n)
	}
	return s[:n]
}
