package report

// The settings of the figures that package figure draws: their defaults,
// sizes and ranges. They are here, apart from the drawing, so that a
// program can check a figure's flags without linking gonum/plot.

import (
	"fmt"
	"math"

	"critcalc/apjn"
)

// FigureWidth and FigureHeight are the default size of a figure in
// inches: one column of a two-column paper.
const (
	FigureWidth  = 3.4
	FigureHeight = 2.4
)

// DefaultDPI is the default resolution of a PNG figure.
const DefaultDPI = 300

// Limits of SaveOptions.
const (
	MinFigureInches = 1
	MaxFigureInches = 20
	MinDPI          = 50
	MaxDPI          = 1200
)

// FigureFormats lists the file extensions figure.Save writes.
var FigureFormats = []string{".png", ".svg", ".pdf", ".eps"}

// SaveOptions sets the size of a saved figure in inches and the
// resolution of a PNG in dots per inch.
type SaveOptions struct {
	Width, Height float64
	DPI           int
}

// DefaultSaveOptions is FigureWidth × FigureHeight at DefaultDPI.
var DefaultSaveOptions = SaveOptions{Width: FigureWidth, Height: FigureHeight, DPI: DefaultDPI}

// Check reports a size outside MinFigureInches…MaxFigureInches on a side
// or a resolution outside MinDPI…MaxDPI.
func (o SaveOptions) Check() error {
	for _, in := range []float64{o.Width, o.Height} {
		if !(in >= MinFigureInches && in <= MaxFigureInches) {
			return fmt.Errorf("want a figure side of %d to %d inches, got %g", MinFigureInches, MaxFigureInches, in)
		}
	}
	if o.DPI < MinDPI || o.DPI > MaxDPI {
		return fmt.Errorf("want a resolution of %d to %d dots per inch, got %d", MinDPI, MaxDPI, o.DPI)
	}
	return nil
}

// PhaseRange is the (σ_w², σ_b²) rectangle of a phase diagram, sampled at
// NW × NB equally spaced points (ends included).
type PhaseRange struct {
	SW2Min, SW2Max float64
	SB2Min, SB2Max float64
	NW, NB         int
}

// DefaultPhaseRange is the default rectangle of figure.PhaseFigure: σ_w² ∈
// [0.1, 4] (which holds the critical points of erf, π/4, ReLU, 2, and
// GELU, 1.98 and 4) and σ_b² ∈ [0, 1], 80 × 50 points.
var DefaultPhaseRange = PhaseRange{SW2Min: 0.1, SW2Max: 4, SB2Min: 0, SB2Max: 1, NW: 80, NB: 50}

// Check reports a rectangle that is empty, not finite, has σ_w² ≤ 0 or
// σ_b² < 0, or has fewer than 2 or more than 400 points on a side.
func (r PhaseRange) Check() error {
	switch {
	case !(r.SW2Min > 0) || !(r.SW2Max > r.SW2Min) || math.IsInf(r.SW2Max, 0):
		return fmt.Errorf("want 0 < σ_w² min < σ_w² max < ∞, got [%g, %g]", r.SW2Min, r.SW2Max)
	case !(r.SB2Min >= 0) || !(r.SB2Max > r.SB2Min) || math.IsInf(r.SB2Max, 0):
		return fmt.Errorf("want 0 ≤ σ_b² min < σ_b² max < ∞, got [%g, %g]", r.SB2Min, r.SB2Max)
	case r.NW < 2 || r.NW > 400 || r.NB < 2 || r.NB > 400:
		return fmt.Errorf("want 2 to 400 grid points on each axis, got %d × %d", r.NW, r.NB)
	}
	return nil
}

// AutoInitFigureStarts are the default starting σ_w of figure.AutoInitFigure.
var AutoInitFigureStarts = []float64{0.5, 1, 2, 3}

// AutoInitFigureSteps is the default number of updates of
// figure.AutoInitFigure.
const AutoInitFigureSteps = 30

// AutoInitRun sets the simulated networks of figure.AutoInitPhaseFigure: width,
// number of layers, networks per step, SGD steps, learning rate and seed
// (AutoInit's Algorithm 2 with the Jacobian log loss, sim.RunAutoInit).
type AutoInitRun struct {
	Width, Depth, Nets, Steps int
	LR                        float64
	Seed                      uint64
}

// DefaultAutoInitRun is the setting of the appendix figure: the defaults
// of `critcalc autoinit` (32 networks, 50 steps at η = 0.1, seed 1) on
// networks of width 32 and depth 4.
var DefaultAutoInitRun = AutoInitRun{Width: 32, Depth: 4, Nets: 32, Steps: 50, LR: 0.1, Seed: 1}

// AutoInitPhaseStarts are the default starting (σ_w, σ_b) of
// figure.AutoInitPhaseFigure: two ordered and two chaotic points of tanh.
var AutoInitPhaseStarts = [][2]float64{{0.7, 0.3}, {0.8, 0.9}, {1.8, 0.3}, {1.9, 0.8}}

// APJNCurve is one curve of figure.APJNFigure: an activation at (σ_w², σ_b²).
type APJNCurve struct {
	Act      Activation
	SW2, SB2 float64
}

// APJNFigureCurves returns the default curves of figure.APJNFigure (DHG Fig.
// 1): erf at its critical point (π/4, 0) (eq 127), ReLU at (2, 0) (eq 101)
// and GELU at its half-stable critical point (1.98306, 0.172922) (eqs
// 157–162, apjn.GELUCriticalLine).
func APJNFigureCurves() []APJNCurve {
	acts := DHGActivations()
	gw, gb := apjn.GELUCriticalLine(apjn.GELUCriticalK, 0)
	return []APJNCurve{
		{Act: acts[0], SW2: math.Pi / 4},
		{Act: acts[1], SW2: 2},
		{Act: acts[3], SW2: gw, SB2: gb},
	}
}

// LogNormSamples and LogNormSeed are the default Monte-Carlo size and seed
// of figure.LogNormFigure: 2¹⁵ networks, as in the log-Gaussian notes §1.1.
const (
	LogNormSamples = 1 << 15
	LogNormSeed    = 4
)

// RatioFigureActivations returns the activations of figure.RatioFigure, PDLT
// Figs 5.1–5.3: tanh (5.1), sigmoid and softplus (5.2), SWISH and GELU
// (5.3).
func RatioFigureActivations() []Activation {
	return MustActivations("tanh", "tanh", "sigmoid", "sigmoid", "softplus", "softplus", "swish", "swish", "gelu", "gelu")
}

// ManifestFile is the name of the manifest figure.WriteAppendix writes.
const ManifestFile = "manifest.json"
