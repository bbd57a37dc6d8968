package recursions

import (
	"fmt"
	"math"
	"sync"

	"critcalc/calc"
)

// oscillationGrid is the number of intervals of the grid on which
// CheckOscillation counts the sign changes of σ'.
const oscillationGrid = 1 << 16

// analysisSignChanges is the most sign changes of σ' on |z| ≤ 10√kmax
// with which an analysis searches (0, kmax] for critical points: 318
// (sin(5x) at kmax = 100) take about 2 s of averages, and each further one
// adds quadrature panels to every average of the scans.
const analysisSignChanges = 400

// OscillationError reports a σ whose derivative changes sign more often on
// |z| ≤ Zmax than the Gaussian averages resolve within seconds.
type OscillationError struct {
	Sigma   calc.Expr
	Changes int     // sign changes of σ' counted (at least this many)
	Zmax    float64 // the range |z| ≤ Zmax counted
	Limit   int     // the most allowed
	Within  string  // what the range is, for the message
}

func (e *OscillationError) Error() string {
	return fmt.Sprintf("%s oscillates too fast for the Gaussian averages: σ' changes sign at least %d times on |z| ≤ %.3g (counted on %d points), and each change needs quadrature panels of its own; the limit is %d sign changes (within %s)",
		e.Sigma, e.Changes, e.Zmax, oscillationGrid, e.Limit, e.Within)
}

// CheckOscillation refuses an activation that oscillates faster than the
// Gaussian averages can resolve within seconds: it counts the sign changes
// of σ' on |z| ≤ zmax (a grid of oscillationGrid intervals, which an
// oscillation faster than the grid still fills with sign changes) and
// returns an *OscillationError, whose message says what the range is
// (within), for more than limit.
func CheckOscillation(sigma calc.Expr, zmax float64, limit int, within string) error {
	d := calc.Compile(calc.Derivative(sigma, 1))
	// The two halves of the grid side by side (the grid costs a few
	// milliseconds of the command's start), joined in order.
	half := (oscillationGrid + 1) / 2
	var lower signChanges
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		lower = countSignChanges(d, zmax, 0, half)
	}()
	upper := countSignChanges(d, zmax, half, oscillationGrid+1)
	wg.Wait()
	if n := lower.join(upper).n; n > limit {
		return &OscillationError{Sigma: sigma, Changes: n, Zmax: zmax, Limit: limit, Within: within}
	}
	return nil
}

// CheckAnalysisOscillation is CheckOscillation on the range of the root
// scans of kmax, within 10 standard deviations at K = kmax, with the
// limit of an analysis (analysisSignChanges): Analyze refuses what it
// refuses, and a command whose other work searches K up to kmax too can
// refuse it before that work.
func CheckAnalysisOscillation(sigma calc.Expr, kmax float64) error {
	return CheckOscillation(sigma, 10*math.Sqrt(kmax), analysisSignChanges, fmt.Sprintf("10 standard deviations at K = %g, the largest K searched", kmax))
}

// signChanges is the count of sign changes of σ' on a run of grid points
// and the first and last of its values there that are neither 0 nor NaN
// (0 when there is none).
type signChanges struct {
	n           int
	first, last float64
}

// join returns the sign changes of the run c followed by the run next.
func (c signChanges) join(next signChanges) signChanges {
	j := signChanges{n: c.n + next.n, first: c.first, last: next.last}
	if c.last != 0 && next.first != 0 && (c.last > 0) != (next.first > 0) {
		j.n++
	}
	if j.first == 0 {
		j.first = next.first
	}
	if j.last == 0 {
		j.last = c.last
	}
	return j
}

// oscillationChunk is the number of grid points countSignChanges
// evaluates at a time, in buffers that stay in the cache.
const oscillationChunk = 1024

// countSignChanges counts the sign changes of d at the grid points
// z_i = −zmax + 2·zmax·i/oscillationGrid, lo ≤ i < hi, in order, skipping
// the points where d is 0 or NaN.
func countSignChanges(d *calc.Program, zmax float64, lo, hi int) signChanges {
	zs, vs := make([]float64, oscillationChunk), make([]float64, oscillationChunk)
	var c signChanges
	for start := lo; start < hi; start += oscillationChunk {
		m := min(oscillationChunk, hi-start)
		for j := range m {
			zs[j] = -zmax + 2*zmax*float64(start+j)/oscillationGrid
		}
		d.EvalSlice(vs[:m], zs[:m])
		for _, v := range vs[:m] {
			if v == 0 || math.IsNaN(v) {
				continue
			}
			if c.first == 0 {
				c.first = v
			} else if (v > 0) != (c.last > 0) {
				c.n++
			}
			c.last = v
		}
	}
	return c
}
