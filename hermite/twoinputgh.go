package hermite

import (
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	gonumblas "gonum.org/v1/gonum/blas/gonum"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// ghSpec is one rule of GHSeries: the n-point Gauss–Hermite rule, or
// n-point Gauss–Legendre panels of unit width out to ±ghPanelCut with the
// density in the weights.
type ghSpec struct {
	n      int
	panels bool
}

// ghLevel is a pair of rules whose moments GHSeries compares: the moments
// are those of the second, their errors the differences from the first,
// for orders below kmax.
type ghLevel struct {
	rules [2]ghSpec
	kmax  int
}

// ghLevels are tried in turn. The Gauss–Hermite pairs give moments of
// orders below the smaller size: the first serves a smooth σ at small
// variance (σ(√K·x) nearly a polynomial over the bulk of the Gaussian),
// the next ones variances up to about 1 for tanh-like σ, whose poles at
// distance π/(2√K) from the real axis slow the global rules down. The
// panels, ten times as costly, resolve such poles at larger K.
var ghLevels = [...]ghLevel{
	{[2]ghSpec{{32, false}, {40, false}}, 32},
	{[2]ghSpec{{56, false}, {72, false}}, 56},
	{[2]ghSpec{{96, false}, {128, false}}, 96},
	{[2]ghSpec{{160, false}, {208, false}}, 160},
	{[2]ghSpec{{16, true}, {20, true}}, 128},
}

// ghPanelCut is where the panel rules stop: by Cramér's inequality
// |he_k(x)|·φ(x) ≤ 1.09·e^(−x²/4)/√(2π), below e^(−64) there, which
// leaves what σ(√K·x) grows by (polynomially, for the σ of interest)
// far below the goal.
const ghPanelCut = 16

// ghBlock is the number of moments GHInput computes at a time: the series
// usually needs far fewer than its rules allow.
const ghBlock = 16

// ghUnit is the unit roundoff of float64.
const ghUnit = 0x1p-53

// GHSeries evaluates two-input averages E[σ(u)σ(v)], (u, v) ~ N(0,
// [[K11, K12], [K12, K22]]), of one smooth σ in float64 by Mehler's
// formula
//
//	E[σ(u)σ(v)] = Σ_k ρ^k a_k b_k,  a_k = E[σ(√K11·X)·he_k(X)],  b_k = E[σ(√K22·X)·he_k(X)],
//
// ρ = K12/√(K11·K22), with the moments of each variance from a pair of
// Gauss–Hermite rules (a few microseconds a variance, where a
// two-dimensional adaptive quadrature takes about a millisecond; panels
// of Gauss–Legendre rules at larger variances) and the rest of the series
// bounded by Cauchy–Schwarz and Parseval's identity (see
// GHSeries.Expect). It is meant for
// iterations that evaluate many nearby kernels; where its error bound is
// not met (large variances, ρ near ±1 with slowly decaying moments) the
// caller falls back to Expect2. It is safe for concurrent use; a GHInput
// is not.
type GHSeries struct {
	expr calc.Expr
	prog *calc.Program
	// parity of σ: an even or odd σ is evaluated at the positive nodes
	// only.
	parity calc.Parity
	levels [len(ghLevels)]ghLevelRules
}

// ghLevelRules are the rules of a level, made on first use.
type ghLevelRules struct {
	once  sync.Once
	rules [2]*ghRule
	err   error
}

// rules returns the rules of level l.
func (s *GHSeries) rules(l int) ([2]*ghRule, error) {
	lv := &s.levels[l]
	lv.once.Do(func() {
		for j, spec := range ghLevels[l].rules {
			if lv.rules[j], lv.err = ghRuleOf(spec, ghLevels[l].kmax); lv.err != nil {
				lv.err = fmt.Errorf("hermite: the rules of Mehler's series of %s: %w", s.expr, lv.err)
				return
			}
		}
	})
	return lv.rules, lv.err
}

// ghRule is the nonnegative half of a symmetric rule with its table of
// weighted orthonormal Hermite polynomials.
type ghRule struct {
	x, w []float64 // positive nodes, ascending, and the weight of each of ±x
	// h[p] holds the rows w_i·he_k(x_i), i < len(x), of the orders
	// k < kmax of parity p, ascending: the matrix that takes the even
	// (p = 0) or odd parts of σ at the nodes to the moments of that parity.
	h    [2][]float64
	kmax int
}

var ghRules struct {
	sync.Mutex
	m map[ghKey]*ghRule
}

type ghKey struct {
	spec ghSpec
	kmax int
}

// ghRuleOf returns the shared rule of spec (an even number of
// Gauss–Hermite points) with the table of orders below kmax.
func ghRuleOf(spec ghSpec, kmax int) (*ghRule, error) {
	ghRules.Lock()
	defer ghRules.Unlock()
	if r, ok := ghRules.m[ghKey{spec, kmax}]; ok {
		return r, nil
	}
	r := &ghRule{kmax: kmax}
	if spec.panels {
		q, err := legendreRule(spec.n)
		if err != nil {
			return nil, err
		}
		xs, ws := make([]float64, spec.n), make([]float64, spec.n)
		for a := 0; a < ghPanelCut; a++ {
			mapPanel(q, float64(a), float64(a+1), xs, ws)
			r.x, r.w = append(r.x, xs...), append(r.w, ws...)
		}
	} else {
		q, err := quadrature.GaussHermite(spec.n)
		if err != nil {
			return nil, err
		}
		n := spec.n
		if len(q.X) != n || n%2 != 0 {
			return nil, fmt.Errorf("hermite: the %d-point Gauss–Hermite rule has %d nodes", n, len(q.X))
		}
		r.x, r.w = q.X[n/2:], q.W[n/2:]
	}
	m := len(r.x)
	r.h = [2][]float64{make([]float64, 0, (kmax+1)/2*m), make([]float64, 0, kmax/2*m)}
	sq, inv := make([]float64, kmax+1), make([]float64, kmax+1) // √k, 1/√k
	for k := range sq {
		sq[k] = math.Sqrt(float64(k))
		inv[k] = 1 / sq[k]
	}
	// he_{k−1} and he_k at every node, a row of the table at a time.
	prev, cur := make([]float64, m), make([]float64, m)
	for i := range cur {
		cur[i] = 1
	}
	for k := range kmax {
		for i, x := range r.x {
			r.h[k%2] = append(r.h[k%2], r.w[i]*cur[i])
			prev[i], cur[i] = cur[i], (x*cur[i]-sq[k]*prev[i])*inv[k+1]
		}
	}
	if ghRules.m == nil {
		ghRules.m = map[ghKey]*ghRule{}
	}
	ghRules.m[ghKey{spec, kmax}] = r
	return r, nil
}

// NewGHSeries prepares the series of σ. It does not check that σ is
// smooth: for a σ with kinks the error estimates of the moments (rule
// differences) are not to be trusted, and the caller should not use it.
func NewGHSeries(sigma calc.Expr) (*GHSeries, error) {
	s := &GHSeries{expr: sigma, prog: calc.Compile(sigma), parity: calc.ParityOf(sigma)}
	if _, err := s.rules(0); err != nil {
		return nil, err
	}
	return s, nil
}

// GHInput holds the moments of σ(√K·X) for one variance K, computed as
// GHSeries.Expect needs them.
type GHInput struct {
	K  float64
	s  *GHSeries
	lv [len(ghLevels)]*ghMoments
	// anchors, if set, give the moments by interpolation where they can
	// (GHAnchors.Input).
	anchors *GHAnchors
	// spare holds the memory of moments of an earlier K (Reset).
	spare [len(ghLevels)]*ghMoments
}

// Reset makes in the (not yet computed) moments of variance K > 0,
// reusing the memory of its earlier ones.
func (in *GHInput) Reset(K float64) {
	in.K = K // (anchors stay)
	for l, m := range in.lv {
		if m != nil {
			in.spare[l], in.lv[l] = m, nil
		}
	}
}

// Input returns the (not yet computed) moments of variance K > 0.
func (s *GHSeries) Input(K float64) *GHInput { return &GHInput{K: K, s: s} }

// Sq returns E[σ(√K·X)²] by the larger rule of level, with its estimated
// error (the difference from the smaller rule, plus rounding), once
// Expect has used that level for in; ok is false before.
func (in *GHInput) Sq(level int) (v Value, ok bool) {
	if level < 0 || level >= len(in.lv) || in.lv[level] == nil || !in.lv[level].finite {
		return Value{}, false
	}
	m := in.lv[level]
	return Value{V: m.sq, AbsErr: m.sqErr, Evals: len(m.rules[0].x) + len(m.rules[1].x)}, true
}

// ghMoments are the moments of one variance by the rules of one level.
type ghMoments struct {
	rules [2]*ghRule
	// even[j][i] = σ(√K·x_i) + σ(−√K·x_i) and odd[j][i] the difference,
	// at the nodes of rule j.
	even, odd [2][]float64
	sq        float64 // E[σ²] by the larger rule
	sqErr     float64 // its estimated error
	// from is the anchor whose points' values and moments, weighted by
	// lw, give these (GHAnchors); nil for values computed afresh. interp
	// is the estimated error of the interpolated values in the weighted
	// norm, the larger of the two rules' (0 for fresh ones): by Bessel's
	// inequality it bounds the moments' errors from it together,
	// (Σ_k δa_k²)^½.
	from   *ghAnchor
	lw     [ghAnchorPoints]float64
	interp float64
	// a are the larger rule's moments, a1 the smaller's, e = |a − a1|, of
	// orders below n (the slices are as long as the level allows).
	a, a1, e []float64
	n        int
	// sum[k] = Σ_{j≤k} a_j² (compensated, in acc) and unc[k] bounds the
	// error of sum[k] as an estimate of the true Σ_{j≤k} a_j² from the
	// moments' errors; rst[k] is rest(k).
	sum, unc, rst []float64
	acc           quadrature.CompensatedSum
	// block holds the latest block of moments of each rule, scratch the
	// moments of one parity while they are computed; buf holds a, a1, e,
	// sum, unc, rst, block and scratch, then the nodes' values.
	block   [2][]float64
	scratch []float64
	buf     []float64
	parity  calc.Parity // σ's: the moments of the other parity vanish
	finite  bool
}

// level returns the moments of level l, evaluating σ at the rules' nodes
// (or interpolating them, GHAnchors) on first use.
func (in *GHInput) level(l int) (*ghMoments, error) {
	if m := in.lv[l]; m != nil {
		return m, nil
	}
	rules, err := in.s.rules(l)
	if err != nil {
		return nil, err
	}
	// The moments of an earlier K, and their memory, serve again.
	m := newGHMoments(l, rules, in.s.parity, in.spare[l])
	in.spare[l] = nil
	if in.anchors == nil || !in.anchors.interpolate(l, in.K, m) {
		m.evaluate(in.s, math.Sqrt(in.K))
		if in.anchors != nil && m.finite {
			in.anchors.fresh(l, in.K, m)
		}
	}
	in.lv[l] = m
	return m, nil
}

// newGHMoments returns empty moments of level l's rules, in the memory
// of reuse if that is not nil, or else of moments GHAnchors.Release gave
// back.
func newGHMoments(l int, rules [2]*ghRule, parity calc.Parity, reuse *ghMoments) *ghMoments {
	kmax := rules[0].kmax
	nodes := len(rules[0].x) + len(rules[1].x)
	m := reuse
	if m == nil {
		m, _ = ghFree[l].Get().(*ghMoments)
	}
	if m != nil {
		*m = ghMoments{rules: rules, finite: true, buf: m.buf, parity: parity}
	} else {
		m = &ghMoments{rules: rules, finite: true, buf: make([]float64, 9*kmax+6*nodes), parity: parity}
	}
	buf := m.buf[:9*kmax]
	m.a, m.a1, m.e, m.sum, m.unc, m.rst = buf[:kmax], buf[kmax:2*kmax], buf[2*kmax:3*kmax], buf[3*kmax:4*kmax], buf[4*kmax:5*kmax], buf[5*kmax:6*kmax]
	m.block = [2][]float64{buf[6*kmax : 7*kmax], buf[7*kmax : 8*kmax]}
	m.scratch = buf[8*kmax : 9*kmax]
	return m
}

// evaluate sets m's values at the nodes to those of σ(sk·x), and E[σ²].
func (m *ghMoments) evaluate(s *GHSeries, sk float64) {
	work := m.buf[9*m.rules[0].kmax:]
	var sq [2]quadrature.CompensatedSum
	for j, r := range m.rules {
		n := len(r.x)
		z, f := work[:2*n], work[2*n:4*n]
		work = work[4*n:]
		s.evalSymmetric(f, z, sk, r.x)
		m.even[j], m.odd[j] = work[:n:n], work[n:2*n:2*n]
		work = work[2*n:]
		for i := range n {
			p, q := f[i], f[n+i]
			m.even[j][i], m.odd[j][i] = p+q, p-q
			sq[j].Add(r.w[i] * (p*p + q*q))
		}
	}
	m.setSq([2]float64{sq[0].Value(), sq[1].Value()})
}

// setSq sets E[σ²] to the larger rule's sum sq[1] and its error to the
// difference from the smaller's plus their rounding, and finite to
// whether both sums are.
func (m *ghMoments) setSq(sq [2]float64) {
	for _, v := range sq {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			m.finite = false
		}
	}
	// Compensated sums of positive terms: a few units of rounding.
	m.sq = sq[1]
	m.sqErr = math.Abs(m.sq-sq[0]) + 4*ghUnit*m.sq
}

