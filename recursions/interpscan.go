package recursions

import (
	"errors"
	"math"

	"critcalc/hermite"
)

// The scan table's averages from Chebyshev interpolants in u = ln K.
//
// The root scans need ⟨σ²⟩, ⟨zσσ'⟩ and ⟨σ'²⟩ at the 800 points of the scan
// grid, which spans ten decades of K. On an interval of u each average is
// an analytic function for an analytic σ (and for σ analytic on either
// side of its kinks), so a Chebyshev interpolant through a few dozen
// quadratures resolves it: newInterpScanTable cuts the range of the grid
// into intervals, interpolates on each, and evaluates the interpolants at
// the grid points.
//
// An average that keeps its sign on an interval is interpolated as ln|v|,
// whose accuracy is the relative accuracy of v whatever its size (⟨zσσ'⟩
// of sin is Ke^{−2K}, 87 decades below its value at K = 1 when K = 100);
// one that changes sign is interpolated as v/K^p (nearestPower), with an
// accuracy relative to the largest value on the interval, which is what
// the quadrature itself guarantees near a zero. The quadrature runs at
// the relative tolerance scanNodeTol at the Chebyshev–Lobatto points of
// degree 32, then 64, then 128 (the grids are nested, so each doubling
// reuses every value); the interpolant of degree n is accepted when, for
// every average,
//
//   - the interpolant of degree n/2 agrees with the quadrature at the n/2
//     points of the degree-n grid that it does not pass through within
//     scanCheckTol (relative, or relative to the largest value), so that
//     the degree-n one, converging geometrically, is far closer still,
//     and
//   - the trailing coefficients of the degree-n interpolant dropped as
//     rounding noise sum to at most scanCheckTol as well.
//
// An interval on which degree 128 fails is halved; one narrower than
// scanMinWidth of the range is left to the quadrature at its grid points.
// A quadrature that fails at a Chebyshev point leaves the whole table to
// the quadrature at the grid points (newScanTable), so that an average
// that diverges or leaves float64 is reported as it is there.
//
// Every quadrature is computed on its own, in a fixed order of intervals,
// so the table does not depend on the number of workers.
const (
	scanNodeTol     = 1e-12
	scanCheckTol    = 1e-9
	scanMinDegree   = 32
	scanMaxDegree   = 128
	scanMinWidth    = 1.0 / 64
	scanNoise       = 2e-16
	scanIntervalMax = 64
)

// scanInterval is one interval [lo, hi] of u = ln K with the interpolants
// of the three scan averages, or direct when none was accepted there.
type scanInterval struct {
	lo, hi float64
	direct bool
	avg    [3]scanInterpolant
}

// scanInterpolant is one average on an interval: Σ c_k T_k(x) is ln|v|
// (log, with the sign of v in sign) or v/K^power.
type scanInterpolant struct {
	coef  []float64
	log   bool
	sign  float64
	power int
}

// atMany sets out[i] to the interpolated average at Ks[i], whose
// coordinate on the interval is xs[i], four points at a time
// (clenshawMany).
func (p *scanInterpolant) atMany(out, Ks, xs []float64) {
	clenshawMany(out, p.coef, xs)
	for i, s := range out {
		if p.log {
			out[i] = p.sign * math.Exp(s)
		} else {
			out[i] = s * powSmall(Ks[i], p.power)
		}
	}
}

// newInterpScanTable is newScanTable with the averages at xs (ascending,
// positive) interpolated. It reports ok = false, with no error, when the
// quadrature failed at one of the interpolation points: the caller then
// evaluates the grid directly.
func newInterpScanTable(m *hermite.Many, xs []float64) (t *scanTable, ok bool, err error) {
	lo, hi := math.Log(xs[0]), math.Log(xs[len(xs)-1])
	var ivs []scanInterval
	todo := [][2]float64{{lo, hi}}
	for len(todo) > 0 {
		iv := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		s, ok := fitScanInterval(m, iv[0], iv[1])
		if !ok {
			return nil, false, nil
		}
		if s == nil {
			if iv[1]-iv[0] <= scanMinWidth*(hi-lo) || len(ivs)+len(todo) >= scanIntervalMax {
				ivs = append(ivs, scanInterval{lo: iv[0], hi: iv[1], direct: true})
				continue
			}
			mid := (iv[0] + iv[1]) / 2
			todo = append(todo, [2]float64{mid, iv[1]}, [2]float64{iv[0], mid})
			continue
		}
		ivs = append(ivs, *s)
	}
	return fillScanTable(m, xs, ivs)
}

// scanFillChunk is the number of grid points one worker of fillScanTable
// takes at a time.
const scanFillChunk = 100

