package quadrature

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Precision limits, in bits, for the big.Float functions.
const (
	// MinPrec is the smallest precision accepted.
	MinPrec = 8
	// MaxPrec is the largest precision accepted.
	MaxPrec = 1 << 16
)

// BigRule is a fixed quadrature rule in big.Float arithmetic:
// ∫ f ≈ Σ W[i]·f(X[i]). Nodes are ascending; every node and weight has
// precision Prec and is accurate to about one unit in its last place.
type BigRule struct {
	X, W []*big.Float
	Prec uint
}

// newFloat returns a zero big.Float with precision prec.
func newFloat(prec uint) *big.Float { return new(big.Float).SetPrec(prec) }

// roundedTo returns a deep copy of r rounded to prec bits (at most r.Prec).
func (r *BigRule) roundedTo(prec uint) *BigRule {
	c := &BigRule{X: make([]*big.Float, len(r.X)), W: make([]*big.Float, len(r.W)), Prec: prec}
	for i := range r.X {
		c.X[i] = new(big.Float).SetPrec(prec).Set(r.X[i])
		c.W[i] = new(big.Float).SetPrec(prec).Set(r.W[i])
	}
	return c
}

// ruleStep returns the precision a rule for prec bits is computed at: the
// smallest power of two that is at least prec and 64, or MaxPrec.
func ruleStep(prec uint) uint {
	s := uint(64)
	for s < prec {
		s *= 2
	}
	return min(s, MaxPrec)
}

type bigRuleKey struct {
	n    int
	prec uint
}

var legendreBigCache cache[bigRuleKey, *BigRule]

// ruleWorkPrec is the working precision for computing a rule: guard bits
// cover the growth of rounding errors in the recurrence and the loss of
// relative accuracy of 1−x² near the ends of [-1, 1].
func ruleWorkPrec(n int, prec uint) uint {
	return prec + 32 + 2*uint(bits.Len(uint(n)))
}

// bigRootEval evaluates, at x, the quantities Newton's method needs for a
// root of the degree-n orthogonal polynomial p: the step −p/p′, and the
// weight the rule gives to the root x+step.
type bigRootEval interface {
	step(x *big.Float) (delta *big.Float)
	weight(x, delta *big.Float) *big.Float
}

// bigRule polishes the float64 nonnegative roots in guesses (ascending) by
// Newton's method (bigNewton) up to the working precision wp, with the
// evaluators newEval makes at each precision, and assembles the symmetric
// rule rounded to prec. The roots are
// independent: they are polished on all cores, each worker with its own
// evaluator, and the rule does not depend on how they are shared out.
func bigRule(n int, prec, wp uint, guesses []float64, newEval func(wp uint) bigRootEval) (*BigRule, error) {
	m := len(guesses)
	roots := make([]*big.Float, m)
	weights := make([]*big.Float, m)
	errs := make([]error, m)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), m) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			evs := map[uint]bigRootEval{}
			for {
				i := int(next.Add(1)) - 1
				if i >= m {
					return
				}
				roots[i], weights[i], errs[i] = bigNewton(n, guesses[i], wp, newEval, evs)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for i := 1; i < m; i++ {
		if roots[i].Cmp(roots[i-1]) <= 0 {
			return nil, fmt.Errorf("quadrature: root finding failed for n = %d at precision %d", n, prec)
		}
	}
	rule := &BigRule{X: make([]*big.Float, n), W: make([]*big.Float, n), Prec: prec}
	for i := range m {
		x := new(big.Float).SetPrec(prec).Set(roots[i])
		w := new(big.Float).SetPrec(prec).Set(weights[i])
		rule.X[m-1-i] = new(big.Float).Neg(x)
		rule.W[m-1-i] = new(big.Float).Copy(w)
		rule.X[n-m+i], rule.W[n-m+i] = x, w
	}
	return rule, nil
}

// bigNewton refines the root guess g with evaluators from newEval. The
// early steps run at only the precision their result can hold (twice the
// iterate's correct bits, plus the guard bits of ruleWorkPrec), the last
// ones at wp. It stops once a step at wp is so small that the updated root
// is accurate to wp (quadratic convergence), and then computes the weight
// at the updated root. evs caches the evaluators by precision.
func bigNewton(n int, g float64, wp uint, newEval func(wp uint) bigRootEval, evs map[uint]bigRootEval) (root, weight *big.Float, err error) {
	x := new(big.Float).SetPrec(wp).SetFloat64(g)
	limit := -(int(wp)/2 + bits.Len(uint(n)) + 2) // log2 of the final step relative to x
	guard := ruleWorkPrec(n, 0)
	good := uint(48) // correct bits of the float64 guess
	for it := 0; it < 20; it++ {
		p := min(wp, 2*good+guard)
		ev := evs[p]
		if ev == nil {
			ev = newEval(p)
			evs[p] = ev
		}
		delta := ev.step(x)
		if p == wp && (delta.Sign() == 0 || delta.MantExp(nil)-x.MantExp(nil) <= limit) {
			w := ev.weight(x, delta)
			x.Add(x, delta)
			return x, w, nil
		}
		if delta.Sign() != 0 {
			s := x.MantExp(nil) - delta.MantExp(nil) // the step is about 2^−s of x
			good = uint(max(1, min(2*s, int(p-guard))))
		} else {
			good = p - guard
		}
		x.Add(x, delta)
	}
	return nil, nil, fmt.Errorf("quadrature: Newton iteration failed for n = %d near x = %g", n, g)
}
