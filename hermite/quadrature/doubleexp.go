package quadrature

import (
	"fmt"
	"math"
)

// deNegligible64 is the ratio to Σ|w·f| below which a term is negligible.
// Beyond the last non-negligible term of all levels so far, two negligible
// terms in a row, or one that is exactly zero, end the sum in that
// direction.
const deNegligible64 = 0x1p-66

// deMap64 maps the transformed abscissae to the interval.
type deMap64 struct {
	kind   deKind
	a, b   float64 // finite end points (a for [a, ∞), b for (−∞, b])
	hw     float64 // half-width for tanh-sinh, 1 otherwise
	mirror bool    // exp-sinh on (−∞, b]
}

// point returns the abscissa for the transformed offset off on side p
// (t > 0) or n (t < 0), and false once it reaches an end point.
func (m *deMap64) point(off float64, positive bool) (float64, bool) {
	switch m.kind {
	case tanhSinh:
		var x float64
		if positive {
			x = m.b - m.hw*off
		} else {
			x = m.a + m.hw*off
		}
		return x, x > m.a && x < m.b
	case expSinh:
		if m.mirror {
			x := m.b - off
			return x, x < m.b && !math.IsInf(x, 0)
		}
		x := m.a + off
		return x, x > m.a && !math.IsInf(x, 0)
	default:
		return off, !math.IsInf(off, 0)
	}
}

// Integrate computes ∫_a^b f(x) dx by double-exponential quadrature
// (Takahasi & Mori 1974): tanh-sinh for finite [a, b], exp-sinh for
// [a, +Inf) and (−Inf, b], sinh-sinh for (−Inf, +Inf). The trapezoidal step
// h = 2^−k is halved level by level, k = 0, …, 10, reusing all earlier
// evaluations, until the estimated error is at most max(relTol·|value|,
// absTol), tested from k = 4 on; at least one tolerance must be positive,
// and absTol is the floor to give for integrals that may vanish. f is never
// evaluated at a finite end point, so integrable end point singularities
// are allowed. The transformations are unscaled: integrands whose mass lies
// far from unit scale (a Gaussian weight of standard deviation σ ≫ 1 or
// ≪ 1) converge faster after the substitution x = μ + σ·y.
//
// The estimated error (Result.AbsErr) is the sum of an extrapolation from
// the differences of the last three levels (see the package documentation),
// of the truncation of the infinite trapezoidal sums, and of a rounding
// floor of 4ε·∫|f|, ε = 2^−53.
//
// Errors: ErrInterval for a > b or NaN end points (a == b gives 0),
// ErrTolerance, *NonFiniteError when f returns NaN or ±Inf, and
// *NotConvergedError, returned together with the best Result, when the
// tolerance is not met at level 10 or rounding errors prevent meeting it. A
// non-finite value right after a negligible term, far out in the tail of a
// sum (typically Inf·0 from an overflowing factor times an underflowing
// Gaussian), ends that sum instead of being an error.
func Integrate(f func(float64) float64, a, b float64, relTol, absTol float64) (Result, error) {
	return integrate64(f, a, b, relTol, absTol, deMaxLevel64)
}

// deSide holds, for one direction of the trapezoidal sum (t > 0 or t < 0),
// what the truncation of the sum and its error estimate need.
type deSide struct {
	tSig  float64 // largest t of a term that was not negligible when added
	tStop float64 // smallest t starting a run of negligible terms that ended a sum (+Inf if none)
	stop  float64 // |term| at tStop
	negl  float64 // Σ of |last term| of the sums ended on negligible terms
	tOut  float64 // largest t evaluated in a sum ended by an end point or the table
	rem   float64 // estimated integral beyond tOut
}

// deNodeT returns t = j·2^−k of the i-th node of level k.
func deNodeT(k, i int) float64 {
	if k == 0 {
		return float64(i + 1)
	}
	return math.Ldexp(float64(2*i+1), -k)
}

