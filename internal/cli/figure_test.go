package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// TestFigureOutputs writes one figure through every output flag at once
// and checks each file: PDF with embedded fonts, EPS, SVG, a PNG of
// --size × --dpi pixels, and the --data CSV with its header.
func TestFigureOutputs(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	code, stdout, stderr := runCLI("figure", "autoinit", "--sw", "1", "--sw", "3", "--steps", "4",
		"--pdf", p("a.pdf"), "--eps", p("a.eps"), "--svg", p("a.svg"), "--png", p("a.png"),
		"--data", p("a.csv"), "--size", "2x1.5", "--dpi", "100")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "wrote " + p("a.png") + "\nwrote " + p("a.svg") + "\nwrote " + p("a.pdf") + "\nwrote " + p("a.eps") + "\nwrote " + p("a.csv") + "\n"
	if stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	for file, sig := range map[string][]string{
		"a.pdf": {"%PDF-", "/FontFile2"},
		"a.eps": {"%!PS-Adobe", "%%BoundingBox: 0 0 144 108"},
		"a.svg": {"<svg", `width="144pt"`},
	} {
		b, err := os.ReadFile(p(file))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sig {
			if !bytes.Contains(b, []byte(s)) {
				t.Errorf("%s: no %q", file, s)
			}
		}
	}
	f, err := os.Open(p("a.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if sz := img.Bounds().Size(); sz.X != 200 || sz.Y != 150 {
		t.Errorf("--size 2x1.5 --dpi 100: %v pixels, want 200 × 150", sz)
	}
	c, err := os.Open(p("a.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rows, err := csv.NewReader(c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := "update,JLL sigma_w(0)=1,JSL sigma_w(0)=1,JLL sigma_w(0)=3,JSL sigma_w(0)=3"
	if len(rows) != 6 || strings.Join(rows[0], ",") != header {
		t.Fatalf("CSV %v, want the header %q and 5 rows", rows, header)
	}
	// σ_w(0) = 1: a_W(0) = 1, so the first tuned value is σ_w itself.
	if strings.Join(rows[1], ",") != "0,1,1,3,3" {
		t.Errorf("first row %v", rows[1])
	}
}

// TestFigureDataOnly writes the data of a figure without an image.
func TestFigureDataOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ratio.csv")
	code, stdout, stderr := runCLI("figure", "ratio", "--act", "tanh", "--kmax", "2", "--data", path)
	if code != exitOK || stdout != "wrote "+path+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "K,tanh" || len(lines) != 401 || lines[400][:2] != "2," {
		t.Errorf("ratio data: %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

// TestFigureOutputErrors checks that bad output flags exit 2 with a clear
// message.
func TestFigureOutputErrors(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"figure", "ratio"}, "give one or more of --png FILE, --svg FILE, --pdf FILE, --eps FILE and --data FILE.csv"},
		{[]string{"figure", "ratio", "--pdf", "a.png"}, `the file name "a.png" does not end in .pdf`},
		{[]string{"figure", "ratio", "--eps", "a.ps"}, "does not end in .eps"},
		{[]string{"figure", "ratio", "--data", "a.txt"}, `--data wants a file name ending in .csv, got "a.txt"`},
		{[]string{"figure", "ratio", "--png", "a.png", "--size", "3.4"}, `--size wants WxH in inches (such as 3.4x2.4), got "3.4"`},
		{[]string{"figure", "ratio", "--png", "a.png", "--size", "axb"}, "--size wants WxH"},
		{[]string{"figure", "ratio", "--png", "a.png", "--size", "0.5x2"}, "--size 0.5x2: each side must be 1 to 20 inches"},
		{[]string{"figure", "ratio", "--png", "a.png", "--size", "3x21"}, "each side must be 1 to 20 inches"},
		{[]string{"figure", "ratio", "--png", "a.png", "--size", "NaNx2"}, "each side must be 1 to 20 inches"},
		{[]string{"figure", "ratio", "--png", "a.png", "--dpi", "10"}, "50 to 1200 dots per inch, got 10"},
		{[]string{"figure", "ratio", "--png", "a.png", "--dpi", "5000"}, "got 5000"},
		{[]string{"figure", "ratio", "--pdf", "a.pdf", "--dpi", "100"}, "--dpi sets the resolution of --png FILE and needs it"},
		{[]string{"figure", "ratio", "--png", "a.png", "--out", "d"}, "--out is a flag of figure all, not ratio"},
		{[]string{"figure", "all"}, "figure all wants --out DIR"},
		{[]string{"figure", "all", "--out", "d", "--png", "a.png"}, "figure all writes PDF and PNG files into --out DIR and takes no --png"},
		{[]string{"figure", "all", "--out", "d", "--act", "tanh"}, "takes no --act"},
		{[]string{"figure", "all", "--out", "d", "--size", "1x50"}, "each side must be 1 to 20 inches"},
		{[]string{"figure", "autoinit", "--sw", "-1", "--png", "a.png"}, "--sw must be positive and finite, got -1"},
		{[]string{"figure", "autoinit", "--steps", "0", "--png", "a.png"}, "--steps must be between 1 and 10000, got 0"},
		{[]string{"figure", "autoinit", "--act", "tanh", "--png", "a.png"}, "figure autoinit is for ReLU layers and takes no --act"},
		{[]string{"figure", "ratio", "--sw", "1", "--png", "a.png"}, "--sw is a flag of figure autoinit, not ratio"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, exitUsage, tt.stderr)
		}
	}
}

// TestFigureAll runs `critcalc figure all` (about 10 s of work) and reads
// its manifest.
func TestFigureAll(t *testing.T) {
	testlevel.Exhaustive(t)
	dir := t.TempDir()
	code, stdout, stderr := runCLI("figure", "all", "--out", dir)
	if code != exitOK || stdout != "wrote 63 files and manifest.json to "+dir+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Files []struct{ File, Kind, What, Command string }
	}
	if err := json.Unmarshal(b, &m); err != nil || len(m.Files) != 63 {
		t.Fatalf("manifest: %v, %d files", err, len(m.Files))
	}
	for _, f := range m.Files {
		if _, err := os.Stat(filepath.Join(dir, f.File)); err != nil {
			t.Error(err)
		}
	}
}
