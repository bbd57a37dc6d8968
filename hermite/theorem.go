package hermite

import (
	"fmt"
	"math"
)

// Case is the case of Theorem 1 of Joudaki & Hofmann that a kernel map
// falls in; CaseLinear marks a linear φ, to which the theorem does not apply
// (κ(ρ) = ρ: every ρ is a fixed point).
type Case int

// The cases of Theorem 1.
const (
	CaseLinear      Case = 0
	CaseZero        Case = 1 // κ(0) = 0: ρ* = 0, exponential
	CaseOneExp      Case = 2 // κ(0) > 0, κ′(1) < 1: ρ* = 1, exponential
	CaseOnePoly     Case = 3 // κ(0) > 0, κ′(1) = 1: ρ* = 1, polynomial
	CaseInteriorExp Case = 4 // κ(0) > 0, κ′(1) > 1: ρ* ∈ (0, 1), exponential
)

// Tolerance of the float64 tests κ(0) = 0 and κ′(1) = 1: the quantities
// are accurate to about 1e-13, so anything within 1e-10 is taken as equal.
const caseTol = 1e-10

// FixedPoint is the outcome of Theorem 1 for one kernel map.
type FixedPoint struct {
	Case              Case
	RhoStar           float64 // the globally attracting fixed point
	KappaPrimeRhoStar float64 // κ′(ρ*)
	Alpha             float64 // the rate of the theorem's bound
}

// Analyze classifies the map by Theorem 1 and returns its fixed point and
// rate, as the theorem states them (case 1: α = 1/(2 − κ′(0)); case 2:
// α = κ′(1); case 3: α = 1 − κ(0) − κ′(0); case 4:
// α = max{1 − κ(0), κ′(ρ*), (1 − ρ*)/(2 − κ′(ρ*))}).
func (m *KernelMap) Analyze() (FixedPoint, error) {
	k0, kp0, kp1 := m.Effective()
	if k0 > 1-caseTol { // Σ_{k≥1} c_k² = 0: φ is constant
		return FixedPoint{Case: CaseLinear, RhoStar: 1, KappaPrimeRhoStar: 0, Alpha: math.NaN()},
			fmt.Errorf("%s is constant on the Gaussian measure: κ(ρ) ≡ 1 (any two inputs are fully correlated after one layer) and Theorem 1 does not apply", m.Sigma)
	}
	if 1-k0-kp0 < caseTol { // Σ_{k≥2} c_k² = 0: φ is linear
		return FixedPoint{Case: CaseLinear, RhoStar: math.NaN(), KappaPrimeRhoStar: 1, Alpha: math.NaN()},
			fmt.Errorf("%s is linear after normalization: κ(ρ) = ρ and Theorem 1 does not apply", m.Sigma)
	}
	switch {
	case k0 < caseTol:
		return FixedPoint{Case: CaseZero, RhoStar: 0, KappaPrimeRhoStar: kp0, Alpha: 1 / (2 - kp0)}, nil
	case kp1 < 1-caseTol:
		return FixedPoint{Case: CaseOneExp, RhoStar: 1, KappaPrimeRhoStar: kp1, Alpha: kp1}, nil
	case kp1 <= 1+caseTol:
		return FixedPoint{Case: CaseOnePoly, RhoStar: 1, KappaPrimeRhoStar: kp1, Alpha: 1 - k0 - kp0}, nil
	}
	rho, err := m.interiorFixedPoint()
	if err != nil {
		return FixedPoint{}, err
	}
	kp, err := m.KappaPrime(rho)
	if err != nil {
		return FixedPoint{}, err
	}
	alpha := math.Max(1-k0, math.Max(kp, (1-rho)/(2-kp)))
	return FixedPoint{Case: CaseInteriorExp, RhoStar: rho, KappaPrimeRhoStar: kp, Alpha: alpha}, nil
}

