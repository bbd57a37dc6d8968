package report

import (
	"fmt"
	"io"
	"strings"
)

// Format is an output format of a Table.
type Format string

// The formats.
const (
	Markdown Format = "md"
	LaTeX    Format = "latex"
	CSV      Format = "csv"
	JSON     Format = "json"
)

// Formats lists the formats in the order the documentation gives them.
var Formats = []Format{Markdown, LaTeX, CSV, JSON}

// ParseFormat returns the format named s ("md", "markdown", "latex",
// "tex", "csv" or "json").
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "md", "markdown":
		return Markdown, nil
	case "latex", "tex":
		return LaTeX, nil
	case "csv":
		return CSV, nil
	case "json":
		return JSON, nil
	}
	return "", fmt.Errorf("unknown table format %q (want md, latex, csv or json)", s)
}

// Write renders t in format f on w.
func Write(w io.Writer, t *Table, f Format) error {
	if err := t.check(); err != nil {
		return err
	}
	switch f {
	case Markdown:
		return writeMarkdown(w, t)
	case LaTeX:
		return writeLaTeX(w, t)
	case CSV:
		return writeCSV(w, t)
	case JSON:
		return writeJSON(w, t)
	}
	return fmt.Errorf("unknown table format %q", f)
}

// check reports a table whose rows do not match its columns.
func (t *Table) check() error {
	for i, r := range t.Rows {
		if len(r) != len(t.Columns) {
			return fmt.Errorf("table %s: row %d has %d cells for %d columns", t.Name, i+1, len(r), len(t.Columns))
		}
	}
	return nil
}

// numeric reports whether column j holds a number in some row (it is then
// right-aligned).
func (t *Table) numeric(j int) bool {
	for _, r := range t.Rows {
		if r[j].Kind == Number {
			return true
		}
	}
	return false
}
