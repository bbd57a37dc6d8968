package hermite

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// KernelMap is the normalized kernel map of Joudaki & Hofmann (Definition
// 1): κ(ρ) = E[φ(X)φ(Y)] for (X, Y) standard normal with correlation ρ,
// where φ = σ/C and C = √E[σ(X)²], so that κ(1) = 1. It is the two-input
// recursion ρ_{ℓ+1} = κ(ρ_ℓ) of a deep MLP in the mean-field limit.
type KernelMap struct {
	Sigma calc.Expr
	C     float64 // √E[σ(X)²]

	// Hermite-side quantities (Corollary 1): κ(0) = c₀² = (Eφ)²,
	// κ′(0) = c₁² = (Eφ′)², κ′(1) = E[φ′²] = Σ k c_k².
	Kappa0, KappaPrime0, KappaPrime1 float64

	// Residual is the strength r of the random skip connection of
	// Proposition 2 (0 for none): κ_res(ρ) = (1−r²)κ(ρ) + r²ρ.
	Residual float64
	// CenterAfter applies LayerNorm after the activation (Proposition 3):
	// κ_ψ(ρ) = (κ(ρ) − κ(0))/(1 − κ(0)).
	CenterAfter bool

	sigma, dsigma calc.Expr
	// series of σ and σ′ (Mehler's, with Gauss–Hermite moments) where
	// they are smooth enough; shared by the copies of the map.
	series, dseries *mehlerMap
	// slopes holds a₊, a₋ of a scale-invariant σ (a₊z for z ≥ 0, a₋z
	// below), whose correlations have closed forms; nil otherwise.
	slopes *[2]float64
}

// NewKernelMap computes C, κ(0), κ′(0) and κ′(1) of σ in float64, each
// from a one-dimensional expectation (never from a truncated series).
func NewKernelMap(sigma calc.Expr) (*KernelMap, error) {
	m := &KernelMap{Sigma: sigma, sigma: sigma, dsigma: calc.Derivative(sigma, 1)}
	m.series, m.dseries = newMehlerMap(m.sigma), newMehlerMap(m.dsigma)
	e := func(f calc.Expr) (float64, error) {
		v, err := Expect(f, 1)
		if err != nil {
			return 0, fmt.Errorf("kernel map of %s: %w", sigma, err)
		}
		return v.V, nil
	}
	s2, err := e(calc.Mul(sigma, sigma))
	if err != nil {
		return nil, err
	}
	if s2 == 0 {
		return nil, fmt.Errorf("kernel map of %s: E[σ(X)²] = 0, so σ cannot be normalized", sigma)
	}
	s1, err := e(sigma)
	if err != nil {
		return nil, err
	}
	d1, err := e(m.dsigma)
	if err != nil {
		return nil, err
	}
	d2, err := e(calc.Mul(m.dsigma, m.dsigma))
	if err != nil {
		return nil, err
	}
	m.C = math.Sqrt(s2)
	if si, ok, err := calc.DetectScaleInvariant(sigma, 64); err == nil && ok {
		ap, _ := si.APlus.Float64()
		am, _ := si.AMinus.Float64()
		m.slopes = &[2]float64{ap, am}
	}
	m.Kappa0 = s1 * s1 / s2
	m.KappaPrime0 = d1 * d1 / s2
	m.KappaPrime1 = d2 / s2
	return m, nil
}

// WithResidual returns a copy of m with the random skip of strength r.
func (m *KernelMap) WithResidual(r float64) (*KernelMap, error) {
	if !(r >= 0 && r < 1) {
		return nil, fmt.Errorf("the residual strength r must be in [0, 1), got %g", r)
	}
	c := *m
	c.Residual = r
	return &c, nil
}

// WithCenterAfter returns a copy of m with LayerNorm after the activation.
func (m *KernelMap) WithCenterAfter() (*KernelMap, error) {
	if m.Kappa0 >= 1 {
		return nil, fmt.Errorf("LayerNorm after %s: κ(0) = 1, the centred map is undefined", m.Sigma)
	}
	c := *m
	c.CenterAfter = true
	return &c, nil
}

