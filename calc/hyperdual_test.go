package calc

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/num/hyperdual"
)

// This file checks values and first and second derivatives of the compiled
// expressions against hyperdual numbers (gonum.org/v1/gonum/num/hyperdual):
// evaluating f at x + ε₁ + ε₂ with ε₁² = ε₂² = 0 gives
// f(x) + f′(x)ε₁ + f′(x)ε₂ + f″(x)ε₁ε₂ exactly in exact arithmetic, so the
// reference derivatives come from the plain formula of each function and
// share nothing with the symbolic differentiation of the package.

// hdChain applies a scalar function with value f, slope d1 and curvature
// d2 at d.Real to the hyperdual number d (the chain rule to second order).
// It builds the functions hyperdual does not provide.
func hdChain(d hyperdual.Number, f, d1, d2 float64) hyperdual.Number {
	return hyperdual.Number{
		Real:    f,
		E1mag:   d1 * d.E1mag,
		E2mag:   d1 * d.E2mag,
		E1E2mag: d1*d.E1E2mag + d2*d.E1mag*d.E2mag,
	}
}

// hdErf is erf: erf′(u) = 2/√π·e^(−u²), erf″(u) = −2u·erf′(u).
func hdErf(d hyperdual.Number) hyperdual.Number {
	u := d.Real
	d1 := 2 / math.Sqrt(math.Pi) * math.Exp(-u*u)
	return hdChain(d, math.Erf(u), d1, -2*u*d1)
}

// hdErfc is erfc = 1 − erf, used where 1 + erf(u) would cancel.
func hdErfc(d hyperdual.Number) hyperdual.Number {
	u := d.Real
	d1 := -2 / math.Sqrt(math.Pi) * math.Exp(-u*u)
	return hdChain(d, math.Erfc(u), d1, -2*u*d1)
}

// hdLog1p is log(1 + u): derivatives 1/(1+u) and −1/(1+u)².
func hdLog1p(d hyperdual.Number) hyperdual.Number {
	u := d.Real
	return hdChain(d, math.Log1p(u), 1/(1+u), -1/((1+u)*(1+u)))
}

// hdExpm1 is exp(u) − 1: both derivatives are exp(u).
func hdExpm1(d hyperdual.Number) hyperdual.Number {
	u := d.Real
	return hdChain(d, math.Expm1(u), math.Exp(u), math.Exp(u))
}

// hdDiv is d/c for a constant c, rounded like the division x/c of the
// expressions (not as a product with 1/c).
func hdDiv(d hyperdual.Number, c float64) hyperdual.Number {
	return hyperdual.Number{Real: d.Real / c, E1mag: d.E1mag / c, E2mag: d.E2mag / c, E1E2mag: d.E1E2mag / c}
}

func hdConst(c float64) hyperdual.Number { return hyperdual.Number{Real: c} }

// hdSigmoid is 1/(1 + exp(−u)).
func hdSigmoid(d hyperdual.Number) hyperdual.Number {
	return hyperdual.Inv(hyperdual.Add(hdConst(1), hyperdual.Exp(hyperdual.Scale(-1, d))))
}

// hdSoftplus is log(1 + exp(u)), written log1p(exp(u)) so that the left
// tail, where 1 + exp(u) rounds to 1, keeps its relative accuracy.
func hdSoftplus(d hyperdual.Number) hyperdual.Number { return hdLog1p(hyperdual.Exp(d)) }

// The SELU constants as published (Klambauer et al. 2017).
const (
	hdSeluLambda = 1.0507009873554804934193349852946
	hdSeluAlpha  = 1.6732632423543772848170429916717
)

// hyperdualCase is one function checked against its hyperdual formula.
type hyperdualCase struct {
	src    string                                  // the expression, as Parse reads it
	oracle func(hyperdual.Number) hyperdual.Number // the same function in hyperdual arithmetic
	lo, hi float64                                 // the points checked, evenly spaced …
	gap    float64                                 // … leaving out (−gap, gap), around a kink at 0
	// tol holds the relative tolerances of f, f′ and f″.
	tol [3]float64
}

// Tolerances, in order of looseness.
const (
	// tolKernel, about 4.5 ulps: the compiled value calls the same
	// package math kernel as the reference, or a stable kernel whose
	// formula differs from the reference by a handful of roundings.
	tolKernel = 1e-15
	// tolFormula: both sides evaluate a few (up to ~20) float64
	// operations in different orders, each rounding by half an ulp; the
	// errors add up to tens of ulps relative to the terms.
	tolFormula = 1e-14
	// tolChain: second derivatives of products and compositions (swish,
	// mish, gelu_tanh, softsign) sum several products of derivatives,
	// with partial cancellation between the terms; 1e-13 is the coarsest
	// the comparison allows.
	tolChain = 1e-13
)

