package recursions

import (
	"sync"
	"sync/atomic"
)

// layerNodes are the quadrature values at the Chebyshev–Lobatto points of
// the layerTable cells, shared by the two runs of IterateChecked: both
// build the same cells (the averages at a point do not depend on the
// run's perturbation, which moves them only afterwards), so the points of
// a cell are computed once, by whichever runs need the cell at the time,
// each taking the next point not yet taken. Every value is a function of
// its point alone, so the tables, and the output, do not depend on which
// run computed what.
type layerNodes struct {
	mu    sync.Mutex
	cells map[int]*nodeSet
}

// nodeSet holds the values at the points of one cell.
type nodeSet struct {
	next      atomic.Int64 // the next point to take
	done      sync.WaitGroup
	st, bound []layerStep
	errs      []error
}

func newLayerNodes() *layerNodes { return &layerNodes{cells: map[int]*nodeSet{}} }

// values returns the averages and their bounds at the n+1 points of cell
// c, computing with d the points that no other run has taken, and the
// first error at any point.
func (s *layerNodes) values(c, n int, d *depthAverages) ([]layerStep, []layerStep, error) {
	s.mu.Lock()
	ns := s.cells[c]
	if ns == nil {
		ns = &nodeSet{st: make([]layerStep, n+1), bound: make([]layerStep, n+1), errs: make([]error, n+1)}
		ns.done.Add(n + 1)
		s.cells[c] = ns
	}
	s.mu.Unlock()
	for {
		j := int(ns.next.Add(1)) - 1
		if j > n {
			break
		}
		ns.st[j], ns.bound[j], ns.errs[j] = d.bounded(layerTableK(c, lobattoPoint(j, n)))
		ns.done.Done()
	}
	ns.done.Wait()
	for _, err := range ns.errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return ns.st, ns.bound, nil
}

// nodeValues returns the values at the points of cell c, from the shared
// nodes when the table has them, else computed here, stopping at the
// first point that fails.
func (t *layerTable) nodeValues(c, n int) ([]layerStep, []layerStep, error) {
	if t.nodes != nil {
		return t.nodes.values(c, n, t.d)
	}
	st, bound := make([]layerStep, n+1), make([]layerStep, n+1)
	for j := range st {
		var err error
		if st[j], bound[j], err = t.d.bounded(layerTableK(c, lobattoPoint(j, n))); err != nil {
			return nil, nil, err
		}
	}
	return st, bound, nil
}