// correlation returns E[f(X)f(Y)]/C² for standard normal X, Y with
// correlation ρ, with its error estimate: the base map κ_φ(ρ) for f = σ
// and κ_φ′(ρ) for f = σ′; from the closed forms of a scale-invariant σ
// (error 0: float64 rounding only), Mehler's series where f is smooth and
// the series meets its bound, the two-dimensional quadrature otherwise.
// Both estimates are absolute, at about 1e-14 of E[f²]: a value far
// below that scale (κ near a fixed point ρ* = 0) has fewer correct digits
// than its float64 shows.
func (m *KernelMap) correlation(f calc.Expr, name string, rho float64) (Value, error) {
	if rho < -1 || rho > 1 || math.IsNaN(rho) {
		return Value{}, fmt.Errorf("%s(ρ) needs ρ in [−1, 1], got %g", name, rho)
	}
	c2 := m.C * m.C
	if m.slopes != nil {
		k, k1 := ArcCosine(m.slopes[0], m.slopes[1], rho)
		if f == m.dsigma {
			k = k1
		}
		return Value{V: k / c2}, nil
	}
	ks := m.series
	if f == m.dsigma {
		ks = m.dseries
	}
	v, ok := ks.expect(rho)
	if !ok {
		var err error
		if v, err = Expect2(f, f, Cov{K11: 1, K12: rho, K22: 1}); err != nil {
			return Value{}, fmt.Errorf("%s(%g) of %s: %w", name, rho, m.Sigma, err)
		}
	}
	return Value{V: v.V / c2, AbsErr: v.AbsErr / c2}, nil
}

// Kappa returns the map at ρ ∈ [−1, 1], with the residual and
// normalization of m applied.
func (m *KernelMap) Kappa(rho float64) (float64, error) {
	k, err := m.baseKappa(rho)
	return m.wrap(k.V, rho), err
}

// baseKappa returns E[φ(X)φ(Y)] at correlation ρ with its error estimate,
// within [−1, 1] as it is exactly (Cauchy–Schwarz, E[φ²] = 1): a
// quadrature or series value that rounds beyond ±1 near ρ = ±1 would
// leave the map's domain at the next step.
func (m *KernelMap) baseKappa(rho float64) (Value, error) {
	k, err := m.correlation(m.sigma, "κ", rho)
	k.V = max(-1, min(1, k.V))
	return k, err
}

// KappaPrime returns the derivative of the map at ρ.
func (m *KernelMap) KappaPrime(rho float64) (float64, error) {
	k, err := m.correlation(m.dsigma, "κ′", rho)
	return m.wrapPrime(k.V), err
}

func (m *KernelMap) wrap(k, rho float64) float64 {
	if m.CenterAfter {
		k = (k - m.Kappa0) / (1 - m.Kappa0)
	}
	r2 := m.Residual * m.Residual
	return (1-r2)*k + r2*rho
}

func (m *KernelMap) wrapPrime(k float64) float64 {
	if m.CenterAfter {
		k /= 1 - m.Kappa0
	}
	r2 := m.Residual * m.Residual
	return (1-r2)*k + r2
}

// Effective returns κ(0), κ′(0) and κ′(1) of the map with the residual and
// normalization of m applied.
func (m *KernelMap) Effective() (k0, kp0, kp1 float64) {
	k0, kp0, kp1 = m.Kappa0, m.KappaPrime0, m.KappaPrime1
	if m.CenterAfter {
		k0, kp0, kp1 = 0, kp0/(1-m.Kappa0), kp1/(1-m.Kappa0)
	}
	r2 := m.Residual * m.Residual
	return (1 - r2) * k0, (1-r2)*kp0 + r2, (1-r2)*kp1 + r2
}
