package sim

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"critcalc/calc"
)

// Run samples c.Nets networks and returns the estimators. The networks
// are reduced in blocks of BlockSize, each block in the order of its
// networks, and the blocks are merged in their order, so the result does
// not depend on the number of workers (c.Workers goroutines). The workers
// form teams, one per block at a time: with at least as many blocks as
// workers every team is one worker that reduces its block as it samples
// it; with fewer blocks (a run of 32 networks, or of 100 on 16 cores) a
// team's workers share the networks of its block, each network's
// statistics are kept, and the block is reduced from them in order.
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
	workers = min(workers, c.Nets)
	teams := min(workers, nBlocks)
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
	for t := range teams {
		size := workers / teams
		if t < workers%teams {
			size++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			tm := newTeam(&c, act, dact, short, size, L, d)
			for {
				b := int(nextBlock.Add(1) - 1)
				if b >= nBlocks {
					return
				}
				lo, hi := b*BlockSize, min((b+1)*BlockSize, c.Nets)
				acc := tm.block(lo, hi, res)
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
