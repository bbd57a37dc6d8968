package recursions

import (
	"math"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"critcalc/rootfind"
)

// scalarFunc is a real function that may fail (an expectation that does not
// converge).
type scalarFunc func(x float64) (float64, error)

// root is a zero of a scanned function.
type root struct {
	X       float64
	Tangent bool // a double root: the function touches 0 without crossing
}

// scanGrid returns n log-spaced points on [lo, hi] together with n linear
// points on (0, hi], sorted and without duplicates.
func scanGrid(lo, hi float64, nLog, nLin int) []float64 {
	xs := make([]float64, 0, nLog+nLin)
	r := math.Log(hi / lo)
	for i := 0; i < nLog; i++ {
		xs = append(xs, lo*math.Exp(r*float64(i)/float64(nLog-1)))
	}
	for i := 1; i <= nLin; i++ {
		xs = append(xs, hi*float64(i)/float64(nLin))
	}
	sort.Float64s(xs)
	out := xs[:1]
	for _, x := range xs[1:] {
		if x-out[len(out)-1] > 1e-12*x {
			out = append(out, x)
		}
	}
	out[len(out)-1] = hi
	return out
}

// evalAll evaluates f at every x, in parallel; on failure it returns the
// error at the first failing x.
func evalAll(f scalarFunc, xs []float64) ([]float64, error) {
	ys := make([]float64, len(xs))
	err := forEach(len(xs), func(i int) (err error) {
		ys[i], err = f(xs[i])
		return err
	})
	if err != nil {
		return nil, err
	}
	return ys, nil
}

// forEach calls do(i) for i = 0, …, n−1 on GOMAXPROCS workers, taking the
// indices in increasing order, and returns the error of the smallest i
// that fails. Indices above a failure are skipped, while every index below
// it is still done, so the error does not depend on the number of workers.
func forEach(n int, do func(i int) error) error {
	errs := make([]error, n)
	var next, failed atomic.Int64
	failed.Store(int64(n))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= failed.Load() {
					return
				}
				if errs[i] = do(int(i)); errs[i] != nil {
					lower(&failed, i)
				}
			}
		}()
	}
	wg.Wait()
	if f := failed.Load(); f < int64(n) {
		return errs[f]
	}
	return nil
}

// lower sets v to x when x is smaller.
func lower(v *atomic.Int64, x int64) {
	for {
		cur := v.Load()
		if x >= cur || v.CompareAndSwap(cur, x) {
			return
		}
	}
}