// evalSymmetric sets f[i] = σ(sk·x_i) and f[n+i] = σ(−sk·x_i) for the n
// nodes x, with z as scratch (both 2n long); for an odd or even σ from
// the values at the positive nodes alone.
func (s *GHSeries) evalSymmetric(f, z []float64, sk float64, x []float64) {
	n := len(x)
	for i, x := range x {
		z[i] = sk * x
	}
	switch s.parity {
	case calc.Odd:
		s.prog.EvalSlice(f[:n], z[:n])
		for i, v := range f[:n] {
			f[n+i] = -v
		}
	case calc.Even:
		s.prog.EvalSlice(f[:n], z[:n])
		copy(f[n:2*n], f[:n])
	default:
		for i, v := range z[:n] {
			z[n+i] = -v
		}
		s.prog.EvalSlice(f, z)
	}
}

// extend computes the moments up to order k (at most the level's limit).
func (m *ghMoments) extend(k int) {
	have := m.n
	upto := min(m.rules[0].kmax, max(k+1, have+ghBlock))
	var v [2][]float64
	for j, r := range m.rules {
		v[j] = m.block[j][:upto-have]
		if m.from != nil {
			m.from.moments(j, v[j], have, upto, &m.lw)
		} else {
			r.moments(v[j], m.scratch, have, upto, m.even[j], m.odd[j], m.parity)
		}
	}
	skip := vanishingOrders(m.parity)
	for k := have; k < upto; k++ {
		if k%2 == skip && k > 0 {
			// A moment of the parity σ lacks: zero, which leaves the sums
			// as they were.
			m.a[k], m.a1[k], m.e[k] = 0, 0, 0
			m.sum[k], m.unc[k], m.rst[k] = m.sum[k-1], m.unc[k-1], m.rst[k-1]
			m.n = k + 1
			continue
		}
		// The moment of the larger rule, with the difference from the
		// smaller as its error (the two sums round independently, so the
		// difference carries their rounding too).
		a, a1 := v[1][k-have], v[0][k-have]
		e := math.Abs(a - a1)
		m.acc.Add(a * a)
		u := 2*math.Abs(a)*e + e*e
		if k > 0 {
			u += m.unc[k-1]
		}
		sum := m.acc.Value()
		m.a[k], m.a1[k], m.e[k], m.sum[k], m.unc[k] = a, a1, e, sum, u
		m.rst[k] = max(m.sq-sum, 0) + m.sqErr + u + 4*ghUnit*m.sq
		m.n = k + 1
	}
}

