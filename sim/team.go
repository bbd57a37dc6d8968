package sim

import (
	"sync"
	"sync/atomic"

	"critcalc/calc"
)

// layerStats receives the statistics of one layer of one network: a
// block's moments, which add them, or a network's record, which keeps
// them.
type layerStats interface {
	add(x []float64)
}

// statRecord keeps the statistics of one layer of one network.
type statRecord []float64

func (r statRecord) add(x []float64) { copy(r, x) }

// team is the workers that sample one block together. A team of one
// reduces the block as it samples it; a larger one shares the block's
// networks among its workers, keeps each network's statistics (records)
// and reduces them in the order of the networks.
type team struct {
	ws      []*worker
	L, d    int
	records [][]layerStats // per network of a block, per layer
}

func newTeam(c *Config, act, dact *calc.Program, short *shortcut, size, L, d int) *team {
	tm := &team{ws: make([]*worker, size), L: L, d: d}
	for i := range tm.ws {
		tm.ws[i] = newWorker(c, act, dact, short)
	}
	if size > 1 {
		buf := make([]float64, BlockSize*L*d)
		tm.records = make([][]layerStats, BlockSize)
		for k := range tm.records {
			tm.records[k] = make([]layerStats, L)
			for l := range L {
				off := (k*L + l) * d
				tm.records[k][l] = statRecord(buf[off : off+d : off+d])
			}
		}
	}
	return tm
}

// block samples networks lo … hi−1, stores their scalars in res and
// returns their statistics reduced in order.
func (tm *team) block(lo, hi int, res *Result) []*moments {
	acc := newLayerMoments(tm.L, tm.d)
	keep := func(k int, s netScalars) {
		res.logGain[k], res.logOut[k], res.logGrad[k] = s.logGain, s.logOut, s.logGrad
	}
	if len(tm.ws) == 1 {
		sinks := make([]layerStats, tm.L)
		for l, m := range acc {
			sinks[l] = m
		}
		for k := lo; k < hi; k++ {
			keep(k, tm.ws[0].network(k, sinks))
		}
		return acc
	}
	var next atomic.Int64
	next.Store(int64(lo))
	var wg sync.WaitGroup
	for _, w := range tm.ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= hi {
					return
				}
				keep(k, w.network(k, tm.records[k-lo]))
			}
		}()
	}
	wg.Wait()
	for k := lo; k < hi; k++ {
		for l, r := range tm.records[k-lo] {
			acc[l].add(r.(statRecord))
		}
	}
	return acc
}
