package sim

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
	"critcalc/recursions"
)

// The empirical NTK of sampled networks against the infinite-width
// recursion (recursions.IterateNTKTwo): ReLU at criticality and tanh (erf
// too, and width 512, depth 4 and 64 networks, with CRITCALC_EXHAUSTIVE=1)
// at width 256, depth 3 and 32 networks, where the O(ℓ/n) finite-width
// shift of the mean is below the Monte-Carlo error (which is 0.5–2% of
// Θ). |z| < 4 for each value: under Student's t with 31 degrees of
// freedom a correct theory fails one of the 12 values of a run with
// probability about 0.3%; the fixed seed makes the run reproducible.
func TestSampleNTK(t *testing.T) {
	n, L, nets := 256, 3, 32
	cases := []struct {
		expr           string
		cb, cw, lb, lw float64
	}{
		{"relu(x)", 0, 2, 0, 2},
		{"tanh(x)", 0.1, 1.5, 0.5, 1},
	}
	if testlevel.IsExhaustive() {
		n, L, nets = 512, 4, 64
		cases = append(cases, struct {
			expr           string
			cb, cw, lb, lw float64
		}{"erf(x)", 0.2, 2, 1, 0.5})
	}
	for _, c := range cases {
		e, _ := calc.Parse(c.expr)
		n0 := 64
		xs, err := DefaultInputs(n0, 2, 1, 0.3, 7)
		if err != nil {
			t.Fatal(err)
		}
		widths := []int{n0}
		for range L {
			widths = append(widths, n)
		}
		res, err := SampleNTK(NTKConfig{Sigma: e, Cb: c.cb, CW: c.cw, LambdaB: c.lb, LambdaW: c.lw, Widths: widths, Inputs: xs, Nets: nets, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		a, err := recursions.New(e)
		if err != nil {
			t.Fatal(err)
		}
		var k, th [3]float64
		for p, ab := range [][2]int{{0, 0}, {1, 1}, {0, 1}} {
			g := 0.0
			for j := range n0 {
				g += xs[ab[0]][j] * xs[ab[1]][j]
			}
			g /= float64(n0)
			k[p], th[p] = c.cb+c.cw*g, c.lb+c.lw*g
		}
		theory, err := a.IterateNTKTwo(c.cb, c.cw, recursions.Lambda{B: c.lb, W: c.lw}, k, th, L, 1)
		if err != nil {
			t.Fatal(err)
		}
		for l := range L {
			for p := range 3 {
				want, got, se := theory[l].Theta[p], res.Mean[l][p], res.StdErr[l][p]
				z := (got - want) / math.Hypot(se, 1e-12*math.Abs(want))
				if math.Abs(z) > 4 {
					t.Errorf("%s layer %d pair %d: empirical %.6g ± %.2g, theory %.6g (z = %.2f)", c.expr, l+1, p, got, se, want, z)
				}
			}
		}
	}
}
