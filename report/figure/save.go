package figure

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"critcalc/report"
)

// Save writes f to path with DefaultSaveOptions (see SaveWith).
func Save(f *Figure, path string) error { return SaveWith(f, path, report.DefaultSaveOptions) }

// SaveWith writes f to path in the format of its extension: .png (at
// o.DPI), .svg, .pdf (ASCII text in the embedded font, other characters as
// glyph outlines) or .eps (all text as glyph outlines, so it needs no
// font), at o.Width × o.Height.
func SaveWith(f *Figure, path string, o report.SaveOptions) error {
	var b bytes.Buffer
	if err := Render(&b, f, strings.ToLower(filepath.Ext(path)), o); err != nil {
		return fmt.Errorf("saving figure %s: %w", path, err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("saving figure: %w", err)
	}
	return nil
}

// Render writes f to w in format ext (one of report.FigureFormats). A PDF
// or EPS file carries its creation date: the time SOURCE_DATE_EPOCH gives
// (seconds since 1970, UTC) where it is set, so that the same figure is
// the same bytes, or else now.
func Render(w io.Writer, f *Figure, ext string, o report.SaveOptions) error {
	if err := o.Check(); err != nil {
		return err
	}
	wd, ht := vg.Length(o.Width)*vg.Inch, vg.Length(o.Height)*vg.Inch
	var (
		c  vg.CanvasSizer
		wt io.WriterTo
	)
	switch ext {
	case ".png":
		p := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wd, ht), vgimg.UseDPI(o.DPI))}
		c, wt = p, p
	case ".svg":
		p := vgsvg.New(wd, ht)
		c, wt = p, p
	case ".pdf":
		p := vgpdf.New(wd, ht)
		p.EmbedFonts(true)
		c, wt = sizedCanvas{vectorCanvas{Canvas: p, flip: true}, p}, p
	case ".eps":
		p := vgeps.New(wd, ht)
		c, wt = sizedCanvas{vectorCanvas{Canvas: p, outlines: true, rects: true}, p}, p
	default:
		return fmt.Errorf("want a file name ending in %s, got %q", strings.Join(report.FigureFormats, ", "), ext)
	}
	date, err := creationDate()
	if err != nil {
		return err
	}
	if err := drawSafely(f, draw.New(c)); err != nil {
		return err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return err
	}
	_, err = w.Write(stampDate(b.Bytes(), ext, date))
	return err
}

// sizedCanvas is a vectorCanvas with the size of the canvas it wraps.
type sizedCanvas struct {
	vectorCanvas
	sizer interface{ Size() (w, h vg.Length) }
}

// Size returns the size of the wrapped canvas.
func (c sizedCanvas) Size() (w, h vg.Length) { return c.sizer.Size() }

// drawSafely draws f on c; gonum/plot reports some drawing problems by
// panicking, which become errors here.
func drawSafely(f *Figure, c draw.Canvas) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing the figure: %v", r)
		}
	}()
	f.Draw(c)
	return nil
}
