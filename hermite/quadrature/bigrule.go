package quadrature

import (
	"fmt"
	"math/big"
	"math/bits"
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

func (r *BigRule) clone() *BigRule {
	c := &BigRule{X: make([]*big.Float, len(r.X)), W: make([]*big.Float, len(r.W)), Prec: r.Prec}
	for i := range r.X {
		c.X[i] = new(big.Float).Copy(r.X[i])
		c.W[i] = new(big.Float).Copy(r.W[i])
	}
	return c
}

type bigRuleKey struct {
	n    int
	prec uint
}

var (
	legendreBigCache cache[bigRuleKey, *BigRule]
	hermiteBigCache  cache[bigRuleKey, *BigRule]
)

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
	workPrec() uint
	step(x *big.Float) (delta *big.Float)
	weight(x, delta *big.Float) *big.Float
}

// bigRule polishes the float64 nonnegative roots in guesses (ascending) by
// Newton's method at the working precision of ev and assembles the
// symmetric rule rounded to prec.
func bigRule(n int, prec uint, guesses []float64, ev bigRootEval) (*BigRule, error) {
	m := len(guesses)
	roots := make([]*big.Float, m)
	weights := make([]*big.Float, m)
	for i, g := range guesses {
		r, w, err := bigNewton(n, g, ev)
		if err != nil {
			return nil, err
		}
		roots[i], weights[i] = r, w
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

// bigNewton refines the root guess g. It stops once the Newton step is so
// small that the updated root is accurate to the working precision
// (quadratic convergence), and then computes the weight at the updated root.
func bigNewton(n int, g float64, ev bigRootEval) (root, weight *big.Float, err error) {
	x := new(big.Float).SetPrec(ev.workPrec()).SetFloat64(g)
	wp := int(x.Prec())
	limit := -(wp/2 + bits.Len(uint(n)) + 2) // log2 of the final step relative to x
	for it := 0; it < 20; it++ {
		delta := ev.step(x)
		if delta.Sign() == 0 || delta.MantExp(nil)-x.MantExp(nil) <= limit {
			w := ev.weight(x, delta)
			x.Add(x, delta)
			return x, w, nil
		}
		x.Add(x, delta)
	}
	return nil, nil, fmt.Errorf("quadrature: Newton iteration failed for n = %d near x = %g", n, g)
}
