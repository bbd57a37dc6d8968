package recursions

import "math"

// layerTable serves the averages of one layer of Iterate from Chebyshev
// interpolants, so that a deep iteration, whose kernel creeps through the
// same range of K for thousands of layers, pays for the adaptive
// quadrature at a few dozen points per range of K rather than at every
// layer.
//
// The K axis is cut into cells [2^(cB), 2^((c+1)B)) of B = layerTableBinades
// binades; on a cell the averages are functions of u = ln K, analytic for
// an analytic σ (and for σ analytic on either side of its kinks), which
// Chebyshev interpolants in u resolve to rounding with 10 to 20 terms. A
// cell is served by the quadrature (depthAverages.step) until the
// iteration has visited it layerTableBuildAfter times, about what a build
// costs; then it is built, unless fewer layers are left than the build
// would evaluate. The cw-free averages g, ⟨σ⁴⟩, ⟨zσσ'⟩/K, ⟨σ'²⟩
// and j/(8K²C_W), each divided by the power K^p (p = 0, 1, 2) nearest to
// it, are computed by the quadrature, with its error bounds
// (depthAverages.bounded), at the 65 Chebyshev–Lobatto points of the
// cell. The cell is accepted when, for every average,
//
//   - the interpolant through the 17 points of the degree-16 grid agrees
//     with the quadrature at the 48 others within tol, the larger of the
//     quadrature's own error bound on the cell and 1e-15 of the largest
//     value there (the interpolant of an analytic function converges
//     geometrically, so the degree-64 one is then far closer still), and
//   - the trailing coefficients of the degree-64 interpolant that are
//     dropped, each below 2e-16 of that largest value (the rounding noise
//     of the 65 values, which dropping smooths away), sum to at most tol.
//
// An interpolated average is thus off by at most the quadrature's bound
// at the points plus twice tol: the same order as the quadrature at
// every layer. A cell whose test fails, or at which the quadrature fails
// or returns a value that is not finite, stays with the quadrature, which
// then reports what went wrong.
//
// The coordinate on a cell is computed from K scaled by an exact power
// of 2, and the coefficients from the values less their mean with a
// compensated sum, so that neither the logarithm of a large ln K nor the
// cosines of the transform adds rounding of the size of the values: the
// interpolated averages follow the quadrature's to a fraction of an ulp on
// average, and a deep iteration accumulates the same rounding either way.
//
// A scale-invariant σ keeps the quadrature: its averages are exact
// multiples of K and K² that the quadrature returns to an ulp or two
// (K^(ℓ) = K^(1) stays put at criticality), and it costs a
// microsecond or two.
//
// An iteration that visits each cell only a few times (a kernel growing
// or shrinking geometrically) never builds one and runs as fast as the
// quadrature alone; one that visits a cell often pays at most about twice
// what the quadrature would have cost it.
type layerTable struct {
	d     *depthAverages
	cells map[int]*layerTableCell
	last  *layerTableCell // the cell of the previous call
	lastC int
	// left is how many more calls of step the iteration will make: a
	// cell is not built when fewer are left than a build costs.
	left int
	// The previous call's K, C_W and result, returned again when the
	// iteration repeats K exactly (a kernel at its fixed point).
	prevK, prevCW     float64
	prevSt, prevBound layerStep
	havePrev          bool
	// nodes, when not nil, are the quadrature values at the cells' points
	// shared with a second run (IterateChecked).
	nodes *layerNodes
}

// Table constants: the cell width in binades of K, the visits before a
// cell is built, the rounding allowed an interpolant relative to the
// largest value on its cell, the level below which trailing coefficients
// are rounding noise, and the degrees of the test grid and of the
// interpolant (a multiple of it).
const (
	layerTableBinades    = 2
	layerTableBuildAfter = 64
	layerTableRound      = 1e-15
	layerTableNoise      = 2e-16
	layerTableTest       = 16
	layerTableDegree     = 64
)

// layerTableAverages is the number of cw-free averages a cell interpolates.
const layerTableAverages = 5

// layerTableCell is one cell of a layerTable: its visit count and, once built,
// either failed or the Chebyshev coefficients of each average over
// K^power.
type layerTableCell struct {
	visits int
	built  bool
	failed bool
	// rows holds the coefficients side by side for clenshawRows: row k
	// holds each average's c_k, 0 past the end of its series.
	rows  [][layerTableAverages]float64
	power [layerTableAverages]int
	// err bounds the error of each interpolated average divided by
	// K^power: the quadrature's bound at the points plus twice tol.
	err [layerTableAverages]float64
}

// newLayerTable returns the table of an iteration that will call step
// calls times.
func newLayerTable(d *depthAverages, calls int, nodes *layerNodes) *layerTable {
	return &layerTable{d: d, cells: map[int]*layerTableCell{}, left: calls, nodes: nodes}
}

// step is depthAverages.step, served from the cell of K once it is built,
// with the bound on each average's error (for a built cell, that of its
// interpolant: the quadrature's bound at the points plus twice tol). A K
// equal to the previous call's returns the previous result.
func (t *layerTable) step(K, cw float64) (st, bound layerStep, err error) {
	t.left--
	if t.havePrev && K == t.prevK && cw == t.prevCW {
		return t.prevSt, t.prevBound, nil
	}
	st, bound, err = t.lookup(K, cw)
	if err == nil {
		t.prevK, t.prevCW, t.prevSt, t.prevBound, t.havePrev = K, cw, st, bound, true
	}
	return st, bound, err
}

