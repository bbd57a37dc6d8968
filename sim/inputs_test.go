package sim

import (
	"math"
	"testing"
)

// TestInputs checks the norms and correlations of the default and the
// equicorrelated inputs.
func TestInputs(t *testing.T) {
	xs, err := DefaultInputs(50, 2, 1.5, -0.3, 4)
	if err != nil {
		t.Fatal(err)
	}
	n := 50.0
	if q0, q1, r := dot(xs[0], xs[0])/n, dot(xs[1], xs[1])/n, dot(xs[0], xs[1])/n/1.5; math.Abs(q0-1.5) > 1e-12 || math.Abs(q1-1.5) > 1e-12 || math.Abs(r+0.3) > 1e-12 {
		t.Errorf("default inputs: q = %v, %v, ρ = %v", q0, q1, r)
	}
	es, err := EquicorrelatedInputs(20, 6, 2, 0.4, 1)
	if err != nil {
		t.Fatal(err)
	}
	for a := range es {
		for b := range es {
			want := 2 * 0.4 * 20
			if a == b {
				want = 2 * 20
			}
			if got := dot(es[a], es[b]); math.Abs(got-want) > 1e-10 {
				t.Errorf("x_%d·x_%d = %v, want %v", a, b, got, want)
			}
		}
	}
	for _, bad := range []func() error{
		func() error { _, err := DefaultInputs(0, 1, 1, 0, 1); return err },
		func() error { _, err := DefaultInputs(4, 2, 1, 1.5, 1); return err },
		func() error { _, err := EquicorrelatedInputs(4, 4, 1, 0.5, 1); return err },
		func() error { _, err := EquicorrelatedInputs(8, 4, 1, -0.5, 1); return err },
	} {
		if bad() == nil {
			t.Error("bad input request accepted")
		}
	}
}
