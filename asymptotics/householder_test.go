package asymptotics

import (
	"errors"
	"math"
	"testing"
)

// columns stores the rows of an n×m matrix column by column, as
// leastSquares reads it.
func columns(rows [][]float64) []float64 {
	n, m := len(rows), len(rows[0])
	a := make([]float64, n*m)
	for i, r := range rows {
		for j, v := range r {
			a[j*n+i] = v
		}
	}
	return a
}

// TestLeastSquares checks the solver against problems with known
// answers: a square system (exact solution, no residual), the regression
// line of four points (closed form: slope Sxy/Sxx = 6.25/5 = 1.25,
// intercept 2.375 − 1.25·1.5 = 0.5 for y = 0.5, 2.0, 2.5, 4.5 at x = 0 … 3;
// residuals 0, 0.25, −0.5, 0.25, sum of squares 0.375), a consistent overdetermined
// system, and three bases that must be refused: two rank-deficient, one
// whose R⁻¹ overflows. The
// tolerance, 1e-14 relative, is a few ulps of the data's size for these
// well-conditioned problems.
func TestLeastSquares(t *testing.T) {
	for _, c := range []struct {
		name string
		rows [][]float64
		b    []float64
		x    []float64
		rss  float64
		err  error
	}{
		{"square", [][]float64{{2, 1}, {1, 3}}, []float64{3, 5}, []float64{0.8, 1.4}, 0, nil},
		{"regression line", [][]float64{{1, 0}, {1, 1}, {1, 2}, {1, 3}}, []float64{0.5, 2.0, 2.5, 4.5}, []float64{0.5, 1.25}, 0.375, nil},
		{"consistent", [][]float64{{1, 1, 1}, {1, 2, 4}, {1, 3, 9}, {1, 4, 16}, {1, 5, 25}}, []float64{1, 2, 5, 10, 17}, []float64{2, -2, 1}, 0, nil},
		{"equal columns", [][]float64{{1, 1}, {2, 2}, {3, 3}}, []float64{1, 2, 3}, nil, 0, errIllConditioned},
		// R⁻¹ overflows: back substitution meets ±Inf and then Inf − Inf,
		// so the condition number is NaN, which must not pass for small.
		{"inverse overflows", [][]float64{
			{1, 1, 1, 1, 1},
			{0, 1e-154, 1, 1, 1},
			{0, 0, 1e-154, 1, 1},
			{0, 0, 0, 1e-154, 1},
			{0, 0, 0, 0, 1e-154},
		}, []float64{1, 1, 1, 1, 1}, nil, 0, errIllConditioned},
		{"columns equal but for a rounding error", [][]float64{{1, 1}, {1, 1 + 0x1p-52}, {1, 1}}, []float64{1, 2, 3}, nil, 0, errIllConditioned},
	} {
		n, m := len(c.rows), len(c.rows[0])
		b := append([]float64(nil), c.b...)
		x, rss, err := leastSquares(columns(c.rows), b, n, m)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for j := range x {
			if math.Abs(x[j]-c.x[j]) > 1e-14*max(1, math.Abs(c.x[j])) {
				t.Errorf("%s: x[%d] = %.17g, want %g", c.name, j, x[j], c.x[j])
			}
		}
		if math.Abs(rss-c.rss) > 1e-14*max(1, c.rss) {
			t.Errorf("%s: residual sum of squares %.17g, want %g", c.name, rss, c.rss)
		}
	}
}

// TestSearchExponentWalk checks that the walk downhill on the exponent
// grid lands where a scan of the whole grid does, and so gives the same
// exponent to the bit, for the windows of the synthetic sequences of
// TestFitSequenceSynthetic (each has one minimum on the grid).
func TestSearchExponentWalk(t *testing.T) {
	for _, terms := range [][]Term{
		{{1, 0, 0.5}, {2, 1, 0.3}, {2, 0, -0.2}, {3, 2, 0.1}, {3, 1, 0.05}, {3, 0, 0.4}},
		{{1.37, 0, 2}, {2.37, 1, -1}, {2.37, 0, 0.5}},
		{{0, 0, -1.0 / 6}, {1, 1, 0.2}, {1, 0, 0.1}},
	} {
		ls, vs := synthetic(terms, 10000)
		idx := samplePoints(ls, 100, 10000, 200)
		logl, y := make([]float64, len(idx)), make([]float64, len(idx))
		for k, i := range idx {
			logl[k], y[k] = math.Log(float64(ls[i])), vs[i]
		}
		fp := newFitProblem(logl, y, ansatz(3, false))
		got, err := searchExponent(fp, logl, y)
		if err != nil {
			t.Fatalf("%v: %v", terms, err)
		}
		// The whole grid, as the search scanned it before the walk.
		n := len(logl)
		start := -math.Log(y[n-1]/y[0]) / (logl[n-1] - logl[0])
		rss := func(p float64) float64 {
			_, r, err := fp.fit(p)
			if err != nil {
				return math.Inf(1)
			}
			return r
		}
		best, bestR := start, math.Inf(1)
		for k := -10; k <= 10; k++ {
			if r := rss(start + float64(k)*0.05); r < bestR {
				best, bestR = start+float64(k)*0.05, r
			}
		}
		if want := brentMin(rss, best-0.05, best, best+0.05, bestR, 1e-13); got != want {
			t.Errorf("%v: walk gives p = %.17g, the whole grid %.17g", terms, got, want)
		}
	}
}
