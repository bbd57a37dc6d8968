package recursions

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// Phase labels of a fixed point, from χ⊥.
const (
	Ordered  = "ordered"
	Chaotic  = "chaotic"
	Critical = "critical"
)

// unitTol is how close to 1 a susceptibility must be to count as 1.
const unitTol = 1e-9

// fixedNearTol is the largest relative residual |(C_b + C_W g(K))/K − 1|
// at a local minimum that counts as a (near-)tangent fixed point.
const fixedNearTol = 1e-9

// FixedPoint is a fixed point K* = C_b + C_W g(K*) of the recursion.
type FixedPoint struct {
	K       float64
	ChiPar  float64 // χ∥(K*) (5.50)
	ChiPerp float64 // χ⊥(K*) (5.51)
	// A1 is ã₁ = ½C_W g''(K*), the curvature that decides a marginal point
	// (K* > 0 only; 0 otherwise).
	A1 float64
	// Stability is Stable (|χ∥| < 1), Unstable (|χ∥| > 1) or, for χ∥ = 1,
	// HalfStableFromBelow / HalfStableFromAbove by the sign of ã₁, or Marginal.
	Stability Stability
	// Phase is Ordered (χ⊥ < 1), Chaotic (χ⊥ > 1) or Critical (χ⊥ = 1).
	Phase string
	// Xi is the correlation depth 1/|log χ⊥| (+Inf when Phase is Critical).
	Xi float64
	// Tangent reports a double root: C_b + C_W g(K) − K touches zero.
	Tangent bool
}

// FixedPoints is the set of fixed points for given (C_b, C_W).
type FixedPoints struct {
	Points []FixedPoint
	// Line reports that every K ≥ 0 is a fixed point (a scale-invariant
	// σ at its critical point (0, 1/A₂), (5.66)); Points is then empty.
	Line bool
}

// FixedPoints returns every fixed point K* in [0, kmax] of
// K = C_b + C_W g(K): sign changes of the relative residual
// (C_b + C_W g(K))/K − 1 on a scan grid refined by Brent's method, and
// near-tangencies (local minima of its magnitude below 1e-9) refined where
// χ∥ = 1. K = 0 is a fixed point iff C_b = 0 and σ(0) = 0.
func (a *Activation) FixedPoints(cb, cw, kmax float64) (FixedPoints, error) {
	return a.fixedPoints(cb, cw, kmax, 0)
}

// fixedPoints is FixedPoints with a tangent root already known (known > 0,
// the critical point K* of (C_b, C_W)), which is not searched for again
// and is missing from the set (findRoots).
func (a *Activation) fixedPoints(cb, cw, kmax, known float64) (FixedPoints, error) {
	if !(kmax > 0) || math.IsInf(kmax, 0) {
		return FixedPoints{}, fmt.Errorf("recursions: kmax must be positive and finite, got %g", kmax)
	}
	if !(cb >= 0) || !(cw > 0) || math.IsInf(cb, 0) || math.IsInf(cw, 0) {
		return FixedPoints{}, fmt.Errorf("recursions: need C_b ≥ 0 and C_W > 0, got (%g, %g)", cb, cw)
	}
	si, isSI, err := a.scaleInvariant()
	if err != nil {
		return FixedPoints{}, err
	}
	var set FixedPoints
	if cb == 0 && calc.EvalFloat(a.Sigma, 0) == 0 {
		p, err := a.fixedPointAtZero(cw)
		if err != nil {
			return FixedPoints{}, err
		}
		set.Points = append(set.Points, p)
	}
	if isSI {
		chi := si.A2.Float64() * cw
		switch {
		case math.Abs(chi-1) <= unitTol && cb == 0:
			return FixedPoints{Line: true}, nil
		case chi < 1 && cb > 0 && cb/(1-chi) <= kmax:
			p, err := a.fixedPointAt(cb/(1-chi), cw)
			if err != nil {
				return FixedPoints{}, err
			}
			set.Points = append(set.Points, p)
		}
		return set, nil
	}
	roots, err := a.fixedRoots(cb, cw, kmax, known)
	if err != nil {
		return FixedPoints{}, fmt.Errorf("recursions: solving K = C_b + C_W g(K): %w", err)
	}
	for _, r := range roots {
		p, err := a.fixedPointAt(r.X, cw)
		if err != nil {
			return FixedPoints{}, err
		}
		p.Tangent = r.Tangent
		set.Points = append(set.Points, p)
	}
	return set, nil
}

