package figure

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"critcalc/hermite"
	"critcalc/recursions"
	"critcalc/report"
)

// RatioFigure plots the left-hand side of the criticality condition
// (5.73), 2K²⟨σ'²⟩_K/⟨σ²(z² − K)⟩_K = 1 + recursions.Activation.Ratio(K),
// against K on (0, kmax] for each activation (PDLT Figs 5.1–5.3), with the
// line 1 where a critical point sits; the vertical axis shows [0, 2]. It uses n points per curve
// (2 ≤ n ≤ 10000), K = kmax·i/n for i = 1…n.
func RatioFigure(acts []report.Activation, kmax float64, n int) (*Figure, error) {
	if !(kmax > 0) || math.IsInf(kmax, 0) {
		return nil, fmt.Errorf("ratio figure: kmax must be positive and finite, got %g", kmax)
	}
	if n < 2 || n > 10000 {
		return nil, fmt.Errorf("ratio figure: want 2 to 10000 points, got %d", n)
	}
	if len(acts) == 0 {
		return nil, errors.New("ratio figure: no activation")
	}
	f := newFigure()
	p := f.Plot
	p.Title.Text = "Criticality ratio (5.73): critical where it is 1"
	p.X.Label.Text = "K"
	p.Y.Label.Text = "2K^{2} E[σ′^{2}] / E[σ^{2}(z^{2} − K)]"
	var names []string
	var series []plotter.XYs
	one, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 1}, {X: kmax, Y: 1}})
	if err != nil {
		return nil, err
	}
	one.Color = color.Gray{Y: 128}
	one.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	one.Width = vg.Points(0.5)
	p.Add(one)
	for i, a := range acts {
		act, err := recursions.New(a.Sigma)
		if err != nil {
			return nil, fmt.Errorf("ratio figure: %s: %w", a.Label, err)
		}
		xy := make(plotter.XYs, n)
		for j := range xy {
			K := kmax * float64(j+1) / float64(n)
			r, err := act.Ratio(K)
			if err != nil {
				return nil, fmt.Errorf("ratio figure: %s at K = %g: %w", a.Label, K, err)
			}
			if math.IsNaN(r) || math.IsInf(r, 0) {
				return nil, fmt.Errorf("ratio figure: %s: the ratio is not finite at K = %g", a.Label, K)
			}
			xy[j] = plotter.XY{X: K, Y: 1 + r}
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.Width = vg.Points(1)
		l.Dashes = plotutil.Dashes(i)
		p.Add(l)
		f.AddLegend(escapeMath(a.Label), l)
		names, series = append(names, a.Label), append(series, xy)
	}
	// The interesting part is near 1; curves leaving [0, 2] are clipped.
	p.X.Min, p.Y.Min, p.Y.Max = 0, 0, 2
	f.Data = seriesData("K", names, series)
	return f, nil
}

// mapOf returns the normalized kernel map of a with its Theorem 1
// analysis.
func mapOf(a report.Activation) (*hermite.KernelMap, hermite.FixedPoint, error) {
	m, err := hermite.NewKernelMap(a.Sigma)
	if err != nil {
		return nil, hermite.FixedPoint{}, err // "kernel map of σ: …"
	}
	fp, err := m.Analyze()
	if err != nil {
		return nil, hermite.FixedPoint{}, fmt.Errorf("Theorem 1 for %s: %w", a.Label, err)
	}
	return m, fp, nil
}

func checkStart(rho0 float64, steps int) error {
	if !(rho0 > -1 && rho0 < 1) {
		return fmt.Errorf("the starting correlation must be in (−1, 1), got %g", rho0)
	}
	if steps < 1 || steps > 10000 {
		return fmt.Errorf("want 1 to 10000 layers, got %d", steps)
	}
	return nil
}

