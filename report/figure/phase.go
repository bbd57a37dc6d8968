package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"critcalc/apjn"
	"critcalc/recursions"
	"critcalc/report"
)

// PhaseClip is the largest |log₁₀ χ_𝒥*| the phase diagram's colours
// resolve; points beyond it take the end colours.
const PhaseClip = 1.0

// linspace returns n equally spaced values from lo to hi.
func linspace(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	out[n-1] = hi
	return out
}

// phaseGrid is the log₁₀ χ_𝒥* of a phase diagram as a plotter.GridXYZ:
// columns are σ_w², rows σ_b².
type phaseGrid struct {
	sw2, sb2 []float64
	z        []float64 // row-major in σ_w² (apjn.Model.Grid's order)
}

func (g phaseGrid) Dims() (c, r int)   { return len(g.sw2), len(g.sb2) }
func (g phaseGrid) Z(c, r int) float64 { return g.z[c*len(g.sb2)+r] }
func (g phaseGrid) X(c int) float64    { return g.sw2[c] }
func (g phaseGrid) Y(r int) float64    { return g.sb2[r] }

// PhaseFigure draws the phase diagram of φ in architecture arch with skip
// mu (DHG Fig. 2): log₁₀ χ_𝒥* from apjn.Model.Grid over the rectangle r
// as a heat map in a diverging palette centred on χ_𝒥* = 1 (blue ordered,
// red chaotic, white critical; clipped at ±PhaseClip), with the critical
// line overlaid: the σ_w² that apjn.Model.CriticalSW2 finds at each σ_b²
// of the grid, or for a scale-invariant φ in a vanilla or res network the
// closed form apjn.ScaleInvariantCriticalSW2 (DHG eqs 100, 115), which
// holds for every σ_b².
func PhaseFigure(a report.Activation, arch apjn.Arch, mu float64, r report.PhaseRange) (*Figure, error) {
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("phase figure: %w", err)
	}
	if err := (apjn.Params{SW2: r.SW2Min, SB2: r.SB2Min, Mu: mu}).Validate(arch); err != nil {
		return nil, fmt.Errorf("phase figure: %w", err)
	}
	m, err := apjn.NewModel(a.Sigma, arch)
	if err != nil {
		return nil, fmt.Errorf("phase figure: %s: %w", a.Label, err)
	}
	sw2, sb2 := linspace(r.SW2Min, r.SW2Max, r.NW), linspace(r.SB2Min, r.SB2Max, r.NB)
	pts, err := m.Grid(sw2, sb2, mu)
	if err != nil {
		return nil, fmt.Errorf("phase figure: %s: %w", a.Label, err)
	}
	g := phaseGrid{sw2: sw2, sb2: sb2, z: make([]float64, len(pts))}
	for i, p := range pts {
		if !(p.ChiJ > 0) || math.IsInf(p.ChiJ, 0) {
			return nil, fmt.Errorf("phase figure: %s: χ_𝒥* = %g at σ_w² = %g, σ_b² = %g", a.Label, p.ChiJ, p.SW2, p.SB2)
		}
		g.z[i] = math.Log10(p.ChiJ)
	}
	line, err := phaseLine(a, m, mu, sb2, r)
	if err != nil {
		return nil, err
	}

	cm := moreland.SmoothBlueRed()
	cm.SetMin(-PhaseClip)
	cm.SetMax(PhaseClip)
	h := plotter.NewHeatMap(g, cm.Palette(255))
	h.Min, h.Max = -PhaseClip, PhaseClip
	pal := h.Palette.Colors()
	h.Underflow, h.Overflow = pal[0], pal[len(pal)-1]
	h.Rasterized = true

	f := newFigure()
	p := f.Plot
	title := fmt.Sprintf("Phase diagram of %s, %s", escapeMath(a.Label), arch)
	if arch.HasSkip() {
		title += fmt.Sprintf(", μ = %g", mu)
	}
	p.Title.Text = title
	p.X.Label.Text = "σ_{w}^{2}"
	p.Y.Label.Text = "σ_{b}^{2}"
	p.Add(h)
	f.colorBar = newColorBar(p, cm, true, "χ_{J}^{*}")
	f.Data.Columns = []string{"sigma_w2", "sigma_b2", "chi_J", "critical_sigma_w2"}
	nan := math.NaN()
	for _, q := range pts {
		f.Data.Rows = append(f.Data.Rows, []float64{q.SW2, q.SB2, q.ChiJ, nan})
	}
	if len(line) > 0 {
		s, err := plotter.NewScatter(line)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(0.8), Shape: draw.CircleGlyph{}}
		p.Add(s)
		f.AddLegend("critical line χ_{J}^{*} = 1", s)
		for _, q := range line {
			f.Data.Rows = append(f.Data.Rows, []float64{nan, q.Y, nan, q.X})
		}
	}
	p.X.Min, p.X.Max = r.SW2Min, r.SW2Max
	p.Y.Min, p.Y.Max = r.SB2Min, r.SB2Max
	p.X.Padding, p.Y.Padding = 0, 0
	return f, nil
}

// phaseLine returns the critical points inside r at the σ_b² values sb2.
func phaseLine(a report.Activation, m *apjn.Model, mu float64, sb2 []float64, r report.PhaseRange) (plotter.XYs, error) {
	var line plotter.XYs
	si, scaleInv, err := recursions.ScaleInvariantOf(a.Sigma, recursions.NumericDigits)
	if err != nil {
		return nil, fmt.Errorf("phase figure: %s: %w", a.Label, err)
	}
	for _, s := range sb2 {
		pts, err := m.CriticalSW2(s, mu)
		switch {
		case errors.Is(err, apjn.ErrNoCritical):
			if scaleInv && (m.Arch == apjn.Vanilla || m.Arch == apjn.Res) && mu < 1 {
				pts = []apjn.LinePoint{{SB2: s, SW2: apjn.ScaleInvariantCriticalSW2(si.APlus.Float64(), si.AMinus.Float64(), mu)}}
			}
		case err != nil:
			return nil, fmt.Errorf("phase figure: %s: critical line at σ_b² = %g: %w", a.Label, s, err)
		}
		for _, lp := range pts {
			if lp.SW2 >= r.SW2Min && lp.SW2 <= r.SW2Max {
				line = append(line, plotter.XY{X: lp.SW2, Y: s})
			}
		}
	}
	return line, nil
}
