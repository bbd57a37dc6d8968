package recursions

import (
	"math"
	"testing"
)

// TestInterpScanTable checks the interpolated scan averages against the
// quadrature at full accuracy (Many.At) at every 7th point of the scan
// grid: within 1e-10 of the value, or within twice the quadrature's error
// estimate where the value is below its accuracy (⟨zσσ'⟩ = Ke^{−2K} of
// sin at large K). ELU has a kink; sin's ⟨zσσ'⟩ spans 87 decades.
func TestInterpScanTable(t *testing.T) {
	for _, s := range []string{"mish", "sin", "elu", "x*sin(x)"} {
		a := mustNew(t, s)
		m, err := a.scanAverages()
		if err != nil {
			t.Fatal(err)
		}
		xs := scanGrid(DefaultKmax*scanLo, DefaultKmax, scanLog, scanLin)
		tab, ok, err := newInterpScanTable(m, xs)
		if err != nil || !ok {
			t.Fatalf("%s: interpolated table: ok %v, %v", s, ok, err)
		}
		for i := 0; i < len(xs); i += 7 {
			ref, err := m.At(xs[i])
			if err != nil {
				t.Fatal(err)
			}
			for j, v := range []float64{tab.s2[i], tab.zssp[i], tab.sp2[i]} {
				if d := math.Abs(v - ref[j].V); !(d <= 1e-10*math.Abs(ref[j].V)+2*ref[j].AbsErr) {
					t.Errorf("%s: average %d at K = %g: interpolated %.17g, quadrature %.17g ± %.3g", s, j, xs[i], v, ref[j].V, ref[j].AbsErr)
				}
			}
		}
	}
}

// TestInterpScanTableFallsBack checks that an average that leaves float64
// inside the grid's range leaves the table to the quadrature (ok false):
// ⟨zσσ'⟩ of exp(x) overflows at the tail cut from K ≈ 121 on.
func TestInterpScanTableFallsBack(t *testing.T) {
	a := mustNew(t, "exp(x)")
	m, err := a.scanAverages()
	if err != nil {
		t.Fatal(err)
	}
	_, ok, err := newInterpScanTable(m, scanGrid(200*scanLo, 200, scanLog, scanLin))
	if ok || err != nil {
		t.Errorf("exp(x) up to K = 200: ok %v, err %v; want ok false and no error", ok, err)
	}
}

// BenchmarkScanTableMish times the averages of the root scans of mish at
// the 800 points of the default grid: from the interpolants
// (newInterpScanTable), and from a quadrature at every point
// (newScanTable), as they were computed before.
func BenchmarkScanTableMish(b *testing.B) {
	a := mustNew(b, "mish")
	m, err := a.scanAverages()
	if err != nil {
		b.Fatal(err)
	}
	xs := scanGrid(DefaultKmax*scanLo, DefaultKmax, scanLog, scanLin)
	b.Run("interpolated", func(b *testing.B) {
		for b.Loop() {
			if _, ok, err := newInterpScanTable(m, xs); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("quadrature", func(b *testing.B) {
		for b.Loop() {
			if _, err := newScanTable(m, xs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
