package apjn

import "fmt"

// State is the kernel of one layer: K = 𝒦^ℓ(x, x) and, for BatchNorm, D =
// 𝒦^ℓ(x, x) − 𝒦^ℓ(x, x'), the difference that sets the APJN of a batch-
// normalised layer (DHG eq 25, AutoInit Conjecture 3.1).
//
// For an MLP-Mixer block P is the variance of the channel mean of a patch,
// 𝒦^ℓ_{μi,νi} for channels μ ≠ ν: the offset shared by the channels of a
// patch that LayerNorm subtracts (mixer.go).
type State struct {
	K, D float64
	P    float64
}

// kTiny stands for K = 0 in averages that need K > 0: the averages of an
// activation analytic at 0 differ from their K → 0 limits by O(K).
const kTiny = 1e-30

// First returns the kernel of the first layer h¹ = W¹x + b¹ for an input
// with |x|²/N₀ = 1: K = σ_w² + σ_b²; for BatchNorm two orthogonal inputs
// give D = σ_w².
func (m *Model) First(p Params) State { return State{K: p.SW2 + p.SB2, D: p.SW2} }

// Step returns the kernel of the next layer:
//
//	vanilla, res:    K' = σ_b² + σ_w²⟨φ²⟩_K + μ²K            (9), (21)
//	ln-pre, preln-res: K' = σ_b² + σ_w²⟨φ²⟩₁ + μ²K          (20), (22)
//	ln-post:          K' = σ_w² + σ_b²                       (52)
//	bn:               K' = σ_b² + σ_w²⟨φ²⟩₁ + μ²K,
//	                  D' = σ_w²(⟨φ²⟩₁ − ⟨φ⟩₁²) + μ²D          (24), AutoInit (37)
//
// (μ = 0 for architectures without skip); mixer and resmlp map a whole block
// (Model.mixerStep, Model.resmlpStep). In the BatchNorm layer BN(h) is
// N(0, 1) and independent across the inputs of a large batch (AutoInit
// Conjecture B.2), so 𝒦(x, x') picks up σ_w²⟨φ⟩₁² + σ_b².
func (m *Model) Step(p Params, s State) (State, error) {
	mu2 := p.Mu * p.Mu
	switch m.Arch {
	case Vanilla, Res:
		g, err := m.gAt(s.K)
		if err != nil {
			return State{}, err
		}
		return State{K: p.SB2 + p.SW2*g + mu2*s.K}, nil
	case LNPre, PreLNRes:
		return State{K: p.SB2 + p.SW2*m.phi2 + mu2*s.K}, nil
	case LNPost:
		return State{K: p.SW2 + p.SB2}, nil
	case BN:
		return State{K: p.SB2 + p.SW2*m.phi2 + mu2*s.K, D: p.SW2*(m.phi2-m.phi1*m.phi1) + mu2*s.D}, nil
	case Mixer:
		return m.mixerStep(p, s)
	case ResMLP:
		return m.resmlpStep(p, s)
	}
	return State{}, fmt.Errorf("apjn: unknown architecture %d", int(m.Arch))
}

// ChiJ returns the APJN growth factor χ_𝒥 = 𝒥^{ℓ,ℓ+1} of the layer after s:
//
//	vanilla, res:      σ_w²⟨φ'²⟩_K + μ²                 (11), (59)
//	ln-pre, preln-res: σ_w²⟨φ'²⟩₁/K + μ²                (46), (67)
//	ln-post:           σ_w²⟨φ'²⟩_K/(⟨φ²⟩_K − ⟨φ⟩_K²)     (55)
//	bn:                σ_w²⟨φ'²⟩₁/D + μ²                (25), AutoInit (23)
//
// For vanilla and res the first term is PDLT's χ⊥ (recursions.ChiPerp); for
// mixer and resmlp χ_𝒥 is the APJN of a whole block (mixer.go, resmlp.go).
func (m *Model) ChiJ(p Params, s State) (float64, error) {
	mu2 := p.Mu * p.Mu
	switch m.Arch {
	case Vanilla, Res:
		c, err := m.act.ChiPerp(max(s.K, kTiny), p.SW2)
		return c + mu2, err
	case LNPre, PreLNRes:
		if !(s.K > 0) {
			return 0, fmt.Errorf("apjn: LayerNorm of a zero kernel")
		}
		return p.SW2*m.dphi2/s.K + mu2, nil
	case LNPost:
		return m.lnPostChi(p.SW2, s.K)
	case BN:
		if !(s.D > 0) {
			return 0, fmt.Errorf("apjn: BatchNorm of inputs with equal kernels (D = %g)", s.D)
		}
		return p.SW2*m.dphi2/s.D + mu2, nil
	case Mixer:
		return m.mixerChiJ(p, s)
	case ResMLP:
		return m.resmlpChiJ(p, s)
	}
	return 0, fmt.Errorf("apjn: unknown architecture %d", int(m.Arch))
}

// lnPostChi is χ_𝒥 of LayerNorm on activations at kernel q (DHG eq 55).
func (m *Model) lnPostChi(sw2, q float64) (float64, error) {
	g, err := m.gAt(q)
	if err != nil {
		return 0, err
	}
	mean, err := m.Mean(q)
	if err != nil {
		return 0, err
	}
	d2, err := m.act.ChiPerp(q, 1)
	if err != nil {
		return 0, err
	}
	v := g - mean*mean
	if !(v > 1e-14*g) {
		return 0, fmt.Errorf("apjn: LayerNorm on activations of an activation with no variance at K = %g", q)
	}
	return sw2 * d2 / v, nil
}

// gAt is ⟨φ²⟩_K, with ⟨φ²⟩_0 = φ(0)².
func (m *Model) gAt(K float64) (float64, error) {
	if K == 0 {
		return m.phi0 * m.phi0, nil
	}
	return m.act.G(K)
}
