package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite/quadrature"
)

// CovRat is a 2×2 covariance [[K11, K12], [K12, K22]] with exact entries.
type CovRat struct{ K11, K12, K22 *big.Rat }

func (c CovRat) validate() error {
	if c.K11 == nil || c.K12 == nil || c.K22 == nil {
		return errors.New("the covariance has a nil entry")
	}
	if c.K11.Sign() <= 0 || c.K22.Sign() <= 0 {
		return fmt.Errorf("the covariance needs K11 > 0 and K22 > 0, got K11 = %s, K22 = %s", RatG(c.K11), RatG(c.K22))
	}
	sq := new(big.Rat).Mul(c.K12, c.K12)
	if sq.Cmp(new(big.Rat).Mul(c.K11, c.K22)) > 0 {
		return fmt.Errorf("the covariance is not positive semidefinite: K12² = %s > K11·K22", RatG(sq))
	}
	return nil
}

// ErrKinked is the cause of an error for a Hermite series of a function
// with kinks, whose coefficients decay too slowly to be summed to many
// digits.
var ErrKinked = errors.New("the function has kinks")

// Series2 computes two-input expectations E[f(u)·g(v)], (u, v) ~ N(0, c),
// of smooth f and g at high precision by Mehler's formula
//
//	E[f(u)·g(v)] = Σ_k ρ^k a_k b_k,  a_k = E[f(√K11·X)·he_k(X)],  b_k = E[g(√K22·X)·he_k(X)],
//
// with ρ = K12/√(K11·K22), X ~ N(0, 1) and the orthonormal Hermite
// polynomials he_k (he_{k+1} = (x·he_k − √k·he_{k−1})/√(k+1)). A call
// costs two sets of one-dimensional sums on a few hundred nodes, against
// the many inner integrals of a two-dimensional quadrature. It keeps the
// rules of its last call as the start of the next one (iterated kernels
// change slowly), and is safe for concurrent use.
type Series2 struct {
	f, g *integrand
	same bool // f and g are the same expression

	mu    sync.Mutex
	start int                    // index in series2Rules of the next call's larger rule
	rules map[series2Key][]*node // positive halves of the rules
}

type series2Key struct {
	rule series2Rule
	T    int // the cut of a panel rule
	prec uint
}

// node is a nonnegative node x of a rule with the weight, standard normal
// density included, of each of ±x (of x alone at x = 0).
type node struct{ x, w *big.Float }

// series2Rule is a rule for the moments: an n-point Gauss–Hermite rule,
// or n-point Gauss–Legendre rules on panels of unit width in x out to the
// cut T, beyond which Cramér's inequality bounds the integrands.
type series2Rule struct {
	panels bool
	n      int
}

func (r series2Rule) String() string {
	if r.panels {
		return fmt.Sprintf("%d-point Gauss–Legendre panels", r.n)
	}
	return fmt.Sprintf("%d-point Gauss–Hermite rule", r.n)
}

// series2Rules are the rules tried in turn, in order of cost; a result is
// accepted when two consecutive ones agree on it. A Gauss–Hermite rule
// converges as fast as the Hermite coefficients of f(√K·x) decay, which
// for f analytic in a strip |Im z| < d is like exp(−c·d·√(k/K)): fast for
// a narrow kernel, slow for a wide one (tanh at K = 1 to 50 digits would
// need thousands of nodes). Panels of unit width converge at a rate set
// by the distance of the singularities from each panel, whatever K.
var series2Rules = []series2Rule{{false, 16}, {false, 24}, {false, 32}, {false, 48}, {false, 64}, {false, 96},
	{false, 128}, {false, 192}, {false, 256}, {true, 24}, {true, 32}, {true, 48}, {true, 64}, {true, 96}, {true, 128}, {true, 192}}

