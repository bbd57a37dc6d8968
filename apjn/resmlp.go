package apjn

import (
	"fmt"
	"math"

	"critcalc/calc"
)

// The ResMLP block (AutoInit App. D, eqs 49–56) at initialisation, with the
// AffineNorms the identity, LayerScale 𝓔 in both residual branches and skip
// strength μ₁ = μ₂ = μ:
//
//	c = 𝓔(W_b h + B_b) + μh              linear1 over the N² patches
//	e = W_e c + B_e,  f = φ(e)           linear2 over channels, d → 4d
//	h' = 𝓔(W_g f + B_g) + μc             linear3 over channels, 4d → d
//
// with fan-in variances σ_w²/N², σ_w²/d, σ_w²/(4d) (AutoInit prints σ_w²/N,
// σ_w²/√d, σ_w²/√(4d); corrected, see README Corrections) and bias variance
// σ_b². At infinite width (N², d → ∞), eqs 58–65 with 𝒢(K) = ⟨φ²⟩_K for any φ,
//
//	𝒦_c = (μ² + 𝓔²σ_w²)𝒦^ℓ + 𝓔²σ_b²,  𝒦_e = σ_w²𝒦_c + σ_b²,
//	𝒦^{ℓ+1} = μ²𝒦_c + 𝓔²(σ_w²⟨φ²⟩_{𝒦_e} + σ_b²),
//
// and, eqs 68–71 with ℋ(K) = ⟨φ'²⟩_K,
//
//	χ_𝒥^ℓ = (μ² + 𝓔²σ_w²)(μ² + 𝓔²σ_w⁴⟨φ'²⟩_{𝒦_e}),
//	χ_𝒦^ℓ = (μ² + 𝓔²σ_w²)(μ² + 𝓔²σ_w⁴ d⟨φ²⟩_K/dK|_{𝒦_e}),
//
// where 𝒦_e = σ_w²(μ²𝒦^ℓ + 𝓔²(σ_w²𝒦^ℓ + σ_b²)) + σ_b² (AutoInit (71) puts the
// last σ_b² inside the bracket, a typo). For ReLU, ⟨φ²⟩_K = K/2 and
// ⟨φ'²⟩ = ½ give eq 72, χ_𝒥 = (μ² + 𝓔²σ_w²)(μ² + ½𝓔²σ_w⁴), and the linear map
// 𝒦^{ℓ+1} = χ_𝒥𝒦^ℓ + (1 + μ² + ½𝓔²σ_w⁴)𝓔²σ_b² + ½𝓔²σ_w²σ_b² (eq 67, whose
// printed constant has ½σ_w² in place of ½𝓔²σ_w⁴). With μ = 1, χ_𝒥 > 1 for
// every 𝓔 > 0 and tends to 1 as 𝓔 → 0, the reason for LayerScale.
//
// Assumption (as AutoInit's): every preactivation is Gaussian with the mean
// diagonal kernel. The patch bias B_b is shared by the d channels of a patch
// and the channel biases by all patches, so with σ_b² > 0 the channel-averaged
// second moment that sets the variance of e in one patch fluctuates from patch
// to patch (in the first block 𝒦_e takes 𝓔²σ_w²(B_b² − σ_b²) on top of its
// mean); the recursion replaces it by its mean, and in deeper blocks it also
// neglects the offsets that the shared weights carry along whole rows. That
// is exact for the kernel and APJN of ReLU (⟨φ²⟩_K linear in K, ⟨φ'²⟩
// constant) and for any φ at σ_b² = 0 with an input whose patches are
// uncorrelated. TestResMLPMonteCarlo checks one block on sampled networks;
// for a saturating φ with large biases the approximation is visible (tanh,
// σ_b² = 2, 𝓔 = 1, μ = 0.3: χ_𝒥 = 1.656 ± 0.018 sampled at width 128 against
// 1.560).

// DefaultLayerScale is the LayerScale 𝓔 of a ResMLP model made by NewModel:
// 0.1, AutoInit's value for the 12-block ResMLP-S12 (App. D.2).
const DefaultLayerScale = 0.1

// NewResMLP prepares φ for ResMLP blocks with LayerScale 𝓔 = e, finite and
// > 0 (𝓔 = 0 would make every block the map h ↦ μ²h).
func NewResMLP(sigma calc.Expr, e float64) (*Model, error) {
	if !(e > 0) || math.IsInf(e, 0) {
		return nil, fmt.Errorf("apjn: LayerScale 𝓔 must be finite and > 0, got %g", e)
	}
	m, err := NewModel(sigma, ResMLP)
	if err != nil {
		return nil, err
	}
	m.layerScale = e
	return m, nil
}

