package recursions

import (
	"cmp"
	"critcalc/hermite"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
)

// KernelMatrices is one layer of IterateKernels: the N×N kernel K^(ℓ) and,
// when asked for, the NTK Θ^(ℓ), row-major and symmetric, each entry with
// an estimate of its absolute error.
type KernelMatrices struct {
	L, N            int
	K, KErr         []float64
	Theta, ThetaErr []float64 // nil without the NTK
}

// MaxKernelInputs is the largest N that IterateKernels accepts: a layer
// holds eight N×N float64 matrices (256 MB at N = 2000).
const MaxKernelInputs = 2000

// tableMinInputs is the number of inputs from which a layer whose
// diagonal entries are all equal evaluates the map through an
// interpolation table rather than a series per entry.
const tableMinInputs = 24

// IterateKernels runs the kernel recursion (5.1) and, when lam is not nil,
// that of the neural tangent kernel (PDLT (8.63)) for N inputs at once,
//
//	K'_ij = C_b + C_W⟨σ(u)σ(v)⟩,  Θ'_ij = λ_b + λ_W⟨σ(u)σ(v)⟩ + C_W⟨σ'(u)σ'(v)⟩Θ_ij,
//
// (u, v) ~ N(0, [[K_ii, K_ij], [K_ij, K_jj]]), from the first layer's
// matrices start (K, KErr, and with lam Theta, ThetaErr: the N×N
// matrices, row-major, and bounds on their entries' errors). It calls emit
// with the layers ℓ = every, 2·every, … up to L, and L itself; emit must
// not keep the matrices, which the next layer overwrites.
//
// Diagonal entries of start that agree to a relative 1e-12 (inputs
// normalized in floating point) are set to one value, their largest, with
// the difference added to their error bounds, so that they share their
// averages. A layer costs one set of single-input averages per distinct
// diagonal value and one two-input evaluation per pair i < j: the exact
// arc-cosine forms for a scale-invariant σ; for a smooth σ (σ and σ'
// without kinks) Mehler's series in the Hermite moments of σ(√K_ii·X),
// computed once per distinct diagonal value (interpolated in ln K when
// there are momentsMinValues or more, interpolateMoments), through a
// piecewise-polynomial
// table of the map in ρ when all diagonal entries are equal, with
// two-dimensional quadrature where the series converges too slowly; and
// two-dimensional quadrature per pair for another σ. The pairs are shared
// among the processors; each entry's arithmetic is the same however they
// are shared, so the results are too.
func (a *Activation) IterateKernels(cb, cw float64, lam *Lambda, start *KernelMatrices, L, every int, emit func(*KernelMatrices) error) error {
	n := start.N
	ntk := lam != nil
	switch {
	case n < 1 || n > MaxKernelInputs:
		return fmt.Errorf("recursions: IterateKernels needs 1 ≤ N ≤ %d inputs, got %d", MaxKernelInputs, n)
	case len(start.K) != n*n || len(start.KErr) != n*n || ntk && (len(start.Theta) != n*n || len(start.ThetaErr) != n*n):
		return fmt.Errorf("recursions: IterateKernels needs N×N matrices (N = %d)", n)
	case L < 1:
		return fmt.Errorf("recursions: IterateKernels needs L ≥ 1, got %d", L)
	case every < 1:
		return fmt.Errorf("recursions: IterateKernels needs every ≥ 1, got %d", every)
	}
	cur := newKernelMatrices(n, ntk)
	copy(cur.K, start.K)
	copy(cur.KErr, start.KErr)
	if ntk {
		copy(cur.Theta, start.Theta)
		copy(cur.ThetaErr, start.ThetaErr)
	}
	for i := range n {
		kii := cur.K[i*n+i]
		if !(kii > 0) || math.IsInf(kii, 0) {
			return fmt.Errorf("recursions: IterateKernels: K^(1) of input %d is %g, want finite and > 0", i, kii)
		}
		for j := range n {
			k := i*n + j
			if math.IsNaN(cur.K[k]) || math.IsInf(cur.K[k], 0) || ntk && (math.IsNaN(cur.Theta[k]) || math.IsInf(cur.Theta[k], 0)) {
				return fmt.Errorf("recursions: IterateKernels: the entry (%d, %d) of K^(1) or Θ^(1) is not finite", i, j)
			}
			if j < i && (cur.K[k] != cur.K[j*n+i] || ntk && cur.Theta[k] != cur.Theta[j*n+i]) {
				return fmt.Errorf("recursions: IterateKernels: the matrices are not symmetric at (%d, %d)", i, j)
			}
		}
	}
	snapDiagonal(cur)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if x := cur.K[i*n+j]; !(math.Abs(x) <= hermite.SqrtProduct(cur.K[i*n+i], cur.K[j*n+j])*(1+1e-12)) {
				return fmt.Errorf("recursions: IterateKernels: |K_%d,%d| = %g > √(K_%d,%d·K_%d,%d): not a kernel", i, j, x, i, i, j, j)
			}
		}
	}
	it, err := a.newKernelIteration(cb, cw, lam)
	if err != nil {
		return err
	}
	next := newKernelMatrices(n, ntk)
	for l := 1; ; l++ {
		cur.L = l
		if l%every == 0 || l == L {
			cur.mirror()
			if err := emit(cur); err != nil {
				return err
			}
		}
		if l == L {
			return nil
		}
		if err := it.step(cur, next); err != nil {
			return fmt.Errorf("recursions: layer %d: %w", l, err)
		}
		cur, next = next, cur
	}
}