// softplus is checked for x ≤ 3 only: the oracle's own formula for its
// second derivative, built from 1/(1 + e^{−x}), loses relative accuracy for
// large x. Derivative writes sigmoid′(u) as sigmoid(u)·sigmoid(−u) and
// tanh′(u) as cosh(u)^−2, neither of which cancels, so sigmoid and swish are
// checked out to x = 30.
var hyperdualCases = []hyperdualCase{
	{src: "tanh", oracle: hdTanh, lo: -8, hi: 8, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "sigmoid", oracle: hdSigmoid, lo: -30, hi: 30, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "softplus", oracle: hdSoftplus, lo: -30, hi: 3, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "swish", oracle: func(d hyperdual.Number) hyperdual.Number { return hyperdual.Mul(d, hdSigmoid(d)) },
		lo: -30, hi: 30, tol: [3]float64{tolKernel, tolFormula, tolChain}},
	{src: "x/(1+exp(-x))", oracle: func(d hyperdual.Number) hyperdual.Number {
		return hyperdual.Mul(d, hyperdual.Inv(hyperdual.Add(hdConst(1), hyperdual.Exp(hyperdual.Scale(-1, d)))))
	}, lo: -30, hi: 3, tol: [3]float64{tolKernel, tolFormula, tolChain}},
	{src: "mish", oracle: func(d hyperdual.Number) hyperdual.Number {
		return hyperdual.Mul(d, hdTanh(hdSoftplus(d)))
	}, lo: -20, hi: 6, tol: [3]float64{tolKernel, tolChain, tolChain}},
	{src: "gelu", oracle: func(d hyperdual.Number) hyperdual.Number {
		// x·Φ(x) = x·erfc(−x/√2)/2: erfc keeps the left tail accurate.
		// erfc(u) has condition 2u² (64 at x = −8), so the argument is
		// rounded exactly as the expression rounds it: −(x/√2).
		return hyperdual.Scale(0.5, hyperdual.Mul(d, hdErfc(hyperdual.Scale(-1, hdDiv(d, math.Sqrt2)))))
	}, lo: -8, hi: 8, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "gelu_tanh", oracle: func(d hyperdual.Number) hyperdual.Number {
		c := math.Sqrt(2 / math.Pi)
		inner := hyperdual.Scale(c, hyperdual.Add(d, hyperdual.Scale(0.044715, hyperdual.Mul(d, hyperdual.Mul(d, d)))))
		return hyperdual.Scale(0.5, hyperdual.Mul(d, hyperdual.Add(hdConst(1), hdTanh(inner))))
	}, lo: -3, hi: 6, tol: [3]float64{tolFormula, tolChain, tolChain}},
	{src: "erf", oracle: hdErf, lo: -6, hi: 6, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "atan", oracle: hyperdual.Atan, lo: -50, hi: 50, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "sin", oracle: hyperdual.Sin, lo: -10, hi: 10, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "cos", oracle: hyperdual.Cos, lo: -10, hi: 10, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "sinh", oracle: hyperdual.Sinh, lo: -20, hi: 20, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "cosh", oracle: hyperdual.Cosh, lo: -20, hi: 20, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "log1p", oracle: hdLog1p, lo: -0.99, hi: 20, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "expm1", oracle: hdExpm1, lo: -20, hi: 20, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "sqrt", oracle: hyperdual.Sqrt, lo: 1e-3, hi: 100, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "x^3", oracle: func(d hyperdual.Number) hyperdual.Number { return hyperdual.Mul(d, hyperdual.Mul(d, d)) },
		lo: -10, hi: 10, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "x^2.5", oracle: func(d hyperdual.Number) hyperdual.Number { return hyperdual.PowReal(d, 2.5) },
		lo: 1e-2, hi: 50, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "exp(-x^2)", oracle: func(d hyperdual.Number) hyperdual.Number {
		return hyperdual.Exp(hyperdual.Scale(-1, hyperdual.Mul(d, d)))
	}, lo: -5, hi: 5, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "1/(1+x^2)", oracle: func(d hyperdual.Number) hyperdual.Number {
		return hyperdual.Inv(hyperdual.Add(hdConst(1), hyperdual.Mul(d, d)))
	}, lo: -20, hi: 20, tol: [3]float64{tolKernel, tolFormula, tolFormula}},
	{src: "elu", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return d
		}
		return hdExpm1(d)
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "elu(x, 0.5)", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return d
		}
		return hyperdual.Scale(0.5, hdExpm1(d))
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "selu", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return hyperdual.Scale(hdSeluLambda, d)
		}
		return hyperdual.Scale(hdSeluLambda*hdSeluAlpha, hdExpm1(d))
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	// The quotient rule writes softsign′ as 1/(1+|x|) − |x|/(1+|x|)²,
	// which cancels: a relative error of about |x| ulps (9e-15 at
	// |x| = 50), and more in f″, hence the range ±20 and tolChain for f″.
	{src: "softsign", oracle: func(d hyperdual.Number) hyperdual.Number {
		return hyperdual.Mul(d, hyperdual.Inv(hyperdual.Add(hdConst(1), hyperdual.Abs(d))))
	}, lo: -20, hi: 20, gap: 1e-3, tol: [3]float64{tolKernel, tolFormula, tolChain}},
	{src: "leaky_relu", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return d
		}
		return hyperdual.Scale(0.01, d)
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "leaky_relu(x, 0.2)", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return d
		}
		return hyperdual.Scale(0.2, d)
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
	{src: "relu", oracle: func(d hyperdual.Number) hyperdual.Number {
		if d.Real > 0 {
			return d
		}
		return hyperdual.Number{}
	}, lo: -10, hi: 10, gap: 1e-3, tol: [3]float64{tolKernel, tolKernel, tolKernel}},
}

