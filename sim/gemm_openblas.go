//go:build openblas && cgo

package sim

/*
#cgo LDFLAGS: -lopenblas
#include <cblas.h>
void openblas_set_num_threads(int);
*/
import "C"

import "unsafe"

// GemmBackend names the matrix-multiply library of the explicit sampler:
// "gonum" (pure Go, the default) or "openblas" (build tag openblas, cgo).
const GemmBackend = "openblas"

func init() {
	// The sampler runs one network per core already; OpenBLAS's own
	// threads would only compete with them.
	C.openblas_set_num_threads(1)
}

// gemm64 computes C = A·Bᵀ for row-major A (m×k), B (n×k), C (m×n) with
// OpenBLAS's cblas_dgemm. Results agree with the gonum build to rounding,
// not bit for bit.
func gemm64(m, n, k int, a, b, c []float64) {
	C.cblas_dgemm(C.CblasRowMajor, C.CblasNoTrans, C.CblasTrans, C.blasint(m), C.blasint(n), C.blasint(k), 1,
		(*C.double)(unsafe.Pointer(&a[0])), C.blasint(k), (*C.double)(unsafe.Pointer(&b[0])), C.blasint(k),
		0, (*C.double)(unsafe.Pointer(&c[0])), C.blasint(n))
}

// gemm32 is gemm64 in float32 (cblas_sgemm).
func gemm32(m, n, k int, a, b, c []float32) {
	C.cblas_sgemm(C.CblasRowMajor, C.CblasNoTrans, C.CblasTrans, C.blasint(m), C.blasint(n), C.blasint(k), 1,
		(*C.float)(unsafe.Pointer(&a[0])), C.blasint(k), (*C.float)(unsafe.Pointer(&b[0])), C.blasint(k),
		0, (*C.float)(unsafe.Pointer(&c[0])), C.blasint(n))
}
