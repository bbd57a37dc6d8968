package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTableJSONKeys pins the JSON interface of `critcalc table`: the
// top-level keys, the column keys of every table in order, and the row
// objects carrying exactly those keys.
func TestTableJSONKeys(t *testing.T) {
	want := map[string][]string{
		"pdlt":         {"activation", "class", "K_star", "C_b", "C_W", "a1", "a3_2", "stability", "p0", "p_par", "p_perp", "p_V"},
		"joudaki":      {"activation", "expression", "quantity", "recomputed", "printed", "status"},
		"exponents":    {"class", "activation", "p0", "p_par", "p_perp", "p_V", "p1_bare", "p1_renormalized", "scaling_law"},
		"finite-width": {"activation", "class", "C_W", "vertex", "c_b1", "c_W1", "G1_bare", "G1_renormalized", "G1_renormalized_printed"},
	}
	for name, keys := range want {
		code, stdout, stderr := runCLI("table", name, "--format", "json", "--act", "tanh", "--act", "relu")
		if code != exitOK {
			t.Fatalf("table %s: exit %d: %s", name, code, stderr)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &top); err != nil {
			t.Fatalf("table %s: %v", name, err)
		}
		var topKeys []string
		for k := range top {
			topKeys = append(topKeys, k)
		}
		if len(topKeys) != 5 || top["name"] == nil || top["title"] == nil || top["columns"] == nil || top["rows"] == nil || top["footnotes"] == nil {
			t.Errorf("table %s: top-level keys %v", name, topKeys)
		}
		var cols []struct{ Key string }
		if err := json.Unmarshal(top["columns"], &cols); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cols {
			got = append(got, c.Key)
		}
		if !reflect.DeepEqual(got, keys) {
			t.Errorf("table %s: columns %v, want %v", name, got, keys)
		}
		var rows []map[string]any
		if err := json.Unmarshal(top["rows"], &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Errorf("table %s: no rows", name)
		}
		for _, r := range rows {
			if len(r) != len(keys) {
				t.Errorf("table %s: row with %d keys, want %d", name, len(r), len(keys))
			}
		}
	}
}

func TestTableFormats(t *testing.T) {
	tests := []struct{ format, start string }{
		{"md", "**Criticality"},
		{"latex", `\begin{table}`},
		{"csv", "activation,class,K_star"},
		{"json", "{\n  \"name\": \"pdlt\""},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI("table", "pdlt", "--act", "tanh", "--format", tt.format)
		if code != exitOK || !strings.HasPrefix(stdout, tt.start) {
			t.Errorf("--format %s: exit %d, output %.40q, stderr %s", tt.format, code, stdout, stderr)
		}
	}
}

func TestTableCommandErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"table"}, exitUsage, "want one name"},
		{[]string{"table", "pdlt", "joudaki"}, exitUsage, "want one name"},
		{[]string{"table", "tables"}, exitUsage, `unknown name "tables"`},
		{[]string{"table", "pdlt", "--format", "html"}, exitUsage, "unknown table format"},
		{[]string{"table", "joudaki", "--digits", "13"}, exitUsage, "between 1 and 12 for table joudaki"},
		{[]string{"table", "pdlt", "--digits", "0"}, exitUsage, "between 1 and 60"},
		{[]string{"table", "pdlt", "--act", "tanh(x"}, exitError, "^"},
		{[]string{"table", "joudaki", "--act", "x"}, exitError, "linear"},
		{[]string{"table", "pdlt", "--act", "log(x)"}, exitError, "table pdlt"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

func TestFigureCommand(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "map.png")
	code, stdout, stderr := runCLI("figure", "kernel-map", "--act", "tanh", "--rho0", "0.9", "--depth", "5", "--png", png)
	if code != exitOK || stdout != "wrote "+png+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	b, err := os.ReadFile(png)
	if err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("%s is not a PNG (%v)", png, err)
	}
	svg := filepath.Join(dir, "ratio.svg")
	if code, _, stderr := runCLI("figure", "ratio", "--act", "tanh", "--act", "gelu", "--kmax", "5", "--svg", svg); code != exitOK {
		t.Errorf("ratio --svg: exit %d: %s", code, stderr)
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"figure", "depth"}, exitUsage, "one of --png FILE and --svg FILE"},
		{[]string{"figure", "depth", "--png", "a.png", "--svg", "a.svg"}, exitUsage, "one of --png"},
		{[]string{"figure", "depth", "--png", "a.svg"}, exitUsage, "extension"},
		{[]string{"figure", "depth", "--act", "tanh", "--act", "erf", "--png", "a.png"}, exitUsage, "one activation"},
		{[]string{"figure", "depth", "--rho0", "1", "--png", "a.png"}, exitUsage, "--rho0"},
		{[]string{"figure", "ratio", "--kmax", "-1", "--png", "a.png"}, exitUsage, "--kmax"},
		{[]string{"figure", "depth", "--depth", "0", "--png", "a.png"}, exitUsage, "--depth"},
		{[]string{"figure", "cobweb", "--png", "a.png"}, exitUsage, "unknown name"},
		{[]string{"figure", "depth", "--act", "x", "--png", filepath.Join(dir, "x.png")}, exitError, "linear"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}
