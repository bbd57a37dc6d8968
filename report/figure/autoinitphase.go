package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"critcalc/apjn"
	"critcalc/report"
	"critcalc/sim"
)

// AutoInitPhaseFigure draws AutoInit's tuning of σ_w and σ_b on the phase
// diagram of a (PhaseFigure of a vanilla MLP over r): from each start
// (σ_w, σ_b) of starts (an open circle) an arrow to the tuned point (a
// filled circle), the mean over layers 2…L of σ_w·a_W and σ_b·a_b after
// sim.RunAutoInit with run (He, Doshi and Gromov, Algorithm 2; a_b is
// tuned where σ_b > 0).
func AutoInitPhaseFigure(a report.Activation, starts [][2]float64, run report.AutoInitRun, r report.PhaseRange) (*Figure, error) {
	if len(starts) == 0 || len(starts) > 8 {
		return nil, fmt.Errorf("autoinit phase figure: want 1 to 8 starting points, got %d", len(starts))
	}
	f, err := PhaseFigure(a, apjn.Vanilla, 0, r)
	if err != nil {
		return nil, fmt.Errorf("autoinit phase figure: %w", err)
	}
	f.Title.Text = fmt.Sprintf("AutoInit on the phase diagram of %s", escapeMath(a.Label))
	inputs, err := sim.DefaultInputs(run.Width, 1, 1, 0, run.Seed)
	if err != nil {
		return nil, fmt.Errorf("autoinit phase figure: %w", err)
	}
	widths := make([]int, run.Depth+1)
	for i := range widths {
		widths[i] = run.Width
	}
	var from, to plotter.XYs
	for _, s := range starts {
		sw, sb := s[0], s[1]
		if !(sw > 0) || !(sb >= 0) || math.IsInf(sw, 0) || math.IsInf(sb, 0) {
			return nil, fmt.Errorf("autoinit phase figure: want σ_w > 0 and σ_b ≥ 0, got (%g, %g)", sw, sb)
		}
		cfg := sim.Config{Sigma: a.Sigma, CW: sw * sw, Cb: sb * sb, Widths: widths, Inputs: inputs, Nets: run.Nets, Seed: run.Seed}
		res, err := sim.RunAutoInit(sim.AutoInit{Net: cfg, Loss: sim.JLL, Steps: run.Steps, LR: run.LR})
		if err != nil {
			return nil, fmt.Errorf("autoinit phase figure: from (σ_w, σ_b) = (%g, %g): %w", sw, sb, err)
		}
		tw, tb := meanFrom(res.SigmaW, 1), meanFrom(res.SigmaB, 1)
		from = append(from, plotter.XY{X: sw * sw, Y: sb * sb})
		to = append(to, plotter.XY{X: tw * tw, Y: tb * tb})
	}
	if len(to) == 0 {
		return nil, errors.New("autoinit phase figure: nothing tuned")
	}
	p := f.Plot
	for i := range from {
		l, err := plotter.NewLine(plotter.XYs{from[i], to[i]})
		if err != nil {
			return nil, err
		}
		l.Color, l.Width = color.Black, vg.Points(0.7)
		p.Add(l)
	}
	start, err := plotter.NewScatter(from)
	if err != nil {
		return nil, err
	}
	start.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(2), Shape: draw.RingGlyph{}}
	end, err := plotter.NewScatter(to)
	if err != nil {
		return nil, err
	}
	end.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
	p.Add(start, end)
	f.AddLegend("start", start)
	f.AddLegend(fmt.Sprintf("tuned (%d steps, JLL)", run.Steps), end)
	nan := math.NaN()
	f.Data.Columns = append(f.Data.Columns, "start_sigma_w2", "start_sigma_b2", "tuned_sigma_w2", "tuned_sigma_b2")
	for i := range f.Data.Rows {
		f.Data.Rows[i] = append(f.Data.Rows[i], nan, nan, nan, nan)
	}
	for i := range from {
		f.Data.Rows = append(f.Data.Rows, []float64{nan, nan, nan, nan, from[i].X, from[i].Y, to[i].X, to[i].Y})
	}
	return f, nil
}

// meanFrom is the mean of xs[i:].
func meanFrom(xs []float64, i int) float64 {
	s := 0.0
	for _, x := range xs[i:] {
		s += x
	}
	return s / float64(len(xs)-i)
}
