package gpu

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/gpu/codegen"
)

// forwardKernels are the kernels of ExplicitForward, in double precision.
type forwardKernels struct {
	mod                    *Module
	fill, act, gemm, sumsq Function
}

// forwardKernels returns the kernels for the activation of cfg, compiling
// its module on first use; modules stay loaded until the device is closed.
func (d *Device) forwardKernels(cfg *ForwardConfig) (forwardKernels, error) {
	d.cacheMu.Lock()
	defer d.cacheMu.Unlock()
	if k, ok := d.forward[cfg.Activation]; ok {
		return k, nil
	}
	k, err := d.loadForwardKernels(cfg)
	if err != nil {
		return k, err
	}
	if d.forward == nil {
		d.forward = map[calc.Expr]forwardKernels{}
	}
	d.forward[cfg.Activation] = k
	return k, nil
}

// loadForwardKernels compiles the module of the activation and looks up
// its kernels.
func (d *Device) loadForwardKernels(cfg *ForwardConfig) (forwardKernels, error) {
	var k forwardKernels
	src, err := codegen.Module(cfg.Activation)
	if err != nil {
		return k, fmt.Errorf("gpu: explicit forward: %w", err)
	}
	mod, err := d.Compile(src, "critcalc_forward.cu")
	if err != nil {
		return k, err
	}
	k.mod = mod
	for _, f := range []struct {
		dst  *Function
		name string
	}{
		{&k.fill, codegen.KernelFillNormal}, {&k.act, codegen.KernelActivation},
		{&k.gemm, codegen.KernelGEMM}, {&k.sumsq, codegen.KernelSumSquaresRows},
	} {
		if *f.dst, err = mod.Function(codegen.Name(f.name, codegen.Float64)); err != nil {
			mod.Close()
			return forwardKernels{}, err
		}
	}
	return k, nil
}

// ExplicitForward runs the networks of cfg on the device and returns
// out[k][l−1] = ‖z^l‖²/n_l for network k and layer l = 1, …, L, in
// double precision. Layer by layer, for each network it fills the weight
// matrix from the network's Philox stream (cc_fill_normal), multiplies it
// into the previous layer's activations (cc_gemm with one column), adds
// the biases (cc_fill_normal in add mode); then one launch reduces every
// network's ‖z^l‖² (cc_sumsq_rows) and one applies σ to all of them
// (cc_activation). The order of operations is that of ForwardReference.
// The kernels of each activation are compiled (NVRTC) on first use and
// kept for later calls.
func (d *Device) ExplicitForward(cfg ForwardConfig) ([][]float64, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	kern, err := d.forwardKernels(&cfg)
	if err != nil {
		return nil, err
	}

	L, nets := len(cfg.Widths)-1, cfg.Nets
	maxWidth, maxWeights := 0, 0
	for l := 1; l <= L; l++ {
		maxWidth = max(maxWidth, cfg.Widths[l])
		maxWeights = max(maxWeights, cfg.Widths[l]*cfg.Widths[l-1])
	}
	var bufs []Buffer
	defer func() {
		for _, b := range bufs {
			d.Free(b)
		}
	}()
	alloc := func(n int) (Buffer, error) {
		b, err := d.Alloc(8 * n)
		if err == nil {
			bufs = append(bufs, b)
		}
		return b, err
	}
	x, err := alloc(len(cfg.Input))
	if err != nil {
		return nil, err
	}
	w, err := alloc(maxWeights)
	if err != nil {
		return nil, err
	}
	z, err := alloc(nets * maxWidth)
	if err != nil {
		return nil, err
	}
	a, err := alloc(nets * maxWidth)
	if err != nil {
		return nil, err
	}
	sumsBuf, err := alloc(nets)
	if err != nil {
		return nil, err
	}
	if err := d.CopyIn(x, cfg.Input); err != nil {
		return nil, err
	}

	out := make([][]float64, nets)
	for k := range out {
		out[k] = make([]float64, L)
	}
	sums := make([]float64, nets)
	for l := 1; l <= L; l++ {
		nIn, nOut := cfg.Widths[l-1], cfg.Widths[l]
		fillW, err := Linear(int64(nOut*nIn+1)/2, 256)
		if err != nil {
			return nil, err
		}
		fillB, err := Linear(int64(nOut+1)/2, 256)
		if err != nil {
			return nil, err
		}
		gemm, err := GEMM(nOut, 1)
		if err != nil {
			return nil, err
		}
		for k := range nets {
			in := x
			if l > 1 {
				in = a.Slice(8*k*nIn, 8*nIn)
			}
			zk := z.Slice(8*k*nOut, 8*nOut)
			if err := d.Launch(kern.fill, fillW, w, uint64(nOut*nIn), cfg.Seed, WeightStream(k, l), math.Sqrt(cfg.CW/float64(nIn)), int32(0)); err != nil {
				return nil, err
			}
			if err := d.Launch(kern.gemm, gemm, w, in, zk, int32(nOut), int32(1), int32(nIn)); err != nil {
				return nil, err
			}
			if cfg.CB > 0 {
				if err := d.Launch(kern.fill, fillB, zk, uint64(nOut), cfg.Seed, BiasStream(k, l), math.Sqrt(cfg.CB), int32(1)); err != nil {
					return nil, err
				}
			}
		}
		rows, err := Rows(nets)
		if err != nil {
			return nil, err
		}
		if err := d.Launch(kern.sumsq, rows, z, sumsBuf, int32(nets), uint64(nOut)); err != nil {
			return nil, err
		}
		if err := d.CopyOut(sums, sumsBuf); err != nil {
			return nil, err
		}
		for k := range nets {
			out[k][l-1] = sums[k] / float64(nOut)
		}
		actLaunch, err := Linear(int64(nets*nOut), 256)
		if err != nil {
			return nil, err
		}
		if err := d.Launch(kern.act, actLaunch, z, a, uint64(nets*nOut)); err != nil {
			return nil, err
		}
	}
	if err := d.Synchronize(); err != nil {
		return nil, fmt.Errorf("gpu: explicit forward: %w", err)
	}
	return out, nil
}