// NewSeries2 prepares the expectations of f(u)·g(v). f and g must be
// smooth: a function with kinks is an error wrapping ErrKinked.
func NewSeries2(f, g calc.Expr) (*Series2, error) {
	ins, err := newIntegrands(f, g)
	if err != nil {
		return nil, err
	}
	for _, in := range ins {
		if len(in.kinks) > 0 {
			return nil, fmt.Errorf("the Hermite series of %s: %w (at x = %.6g)", in.expr, ErrKinked, in.kinks[0])
		}
	}
	return &Series2{f: ins[0], g: ins[1], same: f.String() == g.String(), rules: map[series2Key][]*node{}}, nil
}

// Series2Value is a two-input expectation at high precision.
type Series2Value struct {
	V      *big.Float // E[f(u)·g(v)]
	F2, G2 *big.Float // E[f(u)²] and E[g(v)²]
	// AbsErr is the estimated absolute error of V: the difference between
	// the two rules, the bound on the series' tail and rounding.
	AbsErr float64
	Terms  int    // the terms summed, k = 0 … Terms−1
	Rule   string // the larger of the two rules that agreed
}

// AtDigits returns E[f(u)·g(v)] for (u, v) ~ N(0, c), c exact, together
// with E[f(u)²] and E[g(v)²], each to an absolute accuracy of
// 10^−(digits+1)·√(E[f(u)²]·E[g(v)²]) (E[f(u)²] and E[g(v)²] relative to
// themselves).
//
// The moments a_k, b_k, and E[f(u)²], E[g(v)²], are sums over the nodes
// of a rule of series2Rules, in big.Float arithmetic with digits+12
// digits of working precision. The series is summed up to the first n at
// which its tail is bounded, by Cauchy–Schwarz and Parseval's identity, by
//
//	|Σ_{k>n} ρ^k a_k b_k| ≤ |ρ|^(n+1)·√(A_n·B_n),  A_n = E[f(u)²] − Σ_{k≤n} a_k²  (B_n likewise),
//
// below a quarter of the tolerance. This is done with two consecutive
// rules; the pair is accepted when the two agree on the series, on
// E[f(u)²] and E[g(v)²] and on Parseval's sums to within the tolerance
// (the larger rule's errors estimated from the differences by pairError),
// and the values are the larger rule's. A series that no pair sums (ρ near ±1 with a wide
// kernel: it converges only as fast as the coefficients decay) is an
// error wrapping ErrNotConverged.
func (s *Series2) AtDigits(c CovRat, digits int) (Series2Value, error) {
	if digits < 1 {
		return Series2Value{}, fmt.Errorf("two-input expectation of %s and %s: digits must be at least 1, got %d", exprName(s.f.expr), exprName(s.g.expr), digits)
	}
	if err := c.validate(); err != nil {
		return Series2Value{}, fmt.Errorf("two-input expectation of %s and %s: %w", exprName(s.f.expr), exprName(s.g.expr), err)
	}
	v, err := s.atDigits(c, digits)
	if err != nil {
		return v, fmt.Errorf("two-input expectation of %s and %s at K11 = %s, K12 = %s, K22 = %s: %w",
			exprName(s.f.expr), exprName(s.g.expr), RatG(c.K11), RatG(c.K12), RatG(c.K22), err)
	}
	return v, nil
}

