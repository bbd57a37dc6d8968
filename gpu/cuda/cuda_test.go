package cuda

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

// A library that does not exist gives ErrNoDevice (driver) and
// ErrNoCompiler (NVRTC), with the library named in the message.
func TestMissingLibraries(t *testing.T) {
	const missing = "libcritcalc-no-such-library.so.1"
	tests := []struct {
		name string
		load func() error
		want error
	}{
		{"driver", func() error { _, err := loadDriver([]string{missing}); return err }, ErrNoDevice},
		{"nvrtc", func() error { _, err := loadNVRTC([]string{missing}); return err }, ErrNoCompiler},
	}
	for _, tt := range tests {
		err := tt.load()
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v, want errors.Is %v", tt.name, err, tt.want)
		}
		if err != nil && !strings.Contains(err.Error(), missing) {
			t.Errorf("%s: error %q does not name the library", tt.name, err)
		}
	}
}

// libm is a library every Linux host has; binding it checks the dlopen and
// call path that the driver binding uses, with CGO_ENABLED=0 too.
func openLibm(t *testing.T) uintptr {
	t.Helper()
	h, _, err := openFirst([]string{"libm.so.6"})
	if err != nil {
		t.Skipf("no libm.so.6: %v", err)
	}
	return h
}

func TestBindCallsC(t *testing.T) {
	h := openLibm(t)
	var cos func(float64) float64
	var ldexp func(float64, int32) float64
	if err := bindAll(h, "libm.so.6", []symbol{{&cos, "cos"}, {&ldexp, "ldexp"}}); err != nil {
		t.Fatal(err)
	}
	// cos is correctly rounded in glibc and Go agrees to 1 ulp.
	if got, want := cos(0.5), math.Cos(0.5); math.Abs(got-want) > 2e-16 {
		t.Errorf("cos(0.5) = %v, want %v", got, want)
	}
	if got := ldexp(1.5, 10); got != 1536 {
		t.Errorf("ldexp(1.5, 10) = %v, want 1536", got)
	}
}

func TestBindMissingExport(t *testing.T) {
	h := openLibm(t)
	var f func() int32
	err := bindAll(h, "libm.so.6", []symbol{{&f, "cuCritcalcNoSuchExport"}})
	if err == nil || !strings.Contains(err.Error(), "cuCritcalcNoSuchExport") {
		t.Errorf("err = %v, want one naming the missing export", err)
	}
}

func TestCallError(t *testing.T) {
	tests := []struct {
		err      *CallError
		msg      string
		noDevice bool
	}{
		{&CallError{Call: "cuInit", Result: ErrorNoDevice, Name: "CUDA_ERROR_NO_DEVICE"}, "cuda: cuInit: CUDA_ERROR_NO_DEVICE (100)", true},
		{&CallError{Call: "cuMemAlloc_v2", Result: 2}, "cuda: cuMemAlloc_v2: error 2", false},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.msg {
			t.Errorf("Error() = %q, want %q", got, tt.msg)
		}
		if got := errors.Is(tt.err, ErrNoDevice); got != tt.noDevice {
			t.Errorf("%v: errors.Is(ErrNoDevice) = %v, want %v", tt.err, got, tt.noDevice)
		}
	}
	e := &NVRTCError{Call: "nvrtcCompileProgram(k.cu)", Result: 6, Msg: "NVRTC_ERROR_COMPILATION", Log: "k.cu(3): error"}
	if got, want := e.Error(), "nvrtc: nvrtcCompileProgram(k.cu): NVRTC_ERROR_COMPILATION (6)\nk.cu(3): error"; got != want {
		t.Errorf("NVRTCError = %q, want %q", got, want)
	}
}

func TestCompileOptions(t *testing.T) {
	tests := []struct {
		major, minor int
		arch         string
	}{
		{9, 0, "--gpu-arch=sm_90"},
		{8, 6, "--gpu-arch=sm_86"},
		{10, 0, "--gpu-arch=sm_100"},
		{12, 1, "--gpu-arch=sm_121"},
	}
	for _, tt := range tests {
		opts := CompileOptions(tt.major, tt.minor)
		if opts[0] != tt.arch {
			t.Errorf("CompileOptions(%d, %d)[0] = %q, want %q", tt.major, tt.minor, opts[0], tt.arch)
		}
		if !strings.Contains(strings.Join(opts, " "), "--fmad=false") {
			t.Errorf("CompileOptions(%d, %d) = %q: FMA contraction not disabled", tt.major, tt.minor, opts)
		}
	}
}

func TestGoString(t *testing.T) {
	b := []byte("CUDA_ERROR_INVALID_VALUE\x00junk")
	if got := goString(&b[0]); got != "CUDA_ERROR_INVALID_VALUE" {
		t.Errorf("goString = %q", got)
	}
	if got := goString(nil); got != "" {
		t.Errorf("goString(nil) = %q", got)
	}
}

// On a GPU host the driver loads and reports a device with a compute
// capability; elsewhere the test skips, unless CRITCALC_REQUIRE_GPU=1.
func TestDriverOnGPU(t *testing.T) {
	d, err := LoadDriver()
	if err != nil {
		if os.Getenv("CRITCALC_REQUIRE_GPU") == "1" {
			t.Fatalf("CRITCALC_REQUIRE_GPU=1 but: %v", err)
		}
		t.Skipf("no GPU: %v", err)
	}
	n, err := d.DeviceCount()
	if err != nil || n < 1 {
		t.Fatalf("DeviceCount = %d, %v", n, err)
	}
	dev, err := d.Device(0)
	if err != nil {
		t.Fatal(err)
	}
	major, err := d.Attribute(dev, AttrComputeCapabilityMajor)
	if err != nil || major < 3 {
		t.Fatalf("compute capability major = %d, %v", major, err)
	}
}
