//go:build cuda && (linux || darwin)

package cuda

import (
	"fmt"
	"strings"

	"github.com/ebitengine/purego"
)

// openFirst dlopens the first library of names that loads and returns its
// handle and name; the error lists why each failed.
func openFirst(names []string) (handle uintptr, name string, err error) {
	var why []string
	for _, n := range names {
		h, err := purego.Dlopen(n, purego.RTLD_NOW|purego.RTLD_GLOBAL)
		if err == nil {
			return h, n, nil
		}
		why = append(why, fmt.Sprintf("%s: %v", n, err))
	}
	return 0, "", fmt.Errorf("cannot load %s", strings.Join(why, "; "))
}

// symbol is one C function to bind: a pointer to a Go func variable and the
// exported name.
type symbol struct {
	fptr any
	name string
}

// bindAll binds every symbol of syms in the library handle; it fails on the
// first missing export, naming it, instead of panicking as
// purego.RegisterLibFunc does.
func bindAll(handle uintptr, lib string, syms []symbol) error {
	for _, s := range syms {
		addr, err := purego.Dlsym(handle, s.name)
		if err != nil || addr == 0 {
			return fmt.Errorf("%s has no export %s: %v", lib, s.name, err)
		}
		purego.RegisterFunc(s.fptr, addr)
	}
	return nil
}
