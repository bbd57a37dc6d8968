package gpu

import (
	"math"
	"testing"

	"critcalc/sim/philox"
)

// FillNormal writes variate number i of the stream at index i: element
// (i, j) of a row-major matrix with fan-in n is variate i·n + j, z0 of
// block (i·n + j)/2 for even i·n + j and z1 for odd; add mode adds it.
func TestFillNormal(t *testing.T) {
	const seed, stream, scale = 7, 3, 0.5
	for _, n := range []int{1, 2, 5, 12} {
		w := make([]float64, n)
		FillNormal(w, seed, stream, scale, false)
		s := philox.NewStream(seed, stream)
		for i := range w {
			if want := scale * s.Normal(); w[i] != want {
				t.Errorf("n=%d: w[%d] = %v, want %v", n, i, w[i], want)
			}
		}
		FillNormal(w, seed, stream, scale, true)
		s = philox.NewStream(seed, stream)
		for i := range w {
			v := scale * s.Normal()
			if want := v + v; w[i] != want {
				t.Errorf("n=%d add: w[%d] = %v, want %v", n, i, w[i], want)
			}
		}
	}
}

func TestMatMul(t *testing.T) {
	// [1 2 3; 4 5 6]·[7 8; 9 10; 11 12] = [58 64; 139 154].
	a := []float64{1, 2, 3, 4, 5, 6}
	b := []float64{7, 8, 9, 10, 11, 12}
	c := make([]float64, 4)
	MatMul(c, a, b, 2, 2, 3)
	for i, want := range []float64{58, 64, 139, 154} {
		if c[i] != want {
			t.Errorf("c[%d] = %v, want %v", i, c[i], want)
		}
	}
}

// SumSquares adds in the kernel's order; on integers the sum is exact, so
// it equals n(n+1)(2n+1)/6 for 1, 2, …, n; on general values it agrees
// with a plain sum to rounding.
func TestSumSquares(t *testing.T) {
	for _, n := range []int{1, 2, 255, 256, 257, 1000, 10000} {
		x := make([]float64, n)
		plain := 0.0
		for i := range x {
			x[i] = float64(i + 1)
			plain += x[i] * x[i]
		}
		if got, want := SumSquares(x), float64(n*(n+1)*(2*n+1)/6); got != want || plain != want {
			t.Errorf("n=%d: SumSquares = %v, plain %v, want %v", n, got, plain, want)
		}
		for i := range x {
			x[i] = math.Sin(float64(i)) * 1e-3
		}
		plain = 0
		for _, v := range x {
			plain += v * v
		}
		if got := SumSquares(x); math.Abs(got-plain) > 1e-14*plain {
			t.Errorf("n=%d: SumSquares = %v, plain sum %v", n, got, plain)
		}
	}
	if got := SumSquares(nil); got != 0 {
		t.Errorf("SumSquares(nil) = %v", got)
	}
}
