package cuda

import (
	"errors"
	"fmt"
)

// ErrNoDevice is returned (wrapped) when the CUDA driver library cannot be
// loaded or reports no usable device: the host has no NVIDIA GPU or no
// driver.
var ErrNoDevice = errors.New("no CUDA device")

// ErrNoCompiler is returned (wrapped) when no NVRTC library can be loaded.
var ErrNoCompiler = errors.New("no NVRTC run-time compiler")

// Result is a CUresult, the status code of a driver API call.
type Result int32

// Driver API status codes that critcalc treats specially (cuda.h).
const (
	Success         Result = 0
	ErrorNoDevice   Result = 100 // CUDA_ERROR_NO_DEVICE
	ErrorNotFound   Result = 500 // CUDA_ERROR_NOT_FOUND
	ErrorNoBinary   Result = 209 // CUDA_ERROR_NO_BINARY_FOR_GPU
	ErrorInvalidPTX Result = 218 // CUDA_ERROR_INVALID_PTX
)

// CallError is a failed driver API call.
type CallError struct {
	Call   string // the driver function, e.g. "cuMemAlloc_v2"
	Result Result
	Name   string // the result's name from cuGetErrorName, when available
}

// Error names the call and the result.
func (e *CallError) Error() string {
	if e.Name != "" {
		return fmt.Sprintf("cuda: %s: %s (%d)", e.Call, e.Name, e.Result)
	}
	return fmt.Sprintf("cuda: %s: error %d", e.Call, e.Result)
}

// Is makes errors.Is(err, ErrNoDevice) true for CUDA_ERROR_NO_DEVICE.
func (e *CallError) Is(target error) bool {
	return target == ErrNoDevice && e.Result == ErrorNoDevice
}

// NVRTCError is a failed NVRTC call; for a compilation it carries the
// compiler's log.
type NVRTCError struct {
	Call   string
	Result int32
	Msg    string // nvrtcGetErrorString
	Log    string // the program log, for nvrtcCompileProgram
}

// Error names the call and the result, followed by the compiler log.
func (e *NVRTCError) Error() string {
	s := fmt.Sprintf("nvrtc: %s: %s (%d)", e.Call, e.Msg, e.Result)
	if e.Log != "" {
		s += "\n" + e.Log
	}
	return s
}
