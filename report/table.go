package report

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"critcalc/calc"
)

// Table is a table of results: a title, columns, rows of cells and
// footnotes (sources, corrections of printed values, omissions).
type Table struct {
	// Name is the short name of the table ("pdlt", "joudaki", …).
	Name string
	// Title is the caption.
	Title   string
	Columns []Column
	Rows    [][]Cell
	// Footnotes are printed below the table in order.
	Footnotes []string
}

// Column is one column of a Table.
type Column struct {
	// Key names the column in CSV headers and JSON objects; it is a stable
	// identifier (letters, digits and '_').
	Key string
	// Header is the human heading (Markdown and LaTeX), which may hold
	// Unicode symbols.
	Header string
	// TeX, when set, replaces Header in LaTeX output.
	TeX string
	// Note qualifies the heading: a unit, an equation, a convention.
	Note string
}

// CellKind says what a Cell holds.
type CellKind int

// The kinds of cells.
const (
	Empty  CellKind = iota // nothing: the value does not apply
	Text                   // a word or phrase
	Number                 // a number with a count of significant digits
	// Annotation is a word for readers in a column of numbers ("any" for
	// the K* of a line of fixed points): shown in Markdown and LaTeX,
	// empty in CSV and null in JSON, so that data columns stay numeric.
	Annotation
)

// Cell is one entry of a Table: empty, text, or a number already written
// with its significant digits (so that 30 certified digits survive into
// every format).
type Cell struct {
	Kind CellKind
	// S is the text, or the number in a form valid in JSON ("1.5",
	// "-2.5e-6").
	S string
	// Digits is the count of significant digits of a number.
	Digits int
}

// TextCell returns a text cell.
func TextCell(s string) Cell { return Cell{Kind: Text, S: s} }

// AnnotationCell returns an annotation cell (see Annotation).
func AnnotationCell(s string) Cell { return Cell{Kind: Annotation, S: s} }

// FloatCell returns v with at most digits significant digits (and at most
// 15, which a float64 holds). A NaN becomes an empty cell and ±Inf the
// text "∞" or "−∞": builders must not pass either as a result.
func FloatCell(v float64, digits int) Cell {
	switch {
	case math.IsNaN(v):
		return Cell{}
	case math.IsInf(v, 1):
		return TextCell("∞")
	case math.IsInf(v, -1):
		return TextCell("−∞")
	}
	d := max(1, min(digits, 15))
	return Cell{Kind: Number, S: calc.FormatFloat64(v, d), Digits: d}
}

// BigCell returns v with digits significant digits; a nil v is an empty
// cell.
func BigCell(v *big.Float, digits int) Cell {
	if v == nil || digits < 1 {
		return Cell{}
	}
	return Cell{Kind: Number, S: calc.FormatSignificant(v, digits), Digits: digits}
}

// CertifiedCell returns c with its certified digits; a c without a value
// is an empty cell.
func CertifiedCell(c calc.Certified) Cell { return BigCell(c.V, c.Digits) }

// IntCell returns an exact integer.
func IntCell(i int) Cell {
	s := strconv.Itoa(i)
	return Cell{Kind: Number, S: s, Digits: len(strings.TrimPrefix(s, "-"))}
}