// fillScanTable evaluates the interpolants of ivs (ascending, covering
// ln xs) at xs, in chunks of points side by side, and the quadrature at
// the points of direct intervals.
func fillScanTable(m *hermite.Many, xs []float64, ivs []scanInterval) (*scanTable, bool, error) {
	n := len(xs)
	t := &scanTable{xs: xs, s2: make([]float64, n), zssp: make([]float64, n), sp2: make([]float64, n)}
	var direct []int
	in := make([]int, n) // the interval of each point
	k := 0
	for i, K := range xs {
		for k+1 < len(ivs) && math.Log(K) > ivs[k].hi {
			k++
		}
		in[i] = k
		if ivs[k].direct {
			direct = append(direct, i)
		}
	}
	_ = forEach((n+scanFillChunk-1)/scanFillChunk, func(c int) error {
		var x [scanFillChunk]float64
		end := min(n, (c+1)*scanFillChunk)
		// Runs of points in one interval, each average over a run at once.
		for i := c * scanFillChunk; i < end; {
			iv := &ivs[in[i]]
			j := i + 1
			for j < end && in[j] == in[i] {
				j++
			}
			if !iv.direct {
				xr := x[:j-i]
				for l := range xr {
					xr[l] = max(-1, min(1, 2*(math.Log(xs[i+l])-iv.lo)/(iv.hi-iv.lo)-1))
				}
				for a, dst := range [3][]float64{t.s2, t.zssp, t.sp2} {
					iv.avg[a].atMany(dst[i:j], xs[i:j], xr)
				}
			}
			i = j
		}
		return nil
	})
	err := forEach(len(direct), func(j int) error { return t.fillDirect(m, direct[j]) })
	if err != nil {
		return nil, false, err
	}
	return t, true, nil
}

// fitScanInterval interpolates the scan averages on [lo, hi] at degrees
// scanMinDegree, 2·scanMinDegree, … up to scanMaxDegree and returns the
// first accepted interval; nil when none is, and ok = false when the
// quadrature fails at a point.
func fitScanInterval(m *hermite.Many, lo, hi float64) (s *scanInterval, ok bool) {
	var vals [3][]float64 // at the Lobatto points of the current degree
	var Ks []float64
	prev := 0
	for n := scanMinDegree; n <= scanMaxDegree; n *= 2 {
		// The points of degree n; those of degree prev are every other one.
		nv := [3][]float64{make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)}
		nK := make([]float64, n+1)
		var fresh []int
		for j := 0; j <= n; j++ {
			if prev > 0 && j%2 == 0 {
				for i := range nv {
					nv[i][j] = vals[i][j/2]
				}
				nK[j] = Ks[j/2]
				continue
			}
			nK[j] = math.Exp(lo + (hi-lo)*(lobattoPoint(n-j, n)+1)/2)
			fresh = append(fresh, j)
		}
		err := forEach(len(fresh), func(f int) error {
			j := fresh[f]
			vs, err := m.AtTol(nK[j], scanNodeTol)
			if err != nil {
				return err
			}
			for i := range nv {
				nv[i][j] = vs[i].V
			}
			return nil
		})
		if err != nil {
			return nil, false
		}
		vals, Ks, prev = nv, nK, n
		// The three averages are fitted side by side; the first that fails
		// stops the others.
		s := &scanInterval{lo: lo, hi: hi}
		rejected := forEach(len(vals), func(i int) error {
			p, ok := fitScanAverage(vals[i], Ks)
			if !ok {
				return errNotAccepted
			}
			s.avg[i] = p
			return nil
		})
		if rejected == nil {
			return s, true
		}
	}
	return nil, true
}

// errNotAccepted stops the fits of an interval's averages when one of
// them fails the tests of newInterpScanTable.
var errNotAccepted = errors.New("recursions: interpolant not accepted")

// fitScanAverage returns the interpolant of one average from its values
// vals at the points Ks (ascending, the Lobatto points of degree
// len(vals) − 1 in ln K), and whether it passes the tests of
// newInterpScanTable.
func fitScanAverage(vals, Ks []float64) (scanInterpolant, bool) {
	n := len(vals) - 1
	p := scanInterpolant{log: true, sign: 1}
	if vals[0] < 0 {
		p.sign = -1
	}
	for _, v := range vals {
		if !(v*p.sign > 0) || math.IsInf(v, 0) {
			p.log = false
			break
		}
	}
	// w is the function interpolated, at the points in the order of
	// lobattoPoint (descending x).
	w := make([]float64, n+1)
	peak := 0.0
	if p.log {
		for j := range w {
			w[j] = math.Log(math.Abs(vals[n-j]))
		}
		peak = 1 // ln|v| is checked absolutely: relative to v
	} else {
		p.power = nearestPower(vals[0], Ks[0])
		for j := range w {
			w[j] = vals[n-j] / powSmall(Ks[n-j], p.power)
			peak = max(peak, math.Abs(w[j]))
		}
	}
	for _, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return p, false
		}
	}
	tol := scanCheckTol * peak
	coarse := lobattoCoefficients(w, 2)
	for j := 1; j < n; j += 2 {
		if !(math.Abs(clenshaw(coarse, lobattoPoint(j, n))-w[j]) <= tol) {
			return p, false
		}
	}
	noise := scanNoise * peak
	if p.log {
		noise = scanNoise * maxAbs(w)
	}
	kept, dropped := chopNoise(lobattoCoefficients(w, 1), noise)
	if !(dropped <= tol) {
		return p, false
	}
	p.coef = kept
	return p, true
}

// maxAbs returns the largest |v| of vs.
func maxAbs(vs []float64) float64 {
	m := 0.0
	for _, v := range vs {
		m = max(m, math.Abs(v))
	}
	return m
}
