package cuda

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// NVRTCLibraries are the names tried, in order, for the NVRTC library.
var NVRTCLibraries = []string{"libnvrtc.so.13", "libnvrtc.so", "libnvrtc.so.12"}

// NVRTC holds the bound NVRTC functions. Obtain it with LoadNVRTC.
type NVRTC struct {
	Library string // the library that was loaded

	nvrtcVersion           func(major, minor *int32) int32
	nvrtcGetErrorString    func(r int32) string
	nvrtcCreateProgram     func(prog *uintptr, src, name string, numHeaders int32, headers, includeNames unsafe.Pointer) int32
	nvrtcCompileProgram    func(prog uintptr, numOptions int32, options unsafe.Pointer) int32
	nvrtcGetProgramLogSize func(prog uintptr, size *uintptr) int32
	nvrtcGetProgramLog     func(prog uintptr, log *byte) int32
	nvrtcGetCUBINSize      func(prog uintptr, size *uintptr) int32
	nvrtcGetCUBIN          func(prog uintptr, cubin *byte) int32
	nvrtcDestroyProgram    func(prog *uintptr) int32
}

var nvrtc struct {
	once sync.Once
	n    *NVRTC
	err  error
}

// LoadNVRTC loads the NVRTC library once per process; the error wraps
// ErrNoCompiler when none of NVRTCLibraries loads.
func LoadNVRTC() (*NVRTC, error) {
	nvrtc.once.Do(func() { nvrtc.n, nvrtc.err = loadNVRTC(NVRTCLibraries) })
	return nvrtc.n, nvrtc.err
}

func loadNVRTC(names []string) (*NVRTC, error) {
	h, lib, err := openFirst(names)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoCompiler, err)
	}
	n := &NVRTC{Library: lib}
	syms := []symbol{
		{&n.nvrtcVersion, "nvrtcVersion"},
		{&n.nvrtcGetErrorString, "nvrtcGetErrorString"},
		{&n.nvrtcCreateProgram, "nvrtcCreateProgram"},
		{&n.nvrtcCompileProgram, "nvrtcCompileProgram"},
		{&n.nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize"},
		{&n.nvrtcGetProgramLog, "nvrtcGetProgramLog"},
		{&n.nvrtcGetCUBINSize, "nvrtcGetCUBINSize"},
		{&n.nvrtcGetCUBIN, "nvrtcGetCUBIN"},
		{&n.nvrtcDestroyProgram, "nvrtcDestroyProgram"},
	}
	if err := bindAll(h, lib, syms); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoCompiler, err)
	}
	return n, nil
}

func (n *NVRTC) check(call string, r int32) error {
	if r == 0 {
		return nil
	}
	return &NVRTCError{Call: call, Result: r, Msg: n.nvrtcGetErrorString(r)}
}

// Version returns NVRTC's major and minor version.
func (n *NVRTC) Version() (major, minor int, err error) {
	var a, b int32
	err = n.check("nvrtcVersion", n.nvrtcVersion(&a, &b))
	return int(a), int(b), err
}

// CompileOptions returns the NVRTC options critcalc compiles with for a
// device of compute capability major.minor: code for exactly that
// architecture (a CUBIN), and no contraction of a·b + c into fused
// multiply-adds, so that every operation rounds as the same float64
// operation in Go does.
func CompileOptions(major, minor int) []string {
	return []string{fmt.Sprintf("--gpu-arch=sm_%d%d", major, minor), "--fmad=false", "--std=c++17"}
}

// Compile compiles CUDA C++ source for compute capability major.minor
// and returns the CUBIN image. name is the program's file name in
// diagnostics. A failed compilation returns an *NVRTCError with the log.
func (n *NVRTC) Compile(src, name string, major, minor int) ([]byte, error) {
	var prog uintptr
	if err := n.check("nvrtcCreateProgram", n.nvrtcCreateProgram(&prog, src, name, 0, nil, nil)); err != nil {
		return nil, err
	}
	defer n.nvrtcDestroyProgram(&prog)

	opts := CompileOptions(major, minor)
	cstrs := make([][]byte, len(opts))
	ptrs := make([]*byte, len(opts))
	var pin runtime.Pinner
	defer pin.Unpin()
	for i, o := range opts {
		cstrs[i] = append([]byte(o), 0)
		ptrs[i] = &cstrs[i][0]
		pin.Pin(ptrs[i])
	}
	pin.Pin(&ptrs[0])
	if r := n.nvrtcCompileProgram(prog, int32(len(ptrs)), unsafe.Pointer(&ptrs[0])); r != 0 {
		err := n.check("nvrtcCompileProgram("+name+")", r).(*NVRTCError)
		err.Log = n.log(prog)
		return nil, err
	}
	var size uintptr
	if err := n.check("nvrtcGetCUBINSize", n.nvrtcGetCUBINSize(prog, &size)); err != nil {
		return nil, err
	}
	if size == 0 {
		return nil, fmt.Errorf("nvrtc: %s: empty CUBIN for sm_%d%d", name, major, minor)
	}
	image := make([]byte, size)
	if err := n.check("nvrtcGetCUBIN", n.nvrtcGetCUBIN(prog, &image[0])); err != nil {
		return nil, err
	}
	return image, nil
}

// log returns the program's compilation log.
func (n *NVRTC) log(prog uintptr) string {
	var size uintptr
	if n.nvrtcGetProgramLogSize(prog, &size) != 0 || size <= 1 {
		return ""
	}
	buf := make([]byte, size)
	if n.nvrtcGetProgramLog(prog, &buf[0]) != 0 {
		return ""
	}
	return goString(&buf[0])
}
