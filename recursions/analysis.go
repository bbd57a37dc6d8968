package recursions

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"critcalc/calc"
	"critcalc/hermite"
)

// Analysis is the critical analysis of one activation.
type Analysis struct {
	// ScaleInvariant is non-nil for σ = a₊z (z ≥ 0), a₋z (z < 0).
	ScaleInvariant *ScaleInvariant
	// Taylor is non-nil when σ is analytic at 0.
	Taylor *KZero
	// Kinked is non-nil when σ(0) = 0 and σ has a kink at 0 (ELU, SELU,
	// softsign): the K* → 0 limit at leading kinked-linear order.
	Kinked *Kinked
	// Points lists the critical points in increasing K*: the K* = 0 limit
	// when the K* = 0 class applies, then every root of R(K) on (0, kmax],
	// physical or not. A scale-invariant σ has no entry here (its critical
	// point is a line of fixed points).
	Points []CriticalPoint
	// Classes lists the classes of the physical critical points:
	// ClassScaleInvariant; or ClassKZero or ClassKinkedLinear, then
	// ClassHalfStable. It is empty when σ has none (printed "none").
	Classes Classes
	// Reason explains, when Classes is empty, why σ has no physical
	// critical point.
	Reason string
	// Limit says, when the Gaussian averages leave float64 (or diverge)
	// above some K below the kmax asked for, that K was searched only up to
	// there; it is empty otherwise.
	Limit string
}

// Analyze runs the critical analysis of σ with K* searched on (0, kmax].
func Analyze(sigma calc.Expr, kmax float64) (*Analysis, error) {
	an, err := Prepare(sigma).analyze(kmax, analysisHooks{})
	return an, err
}

// analysisHooks start work on what an analysis has found while it goes
// on (AnalyzeDigits's refinement of the roots); nil members are skipped.
type analysisHooks struct {
	// scanned is called with the activation once the scan table of kmax
	// is made, before the roots of R(K) are refined from it.
	scanned func(a *Activation, kmax float64)
	// found is called with the activation and the roots of R(K) on
	// (0, kmax] as soon as they are known, before the other fixed points
	// at each physical one are searched for.
	found func(a *Activation, pts []CriticalPoint)
}

// analyze is Analyze of the prepared σ, calling the hooks h on the way.
func (p *Prepared) analyze(kmax float64, h analysisHooks) (*Analysis, error) {
	sigma := p.sigma
	an := &Analysis{}
	// A σ that oscillates too fast is refused before its scans, which
	// would take minutes (sin(50x): 40 s at kmax = 100).
	if err := CheckAnalysisOscillation(sigma, kmax); err != nil {
		return nil, err
	}
	p.waitScans()
	if p.siErr != nil {
		return nil, p.siErr
	}
	if p.isSI {
		si := p.si
		an.ScaleInvariant = &si
		an.Classes = Classes{ClassScaleInvariant}
		return an, nil
	}
	// The scan table is computed while the K* = 0 class is worked out: the
	// two share nothing but the expression.
	a, scanErr := p.a, p.scanErr
	prepared := make(chan struct{})
	go func() {
		defer close(prepared)
		if scanErr == nil {
			_, _ = a.scanTable(kmax) // kept, error and all, for CriticalPoints
		}
	}()
	defer func() { <-prepared }()
	var reasons []string
	kz, ok, err := KZeroOf(sigma, scanDigits)
	if err != nil {
		return nil, err
	}
	if ok {
		an.Taylor = &kz
		if kz.OK {
			an.Classes = append(an.Classes, ClassKZero)
			an.Points = append(an.Points, kZeroPoint(kz))
		} else {
			reasons = append(reasons, kz.Reason)
		}
	} else {
		kl, ok, err := KinkedOf(sigma, scanDigits)
		if err != nil {
			return nil, err
		}
		if ok {
			an.Kinked = &kl
			an.Classes = append(an.Classes, ClassKinkedLinear)
			an.Points = append(an.Points, CriticalPoint{CW: kl.CW.Float64(), Physical: true, A32: kl.A32.Float64(), Class: ClassKinkedLinear, Stability: kl.Stability})
		} else {
			reasons = append(reasons, noSeriesReason(sigma))
		}
	}
	<-prepared
	if scanErr != nil {
		return nil, scanErr
	}
	p.wait()
	if p.restErr != nil {
		return nil, p.restErr
	}
	if h.scanned != nil {
		h.scanned(a, kmax)
	}
	pts, err := a.CriticalPoints(kmax)
	if errors.Is(err, hermite.ErrOverflow) {
		// exp(x): ⟨zσσ'⟩ = 2Ke^{2K} is a double up to K ≈ 354, but its
		// integrand leaves float64 at the tail cut from K ≈ 121 on.
		reach, beyond, rerr := a.overflowFree(kmax)
		if rerr != nil {
			return nil, fmt.Errorf("%w (and %w)", err, rerr)
		}
		an.Limit = fmt.Sprintf("K searched on (0, %g] only: above, the Gaussian averages %s", reach, beyond)
		kmax = reach
		pts, err = a.CriticalPoints(kmax)
	}
	if err != nil {
		return nil, err
	}
	if h.found != nil {
		h.found(a, pts)
	}
	physical := 0
	for i, p := range pts {
		if !p.Physical {
			continue
		}
		physical++
		if pts[i].Others, err = a.otherFixedPoints(p, kmax); err != nil {
			return nil, err
		}
	}
	an.Points = append(an.Points, pts...)
	switch {
	case physical > 0:
		an.Classes = append(an.Classes, ClassHalfStable)
	case len(pts) > 0:
		reasons = append(reasons, fmt.Sprintf("every root of 2K²⟨σ'²⟩/⟨σ²(z²−K)⟩ = 1 on (0, %g] has C_b < 0", kmax))
	default:
		reasons = append(reasons, fmt.Sprintf("2K²⟨σ'²⟩/⟨σ²(z²−K)⟩ ≠ 1 on (0, %g] (5.73)", kmax))
	}
	if len(an.Classes) == 0 {
		an.Reason = strings.Join(reasons, "; ")
	}
	return an, nil
}