func (s *Series2) atDigits(c CovRat, digits int) (Series2Value, error) {
	prec := workingBits(digits)
	symmetric := s.same && c.K11.Cmp(c.K22) == 0 // b_k = a_k
	// ρ² = K12²/(K11·K22) is exact.
	r2 := new(big.Rat).Mul(c.K12, c.K12)
	r2.Quo(r2, new(big.Rat).Mul(c.K11, c.K22))
	rho, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(r2))
	if err != nil {
		return Series2Value{}, err
	}
	if c.K12.Sign() < 0 {
		rho.Neg(rho)
	}
	// ρ = 1 with the same f and variances: E[f(u)²] alone.
	identical := symmetric && c.K12.Sign() > 0 && r2.Cmp(big.NewRat(1, 1)) == 0
	sqrtK11, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(c.K11))
	if err != nil {
		return Series2Value{}, err
	}
	sqrtK22 := sqrtK11
	if c.K11.Cmp(c.K22) != 0 {
		if sqrtK22, err = bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(c.K22)); err != nil {
			return Series2Value{}, err
		}
	}
	absRho := math.Abs(bigToFloat(rho))
	rel := math.Pow(10, -float64(digits+1))
	logTol := float64(digits+4)*math.Ln10 + 8
	T := 0 // the cut of the panel rules, found when first needed

	s.mu.Lock()
	defer s.mu.Unlock()
	streams := map[int]*series2Streams{}
	get := func(i int) (*series2Streams, error) {
		if st, ok := streams[i]; ok {
			return st, nil
		}
		r := series2Rules[i]
		if r.panels && T == 0 {
			k11, _ := c.K11.Float64()
			k22, _ := c.K22.Float64()
			tf, err := s.f.momentCut(k11, logTol)
			if err != nil {
				return nil, err
			}
			tg, err := s.g.momentCut(k22, logTol)
			if err != nil {
				return nil, err
			}
			T = int(math.Ceil(max(tf, tg)))
		}
		nodes, err := s.nodes(r, T, prec)
		if err != nil {
			return nil, err
		}
		st := &series2Streams{}
		if st.a, err = newHermiteStream(s.f, nodes, sqrtK11, prec); err != nil {
			return nil, err
		}
		st.b = st.a
		if !symmetric {
			if st.b, err = newHermiteStream(s.g, nodes, sqrtK22, prec); err != nil {
				return nil, err
			}
		}
		streams[i] = st
		return st, nil
	}
	diff := func(x, y *big.Float) float64 { return math.Abs(bigToFloat(new(big.Float).Sub(x, y))) }
	for lo := max(0, s.start-1); lo+1 < len(series2Rules); lo++ {
		hi, err := get(lo + 1)
		if err != nil {
			return Series2Value{}, err
		}
		f2, g2 := hi.a.square, hi.b.square
		scale := SqrtProduct(bigToFloat(f2), bigToFloat(g2))
		tol := rel * scale
		if scale == 0 || identical {
			// f(u) = 0 or g(v) = 0 almost surely, or v = u.
			low, err := get(lo)
			if err != nil {
				return Series2Value{}, err
			}
			dF := pairError(diff(f2, low.a.square), bigToFloat(f2), series2Rules[lo], series2Rules[lo+1])
			dG := pairError(diff(g2, low.b.square), bigToFloat(g2), series2Rules[lo], series2Rules[lo+1])
			if dF > rel*bigToFloat(f2) || dG > rel*bigToFloat(g2) {
				continue
			}
			v := new(big.Float).SetPrec(prec)
			if identical {
				v.Set(f2)
			}
			s.start = lo + 1
			return Series2Value{V: v, F2: f2, G2: g2, AbsErr: dF, Rule: series2Rules[lo+1].String()}, nil
		}
		// Terms of the larger rule until the tail bound is below tol/4.
		n := -1
		for k := 0; k < series2Rules[lo+1].maxTerms(); k++ {
			hi.extend(k, rho)
			pa := parsevalRest(f2, hi.sumA2[k])
			pb := parsevalRest(g2, hi.sumB2[k])
			if math.Pow(absRho, float64(k+1))*SqrtProduct(pa, pb) <= tol/4 {
				n = k
				break
			}
		}
		if n < 0 || n >= series2Rules[lo].maxTerms() {
			continue // the larger rule cannot hold the terms, or the smaller one cannot
		}
		low, err := get(lo)
		if err != nil {
			return Series2Value{}, err
		}
		low.extend(n, rho)
		rLo, rHi := series2Rules[lo], series2Rules[lo+1]
		f2f, g2f := bigToFloat(f2), bigToFloat(g2)
		dQ, dF, dG := diff(hi.sum[n], low.sum[n]), diff(f2, low.a.square), diff(g2, low.b.square)
		quad := pairError(dQ, scale, rLo, rHi)
		eF, eG := pairError(dF, f2f, rLo, rHi), pairError(dG, g2f, rLo, rHi)
		// A_n and B_n with what the two rules leave uncertain of them.
		pa := parsevalRest(f2, hi.sumA2[n]) + eF + pairError(diff(hi.sumA2[n], low.sumA2[n]), f2f, rLo, rHi)
		pb := parsevalRest(g2, hi.sumB2[n]) + eG + pairError(diff(hi.sumB2[n], low.sumB2[n]), g2f, rLo, rHi)
		tail := math.Pow(absRho, float64(n+1)) * SqrtProduct(pa, pb)
		if quad > tol/2 || tail > tol/2 || eF > rel*f2f || eG > rel*g2f {
			continue
		}
		// The next call starts with this pair, or with the pair below it
		// when the smaller rule alone was far more accurate than needed.
		s.start = lo + 1
		if dQ <= tol*1e-6 && dF <= rel*1e-6*f2f && dG <= rel*1e-6*g2f {
			s.start = lo
		}
		return Series2Value{V: hi.sum[n], F2: f2, G2: g2, Terms: n + 1, Rule: series2Rules[lo+1].String(),
			AbsErr: quad + tail + float64((n+1)*len(hi.a.x))*math.Ldexp(scale, 8-int(prec))}, nil
	}
	return Series2Value{}, fmt.Errorf("%w: the Hermite series at ρ = %.6g did not converge with the %s", ErrNotConverged, bigToFloat(rho), series2Rules[len(series2Rules)-1])
}