// interiorFixedPoint solves κ(ρ) = ρ on (0, 1) when κ(0) > 0 and
// κ′(1) > 1, by bisection: g(ρ) = κ(ρ) − ρ is positive at 0 and negative
// just below 1.
func (m *KernelMap) interiorFixedPoint() (float64, error) {
	g := func(r float64) (float64, error) {
		k, err := m.Kappa(r)
		return k - r, err
	}
	lo, hi := 0.0, 0.0
	for _, d := range []float64{1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6} {
		v, err := g(1 - d)
		if err != nil {
			return 0, err
		}
		if v < 0 {
			hi = 1 - d
			break
		}
	}
	if hi == 0 {
		return 0, fmt.Errorf("no interior fixed point of κ found for %s below 1 − 1e-6", m.Sigma)
	}
	for range 60 {
		mid := (lo + hi) / 2
		v, err := g(mid)
		if err != nil {
			return 0, err
		}
		if v > 0 {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo < 1e-13 {
			break
		}
	}
	return (lo + hi) / 2, nil
}

// Bound returns the right-hand side of Theorem 1's bound on the distance
// to ρ* after ℓ layers, from ρ₀.
func (fp FixedPoint) Bound(rho0 float64, l int) float64 {
	L := float64(l)
	switch fp.Case {
	case CaseZero:
		a := math.Abs(rho0)
		return a / (1 - a) * math.Pow(fp.Alpha, L) // bounds |ρ_ℓ|/(1 − |ρ_ℓ|)
	case CaseOneExp:
		return math.Abs(rho0-1) * math.Pow(fp.Alpha, L)
	case CaseOnePoly:
		d := math.Abs(rho0 - 1)
		return d / (L*fp.Alpha*d + 1)
	case CaseInteriorExp:
		return math.Abs(rho0-fp.RhoStar) / (1 - math.Abs(rho0)) * math.Pow(fp.Alpha, L)
	}
	return math.NaN()
}

// Iterate returns ρ₀, ρ₁ = κ(ρ₀), …, ρ_L.
func (m *KernelMap) Iterate(rho0 float64, L int) ([]float64, error) {
	return m.iterate(rho0, L, 0, map[float64]Value{})
}

// iterateCheck is the relative change that the second run of
// IterateChecked gives κ at every step where its error estimate is
// smaller: the accuracy of the two-input expectations it comes from
// (about 1e-13).
const iterateCheck = 1e-13

// IterateChecked returns Iterate's ρ₀ … ρ_L and, beside them, the same
// iteration with every base correlation E[φ(X)φ(Y)] moved towards 0 by
// iterateCheck of itself or by its error estimate where that is larger
// (Value.Moved): a caller keeps of each ρ_ℓ the digits on which the two
// agree, the digits that the accuracy of κ leaves once the iteration has
// carried it (near a fixed point with κ′ = 1, as in case 3, it
// accumulates; near ρ* = 0 the absolute error of κ is a growing share of
// ρ_ℓ).
func (m *KernelMap) IterateChecked(rho0 float64, L int) (rhos, check []float64, err error) {
	seen := map[float64]Value{}
	if rhos, err = m.iterate(rho0, L, 0, seen); err != nil {
		return rhos, nil, err
	}
	check, err = m.iterate(rho0, L, -iterateCheck, seen)
	return rhos, check, err
}

// iterate is Iterate with each base correlation moved by rel
// (Value.Moved; 0 for none). seen holds the base correlations computed so
// far by ρ: an iteration that has settled on a float64 fixed point or
// cycle of the map (a few hundred layers into a geometric approach) looks
// its values up instead of integrating again, which is what a layer of a
// σ without Mehler's series costs (about a millisecond); a value looked
// up is the one computed, so the iterates are the same.
func (m *KernelMap) iterate(rho0 float64, L int, rel float64, seen map[float64]Value) ([]float64, error) {
	out := []float64{rho0}
	for range L {
		rho := out[len(out)-1]
		k, ok := seen[rho]
		if !ok {
			var err error
			if k, err = m.baseKappa(rho); err != nil {
				return out, err
			}
			seen[rho] = k
		}
		out = append(out, m.wrap(k.Moved(rel), rho))
	}
	return out, nil
}

// DepthIndistinguishable is Corollary 2: when κ′(1) < 1, after
// L = ln(1/ε)/ln(1/κ′(1)) layers two inputs agree to within ε. It returns
// +Inf when κ′(1) ≥ 1.
func DepthIndistinguishable(kappaPrime1, eps float64) float64 {
	if kappaPrime1 >= 1 {
		return math.Inf(1)
	}
	// ln(1/ε) from ε's exponent and mantissa: 1/ε overflows for a subnormal
	// ε such as 2^−1024, and math.Log loses accuracy on subnormals
	// (ln 2^−1024 comes out as −708.87 instead of −709.78).
	m, e := math.Frexp(eps)
	return -(math.Log(m) + float64(e)*math.Ln2) / -math.Log(kappaPrime1)
}
