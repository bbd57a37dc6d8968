package recursions

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
	"testing"

	"critcalc/calc"
	"critcalc/fixtures"
)

// goldenRow is one value of fixtures/pdlt_criticality.json.
type goldenRow struct {
	ID         string   `json:"id"`
	Eq         string   `json:"eq"`
	Activation string   `json:"activation"`
	Quantity   string   `json:"quantity"`
	Value      *float64 `json:"value"`
	Exact      string   `json:"exact"`
	RelTol     *float64 `json:"rel_tol"`
	AbsTol     *float64 `json:"abs_tol"`
}

func readGoldens(t *testing.T) []goldenRow {
	t.Helper()
	b, err := fixtures.Read("pdlt_criticality.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Rows []goldenRow `json:"rows"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("pdlt_criticality.json: %v", err)
	}
	return f.Rows
}

var (
	analysesMu sync.Mutex
	analyses   = map[string]*Analysis{}
)

// analysis returns the cached Analyze result for src.
func analysis(t *testing.T, src string) *Analysis {
	t.Helper()
	analysesMu.Lock()
	defer analysesMu.Unlock()
	if an, ok := analyses[src]; ok {
		return an
	}
	an, err := Analyze(calc.MustParse(src), DefaultKmax)
	if err != nil {
		t.Fatalf("Analyze(%s): %v", src, err)
	}
	analyses[src] = an
	return an
}

// halfStable returns the single physical critical point with K* > 0.
func halfStable(an *Analysis) (CriticalPoint, error) {
	var found []CriticalPoint
	for _, p := range an.Points {
		if p.K > 0 && p.Physical {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		return CriticalPoint{}, fmt.Errorf("%d physical critical points with K* > 0, want 1", len(found))
	}
	return found[0], nil
}

// goldenQuantity computes the quantity named in a fixture row.
func goldenQuantity(t *testing.T, src, q string) (float64, error) {
	sigma := calc.MustParse(src)
	switch q {
	case "a1", "a2", "b1", "kzero_Cb", "kzero_CW", "limit_Cb":
		kz, ok, err := KZeroOf(sigma, 17)
		if err != nil || !ok {
			return 0, fmt.Errorf("no Taylor series at 0 (%v)", err)
		}
		if q == "kzero_Cb" { // the C_b the analysis reports for its K* = 0 point
			for _, p := range analysis(t, src).Points {
				if p.Class == ClassKZero {
					return p.Cb, nil
				}
			}
			return 0, fmt.Errorf("no K* = 0 point in the analysis")
		}
		return map[string]calc.Certified{"a1": kz.A1, "a2": kz.A2, "b1": kz.B1, "kzero_CW": kz.CW, "limit_Cb": kz.LimitCb}[q].Float64(), nil
	case "si_Cb", "si_CW", "vertex", "rho_kink":
		si, ok, err := ScaleInvariantOf(sigma, NumericDigits)
		if err != nil || !ok {
			return 0, fmt.Errorf("not scale-invariant (%v)", err)
		}
		return map[string]calc.Certified{"si_Cb": si.Cb, "si_CW": si.CW, "vertex": si.Vertex, "rho_kink": si.RhoKink}[q].Float64(), nil
	case "ratio_plus_1":
		a, err := New(sigma)
		if err != nil {
			return 0, err
		}
		r, err := a.Ratio(1.7)
		return r + 1, err
	case "K_star", "Cb_star", "CW_star", "a1_tilde":
		p, err := halfStable(analysis(t, src))
		if err != nil {
			return 0, err
		}
		return map[string]float64{"K_star": p.K, "Cb_star": p.Cb, "CW_star": p.CW, "a1_tilde": p.A1}[q], nil
	case "trivial_K":
		p, err := halfStable(analysis(t, src))
		if err != nil {
			return 0, err
		}
		a, err := New(sigma)
		if err != nil {
			return 0, err
		}
		set, err := a.FixedPoints(p.Cb, p.CW, DefaultKmax)
		if err != nil {
			return 0, err
		}
		for _, fp := range set.Points {
			if fp.K > 0 && fp.Stability == Stable {
				return fp.K, nil
			}
		}
		return 0, fmt.Errorf("no stable fixed point in %+v", set.Points)
	}
	return 0, fmt.Errorf("unknown quantity %q", q)
}

// TestGoldens checks every value of fixtures/pdlt_criticality.json.
func TestGoldens(t *testing.T) {
	for _, r := range readGoldens(t) {
		name := r.ID + " " + r.Activation + " " + r.Quantity
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var want float64
			switch {
			case r.Value != nil:
				want = *r.Value
			case r.Exact != "":
				want = calc.EvalFloat(calc.MustParse(r.Exact), 0)
			default:
				t.Fatal("row has neither value nor exact")
			}
			got, err := goldenQuantity(t, r.Activation, r.Quantity)
			if err != nil {
				t.Fatalf("(%s): %v", r.Eq, err)
			}
			diff := math.Abs(got - want)
			switch {
			case r.RelTol != nil:
				if diff > *r.RelTol*math.Abs(want) {
					t.Errorf("(%s) got %.17g, want %.17g: relative error %.3g > %g", r.Eq, got, want, diff/math.Abs(want), *r.RelTol)
				}
				t.Logf("(%s) got %.17g want %.17g rel err %.3g (tol %g)", r.Eq, got, want, diff/math.Abs(want), *r.RelTol)
			case r.AbsTol != nil:
				if diff > *r.AbsTol {
					t.Errorf("(%s) got %.17g, want %.17g: error %.3g > %g", r.Eq, got, want, diff, *r.AbsTol)
				}
				t.Logf("(%s) got %.17g want %.17g abs err %.3g (tol %g)", r.Eq, got, want, diff, *r.AbsTol)
			default:
				t.Fatal("row has no tolerance")
			}
		})
	}
}