// moments sets out[k − from] to the rule's moment of order k for
// from ≤ k < upto (out and tmp at least upto − from long),
// Σ_x w·he_k(x)·(σ(√K·x) ± σ(−√K·x)) with even the sums and odd the
// differences of σ at ±√K·x. For each parity it is one matrix–vector
// product of the rows of that parity's orders with its values (gonum's
// own dgemv, whatever BLAS a program installs for blas64, so that the
// sums round alike in every build), or zeros for the parity that an odd
// or even σ (sigma) lacks.
func (r *ghRule) moments(out, tmp []float64, from, upto int, even, odd []float64, sigma calc.Parity) {
	n := len(r.x)
	var byParity [2][]float64
	for p, s := range [2][]float64{even[:n], odd[:n]} {
		first := from + (from+p)%2 // the first order ≥ from of parity p
		rows := (upto - first + 1) / 2
		if rows <= 0 {
			continue
		}
		y := tmp[:rows]
		tmp = tmp[rows:]
		if p == vanishingOrders(sigma) {
			clear(y) // the moments of the other parity than σ's vanish
			byParity[p] = y
			continue
		}
		gonumblas.Implementation{}.Dgemv(blas.NoTrans, rows, n, 1, r.h[p][first/2*n:(first/2+rows)*n], n, s, 1, 0, y, 1)
		byParity[p] = y
	}
	for p, y := range byParity {
		first := from + (from+p)%2
		for i, v := range y {
			out[first-from+2*i] = v
		}
	}
}

