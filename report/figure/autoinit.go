package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"critcalc/autoinit"
)

// AutoInitRateFraction is the rate of AutoInitFigure as a fraction of the
// one-step rate η₁ (AutoInit eqs 19 and 43), with which a single update
// would land on 𝒥 = 1.
const AutoInitRateFraction = 0.25

// AutoInitFigure plots AutoInit's tuning of a ReLU layer (He, Doshi and
// Gromov, §2.1 and App. C): the tuned weight scale a_W(t)·σ_w =
// √(2𝒥(t)) against the update t = 0…steps, from each starting σ_w of
// starts (a_W(0) = 1), under the Jacobian log loss (solid, eq 17) and the
// Jacobian square loss (dashed, eq 41), each at the rate
// AutoInitRateFraction·η₁ of its start (autoinit.Trajectory), with the
// critical value √2 where 𝒥 = 1. a_b is not tuned: a ReLU layer's 𝒥 does
// not depend on σ_b.
func AutoInitFigure(starts []float64, steps int) (*Figure, error) {
	switch {
	case len(starts) == 0 || len(starts) > 8:
		return nil, fmt.Errorf("autoinit figure: want 1 to 8 starting σ_w, got %d", len(starts))
	case steps < 1 || steps > 10000:
		return nil, fmt.Errorf("autoinit figure: want 1 to 10000 steps, got %d", steps)
	}
	f := newFigure()
	p := f.Plot
	p.Title.Text = "AutoInit tuning of a ReLU layer (σ_{b} is not tuned)"
	p.X.Label.Text = "update t"
	p.Y.Label.Text = "tuned σ_{w}·a_{W}(t)"
	p.Add(plotter.NewGrid())
	crit, err := plotter.NewLine(plotter.XYs{{X: 0, Y: math.Sqrt2}, {X: float64(steps), Y: math.Sqrt2}})
	if err != nil {
		return nil, err
	}
	crit.Color, crit.Width = color.Gray{Y: 100}, vg.Points(0.5)
	crit.Dashes = []vg.Length{vg.Points(1), vg.Points(1.5)}
	p.Add(crit)
	var names []string
	var series []plotter.XYs
	for i, sw := range starts {
		if !(sw > 0) || math.IsInf(sw, 0) {
			return nil, fmt.Errorf("autoinit figure: a starting σ_w must be positive and finite, got %g", sw)
		}
		sw2 := sw * sw
		J0 := autoinit.ReLUJacobian(1, sw2)
		for _, loss := range []autoinit.Loss{autoinit.LogLoss, autoinit.SquareLoss} {
			eta := AutoInitRateFraction * autoinit.OneStep(loss, J0, sw2)
			js := autoinit.Trajectory(loss, J0, sw2, eta, steps)
			xy := make(plotter.XYs, len(js))
			for t, j := range js {
				if !(j > 0) || math.IsInf(j, 0) {
					return nil, errors.New("autoinit figure: the trajectory left the positive reals")
				}
				xy[t] = plotter.XY{X: float64(t), Y: math.Sqrt(2 * j)}
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, err
			}
			l.Color, l.Width = plotutil.Color(i), vg.Points(1.1)
			if loss == autoinit.SquareLoss {
				l.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
			} else {
				f.AddLegend(fmt.Sprintf("σ_{w}(0) = %g", sw), l)
			}
			p.Add(l)
			names = append(names, fmt.Sprintf("%s sigma_w(0)=%g", loss, sw))
			series = append(series, xy)
		}
	}
	jll := &plotter.Line{LineStyle: plotter.DefaultLineStyle}
	jsl := &plotter.Line{LineStyle: plotter.DefaultLineStyle}
	jsl.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	f.AddLegend("JLL", jll)
	f.AddLegend("JSL", jsl)
	f.AddLegend("√2 (critical)", crit)
	p.X.Min = 0
	f.Data = seriesData("update", names, series)
	return f, nil
}
