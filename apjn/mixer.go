package apjn

import (
	"fmt"
	"math"
)

// The MLP-Mixer block (DHG App. H, eqs 82–89) is two residual sub-blocks,
// token mixing then channel mixing, each
//
//	h̃ = LN(h),  h₁ = W₁h̃ + b₁,  h₂ = W₂φ(h₁) + b₂,  h' = h₂ + μh,
//
// with LayerNorm over the channels of each patch (mean and variance, ε = 0),
// the linear layers mixing patches (token mixing, N_p → N_tm → N_p) or
// channels (channel mixing, C → N_cm → C), W ~ N(0, σ_w²/fan-in), b ~ N(0,
// σ_b²), the same (σ_w², σ_b²) in every linear layer and the same skip
// strength μ in both residuals.
//
// The state of the recursion is the diagonal kernel 𝒦 = E[h_{μi}²] and P =
// E[h_{μi}h_{νi}] (μ ≠ ν), the variance of the offset shared by the channels
// of a patch. Token mixing shares its weights across channels, so it makes
// such offsets: b₂ and W₂⟨φ⟩, the patch's share of the activation mean. The
// LayerNorm that follows subtracts them, LN(h) = (h − h̄)/√(𝒦 − P) with
// 𝒦 − P the channel variance. At infinite width (C, N_p, N_tm, N_cm → ∞) the
// branch of a sub-block then sees h₁ ~ N(0, K₁), K₁ = σ_w² + σ_b², two
// channels of one patch sharing only b₁ (covariance σ_b²), so with
//
//	A  = σ_w⁴⟨φ'²⟩_{K₁},
//	B  = σ_w²⟨φ²⟩_{K₁} + σ_b²,
//	Bₚ = σ_w²E[φ(u)φ(v)] + σ_b²,  (u, v) ~ N(0, [[K₁, σ_b²], [σ_b², K₁]]),
//
// token mixing maps (𝒦, P) ↦ (B + μ²𝒦, Bₚ + μ²P) with APJN A/(𝒦 − P) + μ²
// (LayerNorm's Jacobian is 1/√(𝒦 − P) on the channels of a patch, the two
// weight matrices give σ_w² each, the activation ⟨φ'²⟩_{K₁}; the skip adds μ²,
// the cross term vanishes), and channel mixing, whose weights are independent
// across channels, maps (𝒦, P) ↦ (B + μ²𝒦, μ²P) with APJN A/(𝒦 − P) + μ².
// The block, with (𝒦_t, P_t) = (B + μ²𝒦^ℓ, Bₚ + μ²P^ℓ) after token mixing,
//
//	𝒦^{ℓ+1} = (1 + μ²)B + μ⁴𝒦^ℓ,  P^{ℓ+1} = μ²Bₚ + μ⁴P^ℓ,
//	χ_𝒥^ℓ = (A/(𝒦^ℓ − P^ℓ) + μ²)(A/(𝒦_t − P_t) + μ²),  χ_𝒦 = μ⁴,
//
// the block APJN being the product of the sub-block APJNs (fresh weights in
// each, AutoInit eq 6). The first block has P¹ = 0. For μ < 1 the fixed
// point is 𝒦* = B/(1 − μ²), P* = μ²Bₚ/(1 − μ⁴), P_t* = Bₚ/(1 − μ⁴). For μ = 1
// 𝒦 − P grows by 2B − Bₚ > 0 per block and χ_𝒥 = 1 + O(1/ℓ): everywhere
// critical, as DHG Fig. 5 finds. The widths drop out. For odd φ at σ_b² = 0,
// Bₚ = 0, P stays 0 and a block is two preln-res layers of the activation
// ψ(z) = φ(σ_w z); with Bₚ = 0 the fixed point has χ_𝒥* = ((1 − μ²)A/B + μ²)².
//
// Assumption: channel and patch averages self-average. Channel mixing shares
// its weights across patches, so it makes offsets shared by the patches of a
// channel (b and W⟨φ⟩ again); LayerNorm over channels keeps them, and the
// next token mixing turns them into terms q_μ·Σ_k w_jk, products of two
// Gaussians, and into channel-patch cross terms that make the channel
// variance differ from patch to patch. The recursion treats h₁ as Gaussian
// with the mean kernel and neglects these terms. It is exact at infinite
// width for odd φ at σ_b² = 0 (no offsets arise, P = 0) and, for any φ and
// σ_b², for one block whose input has no channel offsets (TestMixerMonteCarlo
// checks that on sampled networks); in deeper blocks with ⟨φ⟩ ≠ 0 or σ_b² > 0
// it is the Gaussian mean-field approximation that DHG and AutoInit use.

// mixerBranch returns A, B and Bₚ (above) for p.
func (m *Model) mixerBranch(p Params) (A, B, Bp float64, err error) {
	A, B, Bp, _, err = m.mixerBranchGap(p)
	return A, B, Bp, err
}

