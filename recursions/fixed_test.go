package recursions

import (
	"math"
	"testing"
)

// TestFixedPoints checks the fixed-point scan, stability and phase labels.
func TestFixedPoints(t *testing.T) {
	type want struct {
		K         float64 // relative tolerance 1e-8 (flat roots; see the fixture)
		stability Stability
		phase     string
		tangent   bool
	}
	swish, err := halfStable(analysis(t, "swish"))
	if err != nil {
		t.Fatal(err)
	}
	gelu, err := halfStable(analysis(t, "gelu"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		src    string
		cb, cw float64
		line   bool
		want   []want
	}{
		{"tanh", 0, 1, false, []want{{0, Stable, Critical, false}}},
		{"tanh", 0, 0.5, false, []want{{0, Stable, Ordered, false}}},
		{"relu", 0, 2, true, nil},
		{"relu", 1, 1, false, []want{{2, Stable, Ordered, false}}},
		{"relu", 0, 1, false, []want{{0, Stable, Ordered, false}}},
		// SWISH at its half-critical point: the double root at K* and the
		// trivial fixed point beyond it (PDLT §5.3.4 footnote 21 prints ≈ 14.5;
		// recomputed 14.5931).
		{"swish", swish.Cb, swish.CW, false, []want{{swish.K, HalfStableFromBelow, Critical, true}, {14.5931, Stable, Chaotic, false}}},
		// GELU: the trivial fixed point below K* (PDLT §5.3.4 footnote 22 prints
		// ≈ 3.2; see README Corrections).
		{"gelu", gelu.Cb, gelu.CW, false, []want{{3.0349814355, Stable, Ordered, false}, {gelu.K, HalfStableFromAbove, Critical, true}}},
	}
	for _, tt := range tests {
		a := mustNew(t, tt.src)
		set, err := a.FixedPoints(tt.cb, tt.cw, DefaultKmax)
		if err != nil {
			t.Fatalf("%s (%g, %g): %v", tt.src, tt.cb, tt.cw, err)
		}
		if set.Line != tt.line || len(set.Points) != len(tt.want) {
			t.Errorf("%s (%g, %g): line %v, points %+v; want line %v and %d points", tt.src, tt.cb, tt.cw, set.Line, set.Points, tt.line, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			p := set.Points[i]
			tol := 1e-8 * w.K
			if w.K == 14.5931 {
				tol = 1e-4 // the recomputed value has 6 digits
			}
			if math.Abs(p.K-w.K) > tol || p.Stability != w.stability || p.Phase != w.phase || p.Tangent != w.tangent {
				t.Errorf("%s (%g, %g) point %d: %+v; want %+v", tt.src, tt.cb, tt.cw, i, p, w)
			}
			want := 1 / math.Abs(math.Log(p.ChiPerp))
			if p.Phase == Critical {
				want = math.Inf(1)
			}
			if p.Xi != want {
				t.Errorf("%s: ξ = %g, want 1/|log χ⊥| = %g", tt.src, p.Xi, want)
			}
		}
	}
}

// TestFixedPointsBadInput checks the argument errors.
func TestFixedPointsBadInput(t *testing.T) {
	a := mustNew(t, "tanh")
	for _, in := range [][3]float64{{-1, 1, 10}, {0, 0, 10}, {0, 1, 0}, {0, 1, math.Inf(1)}, {math.NaN(), 1, 10}} {
		if _, err := a.FixedPoints(in[0], in[1], in[2]); err == nil {
			t.Errorf("FixedPoints%v: no error", in)
		}
	}
	if _, err := a.CriticalPoints(-1); err == nil {
		t.Error("CriticalPoints(-1): no error")
	}
}
