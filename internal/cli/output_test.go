package cli

import (
	"bytes"
	"testing"
)

// TestMissingSpelling checks the one spelling of a missing value per
// format: "—" in text, an empty field in CSV, null in JSON.
func TestMissingSpelling(t *testing.T) {
	g := grid{columns: []string{"l", "K", "xi"}, rows: [][]string{{"1", "0.5", ""}}}
	var text, csv, stderr bytes.Buffer
	g.writeText(&text)
	if code := g.writeCSV(&csv, &stderr); code != exitOK {
		t.Fatalf("CSV: exit %d: %s", code, stderr.String())
	}
	if want := "  l    K  xi\n  1  0.5   —\n"; text.String() != want {
		t.Errorf("text:\n%q\nwant\n%q", text.String(), want)
	}
	if want := "l,K,xi\n1,0.5,\n"; csv.String() != want {
		t.Errorf("CSV:\n%q\nwant\n%q", csv.String(), want)
	}
	var js bytes.Buffer
	if code := writeJSON(&js, &stderr, struct {
		Xi jsonNum `json:"xi"`
	}{}); code != exitOK || js.String() != "{\n  \"xi\": null\n}\n" {
		t.Errorf("JSON: %q", js.String())
	}
	if orMissing("") != "—" || orMissing("1.5") != "1.5" {
		t.Error("orMissing")
	}
}
