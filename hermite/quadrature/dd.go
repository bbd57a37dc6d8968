package quadrature

import "math"

// dd is a double-double number hi+lo with |lo| ≤ ulp(hi)/2, giving about
// 106 bits of precision. It is used to polish float64 nodes and weights so
// that the rounded results are accurate to about half an ulp.
type dd struct{ hi, lo float64 }

// twoSum returns s, e with s = fl(a+b) and s+e = a+b exactly.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return
}

// quickTwoSum is twoSum for |a| ≥ |b|.
func quickTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return
}

// twoProd returns p, e with p = fl(a·b) and p+e = a·b exactly.
func twoProd(a, b float64) (p, e float64) {
	p = a * b
	e = math.FMA(a, b, -p)
	return
}

func ddFrom(x float64) dd { return dd{x, 0} }

func (a dd) add(b dd) dd {
	s, e := twoSum(a.hi, b.hi)
	t, f := twoSum(a.lo, b.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func (a dd) neg() dd { return dd{-a.hi, -a.lo} }

func (a dd) sub(b dd) dd { return a.add(b.neg()) }

func (a dd) mul(b dd) dd {
	p, e := twoProd(a.hi, b.hi)
	e += a.hi*b.lo + a.lo*b.hi
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

// mulF multiplies by a float64.
func (a dd) mulF(b float64) dd {
	p, e := twoProd(a.hi, b)
	e += a.lo * b
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

// divF divides by a float64.
func (a dd) divF(b float64) dd {
	q1 := a.hi / b
	p, e := twoProd(q1, b)
	r := ((a.hi - p) - e + a.lo) / b
	q, l := quickTwoSum(q1, r)
	return dd{q, l}
}

func (a dd) div(b dd) dd {
	q1 := a.hi / b.hi
	r := a.sub(b.mulF(q1))
	q2 := r.hi / b.hi
	r = r.sub(b.mulF(q2))
	q3 := r.hi / b.hi
	s, e := quickTwoSum(q1, q2)
	return dd{s, e}.add(ddFrom(q3))
}

// scale multiplies by 2^k exactly (barring underflow).
func (a dd) scale(k int) dd { return dd{math.Ldexp(a.hi, k), math.Ldexp(a.lo, k)} }

// float rounds to the nearest float64.
func (a dd) float() float64 { return a.hi + a.lo }
