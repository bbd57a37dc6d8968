package report

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
)

// FigureWidth and FigureHeight are the default size of a figure: one
// column of a two-column paper.
const (
	FigureWidth  = 3.4 * vg.Inch
	FigureHeight = 2.4 * vg.Inch
)

// DefaultDPI is the default resolution of a PNG figure.
const DefaultDPI = 300

// Limits of SaveOptions.
const (
	MinFigureInches = 1
	MaxFigureInches = 20
	MinDPI          = 50
	MaxDPI          = 1200
)

// FigureFormats lists the file extensions Save writes.
var FigureFormats = []string{".png", ".svg", ".pdf", ".eps"}

// SaveOptions sets the size of a saved figure and the resolution of a PNG.
type SaveOptions struct {
	Width, Height vg.Length
	DPI           int
}

// DefaultSaveOptions is FigureWidth × FigureHeight at DefaultDPI.
var DefaultSaveOptions = SaveOptions{Width: FigureWidth, Height: FigureHeight, DPI: DefaultDPI}

// Check reports a size outside MinFigureInches…MaxFigureInches on a side
// or a resolution outside MinDPI…MaxDPI.
func (o SaveOptions) Check() error {
	for _, l := range []vg.Length{o.Width, o.Height} {
		if in := float64(l / vg.Inch); !(in >= MinFigureInches && in <= MaxFigureInches) {
			return fmt.Errorf("want a figure side of %d to %d inches, got %g", MinFigureInches, MaxFigureInches, in)
		}
	}
	if o.DPI < MinDPI || o.DPI > MaxDPI {
		return fmt.Errorf("want a resolution of %d to %d dots per inch, got %d", MinDPI, MaxDPI, o.DPI)
	}
	return nil
}

// Save writes f to path with DefaultSaveOptions (see SaveWith).
func Save(f *Figure, path string) error { return SaveWith(f, path, DefaultSaveOptions) }

// SaveWith writes f to path in the format of its extension: .png (at
// o.DPI), .svg, .pdf (ASCII text in the embedded font, other characters as
// glyph outlines) or .eps (all text as glyph outlines, so it needs no
// font), at o.Width × o.Height.
func SaveWith(f *Figure, path string, o SaveOptions) error {
	var b bytes.Buffer
	if err := Render(&b, f, strings.ToLower(filepath.Ext(path)), o); err != nil {
		return fmt.Errorf("saving figure %s: %w", path, err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("saving figure: %w", err)
	}
	return nil
}

// Render writes f to w in format ext (one of FigureFormats).
func Render(w io.Writer, f *Figure, ext string, o SaveOptions) error {
	if err := o.Check(); err != nil {
		return err
	}
	var (
		c  vg.CanvasSizer
		wt io.WriterTo
	)
	switch ext {
	case ".png":
		p := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(o.Width, o.Height), vgimg.UseDPI(o.DPI))}
		c, wt = p, p
	case ".svg":
		p := vgsvg.New(o.Width, o.Height)
		c, wt = p, p
	case ".pdf":
		p := vgpdf.New(o.Width, o.Height)
		p.EmbedFonts(true)
		c, wt = sizedCanvas{vectorCanvas{Canvas: p, flip: true}, p}, p
	case ".eps":
		p := vgeps.New(o.Width, o.Height)
		c, wt = sizedCanvas{vectorCanvas{Canvas: p, outlines: true, rects: true}, p}, p
	default:
		return fmt.Errorf("want a file name ending in %s, got %q", strings.Join(FigureFormats, ", "), ext)
	}
	if err := drawSafely(f, draw.New(c)); err != nil {
		return err
	}
	_, err := wt.WriteTo(w)
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
