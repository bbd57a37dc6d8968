package quadrature

import (
	"fmt"
	"math"
	"math/big"
)

// deMaxLevelBig is the finest level of IntegrateBig: the step is
// 2^−deMaxLevelBig.
const deMaxLevelBig = 10

// deGuardBig is the number of guard bits of the working precision of
// IntegrateBig.
const deGuardBig = 32

// IntegrateBig is Integrate in big.Float arithmetic: it computes ∫_a^b f(x) dx
// where a == nil (or −Inf) and b == nil (or +Inf) denote infinite end points.
// prec (MinPrec ≤ prec ≤ MaxPrec) is the precision of the result; nodes and
// sums use prec+32 bits, and f receives a fresh abscissa at that precision
// for every call (f may keep it). The tolerances are as for Integrate; nil
// means zero, and at least one must be positive. The rounding floor of the
// estimate is 4·2^−prec·∫|f|, so f should be accurate to about prec bits.
// Nodes are computed once per precision and level and cached.
//
// Errors are those of Integrate (the finest level is also 10), with +Inf or
// −Inf as the non-finite values, plus errors returned by f, wrapped with the
// abscissa.
func IntegrateBig(f func(x *big.Float) (*big.Float, error), a, b *big.Float, prec uint, relTol, absTol *big.Float) (*BigResult, error) {
	return integrateBig(f, a, b, prec, relTol, absTol, deMaxLevelBig)
}

// bigDEMap maps the transformed abscissae to the interval.
type bigDEMap struct {
	kind   deKind
	a, b   *big.Float // finite end points
	hw     *big.Float // half-width for tanh-sinh, nil otherwise
	mirror bool       // exp-sinh on (−∞, b]
	wp     uint
}

// point returns the abscissa for the transformed offset off on side p
// (t > 0) or n (t < 0), and false once it reaches an end point.
func (m *bigDEMap) point(off *big.Float, positive bool) (*big.Float, bool) {
	x := newFloat(m.wp)
	switch m.kind {
	case tanhSinh:
		x.Mul(m.hw, off)
		if positive {
			x.Sub(m.b, x)
		} else {
			x.Add(m.a, x)
		}
		return x, x.Cmp(m.a) > 0 && x.Cmp(m.b) < 0
	case expSinh:
		if m.mirror {
			x.Sub(m.b, off)
			return x, x.Cmp(m.b) < 0
		}
		x.Add(m.a, off)
		return x, x.Cmp(m.a) > 0
	default:
		return x.Set(off), true
	}
}

// bigDESide is deSide with big.Float accumulators.
type bigDESide struct {
	tSig  float64
	tStop float64
	stop  *big.Float
	negl  *big.Float
	tOut  float64
	rem   *big.Float
}

// addBig sets z to z+x, skipping an x too small to change z: big.Float
// aligns the operands of an addition exactly, which for exponents far apart
// (terms like e^{−10⁷}) would take time and memory proportional to the gap.
func addBig(z, x *big.Float) {
	if x.Sign() == 0 {
		return
	}
	if z.Sign() != 0 && x.MantExp(nil) < z.MantExp(nil)-int(z.Prec())-2 {
		return
	}
	z.Add(z, x)
}

// isInfinite reports whether the end point x denotes an infinity of the
// given sign.
func isInfinite(x *big.Float, sign int) bool {
	return x == nil || (x.IsInf() && x.Sign() == sign)
}

// log2Abs returns log₂|x|, or −Inf for x = 0.
func log2Abs(x *big.Float) float64 {
	if x.Sign() == 0 {
		return math.Inf(-1)
	}
	mant := new(big.Float)
	e := x.MantExp(mant)
	mf, _ := mant.Float64()
	return float64(e) + math.Log2(math.Abs(mf))
}

// exp2Big returns 2^e as a 64-bit big.Float (0 for e = −Inf).
func exp2Big(e float64) *big.Float {
	if math.IsInf(e, -1) {
		return newFloat(64)
	}
	fl := math.Floor(e)
	v := newFloat(64).SetFloat64(math.Exp2(e - fl))
	return v.SetMantExp(v, int(fl))
}

