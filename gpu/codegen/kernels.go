package codegen

import (
	"strings"

	"critcalc/calc"
)

// Kernel names (extern "C", so these are the names cuModuleGetFunction
// takes) for each precision; Name appends "_f64" or "_f32".
const (
	KernelFillNormal      = "cc_fill_normal"      // (T* w, u64 n, u64 seed, u64 stream, double scale, int add)
	KernelActivation      = "cc_activation"       // (const T* z, T* a, u64 n): a = act(z)
	KernelActivationDeriv = "cc_activation_deriv" // (const T* z, T* a, u64 n): a = act′(z)
	KernelGEMM            = "cc_gemm"             // (const T* A, const T* B, T* C, int M, int N, int K)
	KernelSumSquaresRows  = "cc_sumsq_rows"       // (const T* x, double* out, int rows, u64 n)
)

// Tile is the GEMM tile edge: blocks of Tile×Tile threads, each computing
// one element of C from Tile-wide slabs of A and B in shared memory.
const Tile = 16

// ReduceThreads is the block size the sum-of-squares kernel must be
// launched with (a power of two).
const ReduceThreads = 256

// Name returns the name of kernel k at precision p, e.g. cc_gemm_f64.
func Name(k string, p Precision) string {
	if p == Float32 {
		return k + "_f32"
	}
	return k + "_f64"
}

// header defines CC_KERNEL and the launch constants.
const header = `// critcalc GPU kernels, generated source; compiled at run time by NVRTC.
#define CC_KERNEL extern "C" __global__
#define CC_TILE 16
#define CC_REDUCE_THREADS 256
`

// kernelTemplate holds the kernels of one precision: {T} is the element
// type, {SUF} the kernel name suffix, {F} the activation's name suffix.
const kernelTemplate = `
// w[i] = scale*z_i (add = 0) or w[i] += scale*z_i (add != 0) for i < n, where
// z_i is normal variate number i of the stream: block i/2, z0 for even i and
// z1 for odd i. One thread per block of the generator, grid-stride loop.
CC_KERNEL void cc_fill_normal{SUF}({T}* w, unsigned long long n, unsigned long long seed, unsigned long long stream, double scale, int add) {
	const unsigned long long pairs = (n + 1) / 2;
	const unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
	for (unsigned long long k = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; k < pairs; k += step) {
		double z0, z1;
		cc_normals(seed, stream, k, &z0, &z1);
		const unsigned long long i = 2 * k;
		w[i] = ({T})(add ? (double)w[i] + scale * z0 : scale * z0);
		if (i + 1 < n) {
			w[i + 1] = ({T})(add ? (double)w[i + 1] + scale * z1 : scale * z1);
		}
	}
}

// a[i] = act(z[i]) for i < n, grid-stride loop.
CC_KERNEL void cc_activation{SUF}(const {T}* z, {T}* a, unsigned long long n) {
	const unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
	for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
		a[i] = act{F}(z[i]);
	}
}

// a[i] = act'(z[i]) for i < n, grid-stride loop.
CC_KERNEL void cc_activation_deriv{SUF}(const {T}* z, {T}* a, unsigned long long n) {
	const unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
	for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
		a[i] = act_deriv{F}(z[i]);
	}
}

// C = A*B, row-major, A MxK, B KxN, C MxN. Block (CC_TILE, CC_TILE), grid
// (ceil(N/CC_TILE), ceil(M/CC_TILE)). Ragged edges are padded with zeros in
// shared memory. Each C[i][j] is the sum over k = 0, 1, ..., K-1 in order of
// A[i][k]*B[k][j], as a plain loop computes it.
CC_KERNEL void cc_gemm{SUF}(const {T}* A, const {T}* B, {T}* C, int M, int N, int K) {
	__shared__ {T} As[CC_TILE][CC_TILE];
	__shared__ {T} Bs[CC_TILE][CC_TILE];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int row = blockIdx.y * CC_TILE + ty;
	const int col = blockIdx.x * CC_TILE + tx;
	{T} acc = ({T})0;
	for (int t = 0; t < K; t += CC_TILE) {
		As[ty][tx] = (row < M && t + tx < K) ? A[(long long)row * K + t + tx] : ({T})0;
		Bs[ty][tx] = (t + ty < K && col < N) ? B[(long long)(t + ty) * N + col] : ({T})0;
		__syncthreads();
		const int kmax = K - t < CC_TILE ? K - t : CC_TILE;
		for (int k = 0; k < kmax; ++k) {
			acc += As[ty][k] * Bs[k][tx];
		}
		__syncthreads();
	}
	if (row < M && col < N) {
		C[(long long)row * N + col] = acc;
	}
}

// out[r] = sum of x[r*n + i]^2 over i < n, in double, for each row r: one
// block of CC_REDUCE_THREADS threads per row; thread t sums i = t, t + 256, ...
// in order, then a fixed tree adds the partial sums, so the result does not
// depend on the device.
CC_KERNEL void cc_sumsq_rows{SUF}(const {T}* x, double* out, int rows, unsigned long long n) {
	__shared__ double part[CC_REDUCE_THREADS];
	const int row = blockIdx.x;
	if (row >= rows) {
		return;
	}
	const {T}* xr = x + (unsigned long long)row * n;
	double s = 0.0;
	for (unsigned long long i = threadIdx.x; i < n; i += CC_REDUCE_THREADS) {
		const double v = (double)xr[i];
		s += v * v;
	}
	part[threadIdx.x] = s;
	__syncthreads();
	for (int h = CC_REDUCE_THREADS / 2; h > 0; h >>= 1) {
		if ((int)threadIdx.x < h) {
			part[threadIdx.x] += part[threadIdx.x + h];
		}
		__syncthreads();
	}
	if (threadIdx.x == 0) {
		out[row] = part[0];
	}
}
`

// Kernels returns the kernels of precision p; they call the activation of
// that precision (act or actf), which must be defined before them.
func Kernels(p Precision) string {
	suf := "_f64"
	if p == Float32 {
		suf = "_f32"
	}
	return strings.NewReplacer("{T}", p.CType(), "{SUF}", suf, "{F}", p.Suffix()).Replace(kernelTemplate)
}

// Module returns the complete CUDA source of critcalc's kernels for the
// activation e, in both precisions: Philox, the helpers, act and act_deriv
// (actf, act_derivf), and every kernel of this file. Load it with
// gpu.Device.Compile.
func Module(e calc.Expr) (string, error) {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString(PhiloxSource)
	for _, p := range []Precision{Float64, Float32} {
		act, err := Activation(e, p)
		if err != nil {
			return "", err
		}
		b.WriteString(Prelude(p))
		b.WriteString(act)
		b.WriteString(Kernels(p))
	}
	return b.String(), nil
}