// hyperdualPoints returns n evenly spaced points of [lo, hi] outside
// (−gap, gap).
func hyperdualPoints(lo, hi, gap float64, n int) []float64 {
	var xs []float64
	for i := range n {
		x := lo + (hi-lo)*float64(i)/float64(n-1)
		if math.Abs(x) >= gap {
			xs = append(xs, x)
		}
	}
	return xs
}

func TestHyperdual(t *testing.T) {
	for _, c := range hyperdualCases {
		t.Run(c.src, func(t *testing.T) {
			e := MustParse(c.src)
			var programs [3]*Program
			for order := range programs {
				programs[order] = Compile(Derivative(e, order))
			}
			xs := hyperdualPoints(c.lo, c.hi, c.gap, 401)
			want := make([][3]float64, len(xs))
			for i, x := range xs {
				h := c.oracle(hyperdual.Number{Real: x, E1mag: 1, E2mag: 1})
				if h.E1mag != h.E2mag {
					t.Fatalf("oracle at %v: ε₁ and ε₂ parts differ: %v", x, h)
				}
				want[i] = [3]float64{h.Real, h.E1mag, h.E1E2mag}
			}
			var worst, worstAt [3]float64
			for i, x := range xs {
				for order, p := range programs {
					got, ref := p.Eval(x), want[i][order]
					// The scale is the magnitude of f⁽ᵏ⁾ over the point
					// and its neighbours on the grid: relative where
					// f⁽ᵏ⁾ changes slowly (the tails), but not at an
					// isolated zero of f⁽ᵏ⁾ (sigmoid″ at 0, gelu″ at
					// ±√2), where no float evaluation has a bounded
					// relative error.
					scale := math.Abs(ref)
					for _, j := range []int{i - 1, i + 1} {
						if j >= 0 && j < len(xs) {
							scale = max(scale, math.Abs(want[j][order]))
						}
					}
					rel := 0.0
					if got != ref {
						rel = math.Abs(got-ref) / scale
					}
					if !(rel <= c.tol[order]) {
						t.Errorf("d%d/dx%d %s at %v = %v, hyperdual %v: relative difference %.3g > %.3g",
							order, order, c.src, x, got, ref, rel, c.tol[order])
					}
					if rel > worst[order] {
						worst[order], worstAt[order] = rel, x
					}
				}
			}
			t.Logf("%s: worst relative differences: f %.2g at %v, f′ %.2g at %v, f″ %.2g at %v",
				c.src, worst[0], worstAt[0], worst[1], worstAt[1], worst[2], worstAt[2])
		})
	}
}

// TestHyperdualOracleSelfCheck makes sure the hand-built hyperdual
// functions are right, by comparing their derivatives with central
// differences.
func TestHyperdualOracleSelfCheck(t *testing.T) {
	fs := []struct {
		name string
		f    func(hyperdual.Number) hyperdual.Number
	}{
		{"erf", hdErf}, {"erfc", hdErfc}, {"log1p", hdLog1p}, {"expm1", hdExpm1},
		{"sigmoid", hdSigmoid}, {"softplus", hdSoftplus},
	}
	for _, f := range fs {
		for _, x := range []float64{-1.7, -0.3, 0.4, 1.1, 2.5} {
			h := f.f(hyperdual.Number{Real: x, E1mag: 1, E2mag: 1})
			val := func(x float64) float64 { return f.f(hyperdual.Number{Real: x}).Real }
			const step = 1e-4
			d1 := (val(x+step) - val(x-step)) / (2 * step)
			d2 := (val(x+step) - 2*val(x) + val(x-step)) / (step * step)
			if math.Abs(d1-h.E1mag) > 1e-7*max(1, math.Abs(d1)) || math.Abs(d2-h.E1E2mag) > 1e-5*max(1, math.Abs(d2)) {
				t.Errorf("%s at %v: hyperdual %v %v, differences %v %v", f.name, x, h.E1mag, h.E1E2mag, d1, d2)
			}
		}
	}
}

// hdTanh is tanh on hyperdual numbers with its derivatives written as
// tanh′ = sech² and tanh″ = −2·tanh·sech², which do not cancel where tanh
// is near ±1 (the form 1 − tanh² that hyperdual.Tanh uses does).
func hdTanh(d hyperdual.Number) hyperdual.Number {
	t := math.Tanh(d.Real)
	c := math.Cosh(d.Real)
	s := 1 / (c * c)
	return hyperdual.Number{
		Real:    t,
		E1mag:   s * d.E1mag,
		E2mag:   s * d.E2mag,
		E1E2mag: s*d.E1E2mag - 2*t*s*d.E1mag*d.E2mag,
	}
}
