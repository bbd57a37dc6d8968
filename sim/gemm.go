//go:build !openblas || !cgo

package sim

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
)

// GemmBackend names the matrix-multiply library of the explicit sampler:
// "gonum" (pure Go, the default) or "openblas" (build tag openblas, cgo).
const GemmBackend = "gonum"

// gemm64 computes C = A·Bᵀ for row-major A (m×k), B (n×k), C (m×n).
func gemm64(m, n, k int, a, b, c []float64) {
	blas64.Gemm(blas.NoTrans, blas.Trans, 1,
		blas64.General{Rows: m, Cols: k, Data: a, Stride: k},
		blas64.General{Rows: n, Cols: k, Data: b, Stride: k},
		0, blas64.General{Rows: m, Cols: n, Data: c, Stride: n})
}

// gemm32 is gemm64 in float32.
func gemm32(m, n, k int, a, b, c []float32) {
	blas32.Gemm(blas.NoTrans, blas.Trans, 1,
		blas32.General{Rows: m, Cols: k, Data: a, Stride: k},
		blas32.General{Rows: n, Cols: k, Data: b, Stride: k},
		0, blas32.General{Rows: m, Cols: n, Data: c, Stride: n})
}