// pairError estimates the error of the larger rule hi of a pair from the
// difference d of the two on a value of size scale, as panelError does:
// an n-point rule's error falls like ϱ^(−2n) with panels and, for a
// function analytic in a strip, like exp(−c√n) with Gauss–Hermite, so
// the larger rule's relative error is about the smaller one's, r = d/scale,
// to the power n_hi/n_lo (panels) or √(n_hi/n_lo) (Gauss–Hermite); the
// estimate is scale·min(r, 100·r^p), a factor 100 of margin. Between a
// Gauss–Hermite rule and panels it is d.
func pairError(d, scale float64, lo, hi series2Rule) float64 {
	if scale == 0 || lo.panels != hi.panels {
		return d
	}
	p := float64(hi.n) / float64(lo.n)
	if !hi.panels {
		p = math.Sqrt(p)
	}
	r := d / scale
	return scale * math.Min(r, 100*math.Pow(r, p))
}

// parsevalRest returns max(0, e2 − sum): E[f²] less the squares of the
// moments summed, the size of the moments not summed.
func parsevalRest(e2, sum *big.Float) float64 {
	return max(0, bigToFloat(new(big.Float).Sub(e2, sum)))
}

// maxSeries2Terms bounds the terms of the series with panel rules.
const maxSeries2Terms = 2000

// maxTerms returns how many moments the rule can give: those of an n-point
// Gauss–Hermite rule beyond he_(n−1) are not orthogonal on its nodes.
func (r series2Rule) maxTerms() int {
	if r.panels {
		return maxSeries2Terms
	}
	return r.n
}

// momentCut returns the cut T ≥ 1 of the moments of f(√K·x): beyond ±T,
// |f(√K·x)|·e^(−x²/4), which bounds |f(√K·x)·he_k(x)|·φ(x)·√(2π)/1.09 for
// every k by Cramér's inequality, has fallen below e^(−logTol) relative
// to its size on [−1, 1].
func (in *integrand) momentCut(K, logTol float64) (float64, error) {
	return in.cramerCut(K, logTol, 1)
}

