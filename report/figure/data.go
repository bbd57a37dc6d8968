package figure

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"

	"critcalc/calc"
	"critcalc/report"
)

// FigureData is the data a figure plots, as a table: one column per
// plotted quantity, named in Columns, and rows of values where NaN marks a
// missing value (a series that has no point at that row's abscissa).
type FigureData struct {
	Columns []string
	Rows    [][]float64
}

// FigureDataDigits is the number of significant digits WriteData prints:
// the float64 values of a figure carry no error bounds of their own, and
// six digits are more than a plot resolves (as DefaultDigits for tables).
const FigureDataDigits = report.DefaultDigits

// WriteData writes f.Data as CSV: a header of column names, then one line
// per row, each number by calc.FormatSignificant with FigureDataDigits
// digits and a missing value as an empty field.
func (f *Figure) WriteData(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(f.Data.Columns); err != nil {
		return fmt.Errorf("writing figure data: %w", err)
	}
	rec := make([]string, len(f.Data.Columns))
	for _, r := range f.Data.Rows {
		for i, v := range r {
			rec[i] = ""
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				rec[i] = calc.FormatFloat64(v, FigureDataDigits)
			}
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("writing figure data: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing figure data: %w", err)
	}
	return nil
}

// seriesData merges series that share an abscissa into one table: the
// column xName holds every abscissa of any series, in increasing order,
// and column names[i] holds series[i]'s ordinate there (NaN where it has
// none).
func seriesData(xName string, names []string, series []plotter.XYs) FigureData {
	idx := map[float64]int{}
	var xs []float64
	for _, s := range series {
		for _, p := range s {
			if _, ok := idx[p.X]; !ok {
				idx[p.X] = 0
				xs = append(xs, p.X)
			}
		}
	}
	sort.Float64s(xs)
	rows := make([][]float64, len(xs))
	for i, x := range xs {
		idx[x] = i
		rows[i] = make([]float64, len(series)+1)
		rows[i][0] = x
		for j := range series {
			rows[i][j+1] = math.NaN()
		}
	}
	for j, s := range series {
		for _, p := range s {
			rows[idx[p.X]][j+1] = p.Y
		}
	}
	return FigureData{Columns: append([]string{xName}, names...), Rows: rows}
}