// findRoots returns the zeros of f on the grid xs, given its values ys
// there: every sign change, refined by Brent's method and kept when
// |f| ≤ acceptTol there (a sign change across a pole is not a zero), and
// the minima of |f|: with a derivative df (and its values dys on the grid),
// every sign change of df (tangentRoots); without one, every interior local
// minimum of |f| below nearTol with same-signed neighbours, refined by
// golden-section search. A minimum within zeroTol of zero, on either side,
// is one tangent (double) root; a deeper crossing gives two simple roots.
// A tangent root already known (known > 0: the critical point itself, when
// the fixed points at its (C_b, C_W) are listed) is not searched for again:
// the cell of a sign change of df that holds it is skipped. The refinements
// evaluate f and df themselves.
func findRoots(f, df scalarFunc, xs, ys, dys []float64, nearTol, zeroTol, noise, known float64) ([]root, error) {
	var roots []root
	add := func(x float64, tangent bool) {
		for _, r := range roots {
			if math.Abs(r.X-x) <= 1e-9*math.Abs(x) {
				return
			}
		}
		roots = append(roots, root{x, tangent})
	}
	// addIfRoot keeps a sign change only where f is truly small: a sign
	// change across a pole or through noise is not a root.
	addIfRoot := func(x float64) error {
		ok, err := small(f, x)
		if ok {
			add(x, false)
		}
		return err
	}
	for i := range xs {
		if ys[i] == 0 {
			// A zero among grid values of f's noise is that noise.
			if noise == 0 || i > 0 && math.Abs(ys[i-1]) > noise || i+1 < len(xs) && math.Abs(ys[i+1]) > noise {
				add(xs[i], false)
			}
			continue
		}
		if i+1 < len(xs) && ys[i+1] != 0 && math.Signbit(ys[i]) != math.Signbit(ys[i+1]) {
			x, crossed, err := brentFrom(f, xs[i], xs[i+1], ys[i], ys[i+1], noise)
			if err == nil && crossed {
				err = addIfRoot(x)
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		if df != nil || i == 0 || i+1 == len(xs) || math.Abs(ys[i]) >= nearTol {
			continue
		}
		if math.Abs(ys[i]) > math.Abs(ys[i-1]) || math.Abs(ys[i]) > math.Abs(ys[i+1]) {
			continue
		}
		if math.Signbit(ys[i]) != math.Signbit(ys[i-1]) || math.Signbit(ys[i]) != math.Signbit(ys[i+1]) {
			continue
		}
		s := 1.0
		if ys[i] < 0 {
			s = -1
		}
		sf := func(x float64) (float64, error) {
			y, err := f(x)
			return s * y, err
		}
		xm, ym, err := minimize(sf, xs[i-1], xs[i+1])
		if err != nil {
			return nil, err
		}
		switch {
		case math.Abs(ym) <= zeroTol:
			dip, err := dipsBelow(f, ym, xs[i-1], xs[i+1], noise)
			if err != nil {
				return nil, err
			}
			if dip {
				add(xm, true)
			}
		case ym < 0:
			for _, b := range [][2]float64{{xs[i-1], xm}, {xm, xs[i+1]}} {
				x, err := brentOn(f, b[0], b[1])
				if err == nil {
					err = addIfRoot(x)
				}
				if err != nil {
					return nil, err
				}
			}
		}
	}
	if df != nil {
		if err := tangentRoots(f, df, xs, ys, dys, nearTol, zeroTol, known, add); err != nil {
			return nil, err
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].X < roots[j].X })
	return roots, nil
}

// tangentRoots finds the minima of |f| as the sign changes of df (dys on
// the grid xs): a minimum within zeroTol of zero is a tangent root, and a
// dip across zero inside one grid cell gives two simple roots. As in
// findRoots, a cell whose ends both hold values of one sign at least
// nearTol from zero is not examined (no dip from there reaches zero within
// one cell); nor is the first cell that holds known (> 0), a tangent root
// found before.
func tangentRoots(f, df scalarFunc, xs, ys, dys []float64, nearTol, zeroTol, known float64, add func(float64, bool)) error {
	for i := 0; i+1 < len(xs); i++ {
		if dys[i] == 0 || dys[i+1] == 0 || math.Signbit(dys[i]) == math.Signbit(dys[i+1]) {
			continue
		}
		if math.Abs(ys[i]) >= nearTol && math.Abs(ys[i+1]) >= nearTol && math.Signbit(ys[i]) == math.Signbit(ys[i+1]) {
			continue
		}
		if known > 0 && xs[i] <= known && known <= xs[i+1] {
			known = 0
			continue
		}
		xm, _, err := brentFrom(df, xs[i], xs[i+1], dys[i], dys[i+1], 0)
		if err != nil {
			return err
		}
		ym, err := f(xm)
		if err != nil {
			return err
		}
		switch {
		case math.Abs(ym) <= zeroTol:
			add(xm, true)
		case math.Signbit(ym) != math.Signbit(ys[i]) && math.Signbit(ym) != math.Signbit(ys[i+1]):
			for _, b := range [][2]float64{{xs[i], xm}, {xm, xs[i+1]}} {
				x, err := brentOn(f, b[0], b[1])
				if err != nil {
					return err
				}
				if ok, err := small(f, x); err != nil {
					return err
				} else if ok {
					add(x, false)
				}
			}
		}
	}
	return nil
}

// acceptTol is the largest |f| at a refined sign change that counts as a
// zero; across a pole |f| stays large.
const acceptTol = 1e-8

// small reports whether |f(x)| ≤ acceptTol.
func small(f scalarFunc, x float64) (bool, error) {
	y, err := f(x)
	return math.Abs(y) <= acceptTol, err
}

// minimize returns the minimum of sf on [a, b] by golden-section search.
func minimize(sf scalarFunc, a, b float64) (x, y float64, err error) {
	const invPhi = 0.6180339887498949
	c := b - invPhi*(b-a)
	d := a + invPhi*(b-a)
	fc, err := sf(c)
	if err != nil {
		return 0, 0, err
	}
	fd, err := sf(d)
	if err != nil {
		return 0, 0, err
	}
	for i := 0; i < 200 && b-a > 1e-15*math.Abs(b); i++ {
		if fc <= 0 || fd <= 0 {
			break
		}
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - invPhi*(b-a)
			if fc, err = sf(c); err != nil {
				return 0, 0, err
			}
		} else {
			a, c, fc = c, d, fd
			d = a + invPhi*(b-a)
			if fd, err = sf(d); err != nil {
				return 0, 0, err
			}
		}
	}
	if fc < fd {
		return c, fc, nil
	}
	return d, fd, nil
}