// rest bounds Σ_{j>k} a_j² for the true moments by Ê[σ²] − Σ_{j≤k} â_j²
// (nonnegative for a Gauss–Hermite rule, whose n orthonormal polynomials
// give Σ_{j<n} â_j² = Ê[σ²] exactly: the discrete Parseval identity) plus
// the errors of Ê[σ²] and of the moments up to k and the rounding of the
// (compensated) sums. extend computes it with the moments.
func (m *ghMoments) rest(k int) float64 { return m.rst[k] }

// ghRelTol is the accuracy GHSeries.Expect must reach, relative to
// √(E[σ(u)²]E[σ(v)²]): that of Expect2's outer integral.
const ghRelTol = twoOuterRelTol

// Expect returns E[σ(u)σ(v)] for the variances of a and b and correlation
// rho ∈ [−1, 1], with a bound on its error (for the rules' error
// estimates) when that bound is at most ghRelTol·√(E[σ(u)²]E[σ(v)²]);
// otherwise ok is false. The series is summed to order N, the first at
// which the rest
//
//	|Σ_{k>N} ρ^k a_k b_k| ≤ |ρ|^(N+1) √(Σ_{k>N} a_k² · Σ_{k>N} b_k²)
//
// is below a tenth of the goal (the sums bounded by ghMoments.rest), or
// the last order a level's rules give, trying the levels from start on
// (an iteration starts near where its last call succeeded). The error of
// the partial sum is estimated as that of a quadrature rule is: the
// difference from the same sum over the smaller rule's moments, plus the
// rounding of the sum.
//
// It returns the level that answered and whether the order N it summed
// to is one the level below provides too (a hint for the next call's
// start).
func (s *GHSeries) Expect(a, b *GHInput, rho float64, start int) (v Value, level int, lowerFits, ok bool) {
	if a.s != s || b.s != s || !(math.Abs(rho) <= 1) {
		return Value{}, 0, false, false
	}
	ar := math.Abs(rho)
	for l := max(start, 0); l < len(ghLevels); l++ {
		A, errA := a.level(l)
		B, errB := b.level(l)
		if errA != nil || errB != nil || !A.finite || !B.finite {
			return Value{}, 0, false, false
		}
		scale := SqrtProduct(A.sq, B.sq)
		goal := ghRelTol * scale
		kmax := A.rules[0].kmax
		var f quadrature.CompensatedSum
		var f1, abs float64
		pk, apk := 1.0, 1.0 // ρ^k, |ρ|^k
		// The terms of the parity σ lacks are zeros, which change none of
		// the sums.
		skip := vanishingOrders(s.parity)
		g := goal / 10
		cut := newRestCut(g)
		for k := 0; k < kmax; k++ {
			if k >= A.n {
				A.extend(k)
			}
			if k >= B.n {
				B.extend(k)
			}
			if k%2 != skip {
				t := pk * A.a[k] * B.a[k]
				f.Add(t)
				f1 += pk * A.a1[k] * B.a1[k]
				abs += math.Abs(t)
			}
			pk *= rho
			apk *= ar
			rA, rB := A.rest(k), B.rest(k)
			if k < kmax-1 && cut.above(apk, rA*rB) {
				continue
			}
			tail := apk * SqrtProduct(rA, rB)
			if tail <= g || k == kmax-1 {
				// Each product rounds by a unit; the compensated sum adds
				// about one more.
				fErr := math.Abs(f.Value()-f1) + tail + 4*ghUnit*abs
				if A.interp > 0 || B.interp > 0 {
					// The moments' errors from interpolation (GHAnchors):
					// |Σ ρ^k(a_k·δb_k + b_k·δa_k + δa_k·δb_k)| by
					// Cauchy–Schwarz, with Σ a_k² ≤ E[σ²].
					fErr += math.Sqrt(A.sq)*B.interp + math.Sqrt(B.sq)*A.interp + A.interp*B.interp
				}
				if math.IsNaN(fErr) || fErr > goal {
					break
				}
				return Value{V: f.Value(), AbsErr: fErr, Evals: len(A.rules[0].x) + len(A.rules[1].x)}, l, l > 0 && k < ghLevels[l-1].kmax, true
			}
		}
	}
	return Value{}, 0, false, false
}

