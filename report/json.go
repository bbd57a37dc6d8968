package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// writeJSON writes t as one JSON object:
//
//	{"name": …, "title": …,
//	 "columns": [{"key": …, "header": …, "note": …}, …],
//	 "rows": [{KEY: VALUE, …}, …],
//	 "footnotes": […]}
//
// Each row is an object with the column keys in column order; a number is
// a JSON number with its significant digits, text a string and an empty
// cell null.
func writeJSON(w io.Writer, t *Table) error {
	bw := bufio.NewWriter(w)
	str := func(s string) string {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s) // a string always encodes
		return strings.TrimSuffix(b.String(), "\n")
	}
	fmt.Fprintf(bw, "{\n  \"name\": %s,\n  \"title\": %s,\n  \"columns\": [", str(t.Name), str(t.Title))
	for j, c := range t.Columns {
		sep := ","
		if j == len(t.Columns)-1 {
			sep = ""
		}
		fmt.Fprintf(bw, "\n    {\"key\": %s, \"header\": %s, \"note\": %s}%s", str(c.Key), str(c.Header), str(c.Note), sep)
	}
	fmt.Fprint(bw, "\n  ],\n  \"rows\": [")
	for i, r := range t.Rows {
		fmt.Fprint(bw, "\n    {")
		for j, c := range r {
			if j > 0 {
				fmt.Fprint(bw, ", ")
			}
			v := "null"
			switch c.Kind {
			case Text:
				v = str(c.S)
			case Number:
				v = c.S
			}
			fmt.Fprintf(bw, "%s: %s", str(t.Columns[j].Key), v)
		}
		fmt.Fprint(bw, "}")
		if i < len(t.Rows)-1 {
			fmt.Fprint(bw, ",")
		}
	}
	if len(t.Rows) > 0 {
		fmt.Fprint(bw, "\n  ")
	}
	fmt.Fprint(bw, "],\n  \"footnotes\": [")
	for i, n := range t.Footnotes {
		sep := ","
		if i == len(t.Footnotes)-1 {
			sep = ""
		}
		fmt.Fprintf(bw, "\n    %s%s", str(n), sep)
	}
	if len(t.Footnotes) > 0 {
		fmt.Fprint(bw, "\n  ")
	}
	fmt.Fprint(bw, "]\n}\n")
	return bw.Flush()
}