// KernelMapFigure plots the normalized kernel map κ(ρ) of Joudaki &
// Hofmann on [−1, 1] (101 points) with the diagonal and the cobweb of
// ρ_{ℓ+1} = κ(ρ_ℓ) from rho0 for steps layers (their Figs S.1–S.2, second
// column).
func KernelMapFigure(a report.Activation, rho0 float64, steps int) (*Figure, error) {
	if err := checkStart(rho0, steps); err != nil {
		return nil, fmt.Errorf("kernel-map figure: %w", err)
	}
	m, fp, err := mapOf(a)
	if err != nil {
		return nil, err
	}
	const n = 100
	curve := make(plotter.XYs, n+1)
	for i := range curve {
		r := -1 + 2*float64(i)/n
		k, err := m.Kappa(r)
		if err != nil {
			return nil, fmt.Errorf("kernel-map figure: κ(%g) of %s: %w", r, a.Label, err)
		}
		curve[i] = plotter.XY{X: r, Y: k}
	}
	rhos, err := m.Iterate(rho0, steps)
	if err != nil {
		return nil, fmt.Errorf("kernel-map figure: iterating %s: %w", a.Label, err)
	}
	web := plotter.XYs{{X: rhos[0], Y: 0}}
	for i := 0; i+1 < len(rhos); i++ {
		web = append(web, plotter.XY{X: rhos[i], Y: rhos[i+1]}, plotter.XY{X: rhos[i+1], Y: rhos[i+1]})
	}
	f := newFigure()
	p := f.Plot
	p.Title.Text = fmt.Sprintf("Kernel map of %s (case %d, ρ^{*} = %.4g)", escapeMath(a.Label), fp.Case, fp.RhoStar)
	p.X.Label.Text = "ρ"
	p.Y.Label.Text = "κ(ρ)"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -1, 1, -1, 1
	diag, err := plotter.NewLine(plotter.XYs{{X: -1, Y: -1}, {X: 1, Y: 1}})
	if err != nil {
		return nil, err
	}
	diag.Color = color.Gray{Y: 128}
	diag.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	diag.Width = vg.Points(0.5)
	kl, err := plotter.NewLine(curve)
	if err != nil {
		return nil, err
	}
	kl.Color, kl.Width = plotutil.Color(0), vg.Points(1.2)
	wl, err := plotter.NewLine(web)
	if err != nil {
		return nil, err
	}
	wl.Color, wl.Width = plotutil.Color(1), vg.Points(0.8)
	p.Add(plotter.NewGrid(), diag, kl, wl)
	f.AddLegend("κ(ρ)", kl)
	f.AddLegend(fmt.Sprintf("ρ_{ℓ+1} = κ(ρ_{ℓ}) from ρ_{0} = %g", rho0), wl)
	f.Data.Columns = []string{"rho", "kappa", "layer", "rho_layer"}
	nan := math.NaN()
	for _, c := range curve {
		f.Data.Rows = append(f.Data.Rows, []float64{c.X, c.Y, nan, nan})
	}
	for l, r := range rhos {
		f.Data.Rows = append(f.Data.Rows, []float64{nan, nan, float64(l), r})
	}
	return f, nil
}

// DepthFigure plots the distance |ρ_ℓ − ρ*| of the kernel sequence
// ρ_{ℓ+1} = κ(ρ_ℓ) from its fixed point against depth ℓ = 0…L, on a
// logarithmic axis, with the bound of Theorem 1 of Joudaki & Hofmann (their
// Figs S.1–S.2, fourth column). Distances of 0 (below float64 resolution)
// are left out.
func DepthFigure(a report.Activation, rho0 float64, L int) (*Figure, error) {
	if err := checkStart(rho0, L); err != nil {
		return nil, fmt.Errorf("depth figure: %w", err)
	}
	m, fp, err := mapOf(a)
	if err != nil {
		return nil, err
	}
	rhos, err := m.Iterate(rho0, L)
	if err != nil {
		return nil, fmt.Errorf("depth figure: iterating %s: %w", a.Label, err)
	}
	var dist, bound plotter.XYs
	for l, r := range rhos {
		if d := math.Abs(r - fp.RhoStar); d > 0 {
			dist = append(dist, plotter.XY{X: float64(l), Y: d})
		}
		if b := fp.Bound(rho0, l); b > 0 && !math.IsInf(b, 0) {
			bound = append(bound, plotter.XY{X: float64(l), Y: b})
		}
	}
	if len(dist) == 0 || len(bound) == 0 {
		return nil, fmt.Errorf("depth figure: %s: nothing to plot on a logarithmic axis", a.Label)
	}
	f := newFigure()
	p := f.Plot
	p.Title.Text = fmt.Sprintf("Depth convergence of %s (case %d, α = %.4g)", escapeMath(a.Label), fp.Case, fp.Alpha)
	p.X.Label.Text = "depth ℓ"
	p.Y.Label.Text = "|ρ_{ℓ} − ρ^{*}|"
	setLog(&p.Y)
	dl, err := plotter.NewLine(dist)
	if err != nil {
		return nil, err
	}
	dl.Color, dl.Width = plotutil.Color(0), vg.Points(1.2)
	bl, err := plotter.NewLine(bound)
	if err != nil {
		return nil, err
	}
	bl.Color, bl.Width = plotutil.Color(1), vg.Points(1.2)
	bl.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(plotter.NewGrid(), dl, bl)
	f.AddLegend("|ρ_{ℓ} − ρ^{*}| of the kernel map", dl)
	f.AddLegend("Theorem 1's bound", bl)
	f.Data = seriesData("layer", []string{"distance", "bound"}, []plotter.XYs{dist, bound})
	return f, nil
}
