package recursions

import (
	"fmt"
	"math/big"

	"critcalc/calc"
)

// MaxDigits is the largest number of significant digits AnalyzeDigits
// accepts: calc.MaxDigits, the one range of every command.
const MaxDigits = calc.MaxDigits

// AnalysisDigits is the critical analysis of one activation with its
// critical data to a requested number of significant digits. The float64
// Analysis finds and classifies every critical point; the values here
// refine it.
type AnalysisDigits struct {
	*Analysis
	// Digits is the number of significant digits requested.
	Digits int
	// Points parallels Analysis.Points.
	Points []CriticalDigits
	// Taylor is non-nil when σ is analytic at 0; its class coefficients
	// are set when the K* = 0 class applies (Analysis.Taylor.OK).
	Taylor *KZero
	// ScaleInvariant is non-nil for a scale-invariant σ.
	ScaleInvariant *ScaleInvariant
	// Kinked is non-nil for σ in the kinked-linear class.
	Kinked *Kinked
	// Activation holds σ's prepared averages, with the values at the
	// high-precision nodes that the refinement of the roots computed, for
	// further refinements at the same σ (the other fixed points); nil for
	// a scale-invariant σ.
	Activation *Activation
}

// AnalyzeDigits runs Analyze and then computes every critical point and
// class coefficient to digits significant digits (1 to MaxDigits): each
// root K* > 0 is refined by Newton's method (CriticalDigitsAt), the K* = 0 class comes from
// KZeroOf and the scale-invariant class from ScaleInvariantOf.
// A value keeps only the digits it can certify (calc.Certified.Digits): for
// C_b, C_W and ã₁ those its propagated error bound allows
// (CriticalDigitsAt), for the Taylor quantities those on which two working
// precisions agree.
func AnalyzeDigits(sigma calc.Expr, kmax float64, digits int) (*AnalysisDigits, error) {
	if err := digitsInRange(digits); err != nil {
		return nil, err
	}
	return Prepare(sigma).AnalyzeDigits(kmax, digits)
}

// digitsInRange reports digits outside 1 … MaxDigits.
func digitsInRange(digits int) error {
	if digits < 1 || digits > MaxDigits {
		return fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	}
	return nil
}

// AnalyzeDigits is the package's AnalyzeDigits of the prepared σ.
func (p *Prepared) AnalyzeDigits(kmax float64, digits int) (*AnalysisDigits, error) {
	if err := digitsInRange(digits); err != nil {
		return nil, err
	}
	sigma := p.sigma
	// The roots K* > 0 are refined beside the search for the other fixed
	// points, and what their refinement needs of them to a factor 16 is
	// computed while Brent's method finds them; both are waited for on
	// every path, so that nothing outlives the call.
	var prefetched <-chan struct{}
	var refined *refinement
	an, err := p.analyze(kmax, analysisHooks{
		scanned: func(a *Activation, kmax float64) {
			prefetched = a.prefetchRoots(kmax, digits)
		},
		found: func(a *Activation, pts []CriticalPoint) {
			refined = refineRoots(a, pts, digits)
		},
	})
	if prefetched != nil {
		defer func() { <-prefetched }()
	}
	if refined != nil {
		defer refined.wait()
	}
	if err != nil {
		return nil, err
	}
	ad := &AnalysisDigits{Analysis: an, Digits: digits, Activation: p.a}
	if an.ScaleInvariant != nil {
		si, _, err := ScaleInvariantOf(sigma, digits)
		if err != nil {
			return nil, err
		}
		ad.ScaleInvariant = &si
		return ad, nil
	}
	if an.Taylor != nil {
		kz, _, err := KZeroOf(sigma, digits)
		if err != nil {
			return nil, err
		}
		ad.Taylor = &kz
	}
	if an.Kinked != nil {
		kd, ok, err := KinkedOf(sigma, digits)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("recursions: %s is in the kinked-linear class at %d digits but not at %d", sigma, scanDigits, digits)
		}
		ad.Kinked = &kd
	}
	for _, p := range an.Points {
		if p.Class == ClassKinkedLinear {
			zero := new(big.Float)
			ad.Points = append(ad.Points, CriticalDigits{K: calc.Exact(zero, digits), Cb: calc.Exact(zero, digits),
				CW: ad.Kinked.CW, A32: ad.Kinked.A32})
			continue
		}
		if p.K == 0 {
			if ad.Taylor == nil || ad.Taylor.CW.V == nil {
				return nil, fmt.Errorf("recursions: a K* = 0 point without its class data")
			}
			zero := new(big.Float)
			ad.Points = append(ad.Points, CriticalDigits{K: calc.Exact(zero, digits), Cb: calc.Exact(zero, digits), CW: ad.Taylor.CW, A1: ad.Taylor.A1})
			continue
		}
		cd, err := refined.next()
		if err != nil {
			return nil, fmt.Errorf("recursions: critical point K* ≈ %g to %d digits: %w", p.K, digits, err)
		}
		ad.Points = append(ad.Points, cd)
	}
	return ad, nil
}
