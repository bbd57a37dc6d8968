package recursions

import (
	"math"
	"math/rand/v2"
	"testing"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/internal/testlevel"
)

// unitInputs returns the Gram matrix x_i·x_j/n₀ of n random inputs of
// dimension n0 normalized to |x|²/n₀ = 1, and C_b + C_W times it.
func unitInputs(n, n0 int, cb, cw float64, seed uint64) (k0, k1 []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	xs := make([][]float64, n)
	for i := range xs {
		xs[i] = make([]float64, n0)
		s := 0.0
		for j := range xs[i] {
			xs[i][j] = r.NormFloat64()
			s += xs[i][j] * xs[i][j]
		}
		for j := range xs[i] {
			xs[i][j] *= math.Sqrt(float64(n0) / s)
		}
	}
	k0, k1 = make([]float64, n*n), make([]float64, n*n)
	for i := range n {
		for j := range n {
			d := 0.0
			for c := range n0 {
				d += xs[i][c] * xs[j][c]
			}
			if i == j {
				d = float64(n0) // normalized exactly
			}
			k0[i*n+j] = d / float64(n0)
			k1[i*n+j] = cb + cw*k0[i*n+j]
		}
	}
	return k0, k1
}

// startOf returns the first layer's matrices with errors of one rounding.
func startOf(k1, theta1 []float64, n int) *KernelMatrices {
	m := &KernelMatrices{N: n, K: k1, KErr: make([]float64, n*n), Theta: theta1, ThetaErr: make([]float64, n*n)}
	for i := range k1 {
		m.KErr[i] = roundoff * math.Abs(k1[i])
		m.ThetaErr[i] = roundoff * math.Abs(theta1[i])
	}
	return m
}

