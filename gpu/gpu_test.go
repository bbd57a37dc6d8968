package gpu

import (
	"math"
	"os"
	"sync"
	"testing"

	"critcalc/calc"
	"critcalc/gpu/codegen"
)

// These tests run the kernels on a GPU and compare them with the CPU
// references of reference.go. Without a device they skip, unless
// CRITCALC_REQUIRE_GPU=1, when they fail.

var testDevice struct {
	once sync.Once
	d    *Device
	mod  *Module
	err  error
}

// deviceModule opens device 0 and compiles the module of σ = tanh once
// for all GPU tests.
func deviceModule(t *testing.T) (*Device, *Module) {
	t.Helper()
	testDevice.once.Do(func() {
		testDevice.d, testDevice.err = Open()
		if testDevice.err != nil {
			return
		}
		src, err := codegen.Module(calc.MustParse("tanh"))
		if err != nil {
			testDevice.err = err
			return
		}
		testDevice.mod, testDevice.err = testDevice.d.Compile(src, "critcalc_test.cu")
	})
	if testDevice.err != nil {
		if os.Getenv("CRITCALC_REQUIRE_GPU") == "1" {
			t.Fatalf("CRITCALC_REQUIRE_GPU=1 but: %v", testDevice.err)
		}
		t.Skipf("no GPU: %v", testDevice.err)
	}
	return testDevice.d, testDevice.mod
}

func kernel(t *testing.T, m *Module, name string) Function {
	t.Helper()
	f, err := m.Function(codegen.Name(name, codegen.Float64))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func upload(t *testing.T, d *Device, xs []float64) Buffer {
	t.Helper()
	b, err := d.Alloc(8 * max(len(xs), 1))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Free(b) })
	if err := d.CopyIn(b, xs); err != nil {
		t.Fatal(err)
	}
	return b
}

func download(t *testing.T, d *Device, b Buffer, n int) []float64 {
	t.Helper()
	out := make([]float64, n)
	if err := d.CopyOut(out, b); err != nil {
		t.Fatal(err)
	}
	return out
}

func launch(t *testing.T, d *Device, f Function, c LaunchConfig, err error, args ...any) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Launch(f, c, args...); err != nil {
		t.Fatal(err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
}

// The device's weights are those of FillNormal: the Philox blocks are
// bit-identical, and the normals agree to the accuracy of the device's
// log and sincos against Go's (8 ulp of |z| allowed).
func TestGPUFillNormal(t *testing.T) {
	d, m := deviceModule(t)
	fill := kernel(t, m, codegen.KernelFillNormal)
	for _, n := range []int{1, 2, 1001, 1 << 16} {
		w := upload(t, d, make([]float64, n))
		c, err := Linear(int64(n+1)/2, 256)
		launch(t, d, fill, c, err, w, uint64(n), uint64(42), WeightStream(3, 2), 0.5, int32(0))
		got := download(t, d, w, n)
		want := make([]float64, n)
		FillNormal(want, 42, WeightStream(3, 2), 0.5, false)
		for i := range want {
			if math.Abs(got[i]-want[i]) > 8*0x1p-52*math.Abs(want[i]) {
				t.Fatalf("n=%d: w[%d] = %v, want %v", n, i, got[i], want[i])
			}
		}
	}
}

// The tiled GEMM sums in the order of MatMul with no contraction into
// fused multiply-adds, so it agrees bit for bit, ragged edges included.
func TestGPUGEMM(t *testing.T) {
	d, m := deviceModule(t)
	gemm := kernel(t, m, codegen.KernelGEMM)
	for _, s := range [][3]int{{1, 1, 1}, {16, 16, 16}, {17, 5, 33}, {100, 1, 257}, {64, 70, 3}} {
		M, N, K := s[0], s[1], s[2]
		a, b := make([]float64, M*K), make([]float64, K*N)
		FillNormal(a, 1, 1, 1, false)
		FillNormal(b, 1, 2, 1, false)
		want := make([]float64, M*N)
		MatMul(want, a, b, M, N, K)
		da, db, dc := upload(t, d, a), upload(t, d, b), upload(t, d, make([]float64, M*N))
		c, err := GEMM(M, N)
		launch(t, d, gemm, c, err, da, db, dc, int32(M), int32(N), int32(K))
		got := download(t, d, dc, M*N)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%dx%dx%d: C[%d] = %v, want %v", M, N, K, i, got[i], want[i])
			}
		}
	}
}

// The per-row reduction adds in SumSquares' order: bit for bit.
func TestGPUSumSquares(t *testing.T) {
	d, m := deviceModule(t)
	sumsq := kernel(t, m, codegen.KernelSumSquaresRows)
	const rows, n = 5, 1000
	x := make([]float64, rows*n)
	FillNormal(x, 9, 9, 1, false)
	dx, dout := upload(t, d, x), upload(t, d, make([]float64, rows))
	c, err := Rows(rows)
	launch(t, d, sumsq, c, err, dx, dout, int32(rows), uint64(n))
	got := download(t, d, dout, rows)
	for r := range rows {
		if want := SumSquares(x[r*n : (r+1)*n]); got[r] != want {
			t.Errorf("row %d: %v, want %v", r, got[r], want)
		}
	}
}

// The generated activation agrees with calc.Compile to the accuracy of the
// device's tanh (a few ulp: 1e-14 relative allowed).
func TestGPUActivation(t *testing.T) {
	d, m := deviceModule(t)
	act := kernel(t, m, codegen.KernelActivation)
	const n = 4001
	z := make([]float64, n)
	for i := range z {
		z[i] = float64(i-n/2) / 200
	}
	dz, da := upload(t, d, z), upload(t, d, make([]float64, n))
	c, err := Linear(n, 256)
	launch(t, d, act, c, err, dz, da, uint64(n))
	got := download(t, d, da, n)
	ref := calc.Compile(calc.MustParse("tanh"))
	for i, x := range z {
		if want := ref.Eval(x); math.Abs(got[i]-want) > 1e-14*math.Abs(want) {
			t.Fatalf("tanh(%v) = %v, want %v", x, got[i], want)
		}
	}
}

// ExplicitForward agrees with ForwardReference: the same weights, sums in
// the same order; only the device's log, sincos and σ differ from Go's in
// the last bits (1e-11 relative allowed after three layers).
func TestGPUExplicitForward(t *testing.T) {
	d, _ := deviceModule(t)
	for _, act := range []string{"tanh", "gelu", "relu"} {
		cfg := ForwardConfig{Activation: calc.MustParse(act), CW: 1.7, CB: 0.2,
			Widths: []int{16, 300, 257, 64}, Nets: 7, Seed: 5, Input: unitInput(16)}
		got, err := d.ExplicitForward(cfg)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ForwardReference(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			for l := range want[k] {
				if math.Abs(got[k][l]-want[k][l]) > 1e-11*want[k][l] {
					t.Errorf("%s: net %d layer %d: %v, want %v", act, k, l+1, got[k][l], want[k][l])
				}
			}
		}
	}
}