// restCut tells, without a square root, when the bound |ρ|^k·√(r_a·r_b)
// of the rest of Mehler's series is certainly above the goal g: when
// |ρ|^2k·r_a·r_b, computed, exceeds g² by more than its rounding. Most
// orders are, and for the others GHSeries.Expect computes the bound as
// before, so that the order where the series stops is the same.
type restCut struct{ gg float64 }

func newRestCut(g float64) restCut {
	gg := g * g
	if !calc.IsNormal(gg) || gg > 0x1p900 {
		return restCut{gg: math.Inf(1)} // never certain: always compute
	}
	return restCut{gg: gg * (1 + 0x1p-30)}
}

// above reports whether apk·√q (q = r_a·r_b rounded, 0 ≤ apk ≤ 1, q ≥ 0)
// is certainly above g: both factors normal (a subnormal rounds by more
// than units), their product above g² by the slack. The squares round by
// a few units, far below the 2^−30 of slack, and a product that
// overflows is above any g below 2^450.
func (c restCut) above(apk, q float64) bool {
	a2 := apk * apk
	return a2 >= 0x1p-1022 && q >= 0x1p-1022 && q <= math.MaxFloat64 && a2*q > c.gg
}

// copyValues sets m's values at the nodes, and E[σ²], to those of src,
// whose rules are m's.
func (m *ghMoments) copyValues(src *ghMoments) {
	work := m.buf[9*m.rules[0].kmax:]
	for j, r := range m.rules {
		n := len(r.x)
		m.even[j], m.odd[j] = work[:n:n], work[n:2*n:2*n]
		work = work[2*n:]
		copy(m.even[j], src.even[j])
		copy(m.odd[j], src.odd[j])
	}
	m.sq, m.sqErr, m.finite = src.sq, src.sqErr, src.finite
}

// inner returns the rule's ⟨f, g⟩ = Σ w·(f(x)g(x) + f(−x)g(−x)) over its
// ± nodes from the sums (fe, ge) and differences (fo, gd) of the values at
// x and −x, as ghMoments holds them: Σ w·(fe·ge + fo·gd)/2 over the
// positive nodes.
func (r *ghRule) inner(fe, fo, ge, gd []float64) float64 {
	var sum float64
	for i, w := range r.w {
		sum += w * (fe[i]*ge[i] + fo[i]*gd[i]) / 2
	}
	return sum
}

// vanishingOrders returns the parity of the Hermite orders whose moments
// vanish for a σ of parity p: 0 (the even orders) for an odd σ, 1 for an
// even one, and −1 (none) otherwise.
func vanishingOrders(p calc.Parity) int {
	switch p {
	case calc.Odd:
		return 0
	case calc.Even:
		return 1
	}
	return -1
}
