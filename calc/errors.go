package calc

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SyntaxError reports a problem in an expression's text, with the byte
// offset where it was found.
type SyntaxError struct {
	Input string // the whole expression
	Pos   int    // byte offset of the problem in Input
	Msg   string // what is wrong, one line
}

// Column returns the 1-based column (in characters) of the problem.
func (e *SyntaxError) Column() int {
	pos := min(max(e.Pos, 0), len(e.Input))
	return utf8.RuneCountInString(e.Input[:pos]) + 1
}

// Error returns a one-line message: "column N: problem".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("column %d: %s", e.Column(), e.Msg)
}

// Caret returns two lines: the expression and a caret under the column of
// the problem. Long expressions are cut to a window around the column.
func (e *SyntaxError) Caret() string {
	runes := []rune(e.Input)
	col := e.Column() - 1
	start, end := 0, len(runes)
	const half = 35
	prefix, suffix := "", ""
	if end > 2*half+10 {
		start = max(0, col-half)
		end = min(len(runes), start+2*half)
		if start > 0 {
			prefix = "…"
		}
		if end < len(runes) {
			suffix = "…"
		}
	}
	line := prefix + string(runes[start:end]) + suffix
	pad := strings.Repeat(" ", utf8.RuneCountInString(prefix)+col-start)
	return line + "\n" + pad + "^"
}