// lookup is step without the repeat.
func (t *layerTable) lookup(K, cw float64) (st, bound layerStep, err error) {
	c, x, ok := layerTableCoordinate(K)
	if !ok || t.d.scaleInvariant {
		return t.d.step(K, cw)
	}
	cell := t.last
	if cell == nil || c != t.lastC {
		cell = t.cells[c]
		if cell == nil {
			cell = &layerTableCell{}
			t.cells[c] = cell
		}
		t.last, t.lastC = cell, c
	}
	if !cell.built {
		cell.visits++
		if cell.visits < layerTableBuildAfter || t.left < layerTableDegree {
			return t.d.step(K, cw)
		}
		t.build(cell, c)
	}
	if cell.failed {
		return t.d.step(K, cw)
	}
	var b [layerTableAverages]float64
	v := clenshawRows(cell.rows, x)
	for i := range v {
		s := powSmall(K, cell.power[i])
		v[i] *= s
		b[i] = cell.err[i] * s
	}
	return layerStep{g: v[0], s4: v[1], chiPar: cw * v[2], chiPerp: cw * v[3], jOver8K2: cw * v[4]},
		layerStep{g: b[0], s4: b[1], chiPar: cw * b[2], chiPerp: cw * b[3], jOver8K2: cw * b[4]}, nil
}

// build fills cell c from the quadrature at the Chebyshev–Lobatto points
// of degree layerTableDegree, or marks it failed.
func (t *layerTable) build(cell *layerTableCell, c int) {
	cell.built, cell.failed = true, true
	n := layerTableDegree
	var vals [layerTableAverages][]float64
	for i := range vals {
		vals[i] = make([]float64, n+1)
	}
	var peak, bound [layerTableAverages]float64
	sts, bounds, err := t.nodeValues(c, n)
	if err != nil {
		return
	}
	for j := 0; j <= n; j++ {
		K := layerTableK(c, lobattoPoint(j, n))
		bs := bounds[j].averages()
		for i, v := range sts[j].averages() {
			if j == 0 {
				cell.power[i] = nearestPower(v, K)
			}
			s := powSmall(K, cell.power[i])
			vals[i][j] = v / s
			peak[i] = max(peak[i], math.Abs(v/s))
			bound[i] = max(bound[i], bs[i]/s)
		}
	}
	stride := n / layerTableTest
	var coef [layerTableAverages][]float64
	for i := range vals {
		tol := max(bound[i], layerTableRound*peak[i])
		coarse := lobattoCoefficients(vals[i], stride)
		for j := 0; j <= n; j++ {
			if j%stride != 0 && !(math.Abs(clenshaw(coarse, lobattoPoint(j, n))-vals[i][j]) <= tol) {
				return
			}
		}
		fine := lobattoCoefficients(vals[i], 1)
		kept, dropped := chopNoise(fine, layerTableNoise*peak[i])
		if !(dropped <= tol) {
			return
		}
		coef[i] = kept
		cell.err[i] = bound[i] + 2*tol
	}
	cell.rows = coefficientRows(coef)
	cell.failed = false
}

// averages lists the cw-free averages a cell interpolates.
func (s layerStep) averages() [layerTableAverages]float64 {
	return [layerTableAverages]float64{s.g, s.s4, s.chiPar, s.chiPerp, s.jOver8K2}
}

// layerTableCoordinate returns the cell c of K > 0, the one with
// 2^(c·layerTableBinades) ≤ K < 2^((c+1)·layerTableBinades), and the coordinate
// x ∈ [−1, 1) of ln K on it. The scaling by a power of 2 is exact, so x
// carries only the rounding of the logarithm of a number in [1, 2^B), an
// absolute 1e-16 in ln K, where ln K itself would carry the rounding of
// its own size (2e-15 at K = 1e-5). It reports false for K that is not a
// positive normal float64.
func layerTableCoordinate(K float64) (c int, x float64, ok bool) {
	if !(K >= 0x1p-1022) || math.IsInf(K, 0) {
		return 0, 0, false
	}
	m, e := math.Frexp(K) // K = m·2^e, m ∈ [½, 1)
	e--                   // K = 2m·2^e
	c = e / layerTableBinades
	if e%layerTableBinades < 0 {
		c--
	}
	r := math.Ldexp(2*m, e-c*layerTableBinades)
	return c, 2*math.Log(r)/(layerTableBinades*math.Ln2) - 1, true
}

// layerTableK is the K at the coordinate x of cell c.
func layerTableK(c int, x float64) float64 {
	return math.Ldexp(math.Exp((x+1)/2*layerTableBinades*math.Ln2), c*layerTableBinades)
}

// nearestPower is the power p ∈ {0, 1, 2} of K for which |v|/K^p is
// nearest 1 on a log scale: an average that grows like K or K² (g and
// ⟨σ⁴⟩ at small K) is interpolated as a nearly constant function, whose
// Clenshaw sum rounds like its leading coefficient.
func nearestPower(v, K float64) int {
	best, p := math.Inf(1), 0
	for q := 0; q <= 2; q++ {
		if d := math.Abs(math.Log(math.Abs(v) / powSmall(K, q))); d < best {
			best, p = d, q
		}
	}
	return p
}

// powSmall returns K^p for p ∈ {0, 1, 2}.
func powSmall(K float64, p int) float64 {
	switch p {
	case 0:
		return 1
	case 1:
		return K
	}
	return K * K
}
