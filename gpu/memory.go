package gpu

import (
	"fmt"
	"unsafe"

	"critcalc/gpu/cuda"
)

// Buffer is a range of device memory.
type Buffer struct {
	Ptr   cuda.DevicePtr
	Bytes int
}

// Slice returns the part of b from byte off, of length bytes.
func (b Buffer) Slice(off, bytes int) Buffer {
	if off < 0 || bytes < 0 || off+bytes > b.Bytes {
		panic(fmt.Sprintf("gpu: Buffer.Slice(%d, %d) of a %d-byte buffer", off, bytes, b.Bytes))
	}
	return Buffer{Ptr: b.Ptr + cuda.DevicePtr(off), Bytes: bytes}
}

// Alloc allocates bytes of device memory.
func (d *Device) Alloc(bytes int) (Buffer, error) {
	if bytes < 1 {
		return Buffer{}, fmt.Errorf("gpu: Alloc(%d)", bytes)
	}
	var p cuda.DevicePtr
	err := d.do(func() (err error) { p, err = d.drv.MemAlloc(bytes); return err })
	if err != nil {
		return Buffer{}, fmt.Errorf("gpu: %w", err)
	}
	return Buffer{Ptr: p, Bytes: bytes}, nil
}

// Free frees memory from Alloc.
func (d *Device) Free(b Buffer) error {
	return d.do(func() error { return d.drv.MemFree(b.Ptr) })
}

// hostBytes returns the address and size of a host slice of a type that
// kernels read: []float64, []float32, []uint32, []int32, []uint64 or
// []byte.
func hostBytes(s any) (unsafe.Pointer, int, error) {
	switch v := s.(type) {
	case []float64:
		return unsafe.Pointer(unsafe.SliceData(v)), 8 * len(v), nil
	case []float32:
		return unsafe.Pointer(unsafe.SliceData(v)), 4 * len(v), nil
	case []uint64:
		return unsafe.Pointer(unsafe.SliceData(v)), 8 * len(v), nil
	case []uint32:
		return unsafe.Pointer(unsafe.SliceData(v)), 4 * len(v), nil
	case []int32:
		return unsafe.Pointer(unsafe.SliceData(v)), 4 * len(v), nil
	case []byte:
		return unsafe.Pointer(unsafe.SliceData(v)), len(v), nil
	}
	return nil, 0, fmt.Errorf("gpu: cannot copy a %T", s)
}

// CopyIn copies the host slice src to the start of dst.
func (d *Device) CopyIn(dst Buffer, src any) error {
	p, n, err := hostBytes(src)
	if err != nil {
		return err
	}
	if n > dst.Bytes {
		return fmt.Errorf("gpu: CopyIn of %d bytes into a %d-byte buffer", n, dst.Bytes)
	}
	if n == 0 {
		return nil
	}
	return d.do(func() error { return d.drv.MemcpyHtoD(dst.Ptr, p, n) })
}

// CopyOut copies the start of src into the host slice dst, filling it.
func (d *Device) CopyOut(dst any, src Buffer) error {
	p, n, err := hostBytes(dst)
	if err != nil {
		return err
	}
	if n > src.Bytes {
		return fmt.Errorf("gpu: CopyOut of %d bytes from a %d-byte buffer", n, src.Bytes)
	}
	if n == 0 {
		return nil
	}
	return d.do(func() error { return d.drv.MemcpyDtoH(p, src.Ptr, n) })
}
