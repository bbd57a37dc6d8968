package recursions

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"runtime"
	"testing"

	"critcalc/hermite"
	"critcalc/internal/testlevel"
)

// scanActivations covers smooth, kinked (elu, selu, softsign) and
// oscillating activations.
var scanActivations = []string{"tanh", "mish", "gelu", "swish", "elu", "selu", "softsign", "sin", "sigmoid"}

// scanKinds is one smooth, one kinked and one oscillating activation of
// scanActivations.
var scanKinds = []string{"mish", "elu", "sin"}

// scanPairs returns the (C_b, C_W) at which the fixed-point scans are
// compared: generic ones and those of σ's physical critical points.
func scanPairs(t *testing.T, a *Activation, kmax float64) [][2]float64 {
	t.Helper()
	pairs := [][2]float64{{0, 1}, {0.1, 1.5}, {0.5, 3}}
	pts, err := a.CriticalPoints(kmax)
	if err != nil {
		t.Fatalf("%s: CriticalPoints(%g): %v", a.Sigma, kmax, err)
	}
	for _, p := range pts {
		if p.Physical {
			pairs = append(pairs, [2]float64{p.Cb, p.CW})
		}
	}
	return pairs
}

// sameRoots reports whether two root lists agree: the same count and
// tangency, and K within 1e-13 relative.
func sameRoots(got, want []root) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Tangent != want[i].Tangent || math.Abs(got[i].X-want[i].X) > 1e-13*math.Abs(want[i].X) {
			return false
		}
	}
	return true
}

// nearScaled reports whether got is within tol of want, relative to |want| or
// to scale.
func nearScaled(got, want, tol, scale float64) bool {
	d := math.Abs(got - want)
	return d <= tol*math.Abs(want) || d <= tol*scale
}

// TestScanTableRoots checks that the scans on the table find the roots
// that direct evaluation of R(K), the fixed-point residual and its
// derivative on the grid finds, and that the table's averages are those
// of the single expectations. The default run scans one activation of
// each kind (scanKinds); all of scanActivations are exhaustive.
func TestScanTableRoots(t *testing.T) {
	activations := scanKinds
	if testlevel.IsExhaustive() {
		activations = scanActivations
	}
	for _, src := range activations {
		for _, kmax := range []float64{DefaultKmax, 7} {
			a := mustNew(t, src)
			tab, err := a.scanTable(kmax)
			if err != nil {
				t.Fatalf("%s kmax %g: %v", src, kmax, err)
			}
			xs := scanGrid(kmax*scanLo, kmax, scanLog, scanLin)
			if !reflect.DeepEqual(tab.xs, xs) {
				t.Fatalf("%s kmax %g: table grid differs from scanGrid", src, kmax)
			}
			for i, K := range xs {
				s2, err1 := a.G(K)
				zssp, err2 := a.at(cZssp, K)
				sp2, err3 := a.at(cSp2, K)
				if err := errors.Join(err1, err2, err3); err != nil {
					t.Fatalf("%s at K = %g: %v", src, K, err)
				}
				scale := s2 + K*sp2
				for _, c := range []struct {
					name      string
					e         *hermite.Expectation
					got, want float64
				}{{"σ²", a.single[cS2].v, tab.s2[i], s2}, {"zσσ'", a.single[cZssp].v, tab.zssp[i], zssp}, {"σ'²", a.single[cSp2].v, tab.sp2[i], sp2}} {
					if nearScaled(c.got, c.want, 1e-12, scale) {
						continue
					}
					// One of the two missed its accuracy goal: the table
					// must hold the certified value.
					v, err := c.e.AtDigits(new(big.Rat).SetFloat64(K), 20)
					if err != nil {
						t.Fatalf("%s: ⟨%s⟩ at K = %g: %v", src, c.name, K, err)
					}
					if exact, _ := v.Float64(); !nearScaled(c.got, exact, 1e-13, scale) {
						t.Errorf("%s: ⟨%s⟩ at K = %g: table %.17g, expectation %.17g, certified %.17g", src, c.name, K, c.got, c.want, exact)
					}
				}
			}

			ys, err := evalAll(a.Ratio, xs)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			want, err := findRoots(a.Ratio, nil, xs, ys, nil, nearTol, tangentTol, ratioNoise, 0)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			got, err := a.criticalRoots(kmax)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if !sameRoots(got, want) {
				t.Errorf("%s kmax %g: criticality roots %v from the table, %v directly", src, kmax, got, want)
			}

			for _, p := range scanPairs(t, a, kmax) {
				resid, dresid := a.residuals(p[0], p[1])
				ys, err := evalAll(resid, xs)
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				dys, err := evalAll(dresid, xs)
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				want, err := findRoots(resid, dresid, xs, ys, dys, nearTol, fixedNearTol, 0, 0)
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				got, err := a.fixedRoots(p[0], p[1], kmax, 0)
				if err != nil {
					t.Fatalf("%s: %v", src, err)
				}
				if !sameRoots(got, want) {
					t.Errorf("%s kmax %g (C_b, C_W) = %v: fixed points %v from the table, %v directly", src, kmax, p, got, want)
				}
			}
		}
	}
}

// scanResult is everything the scans of one activation return.
type scanResult struct {
	table  *scanTable
	points []CriticalPoint
	fixed  []FixedPoints
}