// cramerCut is momentCut searched from T0 ≥ 1 outwards (the result is at
// least T0).
func (in *integrand) cramerCut(K, logTol, T0 float64) (float64, error) {
	sk := math.Sqrt(K)
	ref := math.Inf(-1)
	for _, x := range []float64{-1, -0.5, 0, 0.5, 1} {
		if l, err := in.logAbsAt(sk * x); err == nil {
			ref = max(ref, l-x*x/4)
		}
	}
	if math.IsInf(ref, -1) {
		ref = 0
	}
	T := T0
	for side := -1.0; side <= 1; side += 2 {
		for x := T0; ; x++ {
			l, err := in.logAbsAt(side * sk * x)
			if err != nil {
				return 0, err
			}
			if l-x*x/4 < ref-logTol {
				T = max(T, x)
				break
			}
			if x >= 256 {
				return 0, fmt.Errorf("%w: |f(√K·x)|·exp(−x²/4) does not decay", ErrDiverges)
			}
		}
	}
	return T, nil
}

// nodes returns the nonnegative half of the rule r at precision prec:
// the nodes x ≥ 0 with the weight (standard normal density included) of
// each of ±x. A panel rule covers [−T, T].
func (s *Series2) nodes(r series2Rule, T int, prec uint) ([]*node, error) {
	if !r.panels {
		T = 0
	}
	key := series2Key{r, T, prec}
	if nodes, ok := s.rules[key]; ok {
		return nodes, nil
	}
	var nodes []*node
	if !r.panels {
		var err error
		if nodes, err = gaussHermiteHalf(r.n, prec); err != nil {
			return nil, err
		}
	} else {
		gl, err := quadrature.GaussLegendreBig(r.n, prec)
		if err != nil {
			return nil, err
		}
		norm := sqrt2Pi(prec)
		half := big.NewFloat(0.5)
		for j := 0; j < T; j++ {
			mid := new(big.Float).SetPrec(prec).SetFloat64(float64(j) + 0.5)
			for i, u := range gl.X {
				x := new(big.Float).SetPrec(prec).Mul(u, half)
				x.Add(x, mid)
				e := new(big.Float).SetPrec(prec).Mul(x, x)
				e.Mul(e, big.NewFloat(-0.5))
				w := bigmath.Exp(prec, e)
				w.Mul(w, gl.W[i]).Mul(w, half).Quo(w, norm)
				nodes = append(nodes, &node{x, w})
			}
		}
	}
	s.rules[key] = nodes
	return nodes, nil
}

// series2Streams are the moments of f and g with one rule and the partial
// sums of the series and of Parseval's sums: sum[k] = Σ_{j≤k} ρ^j a_j b_j,
// sumA2[k] = Σ_{j≤k} a_j², sumB2[k] = Σ_{j≤k} b_j².
type series2Streams struct {
	a, b              *hermiteStream
	sum, sumA2, sumB2 []*big.Float
	rhoK              *big.Float // ρ^k of the next term
}

// extend computes the terms up to k.
func (st *series2Streams) extend(k int, rho *big.Float) {
	prec := rho.Prec()
	for j := len(st.sum); j <= k; j++ {
		a := st.a.next()
		b := a
		if st.b != st.a {
			b = st.b.next()
		}
		if j == 0 {
			st.rhoK = new(big.Float).SetPrec(prec).SetInt64(1)
			st.sum = append(st.sum, new(big.Float).SetPrec(prec))
			st.sumA2 = append(st.sumA2, new(big.Float).SetPrec(prec))
			st.sumB2 = append(st.sumB2, new(big.Float).SetPrec(prec))
		} else {
			st.rhoK.Mul(st.rhoK, rho)
			st.sum = append(st.sum, new(big.Float).Copy(st.sum[j-1]))
			st.sumA2 = append(st.sumA2, new(big.Float).Copy(st.sumA2[j-1]))
			st.sumB2 = append(st.sumB2, new(big.Float).Copy(st.sumB2[j-1]))
		}
		t := new(big.Float).SetPrec(prec).Mul(a, b)
		st.sum[j].Add(st.sum[j], t.Mul(t, st.rhoK))
		st.sumA2[j].Add(st.sumA2[j], t.Mul(a, a))
		st.sumB2[j].Add(st.sumB2[j], t.Mul(b, b))
	}
}

