package recursions

import (
	"fmt"
	"sync"

	"critcalc/hermite"
)

// scanTable holds the averages that the root scans of CriticalPoints and
// FixedPoints are built from, at every point of the scan grid of one kmax:
// ⟨σ²⟩_K (g), ⟨zσσ'⟩_K (χ∥) and ⟨σ'²⟩_K (χ⊥), from Chebyshev interpolants
// in ln K (newInterpScanTable) or, where those cannot be built, from the
// quadrature at each point (newScanTable).
type scanTable struct {
	xs   []float64 // scanGrid(kmax·scanLo, kmax, scanLog, scanLin)
	s2   []float64 // ⟨σ²⟩
	zssp []float64 // ⟨zσσ'⟩
	sp2  []float64 // ⟨σ'²⟩
}

// ratio is Ratio at grid point i.
func (t *scanTable) ratio(i int) float64 { return t.xs[i]*t.sp2[i]/t.zssp[i] - 1 }

// maxScanTables bounds the number of kmax values whose tables an
// Activation keeps; the oldest is dropped first.
const maxScanTables = 4

// scanCache is an Activation's tables, one per kmax, and the averages they
// are computed with. It is safe for concurrent use.
type scanCache struct {
	mu      sync.Mutex
	entries []*scanEntry // oldest first
}

// scanEntry is the table of one kmax, computed once.
type scanEntry struct {
	kmax float64
	once sync.Once
	t    *scanTable
	err  error
}

// scanAverages returns ⟨σ²⟩, ⟨zσσ'⟩ and ⟨σ'²⟩ prepared together.
func (a *Activation) scanAverages() (*hermite.Many, error) { return a.averages(scanSet) }

// scanTable returns the table of kmax, computing it on first use. An error
// (an average that diverges or is undefined somewhere on the grid) is kept
// too: the scans then evaluate their functions directly, so that the
// failing average is reported as it is outside the scans.
func (a *Activation) scanTable(kmax float64) (*scanTable, error) {
	c := &a.scans
	c.mu.Lock()
	var e *scanEntry
	for _, x := range c.entries {
		if x.kmax == kmax {
			e = x
			break
		}
	}
	if e == nil {
		e = &scanEntry{kmax: kmax}
		if len(c.entries) == maxScanTables {
			c.entries = append(c.entries[:0], c.entries[1:]...)
		}
		c.entries = append(c.entries, e)
	}
	c.mu.Unlock()
	e.once.Do(func() {
		m, err := a.scanAverages()
		if err != nil {
			e.err = err
			return
		}
		xs := scanGrid(kmax*scanLo, kmax, scanLog, scanLin)
		var ok bool
		if e.t, ok, e.err = newInterpScanTable(m, xs); e.err == nil && !ok {
			e.t, e.err = newScanTable(m, xs)
		}
	})
	return e.t, e.err
}

// newScanTable evaluates the averages m at every K in xs, in parallel, to
// the relative accuracy hermite.ScanRelTol: the scans look for sign changes
// and for minima of |f| below nearTol (1e-3), which they examine with the
// averages at full accuracy, so a value off by 1e-8 changes no decision.
// Each point is computed on its own, so the table does not depend on the
// number of workers.
func newScanTable(m *hermite.Many, xs []float64) (*scanTable, error) {
	n := len(xs)
	t := &scanTable{xs: xs, s2: make([]float64, n), zssp: make([]float64, n), sp2: make([]float64, n)}
	if err := forEach(n, func(i int) error { return t.fillDirect(m, i) }); err != nil {
		return nil, err
	}
	return t, nil
}

// fillDirect sets the averages of grid point i from the quadrature at
// ScanRelTol.
func (t *scanTable) fillDirect(m *hermite.Many, i int) error {
	vs, err := m.AtTol(t.xs[i], hermite.ScanRelTol)
	if err != nil {
		return fmt.Errorf("recursions: scan averages at K = %g: %w", t.xs[i], err)
	}
	t.s2[i], t.zssp[i], t.sp2[i] = vs[0].V, vs[1].V, vs[2].V
	return nil
}

// onGrid returns the scan grid of kmax and f at each of its points: from
// the table through fromTable (the same formula as f on the table's
// averages), or, where the table could not be made, by evaluating f.
func (a *Activation) onGrid(kmax float64, f scalarFunc, fromTable func(t *scanTable, i int) float64) (xs, ys []float64, err error) {
	t, terr := a.scanTable(kmax)
	if terr != nil {
		xs = scanGrid(kmax*scanLo, kmax, scanLog, scanLin)
		ys, err = evalAll(f, xs)
		return xs, ys, err
	}
	ys = make([]float64, len(t.xs))
	for i := range ys {
		ys[i] = fromTable(t, i)
	}
	return t.xs, ys, nil
}
