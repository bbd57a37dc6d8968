package report

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"critcalc/apjn"
)

// APJNCurve is one curve of APJNFigure: an activation at (σ_w², σ_b²).
type APJNCurve struct {
	Act      Activation
	SW2, SB2 float64
}

// APJNFigureCurves returns the default curves of APJNFigure (DHG Fig. 1):
// erf at its critical point (π/4, 0) (eq 127), ReLU at (2, 0) (eq 101) and
// GELU at its half-stable critical point (1.98306, 0.172922) (eqs
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

// APJNFigure plots the APJN 𝒥^{1,ℓ} against depth ℓ = 1…L on log–log axes
// (DHG Fig. 1) for each curve in architecture arch with skip mu, from
// apjn.Model.Iterate. Values that overflow or underflow float64 are left
// out; a curve with nothing left is an error. L is 2 to 100000.
func APJNFigure(curves []APJNCurve, arch apjn.Arch, mu float64, L int) (*plot.Plot, error) {
	if len(curves) == 0 {
		return nil, errors.New("apjn figure: no curve")
	}
	if L < 2 || L > 100000 {
		return nil, fmt.Errorf("apjn figure: want 2 to 100000 layers, got %d", L)
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("APJN against depth (%s", arch)
	if arch.HasSkip() {
		p.Title.Text += fmt.Sprintf(", μ = %g", mu)
	}
	p.Title.Text += ")"
	p.X.Label.Text = "depth ℓ"
	p.Y.Label.Text = "APJN J(1, ℓ)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: 1}, plot.LogTicks{Prec: 1}
	p.Add(plotter.NewGrid())
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
		ln.Color, ln.Width = plotutil.Color(i), vg.Points(1.5)
		ln.Dashes = plotutil.Dashes(i)
		p.Add(ln)
		p.Legend.Add(fmt.Sprintf("%s (%.6g, %.6g)", c.Act.Label, c.SW2, c.SB2), ln)
	}
	p.Legend.Left = true
	return p, nil
}