// mixerBranchGap is mixerBranch with B − Bₚ = σ_w²(⟨φ²⟩_{K₁} − E[φ(u)φ(v)]),
// which B and Bₚ hold only to their rounding, σ_b²·2⁻⁵², where σ_b² ≫ σ_w²
// (u and v nearly equal, B − Bₚ ≪ σ_b²).
func (m *Model) mixerBranchGap(p Params) (A, B, Bp, gap float64, err error) {
	k1 := p.SW2 + p.SB2
	g, err := m.gAt(k1)
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("apjn: mixer branch at K₁ = %g: %w", k1, err)
	}
	c, err := m.act.ChiPerp(k1, p.SW2)
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("apjn: mixer branch at K₁ = %g: %w", k1, err)
	}
	var cross float64
	if p.SB2 == 0 {
		mean, err := m.Mean(k1)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		cross = mean * mean
	} else {
		v, err := m.patchOffset(k1, p.SB2)
		if err != nil {
			return 0, 0, 0, 0, err
		}
		cross = v.V
	}
	return p.SW2 * c, p.SW2*g + p.SB2, p.SW2*cross + p.SB2, p.SW2 * (g - cross), nil
}

// mixerStep maps the kernel of a Mixer block's input to that of its output.
func (m *Model) mixerStep(p Params, s State) (State, error) {
	_, B, Bp, err := m.mixerBranch(p)
	if err != nil {
		return State{}, err
	}
	mu2 := p.Mu * p.Mu
	kt, pt := B+mu2*s.K, Bp+mu2*s.P
	return State{K: B + mu2*kt, P: mu2 * pt}, nil
}

// mixerChiJ is the APJN of a Mixer block whose input kernel is s.
func (m *Model) mixerChiJ(p Params, s State) (float64, error) {
	A, _, _, gap, err := m.mixerBranchGap(p)
	if err != nil {
		return 0, err
	}
	mu2 := p.Mu * p.Mu
	v := s.K - s.P
	vt := gap + mu2*v // 𝒦_t − P_t = B − Bₚ + μ²(𝒦 − P)
	if !(v > 0) || !(vt > 0) {
		return 0, fmt.Errorf("apjn: LayerNorm of channels with no variance (𝒦 − P = %g, %g)", v, vt)
	}
	return (A/v + mu2) * (A/vt + mu2), nil
}

// mixerFixedPoint is (𝒦*, P*) = (B/(1 − μ²), μ²Bₚ/(1 − μ⁴)), +Inf for μ = 1.
func (m *Model) mixerFixedPoint(p Params) (State, error) {
	if p.Mu == 1 {
		return State{K: math.Inf(1), D: math.Inf(1), P: math.Inf(1)}, nil
	}
	_, B, Bp, err := m.mixerBranch(p)
	if err != nil {
		return State{}, err
	}
	mu2 := p.Mu * p.Mu
	return State{K: B / (1 - mu2), P: mu2 * Bp / (1 - mu2*mu2)}, nil
}

// MixerBranch returns the constants of an MLP-Mixer sub-block (see the
// comment above mixerBranch in mixer.go): A = σ_w⁴⟨φ'²⟩_{K₁}, B =
// σ_w²⟨φ²⟩_{K₁} + σ_b² and the patch offset Bₚ = σ_w²E[φ(u)φ(v)] + σ_b² with
// K₁ = σ_w² + σ_b² and Cov(u, v) = σ_b².
func (m *Model) MixerBranch(sw2, sb2 float64) (A, B, Bp float64, err error) {
	p := Params{SW2: sw2, SB2: sb2}
	if err := p.Validate(Mixer); err != nil {
		return 0, 0, 0, err
	}
	return m.mixerBranch(p)
}

// ReLUMixerChiJ is the closed form of χ_𝒥* of a ReLU MLP-Mixer with μ < 1
// at σ_b² = 0: A = B = σ_w⁴/2 and Bₚ = σ_w⁴/(2π) (⟨φ⟩² = σ_w²/(2π)), so with
// m = μ² and r = 1/π,
//
//	χ_𝒥* = ((1 − m)/(1 − mr/(1 + m)) + m)·((1 − m)/(1 − r/(1 + m)) + m),
//
// independent of σ_w² and above 1: the LayerNorm that removes the patch
// offsets makes the ReLU Mixer chaotic where the uncentred recursion would put
// it on its critical line (μ = 0: χ_𝒥* = π/(π − 1), the pre-BN value).
func ReLUMixerChiJ(mu float64) float64 {
	m, r := mu*mu, 1/math.Pi
	return ((1-m)/(1-m*r/(1+m)) + m) * ((1-m)/(1-r/(1+m)) + m)
}
