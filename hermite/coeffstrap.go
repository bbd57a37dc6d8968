package hermite

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// coeffTrapRefine bounds the halvings of the trapezoidal step of
// coefficientsTrapezoid beyond its first guess.
const coeffTrapRefine = 4

// coefficientsTrapezoid computes CoefficientsDigits for a σ without kinks
// on [−T, T] by the trapezoidal rule with steps h = 2^−m and 2h on the
// nodes jh (which halving h keeps): for σ·he_k·φ analytic in a strip the
// rule converges geometrically in 1/h (Trefethen & Weideman, "The
// exponentially convergent trapezoidal rule", SIAM Review 56 (2014), §5),
// and the two sums are compared as CoefficientsDigits compares its two
// rule sizes. The first step makes the Gaussian's own error,
// about e^(−π²/(2h²)) for step 2h, 10^−(digits+2), and resolves he_n's
// oscillation; σ's singularities may ask for smaller steps. It reports ok = false,
// leaving the decision to the panels, where the sums do not agree within
// coeffTrapRefine halvings or σ is undefined at a node.
func (in *integrand) coefficientsTrapezoid(sigma calc.Expr, T float64, n, digits int, prec uint, tol float64) ([]*big.Float, *big.Float, bool) {
	h0 := math.Pi / math.Sqrt(2*float64(digits+2)*math.Ln10)
	// he_n·φ oscillates with frequency about √n under a Gaussian
	// envelope: a step below 2π/(√n + 16) keeps its aliases far out.
	h0 = min(h0, 2*math.Pi/(math.Sqrt(float64(n))+16))
	m0 := int(math.Ceil(-math.Log2(h0)))
	vals := map[gridPoint]*big.Float{}
	for m := m0; m <= m0+coeffTrapRefine; m++ {
		J := int64(math.Floor(math.Ldexp(T, m)))
		if !in.fillValues(vals, J, m, prec) {
			return nil, nil, false
		}
		coarse, fine, coarseSq, fineSq, err := in.trapezoidMoments(vals, J, m, n, prec)
		if err != nil {
			return nil, nil, false
		}
		cs, C, err := normalizeCoefficients(sigma, coarse, fine, coarseSq, fineSq, prec, tol, "")
		if err == nil {
			return cs, C, true
		}
	}
	return nil, nil, false
}

// fillValues evaluates σ at the points j·2^−m, |j| ≤ J, that vals lacks,
// in parallel; it reports false where σ is undefined at one of them.
func (in *integrand) fillValues(vals map[gridPoint]*big.Float, J int64, m int, prec uint) bool {
	var missing []gridPoint
	for j := -J; j <= J; j++ {
		if p := pointOf(j, m); vals[p] == nil {
			missing = append(missing, p)
		}
	}
	got, ok := evalPoints(missing, prec, func() func(int, *big.Float) (*big.Float, error) {
		return func(_ int, z *big.Float) (*big.Float, error) { return in.big().Eval(z, prec) }
	})
	if !ok {
		return false
	}
	for i, p := range missing {
		vals[p] = got[i]
	}
	return true
}

