package figure

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"

	"critcalc/report"
)

// TestRenderFormats writes one figure in every format and checks the
// file's signature; the PDF embeds its fonts (a /FontFile2 stream), and
// the PNG has W·dpi × H·dpi pixels.
func TestRenderFormats(t *testing.T) {
	f, err := AutoInitFigure([]float64{1, 2}, 5)
	if err != nil {
		t.Fatal(err)
	}
	o := report.SaveOptions{Width: 2, Height: 1.5, DPI: 120}
	tests := []struct {
		ext  string
		want []string
	}{
		{".png", []string{"\x89PNG"}},
		{".svg", []string{"<svg", `width="144pt"`}},
		{".pdf", []string{"%PDF-", "/FontFile2"}},
		{".eps", []string{"%!PS-Adobe", "%%BoundingBox: 0 0 144 108"}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := Render(&b, f, tt.ext, o); err != nil {
			t.Fatalf("%s: %v", tt.ext, err)
		}
		for _, w := range tt.want {
			if !bytes.Contains(b.Bytes(), []byte(w)) {
				t.Errorf("%s: no %q in the output", tt.ext, w)
			}
		}
		if tt.ext == ".png" {
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			if sz := img.Bounds().Size(); sz.X != 240 || sz.Y != 180 {
				t.Errorf("PNG of 2 × 1.5 in at 120 dpi: %v pixels, want 240 × 180", sz)
			}
		}
	}
}

func TestSaveOptionsCheck(t *testing.T) {
	tests := []struct {
		o    report.SaveOptions
		want string // "" for valid
	}{
		{report.DefaultSaveOptions, ""},
		{report.SaveOptions{Width: 1, Height: 20, DPI: 50}, ""},
		{report.SaveOptions{Width: 0.5, Height: 2, DPI: 300}, "figure side of 1 to 20 inches, got 0.5"},
		{report.SaveOptions{Width: 3, Height: 21, DPI: 300}, "got 21"},
		{report.SaveOptions{Width: 3, Height: 2, DPI: 49}, "50 to 1200 dots per inch, got 49"},
		{report.SaveOptions{Width: 3, Height: 2, DPI: 1201}, "got 1201"},
	}
	for _, tt := range tests {
		err := tt.o.Check()
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%+v: err = %v, want %q", tt.o, err, tt.want)
		}
	}
	f, err := AutoInitFigure([]float64{1}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := Render(&bytes.Buffer{}, f, ".png", report.SaveOptions{Width: report.FigureWidth, Height: report.FigureHeight}); err == nil {
		t.Error("Render with DPI 0: no error")
	}
}

// TestWriteData checks the CSV of a figure's series: the header, the
// merged abscissae, empty fields for missing values and the numbers in
// calc.FormatSignificant's form.
func TestWriteData(t *testing.T) {
	f := newFigure()
	f.Data = seriesData("x", []string{"a", "b,c"}, []plotter.XYs{
		{{X: 1, Y: 0.1}, {X: 2, Y: 1.0 / 3}},
		{{X: 2, Y: -2e-7}, {X: 3, Y: 12345678}},
	})
	var b bytes.Buffer
	if err := f.WriteData(&b); err != nil {
		t.Fatal(err)
	}
	want := "x,a,\"b,c\"\n1,0.1,\n2,0.333333,-2e-7\n3,,1.23457e7\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
