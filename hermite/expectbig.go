package hermite

import (
	"fmt"
	"math/big"
	"sync"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite/quadrature"
)

// bigPanelSizes are the Gauss–Legendre sizes tried in turn on each panel
// at high precision; each is compared with the one before it.
var bigPanelSizes = []int{24, 48, 96, 192, 384}

// ExpectDigits returns E[F(z)], z ~ N(0, K), to digits significant digits.
func ExpectDigits(f calc.Expr, K *big.Rat, digits int) (*big.Float, error) {
	e, err := NewExpectation(f)
	if err != nil {
		return nil, err
	}
	return e.AtDigits(K, digits)
}

// AtDigits returns E[F(z)] for z ~ N(0, K) with digits significant digits.
// K is exact. The partition of the line into panels comes from the float64
// computation; on every panel Gauss–Legendre rules in big.Float arithmetic
// (with digits+12 digits of working precision) double in size until the
// estimated error is below 10^−(digits+2) of the scale E|F|. A result whose
// total estimated error exceeds half a unit in the last printed digit is a
// *calc.NotCertifiedError. Kinks not known exactly (found numerically) are
// known only to float64 accuracy, so more than 15 digits across them is an
// error.
func (e *Expectation) AtDigits(K *big.Rat, digits int) (*big.Float, error) {
	if digits < 1 {
		return nil, fmt.Errorf("expectation of %s: digits must be at least 1, got %d", exprName(e.in.expr), digits)
	}
	if K.Sign() < 0 {
		return nil, fmt.Errorf("expectation of %s: the variance K must be ≥ 0, got %s", exprName(e.in.expr), RatG(K))
	}
	if K.Sign() == 0 {
		return e.in.big().EvalDigits(new(big.Rat), digits)
	}
	vs, err := e.quad().at(K, digits)
	if err != nil {
		return nil, fmt.Errorf("expectation of %s at K = %s: %w", exprName(e.in.expr), RatG(K), err)
	}
	return vs[0], nil
}

// quad returns the arbitrary-precision quadrature of F, made on first use.
func (e *Expectation) quad() *bigQuad {
	e.bqOnce.Do(func() { e.bq = newBigQuad([]*integrand{e.in}) })
	return e.bq
}

func bigToFloat(x *big.Float) float64 { f, _ := x.Float64(); return f }

// lerp returns a + f·(b − a) at precision prec (f is a dyadic fraction).
func lerp(a, b *big.Float, f float64, prec uint) *big.Float {
	d := new(big.Float).SetPrec(prec).Sub(b, a)
	d.Mul(d, new(big.Float).SetFloat64(f))
	return d.Add(d, a)
}

// sqrt2Pi returns √(2π) at precision prec.
func sqrt2Pi(prec uint) *big.Float {
	p := bigmath.Pi(prec + 8)
	v, _ := bigmath.Sqrt(prec, p.Add(p, p)) // 2π > 0: no domain error
	return v
}

// bigGaussPanel is an n-point Gauss–Legendre rule on [a, b] with the
// standard normal density folded into its weights, at one precision.
type bigGaussPanel struct{ t, w []*big.Float }

type bigPanelKey struct {
	a, b string // exact text of the end points
	n    int
	prec uint
}

var (
	bigPanelMu    sync.Mutex
	bigPanelCache = map[bigPanelKey]bigGaussPanel{}
)

// bigPanelNodes returns the panel's nodes and weights, cached (up to
// maxPanels entries) because the same panels recur at every K.
func bigPanelNodes(a, b *big.Float, n int, prec uint) (bigGaussPanel, error) {
	key := bigPanelKey{a.Text('p', 0), b.Text('p', 0), n, prec}
	bigPanelMu.Lock()
	p, ok := bigPanelCache[key]
	bigPanelMu.Unlock()
	if ok {
		return p, nil
	}
	r, err := quadrature.GaussLegendreBig(n, prec)
	if err != nil {
		return p, err
	}
	half := new(big.Float).SetPrec(prec).Sub(b, a)
	half.Quo(half, big.NewFloat(2))
	mid := new(big.Float).SetPrec(prec).Add(a, b)
	mid.Quo(mid, big.NewFloat(2))
	norm := sqrt2Pi(prec)
	p = bigGaussPanel{t: make([]*big.Float, n), w: make([]*big.Float, n)}
	for i, x := range r.X {
		t := new(big.Float).SetPrec(prec).Mul(half, x)
		t.Add(t, mid)
		g := new(big.Float).SetPrec(prec).Mul(t, t)
		g.Quo(g, big.NewFloat(-2))
		w := new(big.Float).SetPrec(prec).Mul(r.W[i], half)
		w.Mul(w, bigmath.Exp(prec, g))
		p.t[i], p.w[i] = t, w.Quo(w, norm)
	}
	bigPanelMu.Lock()
	if len(bigPanelCache) < maxPanels {
		bigPanelCache[key] = p
	}
	bigPanelMu.Unlock()
	return p, nil
}
