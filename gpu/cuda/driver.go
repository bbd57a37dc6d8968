package cuda

import (
	"fmt"
	"sync"
	"unsafe"
)

// DriverLibraries are the names tried, in order, for the driver library.
var DriverLibraries = []string{"libcuda.so.1", "libcuda.so"}

// Device attributes (CUdevice_attribute, cuda.h).
const (
	AttrMaxThreadsPerBlock     = 1
	AttrMaxGridDimX            = 5
	AttrMaxGridDimY            = 6
	AttrMaxSharedMemPerBlock   = 8
	AttrMultiprocessorCount    = 16
	AttrComputeCapabilityMajor = 75
	AttrComputeCapabilityMinor = 76
)

// DevicePtr is a CUdeviceptr, an address in device memory.
type DevicePtr uint64

// Context, Module and Function are the driver's opaque handles.
type (
	Context  uintptr
	Module   uintptr
	Function uintptr
)

// Driver holds the bound driver API functions. Obtain it with LoadDriver.
type Driver struct {
	Library string // the library that was loaded

	cuInit                       func(flags uint32) Result
	cuDriverGetVersion           func(v *int32) Result
	cuDeviceGetCount             func(n *int32) Result
	cuDeviceGet                  func(d *int32, ordinal int32) Result
	cuDeviceGetName              func(name *byte, n int32, dev int32) Result
	cuDeviceGetAttribute         func(v *int32, attr int32, dev int32) Result
	cuDevicePrimaryCtxRetain     func(ctx *Context, dev int32) Result
	cuDevicePrimaryCtxRelease_v2 func(dev int32) Result
	cuCtxPushCurrent_v2          func(ctx Context) Result
	cuCtxPopCurrent_v2           func(ctx *Context) Result
	cuCtxSynchronize             func() Result
	cuMemAlloc_v2                func(p *DevicePtr, bytes uintptr) Result
	cuMemFree_v2                 func(p DevicePtr) Result
	cuMemcpyHtoD_v2              func(dst DevicePtr, src unsafe.Pointer, n uintptr) Result
	cuMemcpyDtoH_v2              func(dst unsafe.Pointer, src DevicePtr, n uintptr) Result
	cuModuleLoadData             func(m *Module, image unsafe.Pointer) Result
	cuModuleUnload               func(m Module) Result
	cuModuleGetFunction          func(f *Function, m Module, name string) Result
	cuLaunchKernel               func(f Function, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params, extra unsafe.Pointer) Result
	cuGetErrorName               func(r Result, s **byte) Result
}

var driver struct {
	once sync.Once
	d    *Driver
	err  error
}

// LoadDriver loads and initializes the driver library once per process.
// When the library cannot be loaded, cuInit fails, or no device is
// present, the error wraps ErrNoDevice.
func LoadDriver() (*Driver, error) {
	driver.once.Do(func() { driver.d, driver.err = loadDriver(DriverLibraries) })
	return driver.d, driver.err
}

func loadDriver(names []string) (*Driver, error) {
	h, lib, err := openFirst(names)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	d := &Driver{Library: lib}
	syms := []symbol{
		{&d.cuInit, "cuInit"},
		{&d.cuDriverGetVersion, "cuDriverGetVersion"},
		{&d.cuDeviceGetCount, "cuDeviceGetCount"},
		{&d.cuDeviceGet, "cuDeviceGet"},
		{&d.cuDeviceGetName, "cuDeviceGetName"},
		{&d.cuDeviceGetAttribute, "cuDeviceGetAttribute"},
		{&d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"},
		{&d.cuDevicePrimaryCtxRelease_v2, "cuDevicePrimaryCtxRelease_v2"},
		{&d.cuCtxPushCurrent_v2, "cuCtxPushCurrent_v2"},
		{&d.cuCtxPopCurrent_v2, "cuCtxPopCurrent_v2"},
		{&d.cuCtxSynchronize, "cuCtxSynchronize"},
		{&d.cuMemAlloc_v2, "cuMemAlloc_v2"},
		{&d.cuMemFree_v2, "cuMemFree_v2"},
		{&d.cuMemcpyHtoD_v2, "cuMemcpyHtoD_v2"},
		{&d.cuMemcpyDtoH_v2, "cuMemcpyDtoH_v2"},
		{&d.cuModuleLoadData, "cuModuleLoadData"},
		{&d.cuModuleUnload, "cuModuleUnload"},
		{&d.cuModuleGetFunction, "cuModuleGetFunction"},
		{&d.cuLaunchKernel, "cuLaunchKernel"},
		{&d.cuGetErrorName, "cuGetErrorName"},
	}
	if err := bindAll(h, lib, syms); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	if err := d.check("cuInit", d.cuInit(0)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	return d, nil
}

// check turns a driver result into an error naming the call.
func (d *Driver) check(call string, r Result) error {
	if r == Success {
		return nil
	}
	e := &CallError{Call: call, Result: r}
	var p *byte
	if d.cuGetErrorName != nil && d.cuGetErrorName(r, &p) == Success {
		e.Name = goString(p)
	}
	return e
}

// goString copies the NUL-terminated C string at p.
func goString(p *byte) string {
	if p == nil {
		return ""
	}
	var b []byte
	for q := unsafe.Pointer(p); *(*byte)(q) != 0; q = unsafe.Add(q, 1) {
		b = append(b, *(*byte)(q))
	}
	return string(b)
}

// Version returns the driver's CUDA version, e.g. 13000 for 13.0.
func (d *Driver) Version() (int, error) {
	var v int32
	err := d.check("cuDriverGetVersion", d.cuDriverGetVersion(&v))
	return int(v), err
}

// DeviceCount returns the number of CUDA devices.
func (d *Driver) DeviceCount() (int, error) {
	var n int32
	err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n))
	return int(n), err
}

