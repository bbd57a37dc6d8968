package gpu

import (
	"fmt"
	"runtime"
	"sync"

	"critcalc/calc"
	"critcalc/gpu/cuda"
)

// Device is one CUDA device and its primary context. Its methods are safe
// for concurrent use: each makes the context current on a locked OS thread
// for the duration of the call, and calls are serialized.
type Device struct {
	Name         string // as the driver reports it
	Major, Minor int    // compute capability

	mu   sync.Mutex
	drv  *cuda.Driver
	dev  int32
	ctx  cuda.Context
	open bool

	cacheMu sync.Mutex
	forward map[calc.Expr]forwardKernels // compiled ExplicitForward kernels by activation
}

// Open opens device 0. Without a usable device the error wraps
// ErrNoDevice.
func Open() (*Device, error) { return OpenOrdinal(0) }

// OpenOrdinal opens device number ordinal and retains its primary
// context; Close releases it.
func OpenOrdinal(ordinal int) (*Device, error) {
	drv, err := cuda.LoadDriver()
	if err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	n, err := drv.DeviceCount()
	if err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	if ordinal < 0 || ordinal >= n {
		return nil, fmt.Errorf("gpu: open device %d: %w (%d devices)", ordinal, ErrNoDevice, n)
	}
	d := &Device{drv: drv}
	if d.dev, err = drv.Device(ordinal); err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	if d.Name, err = drv.DeviceName(d.dev); err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	if d.Major, err = drv.Attribute(d.dev, cuda.AttrComputeCapabilityMajor); err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	if d.Minor, err = drv.Attribute(d.dev, cuda.AttrComputeCapabilityMinor); err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	if d.ctx, err = drv.RetainPrimaryContext(d.dev); err != nil {
		return nil, fmt.Errorf("gpu: open device %d: %w", ordinal, err)
	}
	d.open = true
	return d, nil
}

// String describes the device, e.g. "NVIDIA H100 (sm_90)".
func (d *Device) String() string { return fmt.Sprintf("%s (sm_%d%d)", d.Name, d.Major, d.Minor) }

// Close unloads the modules ExplicitForward compiled and releases the
// primary context. Memory and modules of the device must not be used
// afterwards.
func (d *Device) Close() error {
	d.cacheMu.Lock()
	for _, k := range d.forward {
		k.mod.Close()
	}
	d.forward = nil
	d.cacheMu.Unlock()
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.open {
		return nil
	}
	d.open = false
	return d.drv.ReleasePrimaryContext(d.dev)
}

// do runs f with the device's context current on a locked OS thread.
func (d *Device) do(f func() error) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.open {
		return fmt.Errorf("gpu: device %s is closed", d.Name)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := d.drv.PushContext(d.ctx); err != nil {
		return err
	}
	err := f()
	if perr := d.drv.PopContext(); err == nil {
		err = perr
	}
	return err
}

// Synchronize waits until all launched work has finished and reports
// errors of asynchronous work.
func (d *Device) Synchronize() error {
	return d.do(d.drv.Synchronize)
}
