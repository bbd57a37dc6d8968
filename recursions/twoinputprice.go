package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/hermite"
)

// priceOrder is the highest derivative of σ that priceSeries uses: the
// terms n < priceOrder of the expansion, and the one of order priceOrder
// in the bound on the rest.
const priceOrder = 6

// priceMaxGap is the largest 1 − ρ at which IterateTwo tries priceSeries:
// beyond it the six terms rarely meet the goal for the σ of interest.
const priceMaxGap = 0.01

// priceSeries evaluates the off-diagonal average f(x) = ⟨σ(u)σ(v)⟩ of two
// inputs of equal variance K and covariance x near ρ = x/K = 1 from its
// expansion at x = K. By Price's theorem (R. Price, "A useful theorem for
// nonlinear devices having Gaussian inputs", IRE Trans. Inf. Theory 4
// (1958) 69) the n-th derivative of f in x is ⟨σ⁽ⁿ⁾(u)σ⁽ⁿ⁾(v)⟩, which at
// x = K (v = u) is the one-input average c_n = ⟨(σ⁽ⁿ⁾)²⟩_K, and which for
// any covariance between x and K is at most c_n in magnitude (Cauchy–
// Schwarz, Var u = Var v = K). So
//
//	f(x) = Σ_{n<N} c_n (x − K)ⁿ/n! + R,  |R| ≤ c_N |x − K|^N/N!
//
// (Taylor's theorem with the Lagrange remainder), with the c_n from the
// adaptive quadrature of hermite.Many with their error bounds, kept while
// K recurs (the diagonal of a two-input iteration reaches its fixed
// point). It needs σ free of kinks; priceOrder derivatives of σ are
// compiled, so it is made only when an iteration gets near ρ = 1.
type priceSeries struct {
	m    *hermite.Many // (σ⁽ⁿ⁾)², n = 0 … priceOrder
	K    float64       // the K of vals
	vals []hermite.Value
}

// priceMaxSize caps the size of an integrand (σ⁽ⁿ⁾)² of priceSeries, in
// distinct nodes: mish's sixth is 261, tanh(tanh(tanh(x)))'s 462.
const priceMaxSize = 5000

// newPriceSeries prepares the expansion of σ, or returns nil when σ has
// kinks or a derivative grows beyond priceMaxSize.
func newPriceSeries(sigma calc.Expr) (*priceSeries, error) {
	smooth, err := noKinks(sigma)
	if err != nil || !smooth {
		return nil, err
	}
	fs := make([]calc.Expr, priceOrder+1)
	for n := range fs {
		d := calc.Derivative(sigma, n)
		if fs[n] = calc.Mul(d, d); fs[n].Size() > priceMaxSize {
			return nil, nil
		}
	}
	m, err := hermite.NewMany(fs...)
	if err != nil {
		return nil, fmt.Errorf("recursions: the derivatives of %s for the expansion at ρ = 1: %w", sigma, err)
	}
	return &priceSeries{m: m}, nil
}

// at returns ⟨σ(u)σ(v)⟩ at Var u = Var v = K > 0 and covariance x ≤ K,
// with a bound on its error (AbsErr), when the expansion's rest is below
// 1e-16 of ⟨σ²⟩_K with at most priceOrder terms; otherwise ok is false.
func (ps *priceSeries) at(K, x float64) (v hermite.Value, ok bool, err error) {
	if K != ps.K {
		vals, err := ps.m.At(K)
		if err != nil {
			return hermite.Value{}, false, err
		}
		ps.K, ps.vals = K, vals
	}
	c := ps.vals
	d := x - K
	goal := 1e-16 * c[0].V
	var sum, abs, errSum float64
	pw := 1.0 // (x − K)ⁿ/n!
	for n := 0; n < priceOrder; n++ {
		term := c[n].V * pw
		sum += term
		abs += math.Abs(term)
		errSum += c[n].AbsErr * math.Abs(pw)
		pw *= d / float64(n+1)
		if rest := (c[n+1].V + c[n+1].AbsErr) * math.Abs(pw); rest <= goal {
			return hermite.Value{V: sum, AbsErr: rest + errSum + 4*0x1p-53*abs}, true, nil
		}
	}
	return hermite.Value{}, false, nil
}