// resmlpKe returns μ² + 𝓔²σ_w² (the gain of the first residual) and 𝒦_e.
func (m *Model) resmlpKe(p Params, K float64) (gain, ke float64) {
	e2 := m.layerScale * m.layerScale
	gain = p.Mu*p.Mu + e2*p.SW2
	kc := gain*K + e2*p.SB2
	return gain, p.SW2*kc + p.SB2
}

// resmlpStep maps the kernel of a ResMLP block's input to that of its output.
func (m *Model) resmlpStep(p Params, s State) (State, error) {
	e2 := m.layerScale * m.layerScale
	gain, ke := m.resmlpKe(p, s.K)
	g, err := m.gAt(ke)
	if err != nil {
		return State{}, fmt.Errorf("apjn: resmlp ⟨φ²⟩ at 𝒦_e = %g: %w", ke, err)
	}
	kc := gain*s.K + e2*p.SB2
	return State{K: p.Mu*p.Mu*kc + e2*(p.SW2*g+p.SB2)}, nil
}

// resmlpChiJ is the APJN of a ResMLP block whose input kernel is s.K.
func (m *Model) resmlpChiJ(p Params, s State) (float64, error) {
	e2 := m.layerScale * m.layerScale
	gain, ke := m.resmlpKe(p, s.K)
	c, err := m.act.ChiPerp(max(ke, kTiny), p.SW2)
	if err != nil {
		return 0, fmt.Errorf("apjn: resmlp ⟨φ'²⟩ at 𝒦_e = %g: %w", ke, err)
	}
	return gain * (p.Mu*p.Mu + e2*p.SW2*c), nil
}

// resmlpChiK is ∂𝒦^{ℓ+1}/∂𝒦^ℓ of a ResMLP block.
func (m *Model) resmlpChiK(p Params, s State) (float64, error) {
	e2 := m.layerScale * m.layerScale
	gain, ke := m.resmlpKe(p, s.K)
	c, err := m.act.ChiParZ(max(ke, kTiny), p.SW2)
	if err != nil {
		return 0, fmt.Errorf("apjn: resmlp χ∥ at 𝒦_e = %g: %w", ke, err)
	}
	return gain * (p.Mu*p.Mu + e2*p.SW2*c), nil
}

// resmlpF returns F(K) = 𝒦^{ℓ+1}(K) − K and F'(K) = χ_𝒦 − 1 for the fixed-
// point search.
func (m *Model) resmlpF(p Params) (F, dF func(float64) (float64, error)) {
	F = func(K float64) (float64, error) {
		s, err := m.resmlpStep(p, State{K: K})
		return s.K - K, err
	}
	dF = func(K float64) (float64, error) {
		c, err := m.resmlpChiK(p, State{K: K})
		return c - 1, err
	}
	return F, dF
}

// resmlpChiLimit is the K → ∞ limit of χ_𝒥 (and χ_𝒦) of a ResMLP block,
// (μ² + 𝓔²σ_w²)(μ² + 𝓔²σ_w⁴ss), with ss = lim ⟨φ'²⟩_K (Model.SlopeSquares).
func (m *Model) resmlpChiLimit(p Params, ss float64) float64 {
	e2 := m.layerScale * m.layerScale
	mu2 := p.Mu * p.Mu
	return (mu2 + e2*p.SW2) * (mu2 + e2*p.SW2*p.SW2*ss)
}

// ReLUResMLPChiJ is the APJN of a ReLU ResMLP block, AutoInit eq 72:
// (μ² + 𝓔²σ_w²)(μ² + ½𝓔²σ_w⁴), independent of the kernel and of σ_b².
func ReLUResMLPChiJ(sw2, mu, e float64) float64 {
	e2 := e * e
	return (mu*mu + e2*sw2) * (mu*mu + e2*sw2*sw2/2)
}

// ReLUResMLPMap returns the slope a and intercept c of the ReLU ResMLP
// kernel map 𝒦^{ℓ+1} = a𝒦^ℓ + c, AutoInit eq 67 (corrected; see README
// Corrections): a = μ⁴ + μ²𝓔²σ_w² + ½μ²𝓔²σ_w⁴ + ½𝓔⁴σ_w⁶ (= eq 72) and
// c = (1 + μ² + ½𝓔²σ_w⁴)𝓔²σ_b² + ½𝓔²σ_w²σ_b². For a < 1 the fixed point is
// 𝒦* = c/(1 − a).
func ReLUResMLPMap(sw2, sb2, mu, e float64) (a, c float64) {
	e2, mu2 := e*e, mu*mu
	a = mu2*mu2 + mu2*e2*sw2 + mu2*e2*sw2*sw2/2 + e2*e2*sw2*sw2*sw2/2
	c = (1+mu2+e2*sw2*sw2/2)*e2*sb2 + e2*sw2*sb2/2
	return a, c
}
