package asymptotics

import (
	"fmt"
	"math"
	"sort"
)

// fitResult is one least-squares fit of the ansatz over one window.
type fitResult struct {
	p        float64
	coeffs   []float64
	basis    []Term
	lo, hi   int
	points   int
	residual float64
}

// ansatz returns the basis positions (s, q) of the ansatz (5.93) up to
// order, in the order of the expansion.
func ansatz(order int, noLogs bool) [][2]int {
	var out [][2]int
	for s := 0; s <= order; s++ {
		for q := s; q >= 0; q-- {
			if noLogs && q > 0 {
				continue
			}
			out = append(out, [2]int{s, q})
		}
	}
	return out
}

// samplePoints picks up to n depths in [lo, hi] from ls, spread evenly
// in log ℓ, and returns their indices in increasing order.
func samplePoints(ls []int, lo, hi, n int) []int {
	i0 := sort.SearchInts(ls, lo)
	i1 := sort.SearchInts(ls, hi+1) // one past the last ℓ ≤ hi
	if i1-i0 <= n {
		idx := make([]int, 0, i1-i0)
		for i := i0; i < i1; i++ {
			idx = append(idx, i)
		}
		return idx
	}
	a, b := math.Log(float64(ls[i0])), math.Log(float64(ls[i1-1]))
	var idx []int
	for k := 0; k < n; k++ {
		t := math.Exp(a + (b-a)*float64(k)/float64(n-1))
		i := i0 + sort.Search(i1-i0, func(j int) bool { return float64(ls[i0+j]) >= t })
		if i > i0 && i < i1 && t-float64(ls[i-1]) < float64(ls[i])-t {
			i--
		}
		i = min(i, i1-1)
		if len(idx) == 0 || idx[len(idx)-1] < i {
			idx = append(idx, i)
		}
	}
	return idx
}

// fitProblem is the relative least-squares problem of one window: minimize
// Σ_i (Σ_j c_j φ_j(ℓ_i)/y_i − 1)² over c for an exponent p, with
// φ_j(ℓ) = ℓ^−(p+s_j) (log ℓ)^q_j. base holds the part of each entry that
// does not depend on p, ℓ^−s_j (log ℓ)^q_j / y_i, column j at
// base[j·n : (j+1)·n], so that a new p costs one exponential a row; a and
// b are the scratch of leastSquares, reused from one p to the next.
type fitProblem struct {
	logl    []float64
	n, m    int
	base, a []float64
	b       []float64
	e       []float64
}

func newFitProblem(logl, y []float64, pos [][2]int) *fitProblem {
	n, m := len(logl), len(pos)
	fp := &fitProblem{logl: logl, n: n, m: m, base: make([]float64, n*m), a: make([]float64, n*m),
		b: make([]float64, n), e: make([]float64, n)}
	for j, sq := range pos {
		for i := range n {
			v := math.Exp(-float64(sq[0])*logl[i]) / y[i]
			for range sq[1] {
				v *= logl[i]
			}
			fp.base[j*n+i] = v
		}
	}
	return fp
}

// fit solves the problem at exponent p, with the columns scaled to unit
// largest entry before the QR factorization. It returns the coefficients
// and the residual sum of squares.
func (fp *fitProblem) fit(p float64) ([]float64, float64, error) {
	n, m := fp.n, fp.m
	for i, l := range fp.logl {
		fp.e[i] = math.Exp(-p * l)
		fp.b[i] = 1
	}
	scale := make([]float64, m)
	for j := range m {
		br, ar := fp.base[j*n:(j+1)*n], fp.a[j*n:(j+1)*n]
		s := 0.0
		for i, e := range fp.e {
			ar[i] = br[i] * e
			s = max(s, math.Abs(ar[i]))
		}
		if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
			return nil, 0, fmt.Errorf("basis column %d vanishes or overflows on the window", j)
		}
		for i := range ar {
			ar[i] /= s
		}
		scale[j] = s
	}
	x, rss, err := leastSquares(fp.a, fp.b, n, m)
	if err != nil {
		return nil, 0, err
	}
	for j := range m {
		x[j] /= scale[j]
	}
	return x, rss, nil
}

// fitWindow fits the ansatz of the given order over the depths of ls in
// [lo, hi], estimating the exponent unless fix is set.
func fitWindow(ls []int, vs []float64, lo, hi, order int, noLogs, fix bool, p0 float64, maxPts int) (fitResult, error) {
	pos := ansatz(order, noLogs)
	idx := samplePoints(ls, lo, hi, maxPts)
	need := len(pos) + 3
	if !fix {
		need++
	}
	if len(idx) < need {
		return fitResult{}, fmt.Errorf("%w: %d points in window [%d, %d], need %d for order %d", errFit, len(idx), lo, hi, need, order)
	}
	l := make([]float64, len(idx))
	logl := make([]float64, len(idx))
	y := make([]float64, len(idx))
	for i := idx[0]; i <= idx[len(idx)-1]; i++ {
		if vs[i] == 0 || (vs[i] > 0) != (vs[idx[0]] > 0) {
			return fitResult{}, fmt.Errorf("%w: the sequence vanishes or changes sign at ℓ = %d in the window [%d, %d]", errFit, ls[i], lo, hi)
		}
	}
	for k, i := range idx {
		l[k], y[k] = float64(ls[i]), vs[i]
		logl[k] = math.Log(l[k])
	}
	fp := newFitProblem(logl, y, pos)
	p := p0
	if !fix {
		var err error
		if p, err = searchExponent(fp, logl, y); err != nil {
			return fitResult{}, fmt.Errorf("%w: window [%d, %d]: %v", errFit, lo, hi, err)
		}
	}
	c, rss, err := fp.fit(p)
	if err != nil {
		return fitResult{}, fmt.Errorf("%w: window [%d, %d]: %v", errFit, lo, hi, err)
	}
	basis := make([]Term, len(pos))
	for j, sq := range pos {
		basis[j] = Term{Power: p + float64(sq[0]), LogPower: sq[1]}
	}
	return fitResult{p: p, coeffs: c, basis: basis, lo: ls[idx[0]], hi: ls[idx[len(idx)-1]],
		points: len(idx), residual: math.Sqrt(rss / float64(len(idx)))}, nil
}

