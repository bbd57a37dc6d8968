package hermite

import (
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite/quadrature"
)

// GaussAverages computes the expectations E[F_i(z)], z ~ N(0, K), of
// smooth integrands at high precision with Gauss–Hermite rules, which for
// a narrow kernel (small K, or singularities far from the real axis) need
// far fewer nodes than the panels of Many.AtDigits. All integrands are
// evaluated at every node by one program. It keeps the rule of its last
// call as the start of the next (iterated kernels change slowly), and is
// safe for concurrent use.
type GaussAverages struct {
	ins  []*integrand
	prog *calc.BigProgram

	mu    sync.Mutex
	start int // index in gaussAverageSizes of the next call's larger rule
	// failedK is the smallest K at which no rule converged (0: none); a K
	// above 0.8·failedK is not tried again.
	failedK float64
}

// gaussAverageSizes are the rule sizes tried in turn; beyond the last
// the panels of Many.AtDigits are cheaper.
var gaussAverageSizes = []int{16, 24, 32, 48, 64, 96, 128}

// NewGaussAverages prepares the expectations of fs, which must be smooth:
// an integrand with kinks is an error wrapping ErrKinked.
func NewGaussAverages(fs ...calc.Expr) (*GaussAverages, error) {
	ins, err := newIntegrands(fs...)
	if err != nil {
		return nil, err
	}
	for _, in := range ins {
		if len(in.kinks) > 0 {
			return nil, fmt.Errorf("Gauss–Hermite averages of %s: %w (at z = %.6g)", in.expr, ErrKinked, in.kinks[0])
		}
	}
	return &GaussAverages{ins: ins, prog: calc.CompileBigMany(fs...)}, nil
}

// AtDigits returns E[F_i(z)] for z ~ N(0, K), K > 0 exact, each to an
// absolute accuracy of 10^−(digits+2) of E|F_i(z)|, from the first two
// consecutive rules of gaussAverageSizes (n-point Gauss–Hermite rules in
// big.Float arithmetic with digits+12 digits of working precision) whose
// difference on every integrand puts the larger one's error (pairError)
// within that accuracy; the values are the larger rule's. When no pair
// agrees it returns ok = false, and the caller turns to Many.AtDigits; so
// it does, without trying, for a K above 0.8 times the smallest K at
// which no pair agreed (the rules converge the more slowly the wider the
// kernel).
func (g *GaussAverages) AtDigits(K *big.Rat, digits int) (vals []*big.Float, ok bool, err error) {
	if digits < 1 {
		return nil, false, fmt.Errorf("Gauss–Hermite averages: digits must be at least 1, got %d", digits)
	}
	if K.Sign() <= 0 {
		return nil, false, fmt.Errorf("Gauss–Hermite averages: the variance K must be > 0, got %s", RatG(K))
	}
	prec := workingBits(digits)
	sqrtK, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(K))
	if err != nil {
		return nil, false, err
	}
	rel := math.Pow(10, -float64(digits+2))
	Kf, _ := K.Float64()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.failedK > 0 && Kf > 0.8*g.failedK {
		return nil, false, nil
	}
	type result struct {
		sum []*big.Float
		abs []float64
	}
	results := map[int]result{}
	at := func(i int) (result, error) {
		if r, ok := results[i]; ok {
			return r, nil
		}
		nodes, err := gaussHermiteHalf(gaussAverageSizes[i], prec)
		if err != nil {
			return result{}, err
		}
		r := result{sum: make([]*big.Float, len(g.ins)), abs: make([]float64, len(g.ins))}
		for j := range r.sum {
			r.sum[j] = new(big.Float).SetPrec(prec)
		}
		z := new(big.Float).SetPrec(prec)
		t := new(big.Float).SetPrec(prec)
		for _, nd := range nodes {
			for _, sign := range []int{1, -1} {
				if sign < 0 && nd.x.Sign() == 0 {
					break
				}
				z.Mul(sqrtK, nd.x)
				if sign < 0 {
					z.Neg(z)
				}
				vs, err := g.prog.EvalAll(z, prec)
				if err != nil {
					return result{}, fmt.Errorf("%w: %v", ErrUndefined, err)
				}
				for j, v := range vs {
					t.Mul(nd.w, v)
					r.sum[j].Add(r.sum[j], t)
					r.abs[j] += math.Abs(bigToFloat(t))
				}
			}
		}
		results[i] = r
		return r, nil
	}
	for lo := max(0, g.start-1); lo+1 < len(gaussAverageSizes); lo++ {
		a, err := at(lo)
		if err != nil {
			return nil, false, err
		}
		b, err := at(lo + 1)
		if err != nil {
			return nil, false, err
		}
		agree, margin := true, true
		rLo, rHi := series2Rule{n: gaussAverageSizes[lo]}, series2Rule{n: gaussAverageSizes[lo+1]}
		for j := range b.sum {
			d := math.Abs(bigToFloat(new(big.Float).Sub(a.sum[j], b.sum[j])))
			agree = agree && pairError(d, b.abs[j], rLo, rHi) <= rel*b.abs[j]
			margin = margin && d <= 1e-6*rel*b.abs[j]
		}
		if !agree {
			continue
		}
		// The next call starts with this pair, or with the pair below it
		// when the smaller rule was far more accurate than needed.
		g.start = lo + 1
		if margin {
			g.start = lo
		}
		return b.sum, true, nil
	}
	g.start = len(gaussAverageSizes) - 1
	if g.failedK == 0 || Kf < g.failedK {
		g.failedK = Kf
	}
	return nil, false, nil
}

type halfKey struct {
	n    int
	prec uint
}

var (
	halfMu    sync.Mutex
	halfRules = map[halfKey][]*node{}
)

// gaussHermiteHalf returns the nonnegative half of the n-point
// Gauss–Hermite rule at precision prec: the nodes x ≥ 0 with the weight of
// each of ±x (of x alone at x = 0). The halves are cached; callers must
// not modify them.
func gaussHermiteHalf(n int, prec uint) ([]*node, error) {
	key := halfKey{n, prec}
	halfMu.Lock()
	nodes, ok := halfRules[key]
	halfMu.Unlock()
	if ok {
		return nodes, nil
	}
	gh, err := quadrature.GaussHermiteBig(n, prec)
	if err != nil {
		return nil, err
	}
	for i := n / 2; i < n; i++ {
		nodes = append(nodes, &node{gh.X[i], gh.W[i]})
	}
	halfMu.Lock()
	halfRules[key] = nodes
	halfMu.Unlock()
	return nodes, nil
}