// scanAll runs the criticality scan and the fixed-point scans at every
// physical critical point on a fresh Activation.
func scanAll(t *testing.T, src string, kmax float64) scanResult {
	t.Helper()
	a := mustNew(t, src)
	var r scanResult
	var err error
	if r.table, err = a.scanTable(kmax); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	if r.points, err = a.CriticalPoints(kmax); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	for _, p := range r.points {
		if !p.Physical {
			continue
		}
		set, err := a.FixedPoints(p.Cb, p.CW, kmax)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		r.fixed = append(r.fixed, set)
	}
	return r
}

// TestScanTableWorkers checks that the table and the roots do not depend
// on the number of workers. sin, whose many roots take 1 s to scan four
// times, is exhaustive.
func TestScanTableWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, src := range []string{"mish", "gelu", "sin"} {
		if src == "sin" && !testlevel.IsExhaustive() {
			continue
		}
		runtime.GOMAXPROCS(1)
		want := scanAll(t, src, DefaultKmax)
		for _, procs := range []int{2, 3, 8} {
			runtime.GOMAXPROCS(procs)
			if got := scanAll(t, src, DefaultKmax); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: GOMAXPROCS %d gives other scans than GOMAXPROCS 1", src, procs)
			}
		}
	}
}

// TestScanTableKmax checks that tables are kept per kmax: one Activation
// scanned at several kmax, more than it keeps, and again at the first,
// finds what a fresh Activation finds at each.
func TestScanTableKmax(t *testing.T) {
	a := mustNew(t, "swish")
	kmaxes := []float64{DefaultKmax, 3, 20, 0.5, 50, 3, DefaultKmax}
	for _, kmax := range kmaxes {
		got, err := a.FixedPoints(0.1, 1.5, kmax)
		if err != nil {
			t.Fatalf("kmax %g: %v", kmax, err)
		}
		want, err := mustNew(t, "swish").FixedPoints(0.1, 1.5, kmax)
		if err != nil {
			t.Fatalf("kmax %g: %v", kmax, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("kmax %g: %+v after other kmax, %+v fresh", kmax, got, want)
		}
	}
	if n := len(a.scans.entries); n > maxScanTables {
		t.Errorf("%d tables kept, want at most %d", n, maxScanTables)
	}
}

// TestScanTableFallback checks the scans where the table cannot be made:
// the functions are then evaluated directly, with the same results, and a
// failing average is reported as direct evaluation reports it.
func TestScanTableFallback(t *testing.T) {
	for _, src := range []string{"gelu", "elu"} {
		want := scanAll(t, src, DefaultKmax)
		a := mustNew(t, src)
		e := &scanEntry{kmax: DefaultKmax, err: errors.New("no table")}
		e.once.Do(func() {})
		a.scans.entries = []*scanEntry{e}
		pts, err := a.CriticalPoints(DefaultKmax)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if !reflect.DeepEqual(pts, want.points) {
			t.Errorf("%s: critical points %+v without the table, %+v with it", src, pts, want.points)
		}
		i := 0
		for _, p := range pts {
			if !p.Physical {
				continue
			}
			set, err := a.FixedPoints(p.Cb, p.CW, DefaultKmax)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if !reflect.DeepEqual(set, want.fixed[i]) {
				t.Errorf("%s: fixed points %+v without the table, %+v with it", src, set, want.fixed[i])
			}
			i++
		}
	}

	// The float64 ⟨σ'²⟩ of exp(4x) overflows from K ≈ 11 on.
	a := mustNew(t, "exp(4*x)")
	_, err := a.CriticalPoints(DefaultKmax)
	_, direct := evalAll(a.Ratio, scanGrid(DefaultKmax*scanLo, DefaultKmax, scanLog, scanLin))
	if err == nil || direct == nil || err.Error() != "recursions: solving the criticality condition: "+direct.Error() {
		t.Errorf("exp(4x): CriticalPoints error %v; want the direct one, %v", err, direct)
	}
}

// TestForEach checks that forEach does every index, or reports the
// error of the smallest failing one whatever the number of workers.
func TestForEach(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	tests := []struct {
		n     int
		fail  []int
		first int // -1: no error
	}{
		{0, nil, -1},
		{1, nil, -1},
		{100, nil, -1},
		{100, []int{0}, 0},
		{100, []int{99}, 99},
		{100, []int{70, 3, 40}, 3},
		{5, []int{4, 2}, 2},
	}
	for _, tt := range tests {
		for _, procs := range []int{1, 2, 7} {
			runtime.GOMAXPROCS(procs)
			done := make([]bool, tt.n)
			err := forEach(tt.n, func(i int) error {
				done[i] = true
				for _, f := range tt.fail {
					if i == f {
						return fmt.Errorf("index %d", i)
					}
				}
				return nil
			})
			switch {
			case tt.first < 0 && err != nil:
				t.Errorf("n %d, GOMAXPROCS %d: error %v", tt.n, procs, err)
			case tt.first >= 0 && (err == nil || err.Error() != fmt.Sprintf("index %d", tt.first)):
				t.Errorf("n %d, fail %v, GOMAXPROCS %d: error %v; want index %d", tt.n, tt.fail, procs, err, tt.first)
			}
			upto := tt.n
			if tt.first >= 0 {
				upto = tt.first + 1
			}
			for i := range upto {
				if !done[i] {
					t.Errorf("n %d, fail %v, GOMAXPROCS %d: index %d not done", tt.n, tt.fail, procs, i)
				}
			}
		}
	}
}
