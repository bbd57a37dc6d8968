package quadrature

import "math"

// CompensatedSum is a running sum with Neumaier's compensation (the
// Kahan–Babuška variant that also covers a term larger than the sum so
// far): its Value is off by about an ulp of the sum plus n·ulp² of the
// terms, rather than n ulps. The zero value is an empty sum.
type CompensatedSum struct{ s, c float64 }

// Add adds x to the sum.
func (n *CompensatedSum) Add(x float64) {
	t := n.s + x
	if math.Abs(n.s) >= math.Abs(x) {
		n.c += (n.s - t) + x
	} else {
		n.c += (x - t) + n.s
	}
	n.s = t
}

// Value returns the sum.
func (n *CompensatedSum) Value() float64 { return n.s + n.c }
