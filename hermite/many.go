package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
)

// Many computes E[F_i(z)], z ~ N(0, K), for several integrands F_i at the
// same K on one shared partition of the line: the tail cut is the widest of
// the integrands' cuts, the pieces are split at the union of their kinks,
// and a panel is bisected until the 24- and 48-point Gauss–Legendre rules
// agree within tolerance for every integrand. Each integrand thus meets the
// accuracy goal of Expectation.At, while the nodes, the bookkeeping and the
// tail search are shared. A Many is safe for concurrent use.
type Many struct {
	ins   []*integrand
	multi *calc.MultiProgram // all integrands, sharing subexpressions
	kinks []float64          // union of the integrands' kinks, ascending
	// branches are the kinks that are branch points of some integrand.
	branches []float64
	aux      []int     // the integrands with a companion (see growthPower)
	scale    float64   // the smallest featureScale of the integrands
	pool     sync.Pool // *manyScratch
	maxEvals int       // the bound of LimitEvals (0: none)

	bqOnce sync.Once
	bq     *bigQuad // the arbitrary-precision path, made on first use (bigQuad)
}

// LimitEvals bounds the integrand evaluations of each float64 quadrature
// of m (its integrands share the nodes) at n; n ≤ 0, the default, sets no
// bound. A quadrature that would need more fails with an error wrapping
// ErrTooManyEvals. An iteration that evaluates m at every layer sets it,
// so that a σ whose averages grow costly as K grows is refused within
// seconds rather than iterated for minutes. It must be called before m is
// used.
func (m *Many) LimitEvals(n int) { m.maxEvals = max(n, 0) }

// bigQuad returns the arbitrary-precision quadrature of m's integrands,
// made on first use.
func (m *Many) bigQuad() *bigQuad {
	m.bqOnce.Do(func() { m.bq = newBigQuad(m.ins) })
	return m.bq
}

type manyScratch struct {
	z  []float64
	wf []float64 // weighted values of one integrand, for coefficientError
	g  []float64 // a companion's values
	f  [][]float64
	fs [][]float64 // f resliced to the panel's size
}

// NewMany prepares the expectations of the integrands fs (at least one).
func NewMany(fs ...calc.Expr) (*Many, error) {
	if len(fs) == 0 {
		return nil, errors.New("hermite: NewMany needs at least one integrand")
	}
	ins, err := newIntegrands(fs...)
	if err != nil {
		return nil, err
	}
	return manyOf(ins), nil
}

// ManyOf is NewMany of the integrands of es (at least one), which it
// shares with them rather than preparing them again: their kinks, feature
// scales and compiled programs, which are never modified once made.
func ManyOf(es ...*Expectation) (*Many, error) {
	if len(es) == 0 {
		return nil, errors.New("hermite: ManyOf needs at least one expectation")
	}
	ins := make([]*integrand, len(es))
	for i, e := range es {
		ins[i] = e.in
	}
	return manyOf(ins), nil
}

// manyOf returns the Many of the prepared integrands ins.
func manyOf(ins []*integrand) *Many {
	fsx := make([]calc.Expr, len(ins))
	for i, in := range ins {
		fsx[i] = in.expr
	}
	m := &Many{ins: ins, multi: calc.CompileMany(fsx...)}
	m.scale = 1
	for i, in := range ins {
		m.scale = min(m.scale, in.scale)
		if in.aux > 0 {
			m.aux = append(m.aux, i)
		}
		for _, k := range in.kinks {
			m.kinks = insertSorted(m.kinks, k)
		}
		for _, z := range in.branches {
			m.branches = insertSorted(m.branches, z)
		}
	}
	return m
}

// insertSorted adds x to the ascending list xs unless it is already there.
func insertSorted(xs []float64, x float64) []float64 {
	i := 0
	for i < len(xs) && xs[i] < x {
		i++
	}
	if i < len(xs) && xs[i] == x {
		return xs
	}
	xs = append(xs, 0)
	copy(xs[i+1:], xs[i:])
	xs[i] = x
	return xs
}

