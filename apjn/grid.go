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
	n := len(sw2) * len(sb2)
	out := make([]Point, n)
	errs := make([]error, n)
	workers := min(runtime.GOMAXPROCS(0), max(n, 1))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				i, j := k/len(sb2), k%len(sb2)
				out[k], errs[k] = m.At(Params{SW2: sw2[i], SB2: sb2[j], Mu: mu})
			}
		}()
	}
	for k := 0; k < n; k++ {
		next <- k
	}
	close(next)
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("apjn: grid point σ_w² = %g, σ_b² = %g: %w", sw2[k/len(sb2)], sb2[k%len(sb2)], err)
		}
	}
	return out, nil
}
