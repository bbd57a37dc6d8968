package figure

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"critcalc/report"
)

// TestFigureGolden draws each figure as PNG and compares its pixels with
// testdata/NAME_golden.png exactly, as gonum/plot's own tests do with
// cmpimg.Equal (a pixel-for-pixel comparison; the PNG bytes themselves may
// differ between encoders). -update rewrites the golden images.
func TestFigureGolden(t *testing.T) {
	gelu := report.MustActivations("gelu", "gelu")[0]
	tests := []struct {
		name string
		draw func() (*Figure, error)
	}{
		{"ratio", func() (*Figure, error) { return RatioFigure(report.RatioFigureActivations(), 20, 200) }},
		{"kernelmap", func() (*Figure, error) { return KernelMapFigure(gelu, -0.5, 10) }},
		{"depth", func() (*Figure, error) { return DepthFigure(gelu, 0, 40) }},
	}
	for _, tt := range tests {
		checkGoldenFigure(t, tt.name, tt.draw)
	}
}

// samePixels reports whether two PNG images have the same size and the
// same colour at every pixel.
func samePixels(t *testing.T, a, b []byte) bool {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		return false
	}
	ra, rb := image.NewRGBA(ia.Bounds()), image.NewRGBA(ib.Bounds())
	draw.Draw(ra, ra.Bounds(), ia, ia.Bounds().Min, draw.Src)
	draw.Draw(rb, rb.Bounds(), ib, ib.Bounds().Min, draw.Src)
	return bytes.Equal(ra.Pix, rb.Pix)
}

func TestFigureErrors(t *testing.T) {
	tanh := report.MustActivations("tanh", "tanh")
	tests := []struct {
		name string
		draw func() (*Figure, error)
		want string
	}{
		{"kmax 0", func() (*Figure, error) { return RatioFigure(tanh, 0, 10) }, "kmax"},
		{"one point", func() (*Figure, error) { return RatioFigure(tanh, 1, 1) }, "points"},
		{"no activation", func() (*Figure, error) { return RatioFigure(nil, 1, 10) }, "no activation"},
		{"rho0 = 1", func() (*Figure, error) { return KernelMapFigure(tanh[0], 1, 10) }, "(−1, 1)"},
		{"no layers", func() (*Figure, error) { return DepthFigure(tanh[0], 0.5, 0) }, "layers"},
		{"linear map", func() (*Figure, error) { return DepthFigure(report.MustActivations("x", "x")[0], 0.5, 5) }, "linear"},
		{"divergent", func() (*Figure, error) { return RatioFigure(report.MustActivations("e", "exp(x^2)"), 1, 10) }, "diverges"},
		{"unknown name", func() (*Figure, error) { return Draw(report.FigureRequest{Name: "cobweb"}) }, `no figure named "cobweb"`},
		{"all", func() (*Figure, error) { return Draw(report.FigureRequest{Name: "all"}) }, `no figure named "all"`},
	}
	for _, tt := range tests {
		if _, err := tt.draw(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	p, err := RatioFigure(tanh, 1, 10)
	if err != nil {
		t.Fatal(err)
	}
	if err := Save(p, filepath.Join(t.TempDir(), "f.gif")); err == nil || !strings.Contains(err.Error(), "want a file name ending in .png, .svg, .pdf, .eps") {
		t.Errorf("Save .gif: err = %v", err)
	}
	svg := filepath.Join(t.TempDir(), "f.svg")
	if err := Save(p, svg); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("Save .svg wrote no SVG (%v)", err)
	}
}

// goldenOptions is the size of the golden images: the default figure at
// 100 dots per inch, small enough to keep in the repository.
var goldenOptions = report.SaveOptions{Width: report.FigureWidth, Height: report.FigureHeight, DPI: 100}

// checkGoldenFigure renders the figure that draw makes as PNG and compares
// it pixel for pixel with testdata/NAME_golden.png (rewritten with
// -update).
func checkGoldenFigure(t *testing.T, name string, draw func() (*Figure, error)) {
	t.Helper()
	p, err := draw()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b bytes.Buffer
	if err := Render(&b, p, ".png", goldenOptions); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name+"_golden.png")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !samePixels(t, b.Bytes(), want) {
		got := filepath.Join(t.TempDir(), name+".png")
		_ = os.WriteFile(got, b.Bytes(), 0o644)
		t.Errorf("%s: the image differs from %s (got: %s)", name, path, got)
	}
}
