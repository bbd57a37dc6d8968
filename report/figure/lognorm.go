package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"critcalc/loggauss"
)

// logNormPoints is the number of points of each density curve.
const logNormPoints = 301

// logNormBins is the number of histogram bins over the plotted range.
const logNormBins = 60

// LogNormFigure plots the density of ln‖z_out‖² for ReLU networks of width
// n with d hidden layers for each d of ds and n_out outputs (‖x‖²/n_in =
// 1), as in the log-Gaussian notes §1.1: the log-Gaussian prediction of
// Theorem 2 (G ~ N(−β/2, β), loggauss.LogNormalLaw) for each d, the
// infinite-width law G = 0 (loggauss.InfiniteWidthLaw, a Gaussian z_out),
// and, when samples > 0, a histogram of samples exact draws per d
// (loggauss.SampleLogOutput with seed). The densities come from the
// package's numerical convolution (OutputLaw.DensityGrid); the range is
// the means ± 4 standard deviations of the laws drawn.
func LogNormFigure(n, nOut int, ds []int, samples int, seed uint64) (*Figure, error) {
	switch {
	case n < 1 || nOut < 1:
		return nil, fmt.Errorf("lognorm figure: want n ≥ 1 and n_out ≥ 1, got %d and %d", n, nOut)
	case len(ds) == 0 || len(ds) > 8:
		return nil, fmt.Errorf("lognorm figure: want 1 to 8 depths, got %d", len(ds))
	case samples < 0 || samples > 1<<20:
		return nil, fmt.Errorf("lognorm figure: want 0 to %d samples, got %d", 1<<20, samples)
	}
	inf, err := loggauss.InfiniteWidthLaw(nOut, 1)
	if err != nil {
		return nil, fmt.Errorf("lognorm figure: %w", err)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	widen := func(l loggauss.OutputLaw) error {
		mo, err := l.Moments()
		if err != nil {
			return err
		}
		s := math.Sqrt(mo.VarG)
		lo, hi = math.Min(lo, mo.MeanG-4*s), math.Max(hi, mo.MeanG+4*s)
		return nil
	}
	if err := widen(inf); err != nil {
		return nil, fmt.Errorf("lognorm figure: %w", err)
	}
	laws := make([]loggauss.OutputLaw, len(ds))
	for i, d := range ds {
		if d < 0 {
			return nil, fmt.Errorf("lognorm figure: depth d = %d must be ≥ 0", d)
		}
		if laws[i], err = loggauss.LogNormalLaw(n, d, nOut, 1); err != nil {
			return nil, fmt.Errorf("lognorm figure: %w", err)
		}
		if err := widen(laws[i]); err != nil {
			return nil, fmt.Errorf("lognorm figure: %w", err)
		}
	}

	f := newFigure()
	p := f.Plot
	p.Title.Text = fmt.Sprintf("Density of ln‖z_{out}‖^{2}: ReLU, n = %d, n_{out} = %d", n, nOut)
	p.X.Label.Text = "ln‖z_{out}‖^{2}"
	p.Y.Label.Text = "density"
	var names []string
	var series []plotter.XYs
	var hist *plotter.Line // the first histogram, for the legend
	p.Add(plotter.NewGrid())
	ys, fs, err := inf.DensityGrid(lo, hi, logNormPoints)
	if err != nil {
		return nil, fmt.Errorf("lognorm figure: %w", err)
	}
	gl, err := plotter.NewLine(zipXY(ys, fs))
	if err != nil {
		return nil, err
	}
	gl.Color, gl.Width = color.Black, vg.Points(0.8)
	gl.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	p.Add(gl)
	names, series = append(names, "infinite width"), append(series, zipXY(ys, fs))
	for i, l := range laws {
		ys, fs, err := l.DensityGrid(lo, hi, logNormPoints)
		if err != nil {
			return nil, fmt.Errorf("lognorm figure: d = %d: %w", ds[i], err)
		}
		ln, err := plotter.NewLine(zipXY(ys, fs))
		if err != nil {
			return nil, err
		}
		ln.Color, ln.Width = plotutil.Color(i), vg.Points(1.2)
		p.Add(ln)
		f.AddLegend(fmt.Sprintf("d = %d (β = %.3g)", ds[i], loggauss.Beta(n, ds[i])), ln)
		names, series = append(names, fmt.Sprintf("log-Gaussian d=%d", ds[i])), append(series, zipXY(ys, fs))
		if samples == 0 {
			continue
		}
		draws, err := loggauss.SampleLogOutput(n, ds[i], nOut, 1, samples, seed)
		if err != nil {
			return nil, fmt.Errorf("lognorm figure: sampling d = %d: %w", ds[i], err)
		}
		h, err := histogramSteps(draws, lo, hi, logNormBins)
		if err != nil {
			return nil, fmt.Errorf("lognorm figure: d = %d: %w", ds[i], err)
		}
		hl, err := plotter.NewLine(h)
		if err != nil {
			return nil, err
		}
		hl.Color, hl.Width = plotutil.Color(i), vg.Points(0.5)
		p.Add(hl)
		if i == 0 {
			hist = hl
		}
		names, series = append(names, fmt.Sprintf("samples d=%d", ds[i])), append(series, binCentres(h))
	}
	f.AddLegend("n = ∞ (G = 0)", gl)
	if hist != nil {
		f.AddLegend(fmt.Sprintf("histograms, %d networks per d", samples), hist)
	}
	p.X.Min, p.X.Max, p.Y.Min = lo, hi, 0
	f.Data = seriesData("log_norm2", names, series)
	return f, nil
}

// zipXY pairs xs with ys.
func zipXY(xs, ys []float64) plotter.XYs {
	out := make(plotter.XYs, len(xs))
	for i := range xs {
		out[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	return out
}

// binCentres returns the centre of each bin of a histogramSteps curve
// with its density.
func binCentres(steps plotter.XYs) plotter.XYs {
	out := make(plotter.XYs, 0, len(steps)/2)
	for i := 0; i+1 < len(steps); i += 2 {
		out = append(out, plotter.XY{X: (steps[i].X + steps[i+1].X) / 2, Y: steps[i].Y})
	}
	return out
}

// histogramSteps returns the normalised histogram of xs on bins equal bins
// of [lo, hi] as the corners of a step curve (density: count/(N·width),
// with N all of xs, so mass outside [lo, hi] is missing from the curve).
func histogramSteps(xs []float64, lo, hi float64, bins int) (plotter.XYs, error) {
	if len(xs) == 0 {
		return nil, errors.New("no samples")
	}
	w := (hi - lo) / float64(bins)
	counts := make([]int, bins)
	for _, x := range xs {
		if x < lo || x >= hi || math.IsNaN(x) {
			continue
		}
		counts[min(int((x-lo)/w), bins-1)]++
	}
	out := make(plotter.XYs, 0, 2*bins)
	for b, c := range counts {
		f := float64(c) / (float64(len(xs)) * w)
		x0 := lo + float64(b)*w
		out = append(out, plotter.XY{X: x0, Y: f}, plotter.XY{X: x0 + w, Y: f})
	}
	return out, nil
}
