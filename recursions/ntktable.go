package recursions

import (
	"math"
)

// mapTable is the two-input map of one layer at equal diagonal entries
// K_ii = K_jj = K, ρ ↦ f(ρ) = ⟨σ(u)σ(v)⟩ and f1(ρ) = ⟨σ'(u)σ'(v)⟩, as
// piecewise polynomials: [−1, 1] is cut into pieces of equal width, and on
// each the polynomials of degree tableDegree interpolate Mehler's series
// at the Chebyshev points. An entry then costs two short Horner sums
// instead of a series of up to two hundred terms.
type mapTable struct {
	pieces     int
	piece      []tablePiece
	half, invH float64 // half-width of a piece and its inverse
}

// tablePiece is the interpolant of one piece: the coefficients of f and f1
// in the local variable t ∈ [−1, 1], and bounds on their errors.
type tablePiece struct {
	cf, cf1   [tableDegree + 1]float64
	err, err1 float64
}

// tableDegree is the degree of the interpolating polynomials.
const tableDegree = 11

// tablePieces are the numbers of pieces tried in turn, until the
// interpolation error is below tableGoal of the map's scale.
var tablePieces = []int{64, 256, 1024}

// tableGoal is the interpolation error, relative to the scale of the map,
// at which a table is accepted.
const tableGoal = 1e-15

// chebNodes are the Chebyshev points cos((2i+1)π/(2(d+1))) of degree
// tableDegree, and chebCheck the extrema cos(iπ/d) between and beyond
// them, at which the interpolant is checked against the series.
var chebNodes, chebCheck = func() ([]float64, []float64) {
	n := tableDegree + 1
	nodes, check := make([]float64, n), make([]float64, n)
	for i := range n {
		nodes[i] = math.Cos((2*float64(i) + 1) * math.Pi / (2 * float64(n)))
		check[i] = math.Cos(float64(i) * math.Pi / float64(tableDegree))
	}
	return nodes, check
}()

// chebCos[j][i] is T_j at the i-th Chebyshev point.
var chebCos = func() (c [tableDegree + 1][tableDegree + 1]float64) {
	n := tableDegree + 1
	for j := range n {
		for i := range n {
			c[j][i] = math.Cos(float64(j) * (2*float64(i) + 1) * math.Pi / (2 * float64(n)))
		}
	}
	return c
}()

// buildTable interpolates the series of the diagonal value with data P
// and averages d. It reports false when the series does not converge on
// some piece (ρ near ±1 with slowly decaying moments).
func buildTable(P *seriesInput, d *diagStep) (*mapTable, bool) {
	scale := d.g
	scale1 := d.s
	eval := func(rho float64) (pairValues, bool) {
		v, ok := sumSeries(P, P, rho, d, d)
		v.f1 /= d.K
		v.f1Err /= d.K
		return v, ok
	}
	var tab *mapTable
	for _, M := range tablePieces {
		tab = &mapTable{pieces: M, piece: make([]tablePiece, M), half: 1 / float64(M), invH: float64(M)}
		fine := true
		fv, f1v := make([]float64, tableDegree+1), make([]float64, tableDegree+1)
		for p := range M {
			c := -1 + (2*float64(p)+1)/float64(M)
			nodeErr, nodeErr1 := 0.0, 0.0
			for i, t := range chebNodes {
				v, ok := eval(c + t*tab.half)
				if !ok {
					return nil, false
				}
				fv[i], f1v[i] = v.f, v.f1
				nodeErr, nodeErr1 = max(nodeErr, v.fErr), max(nodeErr1, v.f1Err)
			}
			pc := &tab.piece[p]
			monomial(fv, pc.cf[:])
			monomial(f1v, pc.cf1[:])
			// The interpolation error, measured between and beyond the
			// nodes and doubled; the nodes' own errors grow by at most
			// the Lebesgue constant of the Chebyshev points (< 3 at this
			// degree).
			ie, ie1 := 0.0, 0.0
			for _, t := range chebCheck {
				v, ok := eval(c + t*tab.half)
				if !ok {
					return nil, false
				}
				f, f1 := pc.eval(t)
				ie = max(ie, math.Abs(f-v.f))
				ie1 = max(ie1, math.Abs(f1-v.f1))
			}
			pc.err = 2*ie + 3*nodeErr + 16*roundoff*scale
			pc.err1 = 2*ie1 + 3*nodeErr1 + 16*roundoff*scale1
			if ie > tableGoal*scale || ie1 > tableGoal*scale1 {
				fine = false
			}
		}
		if fine {
			break
		}
	}
	return tab, true
}

// at returns f and f1 at ρ ∈ [−1, 1] with their error bounds.
func (tab *mapTable) at(rho float64) pairValues {
	p := int((rho + 1) * 0.5 * float64(tab.pieces))
	p = max(0, min(tab.pieces-1, p))
	c := -1 + (2*float64(p)+1)*tab.half
	pc := &tab.piece[p]
	f, f1 := pc.eval((rho - c) * tab.invH)
	return pairValues{f: f, fErr: pc.err, f1: f1, f1Err: pc.err1}
}

// eval returns the two polynomials of the piece at t by Horner's rule,
// the two chains of multiply-adds side by side.
func (pc *tablePiece) eval(t float64) (float64, float64) {
	s, u := pc.cf[tableDegree], pc.cf1[tableDegree]
	for j := tableDegree - 1; j >= 0; j-- {
		s = s*t + pc.cf[j]
		u = u*t + pc.cf1[j]
	}
	return s, u
}

// monomial sets c to the coefficients of the polynomial of degree
// tableDegree that takes the values v at chebNodes: the Chebyshev
// coefficients by the discrete cosine sum, then the monomial ones by the
// recurrence T_{j+1} = 2tT_j − T_{j−1}.
func monomial(v, c []float64) {
	n := len(v)
	var a [tableDegree + 1]float64
	for j := range n {
		s := 0.0
		for i, x := range v {
			s += x * chebCos[j][i]
		}
		a[j] = 2 * s / float64(n)
	}
	a[0] /= 2
	// Monomial coefficients of T_j, built up by the recurrence.
	var prev, cur, next [tableDegree + 1]float64
	prev[0] = 1 // T_0
	cur[1] = 1  // T_1
	clear(c)
	c[0] += a[0]
	for k := range n {
		c[k] += a[1] * cur[k]
	}
	for j := 2; j < n; j++ {
		clear(next[:])
		for k := range n {
			if k > 0 {
				next[k] += 2 * cur[k-1]
			}
			next[k] -= prev[k]
		}
		for k := range n {
			c[k] += a[j] * next[k]
		}
		prev, cur = cur, next
	}
}