// trapezoidMoments returns E[σ(X)·he_k(X)], k = 0..n, and E[σ(X)²] by the
// trapezoidal rule with steps 2h (coarse) and h = 2^−m (fine) on the nodes
// jh, |j| ≤ J. The recurrence runs on He_k = √(k!)·he_k, whose steps
// multiply only by the short node and by k, and the sums are divided by
// √(k!) at the end: the relative rounding of the two recurrences is the
// same, as they differ by a scale per k.
func (in *integrand) trapezoidMoments(vals map[gridPoint]*big.Float, J int64, m, n int, prec uint) (coarse, fine []*big.Float, coarseSq, fineSq *big.Float, err error) {
	wp := prec + 32 // the weights' recurrence loses about 2 log2 J bits
	f := func(p uint) *big.Float { return new(big.Float).SetPrec(p) }
	h := f(wp).SetMantExp(big.NewFloat(1), -m)
	// r = e^(−h²/2), the weights r^(j²), and c = h/√(2π).
	u := f(wp).Mul(h, h)
	u.Quo(u, big.NewFloat(-2))
	r := bigmath.Exp(wp, u)
	r2 := f(wp).Mul(r, r)
	twoPi := bigmath.Pi(wp + 8)
	twoPi.Add(twoPi, twoPi)
	s, err := bigmath.Sqrt(wp, twoPi)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	c := f(prec).Quo(h, s)

	// 1/√(k!), which turns E[σ·He_k] into E[σ·he_k].
	invSqrtFact := make([]*big.Float, n+1)
	fact := f(prec + 16).SetInt64(1)
	for k := range invSqrtFact {
		if k > 1 {
			fact.Mul(fact, f(64).SetInt64(int64(k)))
		}
		v, err := bigmath.Sqrt(prec+16, fact)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		invSqrtFact[k] = f(prec).Quo(big.NewFloat(1), v)
	}
	// Sums over even and odd j: fine = c·(even + odd), coarse = 2c·even.
	var even, odd [2][]*big.Float // [0]: the moments, [1]: E[σ²]
	for i := range even {
		even[i], odd[i] = make([]*big.Float, n+1), make([]*big.Float, n+1)
		for k := range n + 1 {
			even[i][k], odd[i][k] = f(prec), f(prec)
		}
	}
	wgt := f(wp).SetInt64(1) // r^(j²)
	step := f(wp).Set(r)     // r^(2j+1)
	w := f(prec)
	wf := f(prec)
	x := f(prec)
	prev, cur := f(prec), f(prec)
	kf := f(64)
	t1, t2 := f(prec), f(prec)
	for a := int64(0); a <= J; a++ {
		w.Set(wgt)
		acc := even
		if a%2 != 0 {
			acc = odd
		}
		for _, j := range []int64{a, -a} {
			x.SetInt64(j)
			x.SetMantExp(x, -m)
			v := vals[pointOf(j, m)]
			wf.Mul(w, v)
			acc[1][0].Add(acc[1][0], t1.Mul(wf, v))
			prev.SetInt64(0) // He_{−1}
			cur.SetInt64(1)  // He_0
			for k := 0; ; k++ {
				acc[0][k].Add(acc[0][k], t1.Mul(wf, cur))
				if k == n {
					break
				}
				// He_{k+1} = x·He_k − k·He_{k−1}, written over He_{k−1}:
				// x = j·2^−m and k are short, so neither product is a
				// full multiplication.
				t1.Mul(x, cur)
				t2.Mul(kf.SetInt64(int64(k)), prev)
				prev.Sub(t1, t2)
				prev, cur = cur, prev
			}
			if a == 0 {
				break
			}
		}
		wgt.Mul(wgt, step)
		step.Mul(step, r2)
	}
	twoC := f(prec).Add(c, c)
	coarse, fine = make([]*big.Float, n+1), make([]*big.Float, n+1)
	for k := range n + 1 {
		coarse[k] = f(prec).Mul(even[0][k], twoC)
		coarse[k].Mul(coarse[k], invSqrtFact[k])
		fine[k] = f(prec).Add(even[0][k], odd[0][k])
		fine[k].Mul(fine[k], c)
		fine[k].Mul(fine[k], invSqrtFact[k])
	}
	coarseSq = f(prec).Mul(even[1][0], twoC)
	fineSq = f(prec).Add(even[1][0], odd[1][0])
	fineSq.Mul(fineSq, c)
	if coarseSq.Sign() <= 0 {
		return nil, nil, nil, nil, fmt.Errorf("E[σ(X)²] = %s is not positive", coarseSq.Text('g', 10))
	}
	return coarse, fine, coarseSq, fineSq, nil
}
