//go:build !(cuda && (linux || darwin))

package cuda

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// Without the binding every load fails as a missing device or compiler,
// and on Linux and macOS the message says how to build with the binding.
func TestNoBindingSaysHow(t *testing.T) {
	_, err := loadDriver([]string{"libcuda.so.1"})
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("loadDriver: %v, want an error wrapping ErrNoDevice", err)
	}
	_, err2 := loadNVRTC([]string{"libnvrtc.so"})
	if !errors.Is(err2, ErrNoCompiler) {
		t.Fatalf("loadNVRTC: %v, want an error wrapping ErrNoCompiler", err2)
	}
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		return
	}
	for _, e := range []error{err, err2} {
		if !strings.Contains(e.Error(), "-tags cuda") {
			t.Errorf("%v: does not say to build with -tags cuda", e)
		}
	}
}
