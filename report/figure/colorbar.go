package figure

import (
	"image"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// colorBar is the key of a heat map, drawn right of the axes at their
// height: the colours of cmap from its Min (bottom) to its Max (top), with
// ticks and the label of the quantity. With log set, the colour map's
// values are log₁₀ of the quantity and the ticks are logTicks of it.
type colorBar struct {
	cmap  palette.ColorMap
	log   bool
	label string
	tick  text.Style // tick labels
	text  text.Style // the label, rotated
}

// Colour-bar layout, in points.
const (
	barGap     = 8
	barWidth   = 7
	barTickLen = 3
	barPad     = 2
)

// newColorBar returns the colour bar of cmap in p's tick and label styles.
func newColorBar(p *plot.Plot, cmap palette.ColorMap, log bool, label string) *colorBar {
	t := p.Y.Label.TextStyle
	t.Rotation = math.Pi / 2
	t.XAlign, t.YAlign = draw.XCenter, draw.YTop
	tick := p.Y.Tick.Label
	tick.XAlign, tick.YAlign = draw.XLeft, draw.YCenter
	return &colorBar{cmap: cmap, log: log, label: label, tick: tick, text: t}
}

// ticks returns the ticks at their positions on the colour map's scale.
func (b *colorBar) ticks() []plot.Tick {
	lo, hi := b.cmap.Min(), b.cmap.Max()
	if !b.log {
		return linearTicks{}.Ticks(lo, hi)
	}
	ts := logTicks{}.Ticks(math.Pow(10, lo), math.Pow(10, hi))
	for i := range ts {
		ts[i].Value = math.Log10(ts[i].Value)
	}
	return ts
}

// width is the room the bar takes right of the axes.
func (b *colorBar) width() vg.Length {
	var tw vg.Length
	for _, t := range b.ticks() {
		if t.Label != "" {
			tw = max(tw, b.tick.Width(t.Label))
		}
	}
	return barGap + barWidth + barTickLen + barPad + tw + barPad + b.text.Height(b.label) + barPad
}

// draw draws the bar in c beside the data area data.
func (b *colorBar) draw(c draw.Canvas, data draw.Canvas) {
	const n = 256
	img := image.NewNRGBA(image.Rect(0, 0, 1, n))
	lo, hi := b.cmap.Min(), b.cmap.Max()
	for i := range n {
		v := lo + (hi-lo)*(float64(i)+0.5)/n
		col, err := b.cmap.At(v)
		if err != nil {
			continue
		}
		img.Set(0, n-1-i, col)
	}
	x0 := c.Max.X - b.width() + barGap
	rect := vg.Rectangle{Min: vg.Point{X: x0, Y: data.Min.Y}, Max: vg.Point{X: x0 + barWidth, Y: data.Max.Y}}
	c.DrawImage(rect, img)
	line := draw.LineStyle{Color: b.text.Color, Width: vg.Points(0.5)}
	c.StrokeLines(line, []vg.Point{rect.Min, {X: rect.Max.X, Y: rect.Min.Y}, rect.Max, {X: rect.Min.X, Y: rect.Max.Y}, rect.Min})
	var tw vg.Length
	for _, t := range b.ticks() {
		if t.Value < lo-1e-12 || t.Value > hi+1e-12 {
			continue
		}
		y := rect.Min.Y + (rect.Max.Y-rect.Min.Y)*vg.Length((t.Value-lo)/(hi-lo))
		l := vg.Length(barTickLen)
		if t.Label == "" {
			l /= 2
		}
		c.StrokeLine2(line, rect.Max.X, y, rect.Max.X+l, y)
		if t.Label != "" {
			c.FillText(b.tick, vg.Point{X: rect.Max.X + barTickLen + barPad, Y: y}, t.Label)
			tw = max(tw, b.tick.Width(t.Label))
		}
	}
	if b.label != "" {
		x := rect.Max.X + barTickLen + barPad + tw + barPad
		c.FillText(b.text, vg.Point{X: x, Y: (rect.Min.Y + rect.Max.Y) / 2}, b.label)
	}
}