// IterateKernels agrees entry by entry with the two-input recursion
// IterateNTKTwo, for inputs of equal norms (the map's table) and of
// different norms (a series per entry), within the error estimates.
func TestIterateKernelsAgreesWithTwo(t *testing.T) {
	type kernelCase struct {
		expr   string
		n      int
		cb, cw float64
		scale  bool // inputs of different norms
	}
	cases := []kernelCase{
		{"tanh(x)", 30, 0, 1, false},
		{"relu(x)", 6, 0.2, 1.5, true},
		{"gelu", 3, 0.1, 1.5, true},
	}
	if testlevel.IsExhaustive() {
		cases = append(cases, kernelCase{"tanh(x)", 5, 0.1, 1.5, true}, kernelCase{"erf(x)", 30, 0.05, 2, false})
	}
	for _, c := range cases {
		e, _ := calc.Parse(c.expr)
		a, err := New(e)
		if err != nil {
			t.Fatal(err)
		}
		k0, k1 := unitInputs(c.n, 7, c.cb, c.cw, 3)
		if c.scale {
			for i := range c.n {
				for j := range c.n {
					s := math.Sqrt(float64((i+1)*(j+1))) / 2
					k0[i*c.n+j] *= s
					k1[i*c.n+j] = c.cb + c.cw*k0[i*c.n+j]
				}
			}
		}
		lam := Lambda{B: c.cb, W: c.cw}
		theta1 := k1
		const L = 6
		var got *KernelMatrices
		err = a.IterateKernels(c.cb, c.cw, &lam, startOf(k1, theta1, c.n), L, L, func(m *KernelMatrices) error {
			got = &KernelMatrices{L: m.L, N: m.N, K: append([]float64(nil), m.K...), KErr: append([]float64(nil), m.KErr...),
				Theta: append([]float64(nil), m.Theta...), ThetaErr: append([]float64(nil), m.ThetaErr...)}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		n := c.n
		for _, ij := range [][2]int{{0, 1}, {0, n - 1}, {n / 2, n - 1}, {1, 2}} {
			i, j := ij[0], ij[1]
			two, err := a.IterateNTKTwo(c.cb, c.cw, lam, [3]float64{k1[i*n+i], k1[j*n+j], k1[i*n+j]},
				[3]float64{theta1[i*n+i], theta1[j*n+j], theta1[i*n+j]}, L, L)
			if err != nil {
				t.Fatal(err)
			}
			w := two[0]
			for q, idx := range [3]int{i*n + i, j*n + j, i*n + j} {
				if d := math.Abs(got.K[idx] - w.K[q]); d > got.KErr[idx]+w.KErr[q] || d > 1e-13*math.Abs(w.K[q])+1e-15 {
					t.Errorf("%s (%d, %d)[%d]: K = %.17g, two-input %.17g (errors %.2g, %.2g)", c.expr, i, j, q, got.K[idx], w.K[q], got.KErr[idx], w.KErr[q])
				}
				if d := math.Abs(got.Theta[idx] - w.Theta[q]); d > got.ThetaErr[idx]+w.ThetaErr[q] || d > 1e-13*math.Abs(w.Theta[q])+1e-15 {
					t.Errorf("%s (%d, %d)[%d]: Θ = %.17g, two-input %.17g (errors %.2g, %.2g)", c.expr, i, j, q, got.Theta[idx], w.Theta[q], got.ThetaErr[idx], w.ThetaErr[q])
				}
			}
		}
	}
}

// BenchmarkIterateKernelsTanh1000 is the NNGP and NTK of 1000 inputs of
// equal norms through 100 layers of tanh at criticality.
func BenchmarkIterateKernelsTanh1000(b *testing.B) {
	e, _ := calc.Parse("tanh(x)")
	a, err := New(e)
	if err != nil {
		b.Fatal(err)
	}
	const n = 1000
	_, k1 := unitInputs(n, 50, 0, 1, 1)
	lam := Lambda{B: 0, W: 1}
	for b.Loop() {
		if err := a.IterateKernels(0, 1, &lam, startOf(k1, k1, n), 100, 100, func(*KernelMatrices) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// Diagonal entries that differ in their last bits (inputs normalized in
// floating point) are set equal, with the difference in their error
// bounds, and give the entries of exactly equal ones within those bounds,
// which stay within twice those of the exact run.
func TestIterateKernelsSnap(t *testing.T) {
	e, _ := calc.Parse("tanh(x)")
	a, err := New(e)
	if err != nil {
		t.Fatal(err)
	}
	const n, L = 30, 4
	_, k1 := unitInputs(n, 9, 0, 1, 5)
	jit := append([]float64(nil), k1...)
	for i := range n {
		jit[i*n+i] = math.Nextafter(1, float64(i%3)) // 1 − 1 ulp, 1, 1 + 1 ulp
	}
	lam := Lambda{B: 0, W: 1}
	var got [2]*KernelMatrices
	for r, k := range [][]float64{k1, jit} {
		err := a.IterateKernels(0, 1, &lam, startOf(k, k, n), L, L, func(m *KernelMatrices) error {
			got[r] = &KernelMatrices{K: append([]float64(nil), m.K...), KErr: append([]float64(nil), m.KErr...),
				Theta: append([]float64(nil), m.Theta...), ThetaErr: append([]float64(nil), m.ThetaErr...)}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range n * n {
		if d := math.Abs(got[0].K[i] - got[1].K[i]); d > got[1].KErr[i] || got[1].KErr[i] > 2*got[0].KErr[i]+1e-15 {
			t.Errorf("K[%d]: %.17g and %.17g, bound %.2g", i, got[0].K[i], got[1].K[i], got[1].KErr[i])
		}
		if d := math.Abs(got[0].Theta[i] - got[1].Theta[i]); d > got[1].ThetaErr[i] || got[1].ThetaErr[i] > 2*got[0].ThetaErr[i]+1e-15 {
			t.Errorf("Θ[%d]: %.17g and %.17g, bound %.2g", i, got[0].Theta[i], got[1].Theta[i], got[1].ThetaErr[i])
		}
	}
}

// With many distinct diagonal values the moments come from interpolants
// in ln K (interpolateMoments): the entries still agree with the
// two-input recursion within the error estimates.
func TestIterateKernelsManyNorms(t *testing.T) {
	e, _ := calc.Parse("tanh(x)")
	a, err := New(e)
	if err != nil {
		t.Fatal(err)
	}
	const n, L = momentsMinValues + 2, 4
	cb, cw := 0.1, 1.5
	k0, k1 := unitInputs(n, 6, cb, cw, 9)
	for i := range n {
		for j := range n {
			s := math.Sqrt((0.3 + float64(i)/n) * (0.3 + float64(j)/n) * 4)
			k0[i*n+j] *= s
			k1[i*n+j] = cb + cw*k0[i*n+j]
		}
	}
	lam := Lambda{B: cb, W: cw}
	var got *KernelMatrices
	err = a.IterateKernels(cb, cw, &lam, startOf(k1, k1, n), L, L, func(m *KernelMatrices) error {
		got = &KernelMatrices{K: append([]float64(nil), m.K...), KErr: append([]float64(nil), m.KErr...),
			Theta: append([]float64(nil), m.Theta...), ThetaErr: append([]float64(nil), m.ThetaErr...)}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, ij := range [][2]int{{0, 1}, {0, n - 1}, {n / 2, n/2 + 1}, {3, n - 7}} {
		i, j := ij[0], ij[1]
		two, err := a.IterateNTKTwo(cb, cw, lam, [3]float64{k1[i*n+i], k1[j*n+j], k1[i*n+j]},
			[3]float64{k1[i*n+i], k1[j*n+j], k1[i*n+j]}, L, L)
		if err != nil {
			t.Fatal(err)
		}
		w, idx := two[0], i*n+j
		if d := math.Abs(got.K[idx] - w.K[2]); d > got.KErr[idx]+w.KErr[2] || d > 1e-13*math.Abs(w.K[2]) {
			t.Errorf("(%d, %d): K = %.17g, two-input %.17g (errors %.2g, %.2g)", i, j, got.K[idx], w.K[2], got.KErr[idx], w.KErr[2])
		}
		if d := math.Abs(got.Theta[idx] - w.Theta[2]); d > got.ThetaErr[idx]+w.ThetaErr[2] || d > 1e-13*math.Abs(w.Theta[2]) {
			t.Errorf("(%d, %d): Θ = %.17g, two-input %.17g (errors %.2g, %.2g)", i, j, got.Theta[idx], w.Theta[2], got.ThetaErr[idx], w.ThetaErr[2])
		}
	}
}

// interpolateMoments against the moments computed at each K: within the
// error bounds, which stay near the quadrature's own.
func TestInterpolateMoments(t *testing.T) {
	for _, src := range []string{"tanh(x)", "gelu"} {
		e, _ := calc.Parse(src)
		s, err := hermite.NewScaledSeries(e)
		if err != nil {
			t.Fatal(err)
		}
		vs := []float64{0.37, 0.5, 1, 1.7, 2.9, 4.2}
		ms, ok, err := interpolateMoments(s, vs)
		if err != nil || !ok {
			t.Fatalf("%s: ok %v, %v", src, ok, err)
		}
		for i, v := range vs {
			want, err := s.Panels().At(v, seriesTerms)
			if err != nil {
				t.Fatal(err)
			}
			for k, a := range ms[i].A {
				if d := math.Abs(a - want.A[k]); d > ms[i].Err[k]+want.Err[k] || ms[i].Err[k] > 1e-13 {
					t.Fatalf("%s K = %g: a_%d = %.17g, at K %.17g (bounds %.2g, %.2g)", src, v, k, a, want.A[k], ms[i].Err[k], want.Err[k])
				}
			}
		}
	}
}
