package recursions

import (
	"math"
	"strconv"
	"testing"

	"critcalc/calc"
)

// TestIterateTwoSeriesAgainstQuadrature iterates the two-input kernel
// with Mehler's series (hermite.GHSeries) and with the two-dimensional
// quadrature alone, from unequal diagonals and correlations from −0.999
// to 0.999999. Every layer's average is accurate to 1e-14 of
// √(⟨σ²⟩⟨σ²⟩) by either method, and at these (C_b, C_W) the map
// contracts, so after ℓ layers the two K₊₋ differ by at most 2ℓ·1e-14 of
// the diagonal's scale; a wrong moment or a wrong rest would show far
// above that.
//
// Where the diagonals converge geometrically (the 45-layer cases), their
// moments from about the 13th layer on are interpolated
// (hermite.GHAnchors): the comparison covers those layers too, and
// replaying the diagonals through the series' inputs shows that they
// were interpolated.
func TestIterateTwoSeriesAgainstQuadrature(t *testing.T) {
	cases := []struct {
		sigma           string
		cb, cw, p, m, x float64
		L               int
	}{
		{"tanh", 0.1, 1.5, 1, 1.2, 0.9 * math.Sqrt(1.2), 45},
		{"tanh", 0, 1, 1, 0.8, -0.999 * math.Sqrt(0.8), 12},
		{"erf", 0.05, 1.3, 2, 0.3, 0.3 * math.Sqrt(0.6), 45},
		{"gelu", 0.1, 1.8, 1, 3, -0.5 * math.Sqrt(3), 12},
		{"x/(1+exp(-x))", 0, 1.5, 1, 0.5, 0, 12},
		{"sin", 0, 1, 1, 0.9, 0.999999 * math.Sqrt(0.9), 12},
	}
	for _, c := range cases {
		a := mustNew(t, c.sigma)
		L := c.L
		series, err := a.iterateTwo(c.cb, c.cw, c.p, c.m, c.x, L, 1, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		quad, err := a.iterateTwo(c.cb, c.cw, c.p, c.m, c.x, L, 1, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range series {
			q := quad[i]
			scale := math.Sqrt(q.Kpp * q.Kmm)
			tol := 2 * float64(s.L) * 1e-14 * scale
			for _, d := range [][2]float64{{s.Kpp, q.Kpp}, {s.Kmm, q.Kmm}, {s.Kpm, q.Kpm}} {
				if math.Abs(d[0]-d[1]) > tol {
					t.Errorf("%s from (%g, %g, %g), layer %d: series %.17g, quadrature %.17g (tolerance %.1e)",
						c.sigma, c.p, c.m, c.x, s.L, d[0], d[1], tol)
				}
			}
		}
		if L < 45 {
			continue
		}
		gh, err := newGHInputs(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range series {
			gh.expect(s.Kpp, s.Kmm, s.Rho)
		}
		if n := gh.anchors.Interpolated(); n < L {
			t.Errorf("%s from (%g, %g, %g): %d of the diagonals' moments interpolated, want at least %d", c.sigma, c.p, c.m, c.x, n, L)
		} else {
			t.Logf("%s from (%g, %g, %g): %d of the diagonals' moments interpolated", c.sigma, c.p, c.m, c.x, n)
		}
		gh.release()
	}
}

// TestIterateTwoCheckedFarBelowScale checks the digits IterateTwoChecked
// leaves of K₊₋ where the off-diagonal average is far below the scale of
// its error bound: σ = sin(5z), whose map is closed-form,
// ⟨σ(u)σ(v)⟩ = e^(−25(K₊₊+K₋₋)/2)·sinh(25K₊₋) and ⟨σ²⟩_K = (1 − e^(−50K))/2,
// from inputs (1, 2, 0.5): K₊₋ falls from 7e-12 to 6e-20 in three layers,
// while the bounds are near 1e-15·⟨σ²⟩. Every digit the two runs agree on
// must be a digit of the closed form's iteration.
func TestIterateTwoCheckedFarBelowScale(t *testing.T) {
	a := mustNew(t, "sin(5*x)")
	layers, check, err := a.IterateTwoChecked(0, 1, 1, 2, 0.5, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, m, x := 1.0, 2.0, 0.5
	shown := 0
	for i, l := range layers {
		if l.L != i+1 {
			t.Fatalf("layer %d at index %d", l.L, i)
		}
		if c, err := calc.AgreeingFloat64("K₊₋", l.Kpm, check[i].Kpm, 9); err == nil {
			shown++
			got := c.V.Text('e', c.Digits-1)
			want := strconv.FormatFloat(x, 'e', c.Digits-1, 64)
			if got != want {
				t.Errorf("layer %d: K₊₋ shown as %s (%d digits), the closed form gives %.10e", l.L, got, c.Digits, x)
			}
		}
		p, m, x = -math.Expm1(-50*p)/2, -math.Expm1(-50*m)/2, math.Exp(-12.5*(p+m))*math.Sinh(25*x)
	}
	if shown < 3 {
		t.Errorf("K₊₋ shown at %d of the first layers, want at least 3", shown)
	}
}
