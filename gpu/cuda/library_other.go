//go:build !(linux || darwin)

package cuda

import (
	"fmt"
	"runtime"
)

// On this system purego cannot load libraries without cgo: every load
// fails, so the driver reports ErrNoDevice and NVRTC ErrNoCompiler.

func openFirst(names []string) (uintptr, string, error) {
	return 0, "", fmt.Errorf("cannot load %v: run-time loading of CUDA is not supported on %s", names, runtime.GOOS)
}

// symbol is one C function to bind: a pointer to a Go func variable and the
// exported name.
type symbol struct {
	fptr any
	name string
}

func bindAll(handle uintptr, lib string, syms []symbol) error {
	return fmt.Errorf("%s: run-time loading of CUDA is not supported on %s", lib, runtime.GOOS)
}
