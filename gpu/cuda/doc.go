// Package cuda is a small binding of the CUDA driver API and of NVRTC, the
// CUDA run-time compiler, loaded at run time with purego: libcuda.so.1 and
// libnvrtc (libnvrtc.so.13, libnvrtc.so, libnvrtc.so.12) are opened with
// dlopen when first needed, so critcalc builds with CGO_ENABLED=0 and
// without CUDA headers, and a host without a GPU gets ErrNoDevice instead
// of a link failure.
//
// The loading is compiled in with the build tag cuda only: purego makes a
// binary dynamically linked, whose loader and C library cost every
// command about a millisecond of start-up. Without the tag every load
// fails (ErrNoDevice, ErrNoCompiler) with a message that says to build
// with -tags cuda.
//
// The binding uses the versioned driver exports that current drivers
// provide (cuMemAlloc_v2, cuMemcpyHtoD_v2, cuCtxPushCurrent_v2, …) and the
// device's primary context (cuDevicePrimaryCtxRetain) rather than
// cuCtxCreate, whose signature changed in CUDA 13. Only the calls critcalc
// needs are bound; each returns a Go error that names the call and the
// CUDA result code.
//
// The functions here are thin: they do not make a context current. Package
// gpu wraps them into a Device that does.
package cuda
