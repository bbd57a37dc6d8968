package report

import "critcalc/apjn"

// FigureNames lists the figures figure.Write draws, "all" (the appendix)
// last.
var FigureNames = []string{"ratio", "kernel-map", "depth", "phase", "apjn", "lognorm", "autoinit", "autoinit-phase", "all"}

// FigureRequest is one figure and the files to write it to, as `critcalc
// figure` asks for it once it has checked its flags; figure.Write draws
// and writes it. A field a figure does not use is ignored, and an empty
// list stands for the figure's default.
type FigureRequest struct {
	Name string // one of FigureNames

	// Acts are the activations: those of ratio (default
	// RatioFigureActivations), or the one of kernel-map and depth (default
	// gelu), phase (erf) and autoinit-phase (tanh).
	Acts []Activation
	// KMax is the largest K of ratio's axis.
	KMax float64
	// Rho0 and Depth are the starting correlation and the number of
	// layers of kernel-map and depth; Depth is also apjn's last layer.
	Rho0  float64
	Depth int
	// Arch and Mu are the architecture and skip strength of phase and
	// apjn, Range phase's rectangle, Curves apjn's curves (default
	// APJNFigureCurves).
	Arch   apjn.Arch
	Mu     float64
	Range  PhaseRange
	Curves []APJNCurve
	// Width, Outputs, Depths (default BetaDepths), Samples and Seed set
	// lognorm's networks and samples.
	Width, Outputs int
	Depths         []int
	Samples        int
	Seed           uint64
	// Starts (default AutoInitFigureStarts) and Steps set autoinit.
	Starts []float64
	Steps  int

	// Images are the files to write the figure to, each in the format of
	// its extension (FigureFormats), and Data the CSV file of its plotted
	// series ("" for none). Dir is the directory of "all".
	Images []string
	Data   string
	Dir    string
	// Options are the size and resolution of the images.
	Options SaveOptions
}
