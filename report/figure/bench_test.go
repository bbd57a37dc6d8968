package figure

import (
	"io"
	"testing"

	"gonum.org/v1/plot/vg"

	"critcalc/apjn"
	"critcalc/report"
)

// BenchmarkFigureRatioPNG draws PDLT Figs 5.1–5.3 (five activations, 200
// points each) and encodes the PNG.
func BenchmarkFigureRatioPNG(b *testing.B) {
	for b.Loop() {
		p, err := RatioFigure(report.RatioFigureActivations(), 20, 200)
		if err != nil {
			b.Fatal(err)
		}
		w, err := p.WriterTo(report.FigureWidth*vg.Inch, report.FigureHeight*vg.Inch, "png")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := w.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFigurePhase draws the default 80 × 50 phase diagram of erf.
func BenchmarkFigurePhase(b *testing.B) {
	erf := report.DHGActivations()[0]
	for b.Loop() {
		if _, err := PhaseFigure(erf, apjn.Vanilla, 0, report.DefaultPhaseRange); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFigureLogNorm draws the default lognorm figure with 2¹⁵
// samples per depth.
func BenchmarkFigureLogNorm(b *testing.B) {
	for b.Loop() {
		if _, err := LogNormFigure(report.BetaWidth, report.BetaOutputs, report.BetaDepths, report.LogNormSamples, report.LogNormSeed); err != nil {
			b.Fatal(err)
		}
	}
}
