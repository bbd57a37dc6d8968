package report

import (
	"encoding/csv"
	"io"
)

// writeCSV writes t as RFC 4180 CSV: a header row of column keys, then the
// rows, numbers as written in the cells and empty cells as empty fields.
// Title, notes and footnotes are not part of CSV output.
func writeCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	head := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		head[j] = c.Key
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, r := range t.Rows {
		rec := make([]string, len(r))
		for j, c := range r {
			if c.Kind != Annotation {
				rec[j] = c.S
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
