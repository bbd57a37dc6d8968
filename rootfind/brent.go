package rootfind

import (
	"errors"
	"fmt"
	"math"
)

// ErrNoSignChange is the cause of Brent's error for a bracket whose ends
// have the same sign.
var ErrNoSignChange = errors.New("no sign change")

// maxIter bounds Brent's iterations; bisection alone needs about 2100 to
// shrink any float64 bracket to one ulp, interpolation far fewer.
const maxIter = 200

// Brent returns a zero of f in [a, b], given fa = f(a) and fb = f(b) of
// opposite signs (or one of them zero), to an absolute tolerance of tol
// plus four ulps of the root (Brent, Algorithms for Minimization without
// Derivatives, 1973, ch. 4: inverse quadratic interpolation and secant
// steps, safeguarded by bisection). An error of f stops the search and is
// returned.
func Brent(f func(float64) (float64, error), a, b, fa, fb, tol float64) (float64, error) {
	if fa == 0 {
		return a, nil
	}
	if fb == 0 {
		return b, nil
	}
	if math.Signbit(fa) == math.Signbit(fb) {
		return 0, fmt.Errorf("%w on [%g, %g]", ErrNoSignChange, a, b)
	}
	c, fc := a, fa
	d := b - a
	e := d
	for range maxIter {
		if math.Signbit(fb) == math.Signbit(fc) {
			c, fc = a, fa
			d = b - a
			e = d
		}
		if math.Abs(fc) < math.Abs(fb) {
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		t := 2*0x1p-52*math.Abs(b) + tol/2 + 1e-300
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
				q0, r := fa/fc, fb/fc
				p = s * (2*m*q0*(q0-r) - (b-a)*(r-1))
				q = (q0 - 1) * (r - 1) * (s - 1)
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
		switch {
		case math.Abs(d) > t:
			b += d
		case m > 0:
			b += t
		default:
			b -= t
		}
		var err error
		if fb, err = f(b); err != nil {
			return 0, err
		}
	}
	return b, nil
}