// residuals returns the relative residual r(K) = (C_b + C_W g(K))/K − 1
// of the fixed-point equation and its derivative r'(K) = (χ∥ − 1 − r)/K.
func (a *Activation) residuals(cb, cw float64) (resid, dresid scalarFunc) {
	resid = func(K float64) (float64, error) {
		g, err := a.G(K)
		if err != nil {
			return 0, err
		}
		return (cb+cw*g)/K - 1, nil
	}
	dresid = func(K float64) (float64, error) {
		chi, err := a.ChiParZ(K, cw)
		if err != nil {
			return 0, err
		}
		r, err := resid(K)
		if err != nil {
			return 0, err
		}
		return (chi - 1 - r) / K, nil
	}
	return resid, dresid
}

// fixedRoots returns the roots of the relative residual on (0, kmax]
// but the tangent root known (0 for none): its values and its
// derivative's on the scan grid come from the scan table, r and χ∥ there
// computed as resid and dresid compute them.
func (a *Activation) fixedRoots(cb, cw, kmax, known float64) ([]root, error) {
	resid, dresid := a.residuals(cb, cw)
	r := func(t *scanTable, i int) float64 { return (cb+cw*t.s2[i])/t.xs[i] - 1 }
	xs, ys, err := a.onGrid(kmax, resid, r)
	if err != nil {
		return nil, err
	}
	_, dys, err := a.onGrid(kmax, dresid, func(t *scanTable, i int) float64 {
		K := t.xs[i]
		return (cw/K*t.zssp[i] - 1 - r(t, i)) / K
	})
	if err != nil {
		return nil, err
	}
	return findRoots(resid, dresid, xs, ys, dys, nearTol, fixedNearTol, 0, known)
}

// fixedPointAt classifies the fixed point K > 0.
func (a *Activation) fixedPointAt(K, cw float64) (FixedPoint, error) {
	chiPar, err := a.ChiParZ(K, cw)
	if err != nil {
		return FixedPoint{}, err
	}
	chiPerp, err := a.ChiPerp(K, cw)
	if err != nil {
		return FixedPoint{}, err
	}
	a1, err := a.QuadCoeff(K, cw)
	if err != nil {
		return FixedPoint{}, err
	}
	return classify(K, chiPar, chiPerp, a1), nil
}

// fixedPointAtZero classifies K = 0, where χ∥ = χ⊥ = C_W(σ'(0⁻)² + σ'(0⁺)²)/2
// and, for σ analytic at 0, the curvature is C_Wσ₁²a₁ (5.83).
func (a *Activation) fixedPointAtZero(cw float64) (FixedPoint, error) {
	var s2 float64
	for _, side := range []calc.Side{calc.Below, calc.Above} {
		c, err := calc.TaylorFloat64(a.Sigma, 0, 1, side)
		if err != nil {
			return FixedPoint{}, fmt.Errorf("recursions: slope of σ at 0: %w", err)
		}
		s2 += c[1] * c[1] / 2
	}
	var a1 float64
	if kz, ok, err := KZeroOf(a.Sigma, scanDigits); err != nil {
		return FixedPoint{}, err
	} else if ok && kz.OK {
		a1 = cw * s2 * kz.A1.Float64()
	}
	p := classify(0, cw*s2, cw*s2, a1)
	if p.Stability == HalfStableFromBelow {
		p.Stability = Unstable // only K ≥ 0 exists: repelled
	} else if p.Stability == HalfStableFromAbove {
		p.Stability = Stable
	}
	return p, nil
}

// classify assigns stability, phase and correlation depth.
func classify(K, chiPar, chiPerp, a1 float64) FixedPoint {
	p := FixedPoint{K: K, ChiPar: chiPar, ChiPerp: chiPerp, A1: a1}
	switch {
	case math.Abs(chiPar) < 1-unitTol:
		p.Stability = Stable
	case math.Abs(chiPar) > 1+unitTol:
		p.Stability = Unstable
	case a1 > 0:
		p.Stability = HalfStableFromBelow
	case a1 < 0:
		p.Stability = HalfStableFromAbove
	default:
		p.Stability = Marginal
	}
	switch {
	case chiPerp < 1-unitTol:
		p.Phase = Ordered
	case chiPerp > 1+unitTol:
		p.Phase = Chaotic
	default:
		p.Phase = Critical
	}
	p.Xi = math.Inf(1)
	if p.Phase != Critical {
		p.Xi = 1 / math.Abs(math.Log(chiPerp))
	}
	return p
}