func integrateBig(f func(x *big.Float) (*big.Float, error), a, b *big.Float, prec uint, relTol, absTol *big.Float, maxLevel int) (*BigResult, error) {
	if prec < MinPrec || prec > MaxPrec {
		return nil, precError(prec)
	}
	aInf, bInf := isInfinite(a, -1), isInfinite(b, 1)
	if (!aInf && a.IsInf()) || (!bInf && b.IsInf()) || (!aInf && !bInf && a.Cmp(b) > 0) {
		return nil, fmt.Errorf("%w: [%v, %v]", ErrInterval, a, b)
	}
	rt, at := newFloat(64), newFloat(64)
	if relTol != nil {
		rt.Set(relTol)
	}
	if absTol != nil {
		at.Set(absTol)
	}
	if rt.Sign() < 0 || at.Sign() < 0 || rt.IsInf() || at.IsInf() || (rt.Sign() == 0 && at.Sign() == 0) {
		return nil, fmt.Errorf("%w: relTol = %v, absTol = %v", ErrTolerance, relTol, absTol)
	}
	if !aInf && !bInf && a.Cmp(b) == 0 {
		return &BigResult{Value: newFloat(prec), AbsErr: newFloat(64)}, nil
	}
	wp := prec + deGuardBig
	m := bigDEMap{wp: wp}
	switch {
	case aInf && bInf:
		m.kind = sinhSinh
	case bInf:
		m.kind, m.a = expSinh, newFloat(wp).Set(a)
	case aInf:
		m.kind, m.b, m.mirror = expSinh, newFloat(wp).Set(b), true
	default:
		m.kind = tanhSinh
		m.a, m.b = newFloat(wp).Set(a), newFloat(wp).Set(b)
		m.hw = newFloat(wp).Sub(m.b, m.a)
		m.hw.SetMantExp(m.hw, -1)
	}
	negligibleBits := int(wp) + 10

	sum := newFloat(wp)
	abssum := newFloat(64)
	var sides [2]bigDESide
	for i := range sides {
		sides[i] = bigDESide{tStop: math.Inf(1), stop: newFloat(64), negl: newFloat(64), rem: newFloat(64)}
	}
	evals := 0
	// eval returns the term at transformed offset off with weight w; ok is
	// false when the abscissa has reached an end point, or when f is
	// infinite there and inTail is set.
	eval := func(off, w *big.Float, positive, inTail bool) (term *big.Float, ok bool, err error) {
		x, ok := m.point(off, positive)
		if !ok {
			return nil, false, nil
		}
		fx, err := f(x)
		evals++
		if err != nil {
			return nil, false, fmt.Errorf("quadrature: integrand at x = %s: %w", x.Text('g', 25), err)
		}
		if fx == nil {
			return nil, false, fmt.Errorf("quadrature: integrand returned nil at x = %s", x.Text('g', 25))
		}
		if fx.IsInf() {
			if inTail {
				return nil, false, nil
			}
			return nil, false, &NonFiniteError{BigX: x, Value: math.Inf(fx.Sign())}
		}
		term = newFloat(wp).Mul(w, fx)
		if m.hw != nil {
			term.Mul(term, m.hw)
		}
		addBig(sum, term)
		addBig(abssum, newFloat(64).Abs(term))
		return term, true, nil
	}
	// significant reports whether term is not negligible relative to Σ|w·f|.
	significant := func(term *big.Float) bool {
		if term.Sign() == 0 {
			return false
		}
		return abssum.Sign() == 0 || term.MantExp(nil) >= abssum.MantExp(nil)-negligibleBits
	}
	c := bigDECenter(m.kind, wp)
	centerTerm, _, err := eval(c.xp, c.wp, true, false)
	if err != nil {
		return nil, err
	}
	centerOff := newFloat(64).SetInt64(1)

	var hist [3]*big.Float // S_k, S_{k−1}, S_{k−2}
	var res *BigResult
	for k := 0; k <= maxLevel; k++ {
		nodes := bigDELevel(m.kind, wp, k)
		for sd, positive := range [2]bool{true, false} {
			s := &sides[sd]
			small := 0 // length of the current run of negligible terms
			var firstT float64
			var firstTerm *big.Float
			lastT, lastTerm, lastOff, lastW := 0.0, centerTerm, centerOff, c.wp
			negligible := false
			for i, nd := range nodes {
				t := deNodeT(k, i)
				if t > s.tStop {
					negligible, lastTerm = true, s.stop
					break
				}
				off, w := nd.xp, nd.wp
				if !positive {
					off, w = nd.xn, nd.wn
				}
				term, ok, err := eval(off, w, positive, small > 0)
				if err != nil {
					return nil, err
				}
				if !ok {
					negligible = small > 0
					if negligible && firstT < s.tStop {
						s.tStop, s.stop = firstT, firstTerm
					}
					break
				}
				lastT, lastTerm, lastOff, lastW = t, term, off, w
				switch {
				case significant(term):
					small = 0
					s.tSig = math.Max(s.tSig, t)
				case t > s.tSig:
					if small++; small == 1 {
						firstT, firstTerm = t, newFloat(64).Abs(term)
					}
					negligible = small == 2 || k > 0 || (term.Sign() == 0 && abssum.Sign() != 0)
				}
				if negligible {
					if firstT < s.tStop {
						s.tStop, s.stop = firstT, firstTerm
					}
					break
				}
			}
			switch {
			case negligible:
				s.negl.Add(s.negl, newFloat(64).Abs(lastTerm))
			case lastT >= s.tOut:
				s.tOut = lastT
				r := newFloat(64).Mul(lastTerm, lastOff)
				r.Quo(r, lastW)
				r.Abs(r)
				s.rem = r.SetMantExp(r, 1)
			}
		}
		hist[2], hist[1] = hist[1], hist[0]
		hist[0] = newFloat(wp).SetMantExp(sum, -k)
		v := hist[0]
		scale := newFloat(64).SetMantExp(abssum, -k)
		res = &BigResult{Value: newFloat(prec).Set(v), AbsErr: newFloat(64), Evals: evals}
		if k < deMinLevel {
			continue
		}
		floor := newFloat(64).SetMantExp(scale, -int(prec))
		floor.Mul(floor, newFloat(64).SetInt64(deRoundoffFactor))
		diff := newFloat(64)
		if scale.Sign() > 0 {
			ls := log2Abs(scale)
			l1 := log2Abs(newFloat(wp).Sub(v, hist[1])) - ls
			l2 := log2Abs(newFloat(wp).Sub(v, hist[2])) - ls
			diff.Mul(scale, exp2Big(deErrorLog2(l1, l2)))
		}
		tail := newFloat(64).Add(sides[0].negl, sides[1].negl)
		tail.SetMantExp(tail, 1-k)
		tail.Add(tail, sides[0].rem)
		tail.Add(tail, sides[1].rem)
		res.AbsErr.Add(diff, tail)
		res.AbsErr.Add(res.AbsErr, floor)
		tol := newFloat(64).Mul(rt, newFloat(64).Abs(v))
		if tol.Cmp(at) < 0 {
			tol.Set(at)
		}
		if res.AbsErr.Cmp(tol) <= 0 {
			return res, nil
		}
		if newFloat(64).Add(diff, tail).Cmp(floor) <= 0 {
			return res, bigNotConverged(res, tol, k, true)
		}
	}
	tol := newFloat(64).Mul(rt, newFloat(64).Abs(res.Value))
	if tol.Cmp(at) < 0 {
		tol.Set(at)
	}
	return res, bigNotConverged(res, tol, maxLevel, false)
}

func bigNotConverged(res *BigResult, tol *big.Float, level int, roundoff bool) *NotConvergedError {
	v, _ := res.Value.Float64()
	e, acc := res.AbsErr.Float64()
	if acc == big.Below {
		e = math.Nextafter(e, math.Inf(1))
	}
	t, _ := tol.Float64()
	return &NotConvergedError{Value: v, AbsErr: e, BigAbsErr: newFloat(64).Set(res.AbsErr), Tol: t,
		Level: level, Evals: res.Evals, RoundoffLimited: roundoff}
}
