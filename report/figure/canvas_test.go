package figure

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"critcalc/apjn"
	"critcalc/internal/testlevel"
	"critcalc/report"
)

// quickFigures draws every kind of figure at settings small enough for the
// default test run (a 12 × 8 phase grid, 512 samples per depth).
func quickFigures() []AppendixFigure {
	gelu, relu := report.MustActivations("gelu", "gelu")[0], report.MustActivations("relu", "relu")[0]
	tanh, erf := report.MustActivations("tanh", "tanh")[0], report.MustActivations("erf", "erf")[0]
	small := report.PhaseRange{SW2Min: 0.1, SW2Max: 4, SB2Min: 0, SB2Max: 1, NW: 12, NB: 8}
	return []AppendixFigure{
		{Name: "ratio", Build: func() (*Figure, error) { return RatioFigure(report.RatioFigureActivations(), 20, 50) }},
		{Name: "kernel-map", Build: func() (*Figure, error) { return KernelMapFigure(gelu, 0.5, 30) }},
		{Name: "depth", Build: func() (*Figure, error) { return DepthFigure(tanh, 0.5, 60) }},
		{Name: "phase", Build: func() (*Figure, error) { return PhaseFigure(relu, apjn.LNPost, 0, small) }},
		{Name: "phase-res", Build: func() (*Figure, error) { return PhaseFigure(erf, apjn.Res, 0.5, small) }},
		{Name: "apjn", Build: func() (*Figure, error) { return APJNFigure(report.APJNFigureCurves(), apjn.Vanilla, 0, 1000) }},
		{Name: "lognorm", Build: func() (*Figure, error) { return LogNormFigure(100, 10, report.BetaDepths, 512, report.LogNormSeed) }},
		{Name: "autoinit", Build: func() (*Figure, error) { return AutoInitFigure(report.AutoInitFigureStarts, 30) }},
		{Name: "autoinit-phase", Build: func() (*Figure, error) {
			run := report.AutoInitRun{Width: 16, Depth: 3, Nets: 8, Steps: 3, LR: 0.1, Seed: 1}
			return AutoInitPhaseFigure(tanh, [][2]float64{{0.8, 0.5}}, run, small)
		}},
	}
}

// TestFiguresInsideCanvas draws each figure into the middle of a larger,
// transparent image and checks that nothing (a title, label, tick label,
// legend entry or the colour bar) was drawn outside the figure's own
// rectangle: gonum/plot does not clip text, so anything placed beyond the
// canvas shows up in the margin. It runs at the default size and at a
// small one (2.5 × 1.8 in). The appendix figures at their full settings
// run with the exhaustive tests. It also checks the columns of each
// figure's data (Figure.Data).
func TestFiguresInsideCanvas(t *testing.T) {
	figs := quickFigures()
	if testlevel.IsExhaustive() {
		figs = append(figs, AppendixFigures()...)
	}
	sizes := [][2]vg.Length{{report.FigureWidth * vg.Inch, report.FigureHeight * vg.Inch}, {2.5 * vg.Inch, 1.8 * vg.Inch}}
	for i, a := range figs {
		f, err := a.Build()
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		if i < len(quickFigures()) {
			checkFigureData(t, a.Name, f)
		}
		for _, sz := range sizes {
			if n := pixelsOutside(f, sz[0], sz[1]); n > 0 {
				t.Errorf("%s at %g × %g in: %d pixels drawn outside the canvas", a.Name, float64(sz[0]/vg.Inch), float64(sz[1]/vg.Inch), n)
			}
		}
	}
}

// pixelsOutside draws f at w × h in the middle of an image with a margin
// of 0.5 in on every side (72 dpi) and counts the non-transparent pixels
// in the margin.
func pixelsOutside(f *Figure, w, h vg.Length) int {
	const margin = 0.5 * vg.Inch
	c := vgimg.NewWith(vgimg.UseWH(w+2*margin, h+2*margin), vgimg.UseDPI(72), vgimg.UseBackgroundColor(color.Transparent))
	dc := draw.New(c)
	dc.Rectangle = vg.Rectangle{Min: vg.Point{X: margin, Y: margin}, Max: vg.Point{X: margin + w, Y: margin + h}}
	f.Draw(dc)
	img := c.Image()
	b := img.Bounds()
	// One pixel of slack on each side: the canvas edge falls inside a
	// pixel row, which anti-aliased text touching the edge may tint.
	m := int(margin/vg.Inch*72) - 1
	inner := image.Rect(b.Min.X+m, b.Min.Y+m, b.Max.X-m, b.Max.Y-m)
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if (image.Point{X: x, Y: y}).In(inner) {
				continue
			}
			if _, _, _, a := img.At(x, y).RGBA(); a != 0 {
				n++
			}
		}
	}
	return n
}

// TestPixelsOutsideFinds checks that the test above can fail: a title
// wider than the canvas leaves pixels outside it.
func TestPixelsOutsideFinds(t *testing.T) {
	f, err := AutoInitFigure([]float64{1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	f.Plot.X.Label.Text = "a label far too long for a figure one inch wide, which runs off both of its sides"
	if n := pixelsOutside(f, 1*vg.Inch, 1*vg.Inch); n == 0 {
		t.Error("a label wider than the canvas: no pixel found outside it")
	}
}

// figureColumns are the data columns of each of quickFigures.
var figureColumns = map[string]string{
	"ratio":          "K,tanh,sigmoid,softplus,swish,gelu",
	"kernel-map":     "rho,kappa,layer,rho_layer",
	"depth":          "layer,distance,bound",
	"phase":          "sigma_w2,sigma_b2,chi_J,critical_sigma_w2",
	"phase-res":      "sigma_w2,sigma_b2,chi_J,critical_sigma_w2",
	"apjn":           "layer,erf,erf power law,relu,relu power law,gelu",
	"lognorm":        "log_norm2,infinite width,log-Gaussian d=1,samples d=1,log-Gaussian d=10,samples d=10,log-Gaussian d=100,samples d=100",
	"autoinit":       "update,JLL sigma_w(0)=0.5,JSL sigma_w(0)=0.5,JLL sigma_w(0)=1,JSL sigma_w(0)=1,JLL sigma_w(0)=2,JSL sigma_w(0)=2,JLL sigma_w(0)=3,JSL sigma_w(0)=3",
	"autoinit-phase": "sigma_w2,sigma_b2,chi_J,critical_sigma_w2,start_sigma_w2,start_sigma_b2,tuned_sigma_w2,tuned_sigma_b2",
}

// checkFigureData checks the columns of f's data and that every row has
// one value per column.
func checkFigureData(t *testing.T, name string, f *Figure) {
	t.Helper()
	if got := strings.Join(f.Data.Columns, ","); got != figureColumns[name] {
		t.Errorf("%s: columns %q, want %q", name, got, figureColumns[name])
	}
	if len(f.Data.Rows) == 0 {
		t.Errorf("%s: no data", name)
	}
	for _, r := range f.Data.Rows {
		if len(r) != len(f.Data.Columns) {
			t.Fatalf("%s: a row of %d values for %d columns", name, len(r), len(f.Data.Columns))
		}
	}
}