// At returns E[F_i(z)] for z ~ N(0, K), in the order the integrands were
// given, each with the accuracy of Expectation.At: a relative error of
// about 1e-14, or an absolute one of 1e-14 times E|F_i| near 0.
func (m *Many) At(K float64) ([]Value, error) { return m.AtTol(K, float64RelTol) }

// ScanRelTol is the loosest relative tolerance AtTol accepts. A root scan
// that only needs the sign of a difference away from its roots, and
// re-evaluates near them at full accuracy, can use it.
const ScanRelTol = 1e-8

// AtTol is At with the relative tolerance relTol on each value, between
// float64RelTol (At's, 1e-14) and ScanRelTol. Above float64RelTol it
// takes the Gauss–Hermite rules where they serve (atGH), and otherwise
// integrates without the companions of growthPower, so a smooth step's
// transition at a large K can be off by about 1e-12 of the value beyond
// the returned bound: it serves root scans, which look at signs and
// re-evaluate with At near their decisions.
func (m *Many) AtTol(K, relTol float64) ([]Value, error) {
	if !(relTol >= float64RelTol && relTol <= ScanRelTol) {
		return nil, fmt.Errorf("expectations: relative tolerance %g outside [%g, %g]", relTol, float64RelTol, ScanRelTol)
	}
	out := make([]Value, len(m.ins))
	switch {
	case math.IsNaN(K) || math.IsInf(K, 0) || K < 0:
		return nil, fmt.Errorf("expectations of %d integrands: the variance K must be finite and ≥ 0, got %g", len(m.ins), K)
	case K == 0:
		for i, in := range m.ins {
			v := in.prog.Eval(0)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				_, err := in.logAbsAt(0)
				return nil, fmt.Errorf("expectation of %s at K = 0: F(0) = %g: %v", exprName(in.expr), v, err)
			}
			out[i] = Value{V: v, Evals: 1}
		}
		return out, nil
	}
	if relTol > float64RelTol {
		if out, ok := m.atGH(K, relTol); ok {
			return out, nil
		}
	}
	T, err := m.TailCut(K)
	if err != nil {
		return nil, err
	}
	return m.atCut(K, T, relTol)
}

// TailCut returns the cut ±T (in t = z/√K) that At uses at K > 0: the
// widest of the integrands' cuts. An iteration whose K moves little from
// one call to the next can compute it once in a while and call AtCut.
func (m *Many) TailCut(K float64) (float64, error) {
	if !(K > 0) || math.IsInf(K, 0) {
		return 0, fmt.Errorf("expectations of %d integrands: the variance K must be finite and > 0, got %g", len(m.ins), K)
	}
	T := 0.0
	for _, in := range m.ins {
		t, err := in.tailCut(K, float64LogCut)
		if err != nil {
			return 0, fmt.Errorf("expectation of %s at K = %g: %w", exprName(in.expr), K, err)
		}
		T = max(T, t)
	}
	return T, nil
}

// AtCut is At at K > 0 with the tail cut T given (from TailCut at this K
// or one close to it).
func (m *Many) AtCut(K, T float64) ([]Value, error) { return m.atCut(K, T, float64RelTol) }

// atCut is AtCut with the relative tolerance relTol.
func (m *Many) atCut(K, T, relTol float64) ([]Value, error) {
	if !(K > 0) || math.IsInf(K, 0) || !(T > 0) {
		return nil, fmt.Errorf("expectations of %d integrands: need finite K > 0 and T > 0, got %g, %g", len(m.ins), K, T)
	}
	sk := math.Sqrt(K)
	edges := append([]float64{-T}, tInCut(m.kinks, sk, T)...)
	if len(edges) == 1 {
		edges = append(edges, 0) // smooth integrands: start from the two half-lines
	}
	edges = append(edges, T)

	// The companions force the refinement that resolves a smooth step's
	// transition to 1e-12 of the value at a large K; a scan at a looser
	// tolerance does without them.
	n := len(m.ins) + len(m.aux)
	if relTol > float64RelTol {
		n = len(m.ins)
	}
	ad := newAdaptive(m, K, n)
	ad.relTol = relTol
	ad.maxEvals = m.maxEvals
	ad.minWidth = minPanelScale * m.scale / sk
	ad.branches = tInCut(m.branches, sk, T)
	if j, err := ad.run(edges); err != nil {
		for i, in := range m.ins {
			if derr := in.checkDefined(K, T); derr != nil {
				return nil, fmt.Errorf("expectation of %s at K = %g: %w", exprName(in.expr), K, derr)
			}
			if i == ad.failed || ad.failed >= len(m.ins) && i == m.aux[ad.failed-len(m.ins)] {
				err = fmt.Errorf("expectation of %s: %w%s", exprName(in.expr), err, branchNote("", in))
			}
		}
		return nil, fmt.Errorf("expectations at K = %g, on t ∈ [%g, %g] (t = z/√K): %w", K, edges[j], edges[j+1], err)
	}
	return ad.out[:len(m.ins):len(m.ins)], nil
}

