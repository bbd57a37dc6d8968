package report

import (
	"math"
	"strings"
	"testing"
)

// TestBetaValues checks the beta table at 12 digits against values for the
// log-Gaussian notes' §1.1 setting (n = 100, n_out = 10, ‖x‖²/n_in = 1),
// derived independently from digamma and trigamma sums and given
// to 6 decimals: the tolerance is 1e-6 absolute (half a unit in the last
// printed place plus the rounding of the sum). β is exact: 2/n + 5d/n.
func TestBetaValues(t *testing.T) {
	tab, err := BetaTable(100, []int{1, 10, 100}, 10, 12)
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]float64{
		{"beta": 0.07, "mean_G_theory": -0.035, "var_G_theory": 0.07, "mean_G_exact": -0.035454, "var_G_exact": 0.072141,
			"mean_logout_theory": 2.164265, "var_logout_theory": 0.291323, "mean_logout_exact": 2.163811, "var_logout_exact": 0.293464},
		{"beta": 0.52, "mean_G_theory": -0.26, "var_G_theory": 0.52, "mean_G_exact": -0.264242, "var_G_exact": 0.539601,
			"mean_logout_theory": 1.939265, "var_logout_theory": 0.741323, "mean_logout_exact": 1.935023, "var_logout_exact": 0.760924},
		{"beta": 5.02, "mean_G_theory": -2.51, "var_G_theory": 5.02, "mean_G_exact": -2.552122, "var_G_exact": 5.214201,
			"mean_logout_theory": -0.310735, "var_logout_theory": 5.241323, "mean_logout_exact": -0.352857, "var_logout_exact": 5.435524},
	}
	col := map[string]int{}
	for j, c := range tab.Columns {
		col[c.Key] = j
	}
	for i, w := range want {
		for key, v := range w {
			got := cellValue(t, tab.Rows[i][col[key]])
			if math.Abs(got-v) > 1e-6 {
				t.Errorf("row %d %s = %.12g, want %g", i, key, got, v)
			}
		}
		// The excluded event: 1 − (1 − 2⁻¹⁰⁰)^d ≈ d·2⁻¹⁰⁰.
		d := []float64{1, 10, 100}[i]
		if p := cellValue(t, tab.Rows[i][col["p_zero"]]); math.Abs(p-d*math.Pow(2, -100)) > 1e-9*d*math.Pow(2, -100) {
			t.Errorf("row %d p_zero = %g, want %g", i, p, d*math.Pow(2, -100))
		}
	}
}

func TestBetaErrors(t *testing.T) {
	tests := []struct {
		name         string
		n            int
		ds           []int
		nOut, digits int
		want         string
	}{
		{"width", 0, []int{1}, 10, 6, "width"},
		{"depth", 100, []int{-1}, 10, 6, "depth"},
		{"no depth", 100, nil, 10, 6, "no depth"},
		{"n_out", 100, []int{1}, 0, 6, "n_out"},
		{"digits", 100, []int{1}, 10, 61, "between 1 and 60"},
	}
	for _, tt := range tests {
		if _, err := BetaTable(tt.n, tt.ds, tt.nOut, tt.digits); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := BuildTable("beta", MustActivations("relu", "relu"), 6); err == nil {
		t.Error("beta with an activation: want an error")
	}
}
