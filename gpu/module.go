package gpu

import (
	"fmt"
	"runtime"
	"unsafe"

	"critcalc/gpu/cuda"
)

// Module is compiled code loaded on a device.
type Module struct {
	d *Device
	m cuda.Module
}

// Function is a kernel of a Module.
type Function struct {
	Name string
	f    cuda.Function
}

// Compile compiles CUDA C++ source with NVRTC for the device's
// architecture (--gpu-arch=sm_XY, no fused multiply-add contraction) and
// loads the CUBIN. name is the source's file name in compiler messages.
// A compilation error carries the compiler log.
func (d *Device) Compile(src, name string) (*Module, error) {
	nv, err := cuda.LoadNVRTC()
	if err != nil {
		return nil, fmt.Errorf("gpu: compile %s: %w", name, err)
	}
	image, err := nv.Compile(src, name, d.Major, d.Minor)
	if err != nil {
		return nil, fmt.Errorf("gpu: compile %s: %w", name, err)
	}
	m := &Module{d: d}
	if err := d.do(func() (err error) { m.m, err = d.drv.ModuleLoadData(image); return err }); err != nil {
		return nil, fmt.Errorf("gpu: load %s: %w", name, err)
	}
	return m, nil
}

// Function returns the kernel called name (an extern "C" name).
func (m *Module) Function(name string) (Function, error) {
	fn := Function{Name: name}
	err := m.d.do(func() (err error) { fn.f, err = m.d.drv.ModuleFunction(m.m, name); return err })
	if err != nil {
		return Function{}, fmt.Errorf("gpu: %w", err)
	}
	return fn, nil
}

// Close unloads the module.
func (m *Module) Close() error {
	return m.d.do(func() error { return m.d.drv.ModuleUnload(m.m) })
}

// kernelArg returns a pointer to a fresh copy of a kernel argument. The Go
// type must match the C parameter: Buffer for a pointer, int32 for int,
// uint32 for unsigned int, int64/uint64 for long long/unsigned long long,
// float32 for float, float64 for double.
func kernelArg(a any) (unsafe.Pointer, error) {
	switch v := a.(type) {
	case Buffer:
		p := new(uint64)
		*p = uint64(v.Ptr)
		return unsafe.Pointer(p), nil
	case int32:
		return unsafe.Pointer(&v), nil
	case uint32:
		return unsafe.Pointer(&v), nil
	case int64:
		return unsafe.Pointer(&v), nil
	case uint64:
		return unsafe.Pointer(&v), nil
	case float32:
		return unsafe.Pointer(&v), nil
	case float64:
		return unsafe.Pointer(&v), nil
	}
	return nil, fmt.Errorf("gpu: kernel argument of type %T (want Buffer, int32, uint32, int64, uint64, float32 or float64)", a)
}

// Launch starts kernel f with geometry c and arguments args (see
// kernelArg for the Go type of each C parameter). It does not wait for the
// kernel to finish; Synchronize or a CopyOut does.
func (d *Device) Launch(f Function, c LaunchConfig, args ...any) error {
	if c.Threads() == 0 {
		return fmt.Errorf("gpu: launch %s with an empty grid or block", f.Name)
	}
	params := make([]unsafe.Pointer, max(len(args), 1))
	var pin runtime.Pinner
	defer pin.Unpin()
	for i, a := range args {
		p, err := kernelArg(a)
		if err != nil {
			return fmt.Errorf("launch %s: argument %d: %w", f.Name, i, err)
		}
		pin.Pin(p)
		params[i] = p
	}
	pin.Pin(&params[0])
	err := d.do(func() error {
		return d.drv.LaunchKernel(f.f, [3]uint32{c.Grid.X, c.Grid.Y, c.Grid.Z},
			[3]uint32{c.Block.X, c.Block.Y, c.Block.Z}, 0, unsafe.Pointer(&params[0]))
	})
	if err != nil {
		return fmt.Errorf("gpu: launch %s: %w", f.Name, err)
	}
	return nil
}
