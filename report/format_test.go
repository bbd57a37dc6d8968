package report

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestFloatCell(t *testing.T) {
	tests := []struct {
		v      float64
		digits int
		want   Cell
	}{
		{1.5, 6, Cell{Number, "1.5", 6}},
		{-2.849792189e-6, 4, Cell{Number, "-2.85e-6", 4}},
		{123456, 2, Cell{Number, "1.2e5", 2}},
		{1.0 / 3, 30, Cell{Number, "0.333333333333333", 15}}, // a float64 holds 15
		{0.5, 0, Cell{Number, "0.5", 1}},
		{math.NaN(), 6, Cell{}},
		{math.Inf(1), 6, Cell{Text, "∞", 0}},
		{math.Inf(-1), 6, Cell{Text, "−∞", 0}},
	}
	for _, tt := range tests {
		if got := FloatCell(tt.v, tt.digits); got != tt.want {
			t.Errorf("FloatCell(%v, %d) = %+v, want %+v", tt.v, tt.digits, got, tt.want)
		}
	}
	b, _ := new(big.Float).SetPrec(200).SetString("3.14159265358979323846264338327950288")
	if got := BigCell(b, 30); got.S != "3.14159265358979323846264338328" || got.Digits != 30 {
		t.Errorf("BigCell = %+v", got)
	}
	if got := BigCell(nil, 30); got.Kind != Empty {
		t.Errorf("BigCell(nil) = %+v, want empty", got)
	}
}

func TestTexText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"C_b", `C\_b`},
		{"K*²", `K$^{*2}$`},
		{"χ∥ = χ⊥", `$\chi_\parallel$ = $\chi_\perp$`},
		{"κ′(ρ*)", `$\kappa'$($\rho^*$)`},
		{"ã₁ < 0 & 50%", `$\tilde{a}_1$ $<$ 0 \& 50\%`},
		{"σκ", `$\sigma \kappa$`},
		{"a — b", `a --- b`},
		{"a₃ᐟ₂² ∝ ℓ", `a$_{3/2}^2$ $\propto$ $\ell$`},
	}
	for _, tt := range tests {
		if got := texText(tt.in); got != tt.want {
			t.Errorf("texText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := texNumber("-2.5e-6"); got != `$-2.5\times10^{-6}$` {
		t.Errorf("texNumber = %q", got)
	}
}

// sample is a small table with every kind of cell.
func sample() *Table {
	return &Table{
		Name:    "sample",
		Title:   "A | sample",
		Columns: []Column{{Key: "name", Header: "name"}, {Key: "K_star", Header: "K*", Note: "5.71"}, {Key: "note", Header: "note"}},
		Rows: [][]Cell{
			{TextCell("a,b"), FloatCell(2.5e-6, 3), {}},
			{TextCell(`say "hi"`), IntCell(-3), TextCell("x|y")},
		},
		Footnotes: []string{"First note."},
	}
}

func TestWriteFormats(t *testing.T) {
	want := map[Format]string{
		Markdown: "**A \\| sample**\n\n" +
			"| name     | K\\* (5.71) | note |\n" +
			"| -------- | ---------: | ---- |\n" +
			"| a,b      |     2.5e-6 | —    |\n" +
			"| say \"hi\" |         -3 | x\\|y |\n\n" +
			"1. First note.\n",
		CSV: "name,K_star,note\n\"a,b\",2.5e-6,\n\"say \"\"hi\"\"\",-3,x|y\n",
		LaTeX: "\\begin{table}[htbp]\n\\centering\n\\caption{A $|$ sample}\n\\label{tab:critcalc-sample}\n" +
			"\\begin{tabular}{lrl}\n\\toprule\nname & K$^*$ (5.71) & note \\\\\n\\midrule\n" +
			"a,b & $2.5\\times10^{-6}$ & --- \\\\\nsay \"hi\" & $-3$ & x$|$y \\\\\n\\bottomrule\n\\end{tabular}\n" +
			"\\par\\smallskip{\\footnotesize\n1.~First note.\\par\n}\n\\end{table}\n",
	}
	for f, w := range want {
		var b bytes.Buffer
		if err := Write(&b, sample(), f); err != nil {
			t.Fatal(err)
		}
		if b.String() != w {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", f, b.String(), w)
		}
	}
}

// TestWriteJSON checks that JSON output parses, keeps the column keys in
// every row and writes numbers as JSON numbers, text as strings and empty
// cells as null.
func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sample(), JSON); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Name, Title string
		Columns     []struct{ Key, Header, Note string }
		Rows        []map[string]any
		Footnotes   []string
	}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Name != "sample" || got.Title != "A | sample" || len(got.Columns) != 3 || got.Columns[1].Note != "5.71" || len(got.Footnotes) != 1 {
		t.Errorf("header fields: %+v", got)
	}
	if n, ok := got.Rows[0]["K_star"].(json.Number); !ok || n.String() != "2.5e-6" {
		t.Errorf("K_star = %#v, want the JSON number 2.5e-6", got.Rows[0]["K_star"])
	}
	if v, ok := got.Rows[0]["note"]; !ok || v != nil {
		t.Errorf("empty cell = %#v, want null", v)
	}
	if got.Rows[1]["name"] != `say "hi"` {
		t.Errorf("text cell = %#v", got.Rows[1]["name"])
	}
}

func TestWriteErrors(t *testing.T) {
	bad := sample()
	bad.Rows[1] = bad.Rows[1][:2]
	if err := Write(new(bytes.Buffer), bad, Markdown); err == nil || !strings.Contains(err.Error(), "row 2 has 2 cells") {
		t.Errorf("ragged table: err = %v", err)
	}
	if err := Write(new(bytes.Buffer), sample(), Format("html")); err == nil {
		t.Error("unknown format: no error")
	}
	for in, want := range map[string]Format{"md": Markdown, "Markdown": Markdown, "tex": LaTeX, "csv": CSV, "JSON": JSON} {
		if f, err := ParseFormat(in); err != nil || f != want {
			t.Errorf("ParseFormat(%q) = %q, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("xlsx"); err == nil {
		t.Error(`ParseFormat("xlsx"): no error`)
	}
}

func TestBuildTableErrors(t *testing.T) {
	tests := []struct {
		name   string
		digits int
		want   string
	}{
		{"nope", 6, "unknown table"},
		{"joudaki", 61, "between 1 and 60"},
		{"finite-width", 0, "between 1 and 60"},
		{"pdlt", 61, "between 1 and 60"},
	}
	for _, tt := range tests {
		if _, err := BuildTable(tt.name, MustActivations("tanh", "tanh"), tt.digits); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("BuildTable(%s, %d): err = %v, want %q", tt.name, tt.digits, err, tt.want)
		}
	}
	// A domain problem is an error, not a NaN in a table: exp(x²) has
	// no Gaussian average at K = 1.
	if _, err := BuildTable("joudaki", MustActivations("exp(x^2)", "exp(x^2)"), 6); err == nil {
		t.Error("exp(x^2): no error")
	}
}
