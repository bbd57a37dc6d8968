package asymptotics

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
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
// does not depend on p, ℓ^−s_j (log ℓ)^q_j / y_i, so that a new p costs
// one exponential a row; a and qr are reused from one p to the next.
type fitProblem struct {
	logl []float64
	base *mat.Dense
	a    *mat.Dense
	b    *mat.VecDense
	qr   mat.QR
}

func newFitProblem(logl, y []float64, pos [][2]int) *fitProblem {
	n, m := len(logl), len(pos)
	fp := &fitProblem{logl: logl, base: mat.NewDense(n, m, nil), a: mat.NewDense(n, m, nil), b: mat.NewVecDense(n, nil)}
	for i := range n {
		fp.b.SetVec(i, 1)
		for j, sq := range pos {
			v := math.Exp(-float64(sq[0])*logl[i]) / y[i]
			for range sq[1] {
				v *= logl[i]
			}
			fp.base.Set(i, j, v)
		}
	}
	return fp
}

// fit solves the problem at exponent p, with the columns scaled to unit
// largest entry before the QR factorization. It returns the coefficients
// and the residual sum of squares.
func (fp *fitProblem) fit(p float64) ([]float64, float64, error) {
	n, m := fp.base.Dims()
	scale := make([]float64, m)
	// The rows of base and a, read and written in place (both are
	// contiguous, stride m): the same arithmetic as At and Set, without
	// their checks on every entry.
	base, a := fp.base.RawMatrix(), fp.a.RawMatrix()
	for i := range n {
		e := math.Exp(-p * fp.logl[i])
		br, ar := base.Data[i*base.Stride:i*base.Stride+m], a.Data[i*a.Stride:i*a.Stride+m]
		for j := range m {
			v := br[j] * e
			ar[j] = v
			scale[j] = max(scale[j], math.Abs(v))
		}
	}
	for j := range m {
		if scale[j] == 0 || math.IsInf(scale[j], 0) || math.IsNaN(scale[j]) {
			return nil, 0, fmt.Errorf("basis column %d vanishes or overflows on the window", j)
		}
	}
	for i := range n {
		ar := a.Data[i*a.Stride : i*a.Stride+m]
		for j := range m {
			ar[j] /= scale[j]
		}
	}
	fp.qr.Factorize(fp.a)
	var x mat.VecDense
	if err := fp.qr.SolveVecTo(&x, false, fp.b); err != nil {
		return nil, 0, err
	}
	c := make([]float64, m)
	for j := range m {
		c[j] = x.AtVec(j) / scale[j]
	}
	var r mat.VecDense
	r.MulVec(fp.a, &x)
	r.SubVec(&r, fp.b)
	return c, mat.Dot(&r, &r), nil
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

// searchExponent minimizes the residual of fp over p: a scan of
// ±0.5 around the mean log-slope −Δlog O/Δlog ℓ of the window, then
// a refinement around the best grid point. The scan stays
// within less than 1 of the start because the basis at p − 1 contains the
// one at p (shifted by one order), which would always fit at least as well;
// a minimum at the edge of the scan is an error. The refinement is
// Brent's method, to 1e-13 in p.
func searchExponent(fp *fitProblem, logl, y []float64) (float64, error) {
	n := len(logl)
	start := -math.Log(y[n-1]/y[0]) / (logl[n-1] - logl[0])
	rss := func(p float64) float64 {
		_, r, err := fp.fit(p)
		if err != nil {
			return math.Inf(1)
		}
		return r
	}
	const steps, step = 10, 0.05
	best, bestK, bestR := start, 0, math.Inf(1)
	for k := -steps; k <= steps; k++ {
		p := start + float64(k)*step
		if r := rss(p); r < bestR {
			best, bestK, bestR = p, k, r
		}
	}
	if math.IsInf(bestR, 1) {
		return 0, fmt.Errorf("no exponent gives a finite fit")
	}
	if bestK == -steps || bestK == steps {
		return 0, fmt.Errorf("the best exponent lies at the edge of the search %g ± %g: the window is not in the asymptotic regime", start, steps*step)
	}
	return brentMin(rss, best-step, best, best+step, bestR, 1e-13), nil
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
