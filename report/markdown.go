package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// writeMarkdown writes t as a GitHub-flavoured Markdown table: the title in
// bold, a header row (heading and note), numbers right-aligned, empty
// cells as "—", and the footnotes as a numbered list.
func writeMarkdown(w io.Writer, t *Table) error {
	bw := bufio.NewWriter(w)
	cells := make([][]string, 0, len(t.Rows)+1)
	head := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		head[j] = c.Header
		if c.Note != "" {
			head[j] += " (" + c.Note + ")"
		}
		head[j] = mdEscape(head[j])
	}
	cells = append(cells, head)
	for _, r := range t.Rows {
		row := make([]string, len(r))
		for j, c := range r {
			switch c.Kind {
			case Empty:
				row[j] = "—"
			default:
				row[j] = mdEscape(c.S)
			}
		}
		cells = append(cells, row)
	}
	width := make([]int, len(t.Columns))
	for _, r := range cells {
		for j, s := range r {
			width[j] = max(width[j], utf8.RuneCountInString(s), 3)
		}
	}
	right := make([]bool, len(t.Columns))
	for j := range t.Columns {
		right[j] = t.numeric(j)
	}
	if t.Title != "" {
		fmt.Fprintf(bw, "**%s**\n\n", mdEscape(t.Title))
	}
	for i, r := range cells {
		writeMDRow(bw, r, width, right)
		if i == 0 {
			rule := make([]string, len(r))
			for j := range r {
				rule[j] = strings.Repeat("-", width[j])
				if right[j] {
					rule[j] = strings.Repeat("-", width[j]-1) + ":"
				}
			}
			fmt.Fprintf(bw, "| %s |\n", strings.Join(rule, " | "))
		}
	}
	if len(t.Footnotes) > 0 {
		fmt.Fprintln(bw)
		for i, n := range t.Footnotes {
			fmt.Fprintf(bw, "%d. %s\n", i+1, mdEscape(n))
		}
	}
	return bw.Flush()
}

func writeMDRow(w io.Writer, r []string, width []int, right []bool) {
	parts := make([]string, len(r))
	for j, s := range r {
		pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
		if right[j] {
			parts[j] = pad + s
		} else {
			parts[j] = s + pad
		}
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(parts, " | "))
}

// mdEscape protects the characters that end a table cell or start
// emphasis.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`).Replace(s)
}
