package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// report ends a command: the error on stderr (exit 1), or the report as
// JSON or as text.
func report(c *command, stdout, stderr io.Writer, asJSON bool, err error, rep any, text func(io.Writer)) int {
	if err != nil {
		commandError(stderr, c.name, err)
		return exitError
	}
	if asJSON {
		return writeJSON(stdout, stderr, rep)
	}
	text(stdout)
	return exitOK
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // "C_b < 0" stays readable, not \u003c
	if err := enc.Encode(v); err != nil {
		errorf(stderr, "writing JSON: %v", err)
		return exitError
	}
	return exitOK
}

// missingText is how text output shows a value that does not exist or
// could not be computed; CSV leaves the field empty and JSON writes null
// (jsonNum). The README's "Output" section states these three spellings.
const missingText = "—"

// orMissing returns n as text, missingText when it is missing.
func orMissing(n jsonNum) string {
	if n == "" {
		return missingText
	}
	return string(n)
}

// grid is the tabular part of a command's report: named columns and rows
// of cells, "" for a missing value. Text and CSV are rendered from the same
// cells; the JSON of a report comes from its struct (writeJSON).
type grid struct {
	columns []string
	rows    [][]string
}

// writeText writes g as right-aligned columns, missing values as
// missingText.
func (g grid) writeText(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
	for _, c := range g.columns {
		fmt.Fprintf(tw, "%s\t", c)
	}
	fmt.Fprintln(tw)
	for _, row := range g.rows {
		for _, c := range row {
			if c == "" {
				c = missingText
			}
			fmt.Fprintf(tw, "%s\t", c)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// writeCSV writes g as CSV with a header row, missing values as empty
// fields; a write error is reported on stderr and gives exitError.
func (g grid) writeCSV(stdout, stderr io.Writer) int {
	w := csv.NewWriter(stdout)
	w.Write(g.columns)
	for _, row := range g.rows {
		w.Write(row)
	}
	if w.Flush(); w.Error() != nil {
		errorf(stderr, "writing CSV: %v", w.Error())
		return exitError
	}
	return exitOK
}
