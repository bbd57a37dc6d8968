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
		return nil, fmt.Errorf("expectation of %s: digits must be at least 1, got %d", e.in.expr, digits)
	}
	if K.Sign() < 0 {
		return nil, fmt.Errorf("expectation of %s: the variance K must be ≥ 0, got %s", e.in.expr, K.FloatString(10))
	}
	if K.Sign() == 0 {
		return e.in.big.EvalDigits(new(big.Rat), digits)
	}
	v, err := e.atDigits(K, digits, 0)
	if err != nil {
		return nil, fmt.Errorf("expectation of %s at K = %s: %w", e.in.expr, K.FloatString(6), err)
	}
	return v, nil
}

// maxExtraDigits bounds the extra working digits spent on a value much
// smaller than E|F| (a mean that nearly cancels).
const maxExtraDigits = 300

// atDigits computes the expectation with the quadrature tolerance and the
// working precision raised by extra digits beyond what digits of E|F| need.
func (e *Expectation) atDigits(K *big.Rat, digits, extra int) (*big.Float, error) {
	prec := calc.BitsForDigits(digits+extra+12) + 16
	Kf, _ := K.Float64()
	T, err := e.in.tailCut(Kf, float64(digits+4)*math.Ln10+8)
	if err != nil {
		return nil, err
	}
	bps := e.in.breakpoints(Kf, T)
	ad, err := e.pieces(Kf, T, bps)
	if err != nil {
		return nil, fmt.Errorf("partitioning the line in float64: %w", err)
	}
	edges, err := e.bigEdges(K, T, prec, digits)
	if err != nil {
		return nil, err
	}
	sqrtK, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetRat(K))
	if err != nil {
		return nil, err
	}
	tol := math.Pow(10, -float64(digits+extra+2)) * ad.scale / (2 * T)
	sum := new(big.Float).SetPrec(prec)
	errSum := 0.0
	for _, sp := range ad.accepted {
		a := lerp(edges[sp.piece], edges[sp.piece+1], sp.lo, prec)
		b := lerp(edges[sp.piece], edges[sp.piece+1], sp.hi, prec)
		width, _ := new(big.Float).Sub(b, a).Float64()
		v, perr, err := e.bigPanel(sqrtK, a, b, prec, tol*width)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, v)
		errSum += perr
	}
	// Rounding: every term carries a relative error of a few units of
	// 2^−prec, so the sum is off by at most evals·2^(4−prec)·E|F|.
	errSum += float64(ad.total.Evals) * math.Ldexp(ad.scale, 4-int(prec))
	if math.Abs(bigToFloat(sum)) <= errSum && errSum <= math.Pow(10, -float64(digits))*ad.scale {
		return new(big.Float).SetPrec(prec), nil // zero to within 10^−digits·E|F|
	}
	limit := 0.5 * math.Pow(10, -float64(digits)) * math.Abs(bigToFloat(sum))
	if errSum > limit && math.Abs(bigToFloat(sum)) > errSum && extra == 0 {
		// A nonzero value far below E|F|: ask for as many more digits as
		// it is smaller.
		more := int(math.Ceil(math.Log10(ad.scale/math.Abs(bigToFloat(sum))))) + 2
		if more > 0 && more <= maxExtraDigits {
			return e.atDigits(K, digits, more)
		}
	}
	if errSum > limit {
		return nil, &calc.NotCertifiedError{Digits: digits, X: "K", Last: fmt.Sprintf("%s with an estimated error of %.3g", sum.Text('g', 12), errSum)}
	}
	return sum, nil
}

func bigToFloat(x *big.Float) float64 { f, _ := x.Float64(); return f }

// lerp returns a + f·(b − a) at precision prec (f is a dyadic fraction).
func lerp(a, b *big.Float, f float64, prec uint) *big.Float {
	d := new(big.Float).SetPrec(prec).Sub(b, a)
	d.Mul(d, new(big.Float).SetFloat64(f))
	return d.Add(d, a)
}

// bigEdges returns −T, the kinks in t = z/√K, and T, at precision prec.
func (e *Expectation) bigEdges(K *big.Rat, T float64, prec uint, digits int) ([]*big.Float, error) {
	edges := []*big.Float{new(big.Float).SetPrec(prec).SetFloat64(-T)}
	Kf, _ := K.Float64()
	sk := new(big.Float).SetPrec(prec).SetRat(K)
	sk, err := bigmath.Sqrt(prec, sk)
	if err != nil {
		return nil, err
	}
	for i, z := range e.in.kinks {
		if t := z / math.Sqrt(Kf); t <= -T || t >= T {
			continue
		}
		ex := e.in.exact[i]
		if ex == nil {
			if digits > 15 {
				return nil, fmt.Errorf("the kink at x ≈ %.17g was found numerically and is known only to float64 accuracy: %d digits cannot be certified", z, digits)
			}
			ex = new(big.Rat).SetFloat64(z)
		}
		t := new(big.Float).SetPrec(prec).SetRat(ex)
		edges = append(edges, t.Quo(t, sk))
	}
	if len(edges) == 1 { // a smooth F: pieces() starts from the two half-lines
		edges = append(edges, new(big.Float).SetPrec(prec))
	}
	return append(edges, new(big.Float).SetPrec(prec).SetFloat64(T)), nil
}

// bigPanel integrates F(√K t)φ(t) over [a, b] with Gauss–Legendre rules of
// growing size until the estimated error is below tol; it returns the
// value and the error estimate.
func (e *Expectation) bigPanel(sqrtK, a, b *big.Float, prec uint, tol float64) (*big.Float, float64, error) {
	var prev *big.Float
	for _, n := range bigPanelSizes {
		pn, err := bigPanelNodes(a, b, n, prec)
		if err != nil {
			return nil, 0, err
		}
		sum := new(big.Float).SetPrec(prec)
		abs := new(big.Float).SetPrec(prec)
		z := new(big.Float).SetPrec(prec)
		for i, t := range pn.t {
			z.Mul(sqrtK, t)
			fv, err := e.in.big.Eval(z, prec)
			if err != nil {
				return nil, 0, fmt.Errorf("%w: %v", ErrUndefined, err)
			}
			fv.Mul(fv, pn.w[i])
			sum.Add(sum, fv)
			abs.Add(abs, fv.Abs(fv))
		}
		if prev != nil {
			d := bigToFloat(new(big.Float).Sub(sum, prev))
			est := panelError(math.Abs(d), bigToFloat(abs))
			if est <= tol {
				return sum, est, nil
			}
		}
		prev = sum
	}
	return nil, 0, fmt.Errorf("%w: a panel did not converge with %d nodes", ErrNotConverged, bigPanelSizes[len(bigPanelSizes)-1])
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