// snapRel is the relative difference below which snapDiagonal sets
// diagonal entries to one value.
const snapRel = 1e-12

// snapDiagonal sets the diagonal entries of m that agree to within snapRel
// of the largest of them to that value, adding the change to their error
// bounds.
func snapDiagonal(m *KernelMatrices) {
	n := m.N
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(m.K[b*n+b], m.K[a*n+a]) })
	for s := 0; s < n; {
		top := m.K[idx[s]*n+idx[s]]
		e := s + 1
		for e < n && top-m.K[idx[e]*n+idx[e]] <= snapRel*top {
			k := idx[e]*n + idx[e]
			m.KErr[k] += top - m.K[k]
			m.K[k] = top
			e++
		}
		s = e
	}
}

func newKernelMatrices(n int, ntk bool) *KernelMatrices {
	m := &KernelMatrices{N: n, K: make([]float64, n*n), KErr: make([]float64, n*n)}
	if ntk {
		m.Theta, m.ThetaErr = make([]float64, n*n), make([]float64, n*n)
	}
	return m
}

// kernelIteration holds what the layers of IterateKernels share.
type kernelIteration struct {
	cb, cw float64
	lam    Lambda
	ntk    bool
	diag   *ntkDiag
	pairs  pairMap
	series *seriesPair // the series of a smooth σ (nil otherwise)
}

func (a *Activation) newKernelIteration(cb, cw float64, lam *Lambda) (*kernelIteration, error) {
	d, err := a.newNTKDiag(true)
	if err != nil {
		return nil, err
	}
	pm, err := a.newPairMap()
	if err != nil {
		return nil, err
	}
	it := &kernelIteration{cb: cb, cw: cw, ntk: lam != nil, diag: d, pairs: pm}
	if lam != nil {
		it.lam = *lam
	}
	if sp, ok := pm.(*seriesPair); ok {
		it.series = sp
	}
	return it, nil
}