func integrate64(f func(float64) float64, a, b, relTol, absTol float64, maxLevel int) (Result, error) {
	if math.IsNaN(a) || math.IsNaN(b) || a > b || (a == b && math.IsInf(a, 0)) {
		return Result{}, fmt.Errorf("%w: [%g, %g]", ErrInterval, a, b)
	}
	if !(relTol >= 0) || !(absTol >= 0) || (relTol == 0 && absTol == 0) {
		return Result{}, fmt.Errorf("%w: relTol = %g, absTol = %g", ErrTolerance, relTol, absTol)
	}
	if a == b {
		return Result{}, nil
	}
	m := deMap64{a: a, b: b, hw: 1}
	switch {
	case math.IsInf(a, -1) && math.IsInf(b, 1):
		m.kind = sinhSinh
	case math.IsInf(b, 1):
		m.kind = expSinh
	case math.IsInf(a, -1):
		m.kind, m.mirror = expSinh, true
	default:
		m.kind = tanhSinh
		m.hw = b/2 - a/2
	}
	tb := getDETable64(m.kind)

	var sum neumaier
	var abssum float64
	sides := [2]deSide{{tStop: math.Inf(1)}, {tStop: math.Inf(1)}}
	evals := 0
	// eval returns the term at transformed offset off with weight w; ok is
	// false when the abscissa has reached an end point, or when f is not
	// finite there and inTail is set.
	eval := func(off, w float64, positive, inTail bool) (term float64, ok bool, err error) {
		x, ok := m.point(off, positive)
		if !ok {
			return 0, false, nil
		}
		fx := f(x)
		evals++
		if math.IsNaN(fx) || math.IsInf(fx, 0) {
			if inTail {
				return 0, false, nil
			}
			return 0, false, &NonFiniteError{X: x, Value: fx}
		}
		term = w * m.hw * fx
		sum.add(term)
		abssum += math.Abs(term)
		return term, true, nil
	}
	// The center node; its distance to the ends is 1 (times hw).
	c := tb.center
	centerTerm, _, err := eval(c.xp, c.wp, true, false)
	if err != nil {
		return Result{}, err
	}
	centerOff := 1.0

	var hist [3]float64 // S_k, S_{k−1}, S_{k−2}
	var res Result
	for k := 0; k <= maxLevel; k++ {
		for sd, positive := range [2]bool{true, false} {
			s := &sides[sd]
			small := 0 // length of the current run of negligible terms
			firstT, firstTerm := 0.0, 0.0
			lastT, lastTerm, lastOff, lastW := 0.0, centerTerm, centerOff, c.wp
			negligible := false
			for i, nd := range tb.levels[k] {
				t := deNodeT(k, i)
				if t > s.tStop {
					// Earlier levels found the sum negligible from tStop on.
					negligible, lastTerm = true, s.stop
					break
				}
				off, w := nd.xp, nd.wp
				if !positive {
					off, w = nd.xn, nd.wn
				}
				term, ok, err := eval(off, w, positive, small > 0)
				if err != nil {
					return Result{}, err
				}
				if !ok {
					// An end point, or a non-finite value after a negligible term.
					negligible = small > 0
					if negligible && firstT < s.tStop {
						s.tStop, s.stop = firstT, firstTerm
					}
					break
				}
				lastT, lastTerm, lastOff, lastW = t, term, off, w
				switch {
				case math.Abs(term) > deNegligible64*abssum:
					small = 0
					s.tSig = math.Max(s.tSig, t)
				case t > s.tSig:
					if small++; small == 1 {
						firstT, firstTerm = t, math.Abs(term)
					}
					negligible = small == 2 || k > 0 || (term == 0 && abssum > 0)
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
				s.negl += math.Abs(lastTerm)
			case lastT >= s.tOut:
				s.tOut = lastT
				s.rem = 2 * math.Abs(lastTerm*lastOff/lastW)
			}
		}
		h := math.Ldexp(1, -k)
		hist[2], hist[1], hist[0] = hist[1], hist[0], h*sum.value()
		v := hist[0]
		scale := h * abssum
		res = Result{Value: v, Evals: evals}
		if k < deMinLevel {
			continue
		}
		floor := deRoundoffFactor * 0x1p-53 * scale
		var diff float64
		if scale > 0 {
			l1 := math.Log2(math.Abs(v-hist[1]) / scale)
			l2 := math.Log2(math.Abs(v-hist[2]) / scale)
			diff = scale * math.Exp2(deErrorLog2(l1, l2))
		}
		tail := 2*h*(sides[0].negl+sides[1].negl) + sides[0].rem + sides[1].rem
		res.AbsErr = diff + tail + floor
		tol := math.Max(relTol*math.Abs(v), absTol)
		if res.AbsErr <= tol {
			return res, nil
		}
		if diff+tail <= floor {
			return res, &NotConvergedError{Value: v, AbsErr: res.AbsErr, Tol: tol, Level: k, Evals: evals, RoundoffLimited: true}
		}
	}
	tol := math.Max(relTol*math.Abs(res.Value), absTol)
	return res, &NotConvergedError{Value: res.Value, AbsErr: res.AbsErr, Tol: tol, Level: maxLevel, Evals: evals}
}