// hermiteStream yields the moments a_k = Σ_i W_i·f(√K·x_i)·he_k(x_i) of a
// symmetric rule in turn, k = 0, 1, …: the recurrence runs on the
// nonnegative nodes only, He_k(−x) being (−1)^k He_k(x), against the even
// and odd parts W·(f(√K·x) ± f(−√K·x)) of f. It runs on the probabilists'
// He_{k+1} = x·He_k − k·He_{k−1}, whose multiplier k is a one-word number,
// and divides each moment by √(k!) (he_k = He_k/√(k!)).
type hermiteStream struct {
	square    *big.Float // Σ W·f(√K·x)² over the nodes ±x
	x         []*big.Float
	even, odd []*big.Float
	zero      [2]bool      // the even, odd part is 0 (f odd, even)
	prev, cur []*big.Float // He_{k−1}, He_k at the nodes
	k         int
	prec      uint
	t1, t2    *big.Float
	kf        *big.Float // k
	norm      *big.Float // √(k!)
}

func newHermiteStream(in *integrand, nodes []*node, sqrtK *big.Float, prec uint) (*hermiteStream, error) {
	st := &hermiteStream{prec: prec, t1: new(big.Float).SetPrec(prec), t2: new(big.Float).SetPrec(prec),
		square: new(big.Float).SetPrec(prec), kf: new(big.Float), norm: new(big.Float).SetPrec(prec).SetInt64(1),
		zero: [2]bool{true, true}}
	sq := new(big.Float).SetPrec(prec)
	z := new(big.Float).SetPrec(prec)
	for _, nd := range nodes {
		z.Mul(sqrtK, nd.x)
		fp, err := in.big().Eval(z, prec)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUndefined, err)
		}
		e := new(big.Float).SetPrec(prec)
		o := new(big.Float).SetPrec(prec)
		sq.Mul(fp, fp)
		if nd.x.Sign() == 0 {
			e.Mul(nd.w, fp) // the middle node of an odd rule, counted once
		} else {
			z.Neg(z)
			fm, err := in.big().Eval(z, prec)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrUndefined, err)
			}
			e.Add(fp, fm).Mul(e, nd.w)
			o.Sub(fp, fm).Mul(o, nd.w)
			sq.Add(sq, st.t1.Mul(fm, fm))
		}
		st.square.Add(st.square, sq.Mul(sq, nd.w))
		st.zero[0] = st.zero[0] && e.Sign() == 0
		st.zero[1] = st.zero[1] && o.Sign() == 0
		st.x = append(st.x, nd.x)
		st.even = append(st.even, e)
		st.odd = append(st.odd, o)
		st.prev = append(st.prev, new(big.Float).SetPrec(prec))
		st.cur = append(st.cur, new(big.Float).SetPrec(prec).SetInt64(1))
	}
	return st, nil
}

// next returns a_k and advances to k+1.
func (st *hermiteStream) next() *big.Float {
	k := st.k
	parts := st.even
	if k%2 == 1 {
		parts = st.odd
	}
	a := new(big.Float).SetPrec(st.prec)
	if !st.zero[k%2] {
		for i, c := range st.cur {
			a.Add(a, st.t1.Mul(parts[i], c))
		}
		a.Quo(a, st.norm)
	}
	st.kf.SetInt64(int64(k))
	for i, x := range st.x {
		st.t1.Mul(x, st.cur[i])
		st.t2.Mul(st.kf, st.prev[i])
		st.prev[i].Sub(st.t1, st.t2)
		st.prev[i], st.cur[i] = st.cur[i], st.prev[i]
	}
	st.k++
	r, _ := bigmath.Sqrt(st.prec, st.kf.SetInt64(int64(st.k))) // k+1 > 0: no domain error
	st.norm.Mul(st.norm, r)
	return a
}
