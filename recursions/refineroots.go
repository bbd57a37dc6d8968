package recursions

import (
	"math"
	"runtime"
)

// refinement is the D-digit refinement of the roots K* > 0 of a float64
// analysis (CriticalDigitsAt), run in the background in the order of the
// roots and stopped at the first that fails. Its results do not depend on
// what runs beside it: each root is refined from its float64 value alone.
type refinement struct {
	done   chan struct{}
	points []CriticalDigits // parallels the roots, up to the first failure
	errs   []error
	taken  int // results handed out by next
}

// refineRoots starts refining the roots pts, each of which has K > 0, to
// digits significant digits.
func refineRoots(a *Activation, pts []CriticalPoint, digits int) *refinement {
	r := &refinement{done: make(chan struct{}), points: make([]CriticalDigits, len(pts)), errs: make([]error, len(pts))}
	// The roots are copied: the caller goes on to fill in the points
	// (their other fixed points) while they are refined.
	ks := make([]float64, len(pts))
	for i, p := range pts {
		ks[i] = p.K
	}
	go func() {
		defer close(r.done)
		for i, K := range ks {
			if r.points[i], r.errs[i] = a.CriticalDigitsAt(K, digits); r.errs[i] != nil {
				return
			}
		}
	}()
	// The refinement is the longest chain of work left: it runs now, on
	// this goroutine's processor, rather than when the caller next blocks
	// (the caller goes on with shorter work, which fits in its gaps).
	runtime.Gosched()
	return r
}

// wait returns when the refinement has ended.
func (r *refinement) wait() { <-r.done }

// next waits for the refinement and returns the result for the next root
// in order: its D-digit values, or the error that stopped the refinement
// there.
func (r *refinement) next() (CriticalDigits, error) {
	r.wait()
	i := r.taken
	r.taken++
	return r.points[i], r.errs[i]
}

// prefetchRoots starts, in the background, the part of the D-digit
// refinement of the roots of R(K) on (0, kmax] that depends on where they
// lie only to a factor 16 (hermite.Many.PrepareDigits at the working
// digits, whose partition bounds the trapezoidal step of every Newton
// step, the first one's at fewer digits too), at both ends of every sign
// change of R on the scan grid, and returns a channel that is closed when
// it is done. The refinement finds that work done or under way; it
// computes nothing differently for it.
func (a *Activation) prefetchRoots(kmax float64, digits int) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		t, err := a.scanTable(kmax)
		if err != nil {
			return
		}
		m, err := a.digitsAverages()
		if err != nil {
			return
		}
		work := digits + criticalExtra
		for i := 0; i+1 < len(t.xs); i++ {
			y0, y1 := t.ratio(i), t.ratio(i+1)
			if y0 != 0 && y1 != 0 && math.Signbit(y0) != math.Signbit(y1) {
				m.PrepareDigits(t.xs[i], work)
				m.PrepareDigits(t.xs[i+1], work)
			}
		}
	}()
	return done
}
