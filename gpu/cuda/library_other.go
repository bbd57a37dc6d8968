//go:build !(cuda && (linux || darwin))

package cuda

import (
	"fmt"
	"runtime"
)

// Without the build tag cuda, or on a system where purego cannot load
// libraries without cgo, every load fails, so the driver reports
// ErrNoDevice and NVRTC ErrNoCompiler. A binary that can load libraries at
// run time is dynamically linked, and its dynamic loader and C library
// cost every command about a millisecond of start-up: the binding is
// compiled in only where it is asked for.

// noLoading says why no library can be loaded.
func noLoading() string {
	if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		return "this critcalc was built without its CUDA binding (build it with -tags cuda)"
	}
	return "run-time loading of CUDA is not supported on " + runtime.GOOS
}

func openFirst(names []string) (uintptr, string, error) {
	return 0, "", fmt.Errorf("cannot load %v: %s", names, noLoading())
}

// symbol is one C function to bind: a pointer to a Go func variable and the
// exported name.
type symbol struct {
	fptr any
	name string
}

func bindAll(handle uintptr, lib string, syms []symbol) error {
	return fmt.Errorf("%s: %s", lib, noLoading())
}