// noSeriesReason says why σ, without a Taylor series at 0, is in neither
// the K* = 0 class nor the kinked-linear class: a branch point at 0 (no
// one-sided series either), or a kink without the slope the kinked-linear
// class needs.
func noSeriesReason(sigma calc.Expr) string {
	ks, err := calc.Kinks(sigma)
	if err == nil {
		for _, k := range ks {
			if k.X == 0 && k.Branch() {
				return "σ has no power series on one side of 0 at least (a non-integer power or a square root of a quantity that vanishes there), so neither the K* = 0 class nor the kinked-linear class applies"
			}
		}
	}
	return "σ has a kink at 0 and no slope there, so there is no K* = 0 class"
}

// overflowFree returns the largest K ≤ kmax, to three digits and rounded
// down, at which the scan averages stay within float64 (they overflow at
// kmax), by bisection in log K from the bottom of the scan grid, and what
// happens above it: "leave the float64 range", or "diverge" where the
// integral's tail test fails first (exp(x) at K = 1e4, where e^{2K} is far
// beyond float64).
func (a *Activation) overflowFree(kmax float64) (float64, string, error) {
	m, err := a.scanAverages()
	if err != nil {
		return 0, "", err
	}
	beyond := ""
	ok := func(K float64) (bool, error) {
		_, err := m.AtTol(K, hermite.ScanRelTol)
		switch {
		case errors.Is(err, hermite.ErrOverflow):
			beyond = "leave the float64 range"
			return false, nil
		case errors.Is(err, hermite.ErrDiverges):
			beyond = "diverge"
			return false, nil
		}
		return err == nil, err
	}
	lo, hi := kmax*scanLo, kmax
	if good, err := ok(lo); err != nil {
		return 0, "", fmt.Errorf("recursions: the scan averages at K = %g: %w", lo, err)
	} else if !good {
		return 0, "", fmt.Errorf("recursions: the scan averages %s already at K = %g", beyond, lo)
	}
	for hi/lo > 1+1e-4 {
		mid := math.Sqrt(lo * hi)
		good, err := ok(mid)
		if err != nil {
			return 0, "", fmt.Errorf("recursions: the scan averages at K = %g: %w", mid, err)
		}
		if good {
			lo = mid
		} else {
			hi = mid
		}
	}
	if _, err := ok(hi); err != nil {
		return 0, "", err
	}
	unit := math.Pow(10, math.Floor(math.Log10(lo))-2)
	return math.Floor(lo/unit) * unit, beyond, nil
}

// otherFixedPoints returns the fixed points of K → C_b + C_W g(K) on
// [0, kmax] at the hyperparameters of the critical point p, other than K*
// itself: PDLT's "trivial" fixed points at the half-critical (C_b, C_W).
// K* is a tangent root of the fixed-point equation there, and is not
// searched for again.
func (a *Activation) otherFixedPoints(p CriticalPoint, kmax float64) ([]FixedPoint, error) {
	set, err := a.fixedPoints(p.Cb, p.CW, kmax, p.K)
	if err != nil {
		return nil, fmt.Errorf("recursions: fixed points at the critical point K* = %g: %w", p.K, err)
	}
	var others []FixedPoint
	for _, q := range set.Points {
		if math.Abs(q.K-p.K) > 1e-6*p.K {
			others = append(others, q)
		}
	}
	return others, nil
}

// kZeroPoint is the K* = 0 critical point of the class kz.
func kZeroPoint(kz KZero) CriticalPoint {
	p := CriticalPoint{CW: kz.CW.Float64(), Physical: true, A1: kz.A1.Float64(), Class: ClassKZero}
	switch {
	case p.A1 < 0:
		p.Stability = Stable
	case p.A1 > 0:
		p.Stability = Unstable
	default:
		p.Stability = Marginal
	}
	return p
}
