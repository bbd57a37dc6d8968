package gpu

import "critcalc/gpu/cuda"

// ErrNoDevice is wrapped by the errors of Open, ExplicitForward and
// Device methods when no CUDA device is usable: no driver library, no
// device, or a driver that fails to initialize.
var ErrNoDevice = cuda.ErrNoDevice

// ErrNoCompiler is wrapped by Compile's error when NVRTC cannot be loaded.
var ErrNoCompiler = cuda.ErrNoCompiler