// searchExponent minimizes the residual of fp over p: on the grid
// start + k·0.05, |k| ≤ 10, around the mean log-slope −Δlog O/Δlog ℓ of
// the window, a walk downhill from k = 0 to the first grid point below
// both neighbours, then Brent's method between those neighbours, to 1e-13
// in p. Where the residual is unimodal on the grid, as it is in an
// asymptotic window, the walk stops at the grid's minimum, and it
// evaluates a handful of grid points instead of all 21. The grid stays
// within less than 1 of the start because the basis at p − 1 contains the
// one at p (shifted by one order), which would always fit at least as
// well; a walk that reaches the edge of the grid is an error. Where the
// fit fails at the start itself, every grid point is tried.
func searchExponent(fp *fitProblem, logl, y []float64) (float64, error) {
	n := len(logl)
	start := -math.Log(y[n-1]/y[0]) / (logl[n-1] - logl[0])
	const steps, step = 10, 0.05
	var grid [2*steps + 1]float64
	var done [2*steps + 1]bool
	rss := func(p float64) float64 {
		_, r, err := fp.fit(p)
		if err != nil {
			return math.Inf(1)
		}
		return r
	}
	at := func(k int) float64 {
		if !done[k+steps] {
			grid[k+steps], done[k+steps] = rss(start+float64(k)*step), true
		}
		return grid[k+steps]
	}
	best := 0
	if math.IsInf(at(0), 1) {
		for k := -steps; k <= steps; k++ {
			if at(k) < at(best) {
				best = k
			}
		}
	} else {
		dir := 1
		if at(-1) < at(0) {
			dir = -1
		}
		for best+dir >= -steps && best+dir <= steps && at(best+dir) < at(best) {
			best += dir
		}
	}
	if math.IsInf(at(best), 1) {
		return 0, fmt.Errorf("no exponent gives a finite fit")
	}
	if best == -steps || best == steps {
		return 0, fmt.Errorf("the best exponent lies at the edge of the search %g ± %g: the window is not in the asymptotic regime", start, steps*step)
	}
	p := start + float64(best)*step
	return brentMin(rss, p-step, p, p+step, at(best), 1e-13), nil
}

// brentMin minimizes f on [a, b] from x in (a, b) with f(x) = fx below
// f at both ends, by Brent's method (parabolic steps through the three
// best points, golden-section steps where a parabola is not trusted),
// until the bracket is narrower than about 2·tol; it returns the best point.
func brentMin(f func(float64) float64, a, x, b, fx, tol float64) float64 {
	const golden = 0.3819660112501051 // (3 − √5)/2
	w, v, fw, fv := x, x, fx, fx
	var d, e float64
	for range 200 {
		m := (a + b) / 2
		tol1 := tol + 1e-15*math.Abs(x)
		if math.Abs(x-m) <= 2*tol1-(b-a)/2 {
			break
		}
		parabolic := false
		if math.Abs(e) > tol1 {
			r := (x - w) * (fx - fv)
			q := (x - v) * (fx - fw)
			p := (x-v)*q - (x-w)*r
			q = 2 * (q - r)
			if q > 0 {
				p = -p
			}
			q = math.Abs(q)
			if math.Abs(p) < math.Abs(q*e/2) && p > q*(a-x) && p < q*(b-x) {
				e, d = d, p/q
				parabolic = true
				if u := x + d; u-a < 2*tol1 || b-u < 2*tol1 {
					d = math.Copysign(tol1, m-x)
				}
			}
		}
		if !parabolic {
			if x >= m {
				e = a - x
			} else {
				e = b - x
			}
			d = golden * e
		}
		u := x + d
		if math.Abs(d) < tol1 {
			u = x + math.Copysign(tol1, d)
		}
		fu := f(u)
		if fu <= fx {
			if u >= x {
				a = x
			} else {
				b = x
			}
			v, fv, w, fw, x, fx = w, fw, x, fx, u, fu
			continue
		}
		if u < x {
			a = u
		} else {
			b = u
		}
		if fu <= fw || w == x {
			v, fv, w, fw = w, fw, u, fu
		} else if fu <= fv || v == x || v == w {
			v, fv = u, fu
		}
	}
	return x
}
