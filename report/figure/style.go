package figure

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Font sizes of a figure, in points: set for a one-column figure of a
// paper (3.4 in wide), printed at its size.
const (
	titleSize  = 8
	labelSize  = 8
	tickSize   = 7
	legendSize = 7
)

// figureText is the text handler of every figure (see mathText).
var figureText = mathText{Fonts: font.DefaultCache}

// newPlot returns a plot with critcalc's figure style: the math text
// handler everywhere, sizes for a one-column figure, and tick labels that
// show only the digits the axis needs (figureTicks).
func newPlot() *plot.Plot {
	p := plot.New()
	styles := []*text.Style{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle,
		&p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle}
	sizes := []vg.Length{titleSize, labelSize, labelSize, tickSize, tickSize, legendSize}
	for i, s := range styles {
		s.Handler = figureText
		s.Font.Size = sizes[i]
	}
	p.TextHandler = figureText
	p.Title.Padding = vg.Points(4)
	p.X.Label.Padding, p.Y.Label.Padding = vg.Points(2), vg.Points(2)
	p.X.Tick.Length, p.Y.Tick.Length = vg.Points(4), vg.Points(4)
	p.X.Tick.Marker, p.Y.Tick.Marker = linearTicks{}, linearTicks{}
	p.Legend.ThumbnailWidth = vg.Points(16)
	return p
}

// setLog puts axis a on a logarithmic scale with logTicks.
func setLog(a *plot.Axis) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = logTicks{}
}

func sincos(theta float64) (sin, cos vg.Length) {
	s, c := math.Sincos(theta)
	return vg.Length(s), vg.Length(c)
}
