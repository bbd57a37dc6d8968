package figure

import (
	"strings"
	"testing"
)

// TestLogTicks checks the labels of logarithmic axes: powers of ten only,
// thinned to at most six, never a float64 artefact such as
// 9.999999999999999e-05 (which plot.LogTicks printed for
// `figure depth --act relu --depth 10000`).
func TestLogTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		want     string
	}{
		{4.3e-7, 0.55, "10^{−6} 10^{−5} 10^{−4} 10^{−3} 10^{−2} 10^{−1}"},
		{1, 1000, "1 10 10^{2} 10^{3}"},
		{1e-30, 1, "10^{−30} 10^{−20} 10^{−10} 1"},
		{0.15, 0.9, "0.2 0.5"},
		{0.015, 0.55, "0.02 0.05 0.1 0.2 0.5"},
		{2e-5, 9e-5, "2×10^{−5} 5×10^{−5}"},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range (logTicks{}).Ticks(tt.min, tt.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("[%g, %g]: labels %q, want %q", tt.min, tt.max, g, tt.want)
		}
	}
}

// TestLinearTicks checks that linear tick labels carry the decimals the
// axis needs and no more, with a true minus sign.
func TestLinearTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		want     string
	}{
		{0, 2, "0.0 0.5 1.0 1.5 2.0"},
		{-1, 1, "−1.0 −0.5 0.0 0.5 1.0"},
		{0.1, 4, "1 2 3 4"},
		{0, 1000, "0 200 400 600 800 1000"},
		{-8.5, 8.5, "−5 0 5"},
		{0, 3e-4, "0 5×10^{−5} 1×10^{−4} 1.5×10^{−4} 2×10^{−4} 2.5×10^{−4} 3×10^{−4}"},
		{0, 2e6, "0 5×10^{5} 1×10^{6} 1.5×10^{6} 2×10^{6}"},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range (linearTicks{}).Ticks(tt.min, tt.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("[%g, %g]: labels %q, want %q", tt.min, tt.max, g, tt.want)
		}
	}
}

// TestMinorTicks checks the unlabelled ticks between the labelled ones.
func TestMinorTicks(t *testing.T) {
	tests := []struct {
		min, max float64
		want     int
	}{
		{0, 1, 5},      // step 0.2: one minor tick between labels
		{0, 4, 4 * 4},  // step 1: four
		{0, 10, 5},     // step 2: one
		{0, 25, 5 * 4}, // step 5: four
	}
	for _, tt := range tests {
		n := 0
		for _, tk := range (linearTicks{}).Ticks(tt.min, tt.max) {
			if tk.Label == "" {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("[%g, %g]: %d minor ticks, want %d", tt.min, tt.max, n, tt.want)
		}
	}
}
