package figure

import (
	"strings"
	"testing"

	"critcalc/apjn"
	"critcalc/report"
)

// TestDHGFigureGolden draws the phase, apjn and lognorm figures as PNG and
// compares their pixels with testdata/NAME_golden.png exactly (as
// TestFigureGolden does); -update rewrites the images.
func TestDHGFigureGolden(t *testing.T) {
	erf := report.DHGActivations()[0]
	small := report.PhaseRange{SW2Min: 0.1, SW2Max: 4, SB2Min: 0, SB2Max: 1, NW: 40, NB: 25}
	tests := []struct {
		name string
		draw func() (*Figure, error)
	}{
		{"phase", func() (*Figure, error) { return PhaseFigure(erf, apjn.Vanilla, 0, small) }},
		{"apjn", func() (*Figure, error) { return APJNFigure(report.APJNFigureCurves(), apjn.Vanilla, 0, 1000) }},
		{"lognorm", func() (*Figure, error) { return LogNormFigure(100, 10, report.BetaDepths, 4096, report.LogNormSeed) }},
	}
	for _, tt := range tests {
		checkGoldenFigure(t, tt.name, tt.draw)
	}
}

// TestPhaseFigureLine checks the overlaid critical line of ReLU with
// LayerNorm on activations against DHG eq 111, σ_b² = σ_w²/(π − 1), to the
// 1e-9 that Model.CriticalSW2 guarantees on χ_𝒥* − 1.
func TestPhaseFigureLine(t *testing.T) {
	relu := report.DHGActivations()[1]
	r := report.PhaseRange{SW2Min: 0.1, SW2Max: 4, SB2Min: 0, SB2Max: 1, NW: 2, NB: 5}
	m, err := apjn.NewModel(relu.Sigma, apjn.LNPost)
	if err != nil {
		t.Fatal(err)
	}
	line, err := phaseLine(relu, m, 0, linspace(r.SB2Min, r.SB2Max, r.NB), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(line) != 4 { // σ_b² = 0 has no critical point (χ_𝒥 = π/(π − 1) for every σ_w²)
		t.Fatalf("%d points, want 4: %v", len(line), line)
	}
	for _, p := range line {
		if want := p.Y * (3.141592653589793 - 1); abs(p.X-want) > 1e-8*want {
			t.Errorf("σ_b² = %g: σ_w² = %.12g, want %.12g", p.Y, p.X, want)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestDHGFigureErrors(t *testing.T) {
	erf := report.DHGActivations()[0]
	ok := report.DefaultPhaseRange
	tests := []struct {
		name string
		draw func() (*Figure, error)
		want string
	}{
		{"σ_w² min 0", func() (*Figure, error) {
			r := ok
			r.SW2Min = 0
			return PhaseFigure(erf, apjn.Vanilla, 0, r)
		}, "σ_w² min"},
		{"empty σ_b²", func() (*Figure, error) {
			r := ok
			r.SB2Max = r.SB2Min
			return PhaseFigure(erf, apjn.Vanilla, 0, r)
		}, "σ_b² min"},
		{"grid", func() (*Figure, error) { r := ok; r.NW = 1; return PhaseFigure(erf, apjn.Vanilla, 0, r) }, "grid points"},
		{"μ without skip", func() (*Figure, error) { return PhaseFigure(erf, apjn.Vanilla, 0.5, ok) }, "no skip"},
		{"no curve", func() (*Figure, error) { return APJNFigure(nil, apjn.Vanilla, 0, 10) }, "no curve"},
		{"one layer", func() (*Figure, error) { return APJNFigure(report.APJNFigureCurves(), apjn.Vanilla, 0, 1) }, "layers"},
		{"bad point", func() (*Figure, error) {
			return APJNFigure([]report.APJNCurve{{Act: erf, SW2: -1}}, apjn.Vanilla, 0, 10)
		}, "σ_w²"},
		{"n_out", func() (*Figure, error) { return LogNormFigure(100, 0, report.BetaDepths, 0, 1) }, "n_out"},
		{"no depth", func() (*Figure, error) { return LogNormFigure(100, 10, nil, 0, 1) }, "depths"},
		{"negative depth", func() (*Figure, error) { return LogNormFigure(100, 10, []int{-1}, 0, 1) }, "depth d = -1"},
		{"samples", func() (*Figure, error) { return LogNormFigure(100, 10, report.BetaDepths, -1, 1) }, "samples"},
	}
	for _, tt := range tests {
		if _, err := tt.draw(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestHistogramSteps checks the normalisation of the lognorm histogram:
// the step curve integrates to the fraction of samples inside the range.
func TestHistogramSteps(t *testing.T) {
	xs := []float64{0.1, 0.2, 0.6, 0.9, 1.5, -3}
	h, err := histogramSteps(xs, 0, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	area := 0.0
	for i := 0; i < len(h); i += 2 {
		area += h[i].Y * (h[i+1].X - h[i].X)
	}
	if abs(area-4.0/6) > 1e-15 {
		t.Errorf("area %g, want 4/6", area)
	}
	if h[0].Y != 2/(6*0.25) || h[2].Y != 0 {
		t.Errorf("bins %v", h)
	}
	if _, err := histogramSteps(nil, 0, 1, 4); err == nil {
		t.Error("no samples: want an error")
	}
}
