package figure

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figure is a figure ready to draw: the plot (axes and data), its legend
// entries, which Draw sets in a band between the title and the axes so
// that they never cover the data, an optional colour bar right of the
// axes, and the plotted data (Data, written by WriteData).
type Figure struct {
	*plot.Plot
	legend   []legendEntry
	colorBar *colorBar
	// Data holds the plotted series.
	Data FigureData
}

type legendEntry struct {
	text   string
	thumbs []plot.Thumbnailer
}

// newFigure returns an empty figure on newPlot's style.
func newFigure() *Figure { return &Figure{Plot: newPlot()} }

// AddLegend adds an entry to the figure's legend.
func (f *Figure) AddLegend(text string, thumbs ...plot.Thumbnailer) {
	f.legend = append(f.legend, legendEntry{text: text, thumbs: thumbs})
}

// Legend layout, in points.
const (
	legendColGap = 8
	legendRowGap = 2
	bandGap      = 5
)

// Draw draws the figure on c: the title centred at the top, the legend band
// under it, the axes with the data, and the colour bar at the right.
func (f *Figure) Draw(c draw.Canvas) {
	p := f.Plot
	if p.BackgroundColor != nil {
		c.SetColor(p.BackgroundColor)
		c.Fill(c.Rectangle.Path())
	}
	title := p.Title.Text
	p.Title.Text = ""
	defer func() { p.Title.Text = title }()
	bg := p.BackgroundColor
	p.BackgroundColor = nil
	defer func() { p.BackgroundColor = bg }()

	plotC := c
	if f.colorBar != nil {
		plotC.Max.X -= f.colorBar.width()
	}
	data := p.DataCanvas(plotC)
	if title != "" {
		sty := p.Title.TextStyle
		descent := sty.FontExtents().Descent
		x := (data.Min.X + data.Max.X) / 2
		// Keep a long title inside the canvas.
		w := sty.Width(title)
		x = max(min(x, c.Max.X-w/2), c.Min.X+w/2)
		c.FillText(sty, vg.Point{X: x, Y: c.Max.Y + descent}, title)
		plotC.Max.Y -= sty.Rectangle(title).Size().Y + p.Title.Padding
	}
	if len(f.legend) > 0 {
		h := f.drawLegend(plotC, data.Min.X)
		plotC.Max.Y -= h + bandGap
	}
	p.Draw(plotC)
	if f.colorBar != nil {
		f.colorBar.draw(c, p.DataCanvas(plotC))
	}
}

// legendCell returns the width and height of one legend entry.
func (f *Figure) legendCell(l plot.Legend, e legendEntry) (w, h vg.Length) {
	r := l.TextStyle.Rectangle(" " + e.text)
	return l.ThumbnailWidth + r.Max.X, l.TextStyle.Rectangle(e.text).Max.Y
}

// legendLayout arranges the entries row by row in the most columns that fit
// in width, and returns the column widths and the row height.
func (f *Figure) legendLayout(width vg.Length) (cols []vg.Length, rowH vg.Length) {
	l := f.Plot.Legend
	ws := make([]vg.Length, len(f.legend))
	for i, e := range f.legend {
		var h vg.Length
		ws[i], h = f.legendCell(l, e)
		rowH = max(rowH, h)
	}
	for k := len(ws); k >= 1; k-- {
		cols = make([]vg.Length, k)
		for i, w := range ws {
			cols[i%k] = max(cols[i%k], w)
		}
		total := vg.Length(legendColGap * (k - 1))
		for _, w := range cols {
			total += w
		}
		if total <= width || k == 1 {
			return cols, rowH
		}
	}
	return cols, rowH
}

// drawLegend draws the legend band at the top of c, starting at x0, and
// returns its height.
func (f *Figure) drawLegend(c draw.Canvas, x0 vg.Length) vg.Length {
	cols, rowH := f.legendLayout(c.Max.X - x0)
	total := vg.Length(legendColGap * (len(cols) - 1))
	for _, w := range cols {
		total += w
	}
	// A band wider than the axes starts where it still fits.
	x0 = max(c.Min.X, min(x0, c.Max.X-total))
	k := len(cols)
	rows := (len(f.legend) + k - 1) / k
	height := vg.Length(rows)*rowH + vg.Length(rows-1)*legendRowGap
	for i, e := range f.legend {
		col, row := i%k, i/k
		x := x0
		for j := 0; j < col; j++ {
			x += cols[j] + legendColGap
		}
		top := c.Max.Y - vg.Length(row)*(rowH+legendRowGap)
		cell := c
		cell.Rectangle = vg.Rectangle{Min: vg.Point{X: x, Y: top - rowH}, Max: vg.Point{X: x + cols[col], Y: top}}
		l := f.Plot.Legend
		l.Top, l.Left = true, true
		l.Add(e.text, e.thumbs...)
		l.Draw(cell)
	}
	return height
}