// Device returns the handle of device number ordinal.
func (d *Driver) Device(ordinal int) (int32, error) {
	var dev int32
	err := d.check("cuDeviceGet", d.cuDeviceGet(&dev, int32(ordinal)))
	return dev, err
}

// DeviceName returns the device's name.
func (d *Driver) DeviceName(dev int32) (string, error) {
	buf := make([]byte, 256)
	if err := d.check("cuDeviceGetName", d.cuDeviceGetName(&buf[0], int32(len(buf)), dev)); err != nil {
		return "", err
	}
	return goString(&buf[0]), nil
}

// Attribute returns a device attribute (one of the Attr constants).
func (d *Driver) Attribute(dev int32, attr int32) (int, error) {
	var v int32
	err := d.check(fmt.Sprintf("cuDeviceGetAttribute(%d)", attr), d.cuDeviceGetAttribute(&v, attr, dev))
	return int(v), err
}

// RetainPrimaryContext retains the device's primary context.
func (d *Driver) RetainPrimaryContext(dev int32) (Context, error) {
	var c Context
	err := d.check("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain(&c, dev))
	return c, err
}

// ReleasePrimaryContext releases the device's primary context.
func (d *Driver) ReleasePrimaryContext(dev int32) error {
	return d.check("cuDevicePrimaryCtxRelease_v2", d.cuDevicePrimaryCtxRelease_v2(dev))
}

// PushContext makes c current on the calling OS thread.
func (d *Driver) PushContext(c Context) error {
	return d.check("cuCtxPushCurrent_v2", d.cuCtxPushCurrent_v2(c))
}

// PopContext undoes PushContext on the calling OS thread.
func (d *Driver) PopContext() error {
	var c Context
	return d.check("cuCtxPopCurrent_v2", d.cuCtxPopCurrent_v2(&c))
}

// Synchronize waits for all work of the current context.
func (d *Driver) Synchronize() error { return d.check("cuCtxSynchronize", d.cuCtxSynchronize()) }

// MemAlloc allocates bytes of device memory in the current context.
func (d *Driver) MemAlloc(bytes int) (DevicePtr, error) {
	var p DevicePtr
	err := d.check(fmt.Sprintf("cuMemAlloc_v2(%d bytes)", bytes), d.cuMemAlloc_v2(&p, uintptr(bytes)))
	return p, err
}

// MemFree frees device memory.
func (d *Driver) MemFree(p DevicePtr) error { return d.check("cuMemFree_v2", d.cuMemFree_v2(p)) }

// MemcpyHtoD copies n bytes from host memory src to device memory dst.
func (d *Driver) MemcpyHtoD(dst DevicePtr, src unsafe.Pointer, n int) error {
	return d.check("cuMemcpyHtoD_v2", d.cuMemcpyHtoD_v2(dst, src, uintptr(n)))
}

// MemcpyDtoH copies n bytes from device memory src to host memory dst.
func (d *Driver) MemcpyDtoH(dst unsafe.Pointer, src DevicePtr, n int) error {
	return d.check("cuMemcpyDtoH_v2", d.cuMemcpyDtoH_v2(dst, src, uintptr(n)))
}

// ModuleLoadData loads a CUBIN or NUL-terminated PTX image.
func (d *Driver) ModuleLoadData(image []byte) (Module, error) {
	var m Module
	err := d.check("cuModuleLoadData", d.cuModuleLoadData(&m, unsafe.Pointer(&image[0])))
	return m, err
}

// ModuleUnload unloads a module.
func (d *Driver) ModuleUnload(m Module) error { return d.check("cuModuleUnload", d.cuModuleUnload(m)) }

// ModuleFunction returns the kernel called name (its extern "C" name).
func (d *Driver) ModuleFunction(m Module, name string) (Function, error) {
	var f Function
	err := d.check("cuModuleGetFunction("+name+")", d.cuModuleGetFunction(&f, m, name))
	return f, err
}

// LaunchKernel launches f on the default stream; params points to an array
// of pointers to the kernel's arguments, as cuLaunchKernel expects.
func (d *Driver) LaunchKernel(f Function, grid, block [3]uint32, shared uint32, params unsafe.Pointer) error {
	return d.check("cuLaunchKernel", d.cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared, 0, params, nil))
}
