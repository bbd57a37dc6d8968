package figure

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
	"critcalc/report"
)

// TestAppendixManifest writes a small appendix (two quick figures and the
// joudaki table) and checks the manifest: every file it lists exists and is
// not empty, with a kind, a description and a command that names it, and
// the JSON keys are file, kind, what, command.
func TestAppendixManifest(t *testing.T) {
	dir := t.TempDir()
	figs := quickFigures()
	figs = []AppendixFigure{figs[7], figs[0]}
	figs[0].Args, figs[1].Args = []string{"autoinit"}, []string{"ratio"}
	figs[0].What, figs[1].What = "the tuning", "the ratio"
	m, err := writeAppendix(dir, figs, []string{"joudaki"}, report.SaveOptions{Width: report.FigureWidth, Height: report.FigureHeight, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	checkManifest(t, dir, m, []string{"autoinit.pdf", "autoinit.png", "autoinit-data.csv", "ratio.pdf", "ratio.png", "ratio-data.csv", "joudaki.md", "joudaki.tex", "joudaki.csv", "joudaki.json"})
	b, err := os.ReadFile(filepath.Join(dir, report.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Files []map[string]string `json:"files"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for _, e := range raw.Files {
		keys := make([]string, 0, len(e))
		for k := range e {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if strings.Join(keys, ",") != "command,file,kind,what" {
			t.Fatalf("manifest keys %v", keys)
		}
	}
	if got := raw.Files[5]; got["command"] != "critcalc figure ratio --data ratio-data.csv" || got["kind"] != "figure data" {
		t.Errorf("data entry %v", got)
	}
	if got := raw.Files[4]["command"]; got != "critcalc figure ratio --dpi 72 --png ratio.png" {
		t.Errorf("command %q", got)
	}
	if got := raw.Files[9]["command"]; got != "critcalc table joudaki --format json > joudaki.json" {
		t.Errorf("command %q", got)
	}
}

// TestWriteAppendix writes the whole appendix (about 10 s of work).
func TestWriteAppendix(t *testing.T) {
	testlevel.Exhaustive(t)
	dir := t.TempDir()
	m, err := WriteAppendix(dir, report.DefaultSaveOptions)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range AppendixFigures() {
		want = append(want, a.Name+".pdf", a.Name+".png", a.Name+"-data.csv")
	}
	for _, n := range report.TableNames {
		want = append(want, n+".md", n+".tex", n+".csv", n+".json")
	}
	checkManifest(t, dir, m, want)
}

func checkManifest(t *testing.T, dir string, m *Manifest, want []string) {
	t.Helper()
	var got []string
	for _, e := range m.Files {
		got = append(got, e.File)
		st, err := os.Stat(filepath.Join(dir, e.File))
		if err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", e.File, err)
		}
		if e.What == "" || !strings.Contains(e.Command, e.File) || !strings.HasPrefix(e.Command, "critcalc ") {
			t.Errorf("entry %+v", e)
		}
		kind, format, _ := strings.Cut(e.Kind, " ")
		if (kind != "figure" && kind != "table") || format == "" {
			t.Errorf("%s: kind %q", e.File, e.Kind)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", got, want)
	}
}

// TestSizeArgs checks the flags that a manifest command gives for a
// non-default size and resolution.
func TestSizeArgs(t *testing.T) {
	tests := []struct {
		o    report.SaveOptions
		png  bool
		want string
	}{
		{report.DefaultSaveOptions, true, ""},
		{report.SaveOptions{Width: 3.3, Height: 2.2, DPI: report.DefaultDPI}, false, "--size 3.3x2.2"},
		{report.SaveOptions{Width: 7, Height: 5, DPI: 150}, true, "--size 7x5 --dpi 150"},
		{report.SaveOptions{Width: report.FigureWidth, Height: report.FigureHeight, DPI: 150}, false, ""},
	}
	for _, tt := range tests {
		if got := strings.Join(sizeArgs(tt.o, tt.png), " "); got != tt.want {
			t.Errorf("%+v png %v: %q, want %q", tt.o, tt.png, got, tt.want)
		}
	}
}