// AtDigits returns E[F_i(z)] for z ~ N(0, K), K exact, each to digits
// significant digits (or exactly 0 when zero to within 10^−digits of
// E|F_i|), with the accuracy and the errors of Expectation.AtDigits. All
// integrands are evaluated at every node by one program, so the work they
// share — σ(z) and σ'(z) in ⟨σ²⟩, ⟨σ'²⟩ and ⟨zσσ'⟩ — is done once per node.
func (m *Many) AtDigits(K *big.Rat, digits int) ([]*big.Float, error) {
	if digits < 1 {
		return nil, fmt.Errorf("expectations of %d integrands: digits must be at least 1, got %d", len(m.ins), digits)
	}
	if K.Sign() < 0 {
		return nil, fmt.Errorf("expectations of %d integrands: the variance K must be ≥ 0, got %s", len(m.ins), RatG(K))
	}
	if K.Sign() == 0 {
		out := make([]*big.Float, len(m.ins))
		for i, in := range m.ins {
			v, err := in.big().EvalDigits(new(big.Rat), digits)
			if err != nil {
				return nil, fmt.Errorf("expectation of %s at K = 0: %w", exprName(in.expr), err)
			}
			out[i] = v
		}
		return out, nil
	}
	vs, err := m.bigQuad().at(K, digits)
	if err != nil {
		return nil, fmt.Errorf("expectations at K = %s: %w", RatG(K), err)
	}
	return vs, nil
}

// valuesAt evaluates the integrands at z_j = sk·t_j into scratch space
// from the pool, which the caller puts back: z and fs[i][j] = F_i(z_j).
func (m *Many) valuesAt(sk float64, t []float64) (s *manyScratch, z []float64, fs [][]float64) {
	n := len(t)
	s, _ = m.pool.Get().(*manyScratch)
	if s == nil || cap(s.z) < n {
		s = &manyScratch{z: make([]float64, n), wf: make([]float64, n), g: make([]float64, n), f: make([][]float64, len(m.ins)), fs: make([][]float64, len(m.ins))}
		for i := range s.f {
			s.f[i] = make([]float64, n)
		}
	}
	z = s.z[:n]
	for j, x := range t {
		z[j] = sk * x
	}
	fs = s.fs[:len(m.ins)]
	for i := range fs {
		fs[i] = s.f[i][:n]
	}
	m.multi.EvalSlices(fs, z)
	return s, z, fs
}

// panel sets sum[i] = ∫_a^b F_i(√K t)φ(t) dt and, when abs is not nil,
// abs[i] = ∫ |F_i|φ and tail[i] = coefficientError, with an n-point
// Gauss–Legendre rule on shared nodes; the companions (see growthPower)
// follow the integrands.
func (m *Many) panel(K, a, b float64, n int, sum, abs, tail, low []float64) {
	pn := panelNodes(a, b, n)
	s, z, fs := m.valuesAt(math.Sqrt(K), pn.t)
	wf := s.wf[:n]
	for i, f := range fs {
		panelSums(pn.w, f, wf, sum, abs, tail, low, i)
	}
	if len(sum) == len(m.ins) {
		m.pool.Put(s)
		return
	}
	g := s.g[:n]
	for j, i := range m.aux {
		auxValues(g, fs[i], z, m.ins[i].aux)
		panelSums(pn.w, g, wf, sum, abs, tail, low, len(m.ins)+j)
	}
	m.pool.Put(s)
}
