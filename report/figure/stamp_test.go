package figure

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"critcalc/report"
)

// TestSourceDateEpoch renders a figure twice with SOURCE_DATE_EPOCH set:
// the PDF and EPS files carry that date (not the time of rendering) and
// are the same bytes; the PDF's cross-reference table still points at its
// objects. Without the variable the date is the time of rendering, and a
// malformed value, or one outside 1970 to 9999, is an error.
func TestSourceDateEpoch(t *testing.T) {
	f, err := AutoInitFigure([]float64{1}, 3)
	if err != nil {
		t.Fatal(err)
	}
	o := report.SaveOptions{Width: 2, Height: 1.5, DPI: 72}
	render := func(ext string) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := Render(&b, f, ext, o); err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		return b.Bytes()
	}
	t.Setenv(sourceDateEnv, "1700000000") // 2023-11-14 22:13:20 UTC
	for _, tt := range []struct{ ext, date string }{
		{".pdf", "/CreationDate (D:20231114221320)"},
		{".eps", "%%CreationDate: 2023-11-14 22:13:20 UTC\n"},
	} {
		first := render(tt.ext)
		if second := render(tt.ext); !bytes.Equal(first, second) {
			t.Errorf("%s: two renderings differ", tt.ext)
		}
		if !bytes.Contains(first, []byte(tt.date)) {
			t.Errorf("%s: no %q in the file", tt.ext, tt.date)
		}
		if tt.ext == ".pdf" {
			checkXref(t, first)
		}
	}
	t.Setenv(sourceDateEnv, "")
	before := time.Now().UTC()
	eps := render(".eps")
	after := time.Now().UTC()
	today := regexp.MustCompile(`%%CreationDate: (` + before.Format("2006-01-02") + `|` + after.Format("2006-01-02") + `) \d\d:\d\d:\d\d UTC\n`)
	if !today.Match(eps) {
		t.Errorf("without %s: the EPS date line is not today's in UTC", sourceDateEnv)
	}
	// Malformed, before 1970, or past the four digits of a PDF's year
	// (which would overwrite the "D:" of its date and break the file).
	for _, bad := range []string{"yesterday", "1.5", "-1", "253402300800"} {
		t.Setenv(sourceDateEnv, bad)
		var b bytes.Buffer
		if err := Render(&b, f, ".pdf", o); err == nil || !strings.Contains(err.Error(), "not a whole number of seconds") {
			t.Errorf("%s=%s: error %v", sourceDateEnv, bad, err)
		}
	}
	t.Setenv(sourceDateEnv, "253402300799")
	if pdf := render(".pdf"); !bytes.Contains(pdf, []byte("/CreationDate (D:99991231235959)")) {
		t.Errorf("%s at the end of 9999: no such date in the PDF", sourceDateEnv)
	} else {
		checkXref(t, pdf)
	}
}

// checkXref checks that each in-use entry of a PDF's cross-reference table
// is the offset of its object's "N 0 obj" line.
func checkXref(t *testing.T, pdf []byte) {
	t.Helper()
	start := bytes.LastIndex(pdf, []byte("startxref\n"))
	if start < 0 {
		t.Fatal("no startxref")
	}
	off, err := strconv.Atoi(strings.Fields(string(pdf[start+len("startxref\n"):]))[0])
	if err != nil || off >= len(pdf) || !bytes.HasPrefix(pdf[off:], []byte("xref")) {
		t.Fatalf("startxref %d does not point at the table (%v)", off, err)
	}
	lines := strings.Split(string(pdf[off:]), "\n")
	first, _ := strconv.Atoi(strings.Fields(lines[1])[0])
	checked := 0
	for i, l := range lines[2:] {
		fs := strings.Fields(l)
		if len(fs) != 3 || fs[2] != "n" {
			if len(fs) != 3 {
				break
			}
			continue
		}
		o, _ := strconv.Atoi(fs[0])
		want := strconv.Itoa(first+i) + " 0 obj"
		if !bytes.HasPrefix(pdf[o:], []byte(want)) {
			t.Errorf("xref entry %d points at %q, want %q", first+i, pdf[o:min(o+12, len(pdf))], want)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("only %d cross-reference entries checked", checked)
	}
}