// step computes the layer after cur into next.
func (it *kernelIteration) step(cur, next *KernelMatrices) error {
	n := cur.N
	// The single-input averages of each distinct diagonal value.
	index := map[float64]int{}
	var values []float64
	which := make([]int, n)
	for i := range n {
		k := cur.K[i*n+i]
		j, ok := index[k]
		if !ok {
			j = len(values)
			index[k] = j
			values = append(values, k)
		}
		which[i] = j
	}
	steps := make([]diagStep, len(values))
	if err := parallel(len(values), func(j int) error {
		var err error
		steps[j], err = it.diag.step(values[j])
		return err
	}); err != nil {
		return err
	}
	pairs := it.pairs
	if it.series != nil {
		defer it.series.forget()
		if len(values) >= momentsMinValues {
			// Many diagonal values: their moments from interpolants in
			// ln K (each value's own moments when the check fails).
			ms, ok, err := interpolateMoments(it.series.s, values)
			if err != nil {
				return err
			}
			if ok {
				for j := range values {
					it.series.put(&steps[j], ms[j])
				}
			}
		}
		if len(values) == 1 && n >= tableMinInputs {
			P, err := it.series.input(&steps[0])
			if err != nil {
				return err
			}
			if tab, ok := buildTable(P, &steps[0]); ok {
				pairs = tablePair{tab}
			}
		}
	}
	// The diagonal entries, and the next layer's.
	diag := make([]ntkEntry, n)
	for i := range n {
		diag[i] = ntkEntry{k: cur.K[i*n+i], kErr: cur.KErr[i*n+i]}
		if cur.Theta != nil {
			diag[i].t, diag[i].tErr = cur.Theta[i*n+i], cur.ThetaErr[i*n+i]
		}
		ne := steps[which[i]].next(it.cb, it.cw, it.lam, diag[i])
		if !(ne.k > 0) || math.IsInf(ne.k, 0) || math.IsInf(ne.t, 0) {
			return fmt.Errorf("the kernel K_%d,%d = %g or Θ = %g is out of range", i, i, ne.k, ne.t)
		}
		next.set(i, i, ne)
	}
	// With one diagonal value the error bounds' diagonal parts are shared.
	var shared *pairConsts
	if len(values) == 1 {
		worst := diag[0] // the largest error bound of the equal diagonal entries
		for _, d := range diag {
			worst.kErr = max(worst.kErr, d.kErr)
		}
		c := newPairConsts(worst, worst, &steps[0], &steps[0])
		shared = &c
	}
	// Row i holds the pairs (i, j > i) of the upper triangle: rows are
	// dealt out in an order that balances the triangle. The lower one is
	// filled when a layer is emitted (mirror).
	var tab *mapTable
	var invK float64
	if t, ok := pairs.(tablePair); ok {
		tab, invK = t.tab, 1/values[0]
	}
	// The series data of every diagonal value, looked up once.
	var ins []*seriesInput
	if tab == nil && it.series != nil {
		ins = make([]*seriesInput, len(values))
		if err := parallel(len(values), func(j int) (err error) {
			ins[j], err = it.series.input(&steps[j])
			return err
		}); err != nil {
			return err
		}
	}
	return parallel(n, func(r int) (err error) {
		i := r / 2
		if r%2 == 1 {
			i = n - 1 - r/2
		}
		di := &steps[which[i]]
		p := diag[i]
		for j := i + 1; j < n; j++ {
			dj := &steps[which[j]]
			x := cur.at(i, j)
			var v pairValues
			switch {
			case tab != nil:
				v = tab.at(max(-1, min(1, x.k*invK)))
			case ins != nil:
				v, err = it.series.atWith(ins[which[i]], ins[which[j]], p.k, diag[j].k, x.k, di, dj)
			default:
				v, err = pairs.at(p.k, diag[j].k, x.k, di, dj)
			}
			if err != nil {
				return fmt.Errorf("inputs %d and %d: %w", i, j, err)
			}
			c := shared
			if c == nil {
				cc := newPairConsts(p, diag[j], di, dj)
				c = &cc
			}
			next.set(i, j, c.next(it.cb, it.cw, it.lam, x, v))
		}
		return nil
	})
}

// at returns the entry (i, j) of the upper triangle.
func (m *KernelMatrices) at(i, j int) ntkEntry {
	k := i*m.N + j
	e := ntkEntry{k: m.K[k], kErr: m.KErr[k]}
	if m.Theta != nil {
		e.t, e.tErr = m.Theta[k], m.ThetaErr[k]
	}
	return e
}

// set sets the entry (i, j) of the upper triangle.
func (m *KernelMatrices) set(i, j int, e ntkEntry) {
	k := i*m.N + j
	m.K[k], m.KErr[k] = e.k, e.kErr
	if m.Theta != nil {
		m.Theta[k], m.ThetaErr[k] = e.t, e.tErr
	}
}

// mirror copies the upper triangle to the lower one, in blocks.
func (m *KernelMatrices) mirror() {
	n := m.N
	const b = 64
	for _, a := range [][]float64{m.K, m.KErr, m.Theta, m.ThetaErr} {
		if a == nil {
			continue
		}
		for i0 := 0; i0 < n; i0 += b {
			for j0 := i0; j0 < n; j0 += b {
				for i := i0; i < min(i0+b, n); i++ {
					for j := max(j0, i+1); j < min(j0+b, n); j++ {
						a[j*n+i] = a[i*n+j]
					}
				}
			}
		}
	}
}

// PairQuadrature reports whether IterateKernels evaluates the two-input
// averages of σ by a two-dimensional integral for every pair and layer
// (about two milliseconds each): σ is neither scale-invariant nor smooth
// (σ or σ' has kinks).
func (a *Activation) PairQuadrature() (bool, error) {
	pm, err := a.newPairMap()
	if err != nil {
		return false, err
	}
	_, ok := pm.(*quadPair)
	return ok, nil
}

// tablePair evaluates the map of equal diagonal entries from its table.
type tablePair struct{ tab *mapTable }

func (t tablePair) at(p, m, x float64, _, _ *diagStep) (pairValues, error) {
	return t.tab.at(max(-1, min(1, x/hermite.SqrtProduct(p, m)))), nil
}

// parallel calls f(0), …, f(n−1) on all processors and returns the first
// error by index.
func parallel(n int, f func(int) error) error {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			if err := f(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	nextI := 0
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := nextI
				nextI++
				mu.Unlock()
				if i >= n {
					return
				}
				errs[i] = f(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
