package sim

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"critcalc/calc"
)

// Run samples c.Nets networks and returns the estimators. Work is spread
// over c.Workers goroutines in blocks of BlockSize networks; blocks are
// merged in order, so the result does not depend on the number of workers.
func Run(c Config) (*Result, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	c.Inputs = cloneInputs(c.Inputs)
	c.Widths = append([]int(nil), c.Widths...)
	act := calc.Compile(c.Sigma)
	dact := calc.Compile(calc.Derivative(c.Sigma, 1))
	short, err := newShortcut(&c)
	if err != nil {
		return nil, err
	}
	workers := c.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	L := c.depth()
	d := statDim(&c)
	nBlocks := (c.Nets + BlockSize - 1) / BlockSize
	workers = min(workers, nBlocks)
	res := &Result{Config: c, Shortcut: short != nil, layers: newLayerMoments(L, d),
		logGain: make([]float64, c.Nets), logOut: make([]float64, c.Nets), logGrad: make([]float64, c.Nets)}

	var (
		nextBlock atomic.Int64
		done      atomic.Int64
		mu        sync.Mutex
		pending   = map[int][]*moments{}
		merged    int
		wg        sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(&c, act, dact, short)
			for {
				b := int(nextBlock.Add(1) - 1)
				if b >= nBlocks {
					return
				}
				acc := newLayerMoments(L, d)
				lo, hi := b*BlockSize, min((b+1)*BlockSize, c.Nets)
				for k := lo; k < hi; k++ {
					s := w.network(k, acc)
					res.logGain[k], res.logOut[k], res.logGrad[k] = s.logGain, s.logOut, s.logGrad
				}
				mu.Lock()
				pending[b] = acc
				for {
					p, ok := pending[merged]
					if !ok {
						break
					}
					for l := range res.layers {
						res.layers[l].merge(p[l])
					}
					delete(pending, merged)
					merged++
				}
				mu.Unlock()
				n := done.Add(int64(hi - lo))
				if c.Progress != nil {
					c.Progress(int(n), c.Nets)
				}
			}
		}()
	}
	wg.Wait()
	if merged != nBlocks {
		return nil, fmt.Errorf("sim: internal error: merged %d of %d blocks", merged, nBlocks)
	}
	return res, nil
}

func newLayerMoments(L, d int) []*moments {
	m := make([]*moments, L)
	for l := range m {
		m[l] = newMoments(d)
	}
	return m
}

func cloneInputs(xs [][]float64) [][]float64 {
	out := make([][]float64, len(xs))
	for a, x := range xs {
		out[a] = append([]float64(nil), x...)
	}
	return out
}
