package recursions

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestTangentRootsSkips checks which extrema of f tangentRoots refines:
// f(x) = (x − 1)² + c has one, at x = 1. It is refined (f and df called)
// unless f is at least nearTol from zero, with one sign, at both ends of
// its grid cell, or the cell holds the tangent root known.
func TestTangentRootsSkips(t *testing.T) {
	xs := []float64{0.5, 0.75, 1.1, 1.5}
	for _, tc := range []struct {
		name   string
		c      float64
		known  float64
		refine bool
		roots  int
	}{
		{"tangent root", 0, 0, true, 1},
		{"dip across zero", -1e-4, 0, true, 2},
		{"minimum far above zero", 0.5, 0, false, 0},
		{"maximum of |f| far below zero", -0.5, 0, false, 0},
		{"ends on both sides of nearTol", 0.05, 0, true, 0},
		{"known tangent root", 0, 1, false, 0},
		{"known root elsewhere", 0, 1.3, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			f := func(x float64) (float64, error) { calls++; return (x-1)*(x-1) + tc.c, nil }
			df := func(x float64) (float64, error) { calls++; return 2 * (x - 1), nil }
			ys, dys := make([]float64, len(xs)), make([]float64, len(xs))
			for i, x := range xs {
				ys[i] = (x-1)*(x-1) + tc.c
				dys[i] = 2 * (x - 1)
			}
			var got []root
			add := func(x float64, tangent bool) { got = append(got, root{x, tangent}) }
			if err := tangentRoots(f, df, xs, ys, dys, 0.1, 1e-9, tc.known, add); err != nil {
				t.Fatal(err)
			}
			if refined := calls > 0; refined != tc.refine {
				t.Errorf("refined %v (%d calls), want %v", refined, calls, tc.refine)
			}
			if len(got) != tc.roots {
				t.Errorf("roots %v, want %d", got, tc.roots)
			}
		})
	}
}

// TestOtherFixedPointsUnchanged checks that the fixed points at a
// critical point's (C_b, C_W) other than K*, found without searching for
// K* again, are those of the whole search without K*.
func TestOtherFixedPointsUnchanged(t *testing.T) {
	for _, src := range []string{"mish(x)", "swish(x)", "gelu(x)", "x*erf(x)"} {
		a, err := New(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		pts, err := a.CriticalPoints(DefaultKmax)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pts {
			if !p.Physical {
				continue
			}
			others, err := a.otherFixedPoints(p, DefaultKmax)
			if err != nil {
				t.Fatal(err)
			}
			all, err := a.FixedPoints(p.Cb, p.CW, DefaultKmax)
			if err != nil {
				t.Fatal(err)
			}
			var want []FixedPoint
			sawKStar := false
			for _, q := range all.Points {
				if math.Abs(q.K-p.K) > 1e-6*p.K {
					want = append(want, q)
				} else {
					sawKStar = q.Tangent
				}
			}
			if !sawKStar {
				t.Errorf("%s: the whole search did not find K* = %g as a tangent root: %+v", src, p.K, all.Points)
			}
			if len(others) != len(want) {
				t.Fatalf("%s at K* = %g: others %+v, want %+v", src, p.K, others, want)
			}
			for i := range want {
				if others[i] != want[i] {
					t.Errorf("%s at K* = %g: other %d is %+v, want %+v", src, p.K, i, others[i], want[i])
				}
			}
		}
	}
}
