package figure

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/recorder"

	"critcalc/apjn"
	"critcalc/report"
)

// TestVectorText checks that a PDF string is split into ASCII runs, kept
// as text, and non-ASCII runs, drawn as glyph outlines, and that with
// outlines set (EPS) no text is left.
func TestVectorText(t *testing.T) {
	fnt := font.Font{Typeface: "Liberation", Variant: "Serif", Size: 10}
	face := font.DefaultCache.Lookup(fnt, fnt.Size)
	tests := []struct {
		outlines bool
		want     string // F: a filled outline, "…": a string
	}{
		{false, `"a = " F " + b" F`},
		{true, "F F F F"},
	}
	for _, tt := range tests {
		var rec recorder.Canvas
		c := vectorCanvas{Canvas: &rec, outlines: tt.outlines}
		c.FillString(face, vg.Point{}, "a = σ + b²")
		if !tt.outlines {
			c.FillString(face, vg.Point{}, "")
		} else {
			c.FillString(face, vg.Point{}, "x")
			c.FillString(face, vg.Point{}, "−1")
			c.FillString(face, vg.Point{}, "ℓ")
		}
		var got []string
		for _, a := range rec.Actions {
			switch a := a.(type) {
			case *recorder.FillString:
				got = append(got, `"`+a.String+`"`)
			case *recorder.Fill:
				if len(a.Path) < 4 {
					t.Errorf("an outline of %d path components", len(a.Path))
				}
				got = append(got, "F")
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("outlines %v: %s, want %s", tt.outlines, g, tt.want)
		}
	}
}

// TestVectorImage checks the PDF flip (the bottom row of the image drawn
// first) and the EPS rectangles (one per run of equal pixels).
func TestVectorImage(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	red, blue := color.NRGBA{R: 255, A: 255}, color.NRGBA{B: 255, A: 255}
	for x := range 3 {
		img.Set(x, 0, red)
		img.Set(x, 1, blue)
	}
	img.Set(2, 1, red)
	rect := vg.Rectangle{Max: vg.Point{X: 3, Y: 2}}

	var rec recorder.Canvas
	vectorCanvas{Canvas: &rec, flip: true}.DrawImage(rect, img)
	d := rec.Actions[0].(*recorder.DrawImage)
	if d.Image.At(0, 0) != color.Color(blue) || d.Image.At(2, 0) != color.Color(red) || d.Image.At(0, 1) != color.Color(red) {
		t.Errorf("flip: the rows are not swapped")
	}

	rec = recorder.Canvas{}
	vectorCanvas{Canvas: &rec, rects: true}.DrawImage(rect, img)
	var fills []string
	for _, a := range rec.Actions {
		if f, ok := a.(*recorder.Fill); ok {
			// Each rectangle: move, three lines, close; its lower-left corner.
			fills = append(fills, string(rune('0'+int(f.Path[0].Pos.X)))+string(rune('0'+int(f.Path[0].Pos.Y))))
		}
	}
	// The image's top row (red, 3 pixels) is the rectangle at y = 1; the
	// bottom row is blue, blue, red.
	if g := strings.Join(fills, " "); g != "01 00 20" {
		t.Errorf("rects: lower-left corners %s, want 01 00 20", g)
	}
}

// TestHeatMapEPS draws a phase diagram, whose heat map and colour bar are
// images, as EPS (gonum/plot's EPS canvas alone panics on images).
func TestHeatMapEPS(t *testing.T) {
	relu := report.MustActivations("relu", "relu")[0]
	f, err := PhaseFigure(relu, apjn.LNPost, 0, report.PhaseRange{SW2Min: 0.1, SW2Max: 4, SB2Min: 0, SB2Max: 1, NW: 4, NB: 3})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Render(&b, f, ".eps", report.DefaultSaveOptions); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte(" show\n")) || bytes.Contains(b.Bytes(), []byte("findfont")) {
		t.Error("the EPS holds text that needs a font")
	}
}