// brentFrom finds a zero of f in the grid cell [a, b] across which the
// grid values ya, yb change sign. Brent's method starts from f(a) and f(b)
// evaluated anew, so that the root does not depend on how the grid values
// were computed (they agree with f to its accuracy), unless these do not
// show the sign change: then it starts from ya and yb, since a root within
// the grid values' error of a or b can put their sign change in the wrong
// cell. crossed reports whether f crosses zero there: where f(a) and f(b)
// show the sign change, and one of them is beyond f's own rounding noise
// (when noise is above 0);
// otherwise only where |f| at the root is below dipShare of |f| at the
// cell's ends, as at a root that close to one end. The grid values' sign
// change is then their own error (the criticality ratio of a K* = 0 class
// near K = 0, where f ∝ K is below that error and keeps its sign, or below
// f's noise and has none).
func brentFrom(f scalarFunc, a, b, ya, yb, noise float64) (x float64, crossed bool, err error) {
	fa, fb, err := atEnds(f, a, b)
	if err != nil {
		return 0, false, err
	}
	if noise > 0 && !(max(math.Abs(fa), math.Abs(fb)) > noise) {
		return 0, false, nil
	}
	if fa == 0 || fb == 0 || math.Signbit(fa) != math.Signbit(fb) {
		x, err = rootfind.Brent(f, a, b, fa, fb, 0)
		return x, true, err
	}
	if x, err = rootfind.Brent(f, a, b, ya, yb, 0); err != nil {
		return 0, false, err
	}
	fx, err := f(x)
	return x, math.Abs(fx) <= dipShare*max(math.Abs(fa), math.Abs(fb)), err
}

// dipShare is how far below |f| at the ends of its cell, or at the grid
// points beside it, |f| must dip for a root that the grid values alone
// show (brentFrom) or a double root (dipsBelow) to count: a grid value is
// off by its own error (1e-9 of the averages), a root that close to a grid
// point dips far below this share, and a sign change or minimum made by
// that error alone does not dip at all.
const dipShare = 1e-3

// dipsBelow reports whether ym, the minimum of |f| between the grid points
// a and b, lies below dipShare of |f| at both, which are beyond f's noise:
// a double root, not a minimum of the grid values' error where f keeps
// its sign and size, nor of f's rounding.
func dipsBelow(f scalarFunc, ym, a, b, noise float64) (bool, error) {
	fa, fb, err := atEnds(f, a, b)
	if err != nil {
		return false, err
	}
	m := min(math.Abs(fa), math.Abs(fb))
	return m > noise && math.Abs(ym) <= dipShare*m, nil
}

// brentOn finds a zero of f in [a, b], where f changes sign.
func brentOn(f scalarFunc, a, b float64) (float64, error) {
	fa, fb, err := atEnds(f, a, b)
	if err != nil {
		return 0, err
	}
	return rootfind.Brent(f, a, b, fa, fb, 0)
}

// atEnds returns f(a) and f(b).
func atEnds(f scalarFunc, a, b float64) (fa, fb float64, err error) {
	if fa, err = f(a); err != nil {
		return 0, 0, err
	}
	fb, err = f(b)
	return fa, fb, err
}
