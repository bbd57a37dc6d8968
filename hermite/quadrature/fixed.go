package quadrature

import (
	"fmt"
	"math"
	"math/big"
)

// Legendre returns ∫_a^b f(x) dx approximated by the n-point Gauss–Legendre
// rule mapped to the finite interval [a, b]. The weighted values are added
// in node order with compensated summation. It returns ErrInterval for
// a > b or non-finite end points, ErrOrder for n out of range, and
// *NonFiniteError when f returns NaN or ±Inf.
func Legendre(f func(float64) float64, a, b float64, n int) (float64, error) {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || a > b {
		return 0, fmt.Errorf("%w: Legendre needs finite a ≤ b, got [%g, %g]", ErrInterval, a, b)
	}
	r, err := gaussLegendre(n)
	if err != nil {
		return 0, err
	}
	if a == b {
		return 0, nil
	}
	c, hw := a/2+b/2, b/2-a/2
	var sum neumaier
	for i, xi := range r.X {
		x := c + hw*xi
		fx := f(x)
		if math.IsNaN(fx) || math.IsInf(fx, 0) {
			return 0, &NonFiniteError{X: x, Value: fx}
		}
		sum.add(r.W[i] * fx)
	}
	return hw * sum.value(), nil
}

// LegendreBig is Legendre in big.Float arithmetic at precision prec; the
// nodes are those of GaussLegendreBig(n, prec), and abscissae and sums use
// 16 guard bits. a and b must be finite (non-nil). Errors returned by f are
// wrapped with the abscissa.
func LegendreBig(f func(x *big.Float) (*big.Float, error), a, b *big.Float, n int, prec uint) (*big.Float, error) {
	if a == nil || b == nil || a.IsInf() || b.IsInf() || a.Cmp(b) > 0 {
		return nil, fmt.Errorf("%w: LegendreBig needs finite a ≤ b, got [%v, %v]", ErrInterval, a, b)
	}
	r, err := gaussLegendreBig(n, prec)
	if err != nil {
		return nil, err
	}
	if a.Cmp(b) == 0 {
		return newFloat(prec), nil
	}
	wp := prec + 16
	c := newFloat(wp).Add(a, b)
	c.SetMantExp(c, -1)
	hw := newFloat(wp).Sub(b, a)
	hw.SetMantExp(hw, -1)
	sum := newFloat(wp)
	t := newFloat(wp)
	for i, xi := range r.X {
		x := newFloat(wp).Mul(hw, xi)
		x.Add(c, x)
		fx, err := f(x)
		if err != nil {
			return nil, fmt.Errorf("quadrature: integrand at x = %s: %w", x.Text('g', 25), err)
		}
		if fx == nil {
			return nil, fmt.Errorf("quadrature: integrand returned nil at x = %s", x.Text('g', 25))
		}
		if fx.IsInf() {
			return nil, &NonFiniteError{BigX: x, Value: math.Inf(fx.Sign())}
		}
		sum.Add(sum, t.Mul(r.W[i], fx))
	}
	return newFloat(prec).Mul(sum, hw), nil
}
