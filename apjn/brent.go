package apjn

import (
	"fmt"
	"math"
)

// brent returns a root of f in [a, b], where f(a) and f(b) have opposite
// signs (or one is zero), to an absolute tolerance of tol plus four ulps of the
// root (Brent, Algorithms for Minimization without Derivatives, ch. 4).
func brent(f func(float64) (float64, error), a, b, fa, fb, tol float64) (float64, error) {
	if fa == 0 {
		return a, nil
	}
	if fb == 0 {
		return b, nil
	}
	if math.Signbit(fa) == math.Signbit(fb) {
		return 0, fmt.Errorf("apjn: no sign change on [%g, %g]", a, b)
	}
	c, fc := a, fa
	d := b - a
	e := d
	for iter := 0; iter < 200; iter++ {
		if math.Signbit(fb) == math.Signbit(fc) {
			c, fc = a, fa
			d = b - a
			e = d
		}
		if math.Abs(fc) < math.Abs(fb) {
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		t := 2*0x1p-52*math.Abs(b) + tol/2
		m := (c - b) / 2
		if math.Abs(m) <= t || fb == 0 {
			return b, nil
		}
		if math.Abs(e) < t || math.Abs(fa) <= math.Abs(fb) {
			d, e = m, m
		} else {
			s := fb / fa
			var p, q float64
			if a == c {
				p, q = 2*m*s, 1-s
			} else {
				q, r := fa/fc, fb/fc
				p = s * (2*m*q*(q-r) - (b-a)*(r-1))
				q = (q - 1) * (r - 1) * (s - 1)
			}
			if p > 0 {
				q = -q
			} else {
				p = -p
			}
			if 2*p < 3*m*q-math.Abs(t*q) && p < math.Abs(e*q/2) {
				e, d = d, p/q
			} else {
				d, e = m, m
			}
		}
		a, fa = b, fb
		if math.Abs(d) > t {
			b += d
		} else if m > 0 {
			b += t
		} else {
			b -= t
		}
		var err error
		if fb, err = f(b); err != nil {
			return 0, err
		}
	}
	return b, nil
}
