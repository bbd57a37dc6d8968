package quadrature

import "math"

// neumaier is a compensated (Kahan–Babuška–Neumaier) running sum.
type neumaier struct{ s, c float64 }

func (n *neumaier) add(x float64) {
	t := n.s + x
	if math.Abs(n.s) >= math.Abs(x) {
		n.c += (n.s - t) + x
	} else {
		n.c += (x - t) + n.s
	}
	n.s = t
}

func (n *neumaier) value() float64 { return n.s + n.c }
