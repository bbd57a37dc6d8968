package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"critcalc/apjn"
	"critcalc/report"
)

// APJNFitFrom is the fraction of the depth from which APJNFigure fits its
// power law: the fit uses layers ℓ ≥ L·APJNFitFrom, far from the first
// layer (DHG fit ℓ > 100 of 250).
const APJNFitFrom = 0.1

// APJNFigure plots the APJN 𝒥^{1,ℓ} against depth ℓ = 1…L on log–log axes
// (DHG Fig. 1) for each curve in architecture arch with skip mu, from
// apjn.Model.Iterate, with its power law 𝒥 ∝ ℓ^{−ζ}: the least-squares line
// of log 𝒥 on log ℓ over ℓ ≥ L·APJNFitFrom, drawn dashed over that range,
// its ζ in the legend, where a power law fits (every fitted point within
// powerFitTolerance of the curve in log 𝒥). Values that overflow or underflow float64 are left
// out; a curve with nothing left is an error. L is 2 to 100000.
func APJNFigure(curves []report.APJNCurve, arch apjn.Arch, mu float64, L int) (*Figure, error) {
	if len(curves) == 0 {
		return nil, errors.New("apjn figure: no curve")
	}
	if L < 2 || L > 100000 {
		return nil, fmt.Errorf("apjn figure: want 2 to 100000 layers, got %d", L)
	}
	f := newFigure()
	p := f.Plot
	p.Title.Text = fmt.Sprintf("APJN against depth, %s", arch)
	if arch.HasSkip() {
		p.Title.Text += fmt.Sprintf(", μ = %g", mu)
	}
	p.Title.Text += ", at (σ_{w}^{2}, σ_{b}^{2})"
	p.X.Label.Text = "depth ℓ"
	p.Y.Label.Text = "APJN J^{1,ℓ}"
	setLog(&p.X)
	setLog(&p.Y)
	p.Add(plotter.NewGrid())
	var names []string
	var series []plotter.XYs
	for i, c := range curves {
		m, err := apjn.NewModel(c.Act.Sigma, arch)
		if err != nil {
			return nil, fmt.Errorf("apjn figure: %s: %w", c.Act.Label, err)
		}
		layers, err := m.Iterate(apjn.Params{SW2: c.SW2, SB2: c.SB2, Mu: mu}, L, 1)
		if err != nil {
			return nil, fmt.Errorf("apjn figure: %s at (σ_w², σ_b²) = (%g, %g): %w", c.Act.Label, c.SW2, c.SB2, err)
		}
		var xy plotter.XYs
		for _, l := range layers {
			if j := math.Exp(l.LogJ); j > 0 && !math.IsInf(j, 0) {
				xy = append(xy, plotter.XY{X: float64(l.L), Y: j})
			}
		}
		if len(xy) == 0 {
			return nil, fmt.Errorf("apjn figure: %s: 𝒥 leaves the float64 range at every layer", c.Act.Label)
		}
		ln, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		ln.Color, ln.Width = plotutil.Color(i), vg.Points(1.2)
		p.Add(ln)
		label := fmt.Sprintf("%s at (%.4g, %.4g)", escapeMath(c.Act.Label), c.SW2, c.SB2)
		names, series = append(names, c.Act.Label), append(series, xy)
		if fit, zeta, ok := powerFit(xy, float64(L)*APJNFitFrom); ok {
			fl, err := plotter.NewLine(fit)
			if err != nil {
				return nil, err
			}
			fl.Color, fl.Width = color.Black, vg.Points(0.6)
			fl.Dashes = []vg.Length{vg.Points(2), vg.Points(1.5)}
			p.Add(fl)
			label += fmt.Sprintf(": ζ = %s", minus(strconv.FormatFloat(roundSig(zeta, 3), 'g', -1, 64)))
			names, series = append(names, c.Act.Label+" power law"), append(series, fit)
		}
		f.AddLegend(label, ln)
	}
	f.Data = seriesData("layer", names, series)
	return f, nil
}

// powerFit fits log y = a − ζ log x by least squares to the points of xy
// with x ≥ from and returns the fitted line at those points and ζ; ok is
// false with fewer than two points or where a point lies farther than
// powerFitTolerance from the line.
func powerFit(xy plotter.XYs, from float64) (fit plotter.XYs, zeta float64, ok bool) {
	var sx, sy, sxx, sxy, n float64
	for _, q := range xy {
		if q.X < from {
			continue
		}
		x, y := math.Log(q.X), math.Log(q.Y)
		sx, sy, sxx, sxy, n = sx+x, sy+y, sxx+x*x, sxy+x*y, n+1
	}
	den := n*sxx - sx*sx
	if n < 2 || !(den > 0) {
		return nil, 0, false
	}
	slope := (n*sxy - sx*sy) / den
	a := (sy - slope*sx) / n
	for _, q := range xy {
		if q.X >= from {
			y := a + slope*math.Log(q.X)
			if math.Abs(y-math.Log(q.Y)) > powerFitTolerance {
				return nil, 0, false
			}
			fit = append(fit, plotter.XY{X: q.X, Y: math.Exp(y)})
		}
	}
	return fit, -slope, true
}

// powerFitTolerance is the largest distance in log 𝒥 between a curve and
// its fitted power law (5%) for which APJNFigure draws the law.
const powerFitTolerance = 0.05

// roundSig rounds x to d significant digits (0 stays 0).
func roundSig(x float64, d int) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	s := math.Pow(10, float64(d-1)-math.Floor(math.Log10(math.Abs(x))))
	r := math.Round(x*s) / s
	if math.Abs(r) < 1e-12 {
		return 0
	}
	return r
}
