// Package figure draws the appendix figures with gonum/plot: RatioFigure,
// KernelMapFigure, DepthFigure, PhaseFigure, APJNFigure, LogNormFigure,
// AutoInitFigure and AutoInitPhaseFigure each return a *Figure, a
// gonum/plot plot with its legend, colour bar and plotted data. SaveWith
// writes one as PNG, SVG, PDF or EPS by the extension of the file name,
// WriteData its data as CSV, and WriteAppendix every figure and every
// table of package report. The figures' defaults and sizes
// (report.SaveOptions, report.PhaseRange, …) are in package report.
//
// A program that imports this package pays at start-up for gonum/plot's
// initialisation (it parses its twelve Liberation fonts) and for the
// encoders' packages; commands that draw nothing should not import it.
package figure
