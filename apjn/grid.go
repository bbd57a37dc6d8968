package apjn

import (
	"fmt"
	"runtime"
	"sync"
)

// Grid evaluates the phase diagram on every pair (sw2[i], sb2[j]) with skip
// strength mu and returns the points in row-major order (σ_w² outer, σ_b²
// inner). Rows are spread over GOMAXPROCS goroutines; each point is computed
// by itself, so the output does not depend on the number of cores. The
// first error in row-major order is returned.
func (m *Model) Grid(sw2, sb2 []float64, mu float64) ([]Point, error) {
	out := make([]Point, len(sw2)*len(sb2))
	errs := m.eachPoint(len(sw2), len(sb2), func(k, i, j int) error {
		var err error
		out[k], err = m.At(Params{SW2: sw2[i], SB2: sb2[j], Mu: mu})
		return err
	})
	for k, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("apjn: grid point σ_w² = %g, σ_b² = %g: %w", sw2[k/len(sb2)], sb2[k%len(sb2)], err)
		}
	}
	return out, nil
}

// eachPoint calls point(k, i, j) for every point k = i·nb + j of an
// na × nb grid, spread over GOMAXPROCS goroutines, and returns the errors
// by k. Each point is computed by itself, so the results do not depend on
// the number of cores. Model.Progress, when set, is told of the points
// done.
func (m *Model) eachPoint(na, nb int, point func(k, i, j int) error) []error {
	n := na * nb
	errs := make([]error, n)
	next := make(chan int)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for range min(runtime.GOMAXPROCS(0), max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				errs[k] = point(k, k/nb, k%nb)
				if m.Progress != nil {
					mu.Lock()
					done++
					m.Progress(done, n)
					mu.Unlock()
				}
			}
		}()
	}
	for k := range n {
		next <- k
	}
	close(next)
	wg.Wait()
	return errs
}
