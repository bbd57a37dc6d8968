package figure

import (
	"image"
	"image/color"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// vectorCanvas corrects gonum/plot's PDF and EPS canvases (v0.16), which
// write a string's bytes as they are in a one-byte encoding (so σ, χ, ρ,
// ℓ, ², − and every other non-ASCII character come out garbled), and which
// draw images upside down (PDF) or not at all (EPS, a panic):
//
//   - a run of non-ASCII characters, or with outlines set every string, is
//     drawn as the filled outlines of its glyphs from the font itself, so
//     it needs no font in the file; ASCII text in a PDF stays text in the
//     embedded font;
//   - with flip set an image is turned upside down before it is drawn, and
//     with rects set it is drawn as one filled rectangle per run of equal
//     pixels.
type vectorCanvas struct {
	vg.Canvas
	outlines bool
	flip     bool
	rects    bool
}

// FillString draws str at pt in fnt.
func (c vectorCanvas) FillString(fnt font.Face, pt vg.Point, str string) {
	if c.outlines {
		c.fillOutlines(fnt, pt, str)
		return
	}
	start, ascii := 0, true
	flush := func(end int) {
		if end == start {
			return
		}
		run := str[start:end]
		if ascii {
			c.Canvas.FillString(fnt, pt, run)
		} else {
			c.fillOutlines(fnt, pt, run)
		}
		pt.X += fnt.Width(run)
		start = end
	}
	for i, r := range str {
		if a := r < 0x80; a != ascii {
			flush(i)
			ascii = a
		}
	}
	flush(len(str))
}

// fillOutlines draws str at pt as the filled outlines of its glyphs, with
// the advances and kerning of fnt.Width.
func (c vectorCanvas) fillOutlines(fnt font.Face, pt vg.Point, str string) {
	var (
		buf   sfnt.Buffer
		f     = fnt.Face
		ppem  = fixed.Int26_6(f.UnitsPerEm())
		scale = fnt.Font.Size / vg.Length(f.UnitsPerEm())
		x     fixed.Int26_6
		prev  sfnt.GlyphIndex
		path  vg.Path
	)
	at := func(p fixed.Point26_6) vg.Point {
		// sfnt's y axis points down.
		return vg.Point{X: pt.X + vg.Length(x+p.X)*scale, Y: pt.Y - vg.Length(p.Y)*scale}
	}
	for i, r := range str {
		idx, err := f.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		if i > 0 {
			if k, err := f.Kern(&buf, prev, idx, ppem, xfont.HintingNone); err == nil {
				x += k
			}
		}
		segs, err := f.LoadGlyph(&buf, idx, ppem, nil)
		if err == nil {
			var cur vg.Point
			open := false
			for _, s := range segs {
				switch s.Op {
				case sfnt.SegmentOpMoveTo:
					if open {
						path.Close()
					}
					cur = at(s.Args[0])
					path.Move(cur)
					open = true
				case sfnt.SegmentOpLineTo:
					cur = at(s.Args[0])
					path.Line(cur)
				case sfnt.SegmentOpQuadTo:
					// As a cubic: EPS and PDF readers differ on quadratics.
					q, end := at(s.Args[0]), at(s.Args[1])
					path.CubeTo(lerp(cur, q, 2.0/3), lerp(end, q, 2.0/3), end)
					cur = end
				case sfnt.SegmentOpCubeTo:
					cur = at(s.Args[2])
					path.CubeTo(at(s.Args[0]), at(s.Args[1]), cur)
				}
			}
			if open {
				path.Close()
			}
		}
		if adv, err := f.GlyphAdvance(&buf, idx, ppem, xfont.HintingNone); err == nil {
			x += adv
		}
		prev = idx
	}
	if len(path) > 0 {
		c.Canvas.Fill(path)
	}
}

// lerp is a + t(b − a).
func lerp(a, b vg.Point, t float64) vg.Point {
	return vg.Point{X: a.X + vg.Length(t)*(b.X-a.X), Y: a.Y + vg.Length(t)*(b.Y-a.Y)}
}

// DrawImage draws img in rect, upside down first with flip set, or as
// rectangles with rects set.
func (c vectorCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	b := img.Bounds()
	switch {
	case c.rects:
		w := (rect.Max.X - rect.Min.X) / vg.Length(b.Dx())
		h := (rect.Max.Y - rect.Min.Y) / vg.Length(b.Dy())
		for y := b.Min.Y; y < b.Max.Y; y++ {
			// Image rows run down, the canvas's y up.
			top := rect.Max.Y - vg.Length(y-b.Min.Y)*h
			for x := b.Min.X; x < b.Max.X; {
				col := color.NRGBAModel.Convert(img.At(x, y))
				end := x + 1
				for end < b.Max.X && color.NRGBAModel.Convert(img.At(end, y)) == col {
					end++
				}
				x0 := rect.Min.X + vg.Length(x-b.Min.X)*w
				x1 := rect.Min.X + vg.Length(end-b.Min.X)*w
				var p vg.Path
				p.Move(vg.Point{X: x0, Y: top - h})
				p.Line(vg.Point{X: x1, Y: top - h})
				p.Line(vg.Point{X: x1, Y: top})
				p.Line(vg.Point{X: x0, Y: top})
				p.Close()
				c.Canvas.SetColor(col)
				c.Canvas.Fill(p)
				x = end
			}
		}
	case c.flip:
		out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				out.Set(x-b.Min.X, b.Max.Y-1-y, img.At(x, y))
			}
		}
		c.Canvas.DrawImage(rect, out)
	default:
		c.Canvas.DrawImage(rect, img)
	}
}
