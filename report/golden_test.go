package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"critcalc/internal/testlevel"
)

// update rewrites the golden files in testdata/ instead of comparing
// with them, as gofmt's -update does: go test ./report -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// checkGolden compares got with testdata/name, or writes it there with
// -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// defaultTables holds BuildTable(name, nil, DefaultDigits) per name, built
// once for the tests that read the same table (the golden files, and the
// dhg, joudaki and exponents value tests). No test may change a table.
var defaultTables struct {
	sync.Mutex
	m map[string]defaultTableResult
}

type defaultTableResult struct {
	tab *Table
	err error
}

// defaultTable returns BuildTable(name, nil, DefaultDigits), built at most
// once per test binary.
func defaultTable(name string) (*Table, error) {
	defaultTables.Lock()
	defer defaultTables.Unlock()
	if r, ok := defaultTables.m[name]; ok {
		return r.tab, r.err
	}
	tab, err := BuildTable(name, nil, DefaultDigits)
	if defaultTables.m == nil {
		defaultTables.m = map[string]defaultTableResult{}
	}
	defaultTables.m[name] = defaultTableResult{tab, err}
	return tab, err
}

// TestGoldenTables renders every table with its default activations and
// DefaultDigits in every format and compares the text with
// testdata/NAME.FORMAT (joudaki and finite-width by default, every table
// with the exhaustive tests: each table costs about half a second). The numbers in them are pinned by the value tests
// (TestPDLTValues, TestJoudakiValues, TestFiniteWidthCoefficients); this
// test pins the layout.
func TestGoldenTables(t *testing.T) {
	names := []string{"joudaki", "finite-width"} // one of each writer path by default
	if testlevel.IsExhaustive() {
		names = TableNames
	}
	for _, name := range names {
		tab, err := defaultTable(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range Formats {
			var b bytes.Buffer
			if err := Write(&b, tab, f); err != nil {
				t.Fatalf("%s %s: %v", name, f, err)
			}
			checkGolden(t, name+"."+string(f), b.Bytes())
		}
	}
}

// TestGoldenPDLTDigits pins the certified high-precision path of the PDLT
// table: SWISH and GELU to 30 digits.
func TestGoldenPDLTDigits(t *testing.T) {
	tab, err := PDLTTable(MustActivations("swish", "swish", "gelu", "gelu", "tanh", "tanh", "relu", "relu"), 30)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, tab, JSON); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "pdlt_digits30.json", b.Bytes())
}
