package apjn

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/recursions"
)

// Model is an activation φ prepared for the recursions of one architecture:
// the vanilla kernel map of package recursions, the mean ⟨φ⟩_K needed by
// LayerNorm on activations and BatchNorm, the standard-normal averages that
// LayerNorm and BatchNorm layers see, and the asymptotic slopes of φ. It is
// safe for concurrent use.
type Model struct {
	Arch  Arch
	Sigma calc.Expr
	// Progress, when not nil, is told of the points of a grid (Grid,
	// GridDigits) done out of their number.
	Progress func(done, total int)

	act  *recursions.Activation
	mean *hermite.Expectation // ⟨φ⟩

	// Standard-normal averages ⟨φ²⟩₁, ⟨φ'²⟩₁, ⟨φ⟩₁ (LN(h), BN(h) ~ N(0, 1)),
	// and bounds on their float64 errors.
	phi2, dphi2, phi1          float64
	phi2Err, dphi2Err, phi1Err float64

	// slopePlus, slopeMinus are lim φ'(z) as z → ±∞ (NaN when φ' has
	// no finite limit); they give lim_{K→∞} ⟨φ'²⟩_K and ⟨φ²⟩_K/K.
	slopePlus, slopeMinus float64
	// slopePlusErr, slopeMinusErr bound the errors of slopePlus, slopeMinus.
	slopePlusErr, slopeMinusErr float64
	// zeroSlope2 is (φ'(0⁺)² + φ'(0⁻)²)/2, the K → 0 limit of ⟨φ'²⟩_K,
	// and zeroSlope2Err a bound on its error.
	zeroSlope2, zeroSlope2Err float64
	// phi0 is φ(0).
	phi0 float64
	// layerScale is ResMLP's LayerScale 𝓔 (0 for the other architectures).
	layerScale float64

	// The averages behind the error bounds of a point (bounds.go): s2 is
	// ⟨φ²⟩ for the sign checks that bracket a fixed point, near is ⟨φ²⟩,
	// ⟨zφφ'⟩, ⟨φ'²⟩, ⟨φ'²z²⟩ and ⟨z³φφ'⟩ on shared nodes, the values at a
	// fixed point and their K-derivatives.
	s2   *hermite.Expectation
	near *hermite.Many
	// si is φ's scale-invariant class (nil when φ is not scale-invariant):
	// the vanilla and res recursions are then linear maps.
	si *recursions.ScaleInvariant

	digits        digitsSets  // the high-precision averages (digits.go), made on first use
	patch         patchSeries // the Mixer's patch offset by Mehler's series (patchOffset)
	layerScaleRat *big.Rat    // ResMLP's 𝓔 as an exact number (NewResMLPExact), nil for the float64 one
}

// NewModel prepares φ for architecture a. A ResMLP model gets the LayerScale
// DefaultLayerScale; NewResMLP sets another.
func NewModel(sigma calc.Expr, a Arch) (*Model, error) {
	if a < Vanilla || a > ResMLP {
		return nil, fmt.Errorf("apjn: unknown architecture %d", int(a))
	}
	act, err := recursions.New(sigma)
	if err != nil {
		return nil, err
	}
	mean, err := hermite.NewExpectation(sigma)
	if err != nil {
		return nil, fmt.Errorf("apjn: preparing ⟨φ⟩: %w", err)
	}
	m := &Model{Arch: a, Sigma: sigma, act: act, mean: mean}
	if m.phi2, err = act.G(1); err != nil {
		return nil, err
	}
	if m.dphi2, err = act.ChiPerp(1, 1); err != nil {
		return nil, err
	}
	if m.phi1, err = m.Mean(1); err != nil {
		return nil, err
	}
	m.slopePlus, m.slopeMinus, m.slopePlusErr, m.slopeMinusErr = asymptoticSlopes(sigma)
	m.phi0 = calc.EvalFloat(sigma, 0)
	if err := m.prepareBounds(); err != nil {
		return nil, err
	}
	if a == ResMLP {
		m.layerScale = DefaultLayerScale
	}
	return m, nil
}

// Mean returns ⟨φ⟩_K.
func (m *Model) Mean(K float64) (float64, error) {
	v, err := m.mean.At(K)
	if err != nil {
		return 0, fmt.Errorf("apjn: ⟨φ⟩ at K = %g: %w", K, err)
	}
	return v.V, nil
}

// SlopeSquares returns (s₊² + s₋²)/2, with s± = lim φ'(z) as z → ±∞: the
// limit of ⟨φ'²⟩_K and of ⟨φ²⟩_K/K as K → ∞. ok is false when φ' has no
// finite limit at ±∞.
func (m *Model) SlopeSquares() (v float64, ok bool) {
	v = (m.slopePlus*m.slopePlus + m.slopeMinus*m.slopeMinus) / 2
	return v, !math.IsNaN(v)
}

// asymptoticSlopes returns lim φ'(z) at ±∞, read from φ' at |z| = 10⁶ and
// 10⁸ (NaN where the two differ by more than 10⁻⁶ or are not finite), and
// bounds on their errors: the difference of the two readings (φ' that
// approaches its limit like a power of 1/z is 100 times closer at 10⁸ than
// at 10⁶) and four ulps.
func asymptoticSlopes(sigma calc.Expr) (plus, minus, plusErr, minusErr float64) {
	p := calc.Compile(calc.Derivative(sigma, 1))
	limit := func(s float64) (float64, float64) {
		a, b := p.Eval(s*1e6), p.Eval(s*1e8)
		if math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(b) || math.IsInf(b, 0) || math.Abs(a-b) > 1e-6*(1+math.Abs(b)) {
			return math.NaN(), math.NaN()
		}
		return b, math.Abs(a-b) + 4*epsilon*math.Abs(b)
	}
	plus, plusErr = limit(1)
	minus, minusErr = limit(-1)
	return plus, minus, plusErr, minusErr
}
