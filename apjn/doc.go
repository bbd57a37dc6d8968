// Package apjn computes averaged partial Jacobian norms and phase diagrams of
// MLP architectures at infinite width: the kernel recursion 𝒦^ℓ, the APJN
// growth factor χ_𝒥^ℓ and the APJN 𝒥^{l0,l} = Π_{ℓ=l0}^{l−1} χ_𝒥^ℓ of Doshi,
// He and Gromov, "Critical Initialization of Wide and Deep Neural Networks
// using Partial Jacobians" (DHG; main text and appendices D–K), for any
// activation φ and for six MLP architectures and two block architectures:
//
//	vanilla    h' = Wφ(h) + b                                    (9)–(11)
//	ln-pre     h' = Wφ(LN(h)) + b, LayerNorm on preactivations    (20), (44), (46)
//	ln-post    h' = W·LN(φ(h)) + b, LayerNorm on activations      (49)–(55)
//	res        h' = Wφ(h) + b + μh, identity skip of strength μ  (21), (57), (59)
//	preln-res  h' = Wφ(LN(h)) + b + μh                            (22), (62), (67)
//	bn         h' = Wφ(BN(h)) + b + μh, large-batch BatchNorm    (23)–(27)
//	mixer      MLP-Mixer block: token- and channel-mixing MLPs   DHG App. H (79)–(93)
//	           behind LayerNorm, two residuals of strength μ
//	resmlp     ResMLP block: patch and channel MLPs, LayerScale  AutoInit App. D (49)–(72)
//	           𝓔 in both branches, two skips of strength μ
//
// For mixer and resmlp one step of the recursion is a whole block and χ_𝒥 is
// the APJN between consecutive block outputs (DHG eq 93). Their derivations,
// at infinite token and channel widths, and the assumptions they need are in
// mixer.go and resmlp.go: the Mixer state carries, besides 𝒦, the variance P
// of the offset shared by the channels of a patch, which token mixing creates
// and LayerNorm subtracts (neglecting it, as LN(h) = h/√𝒦 would, puts a ReLU
// Mixer on a critical line where sampled networks are chaotic); both treat
// the preactivations as Gaussian with the mean kernel, which neglects the
// offsets that weight sharing makes along whole rows in deeper blocks.
// ResMLP's LayerScale 𝓔 is a property of the Model (NewResMLP; NewModel uses
// DefaultLayerScale = 0.1).
//
// Conventions. C_W ≡ σ_w² and C_b ≡ σ_b² are the weight and bias variances:
// W_ij ~ N(0, σ_w²/N) (fan-in) and b_i ~ N(0, σ_b²). DHG writes the standard
// deviations σ_w, σ_b unless σ² is written; every parameter of this package is
// a variance (SW2 = σ_w², SB2 = σ_b²), and closed forms quoted from DHG in σ's
// are converted. The identity-skip strength is called Mu (DHG's μ); it is not
// the normalised residual (α, λ) of the log-Gaussian notes nor the random skip r
// of Joudaki and Hofmann. LayerNorm in the theory has ε = 0 and statistics over
// an infinite number of neurons, so LN(h) = h/√𝒦 ~ N(0, 1). The network input x
// is normalised to |x|²/N₀ = 1, so the first layer has 𝒦¹ = σ_w² + σ_b².
//
// The vanilla kernel map 𝒦' = σ_b² + σ_w²⟨φ²⟩_𝒦 and its susceptibilities come
// from package recursions: DHG's χ_𝒥 of a vanilla MLP is PDLT's χ⊥ = C_W⟨φ'²⟩
// and DHG's χ_𝒦 is PDLT's χ∥.
//
// A point (σ_w², σ_b²) is classified by the fixed point 𝒦* that the recursion
// reaches from 𝒦¹: ordered (χ_𝒥* < 1), chaotic (χ_𝒥* > 1), critical
// (χ_𝒥* = 1), subcritical (residual μ = 1 with χ_𝒥^ℓ → 1 from above, the APJN
// growing as a stretched exponential, DHG Theorem 4.3) or everywhere-critical
// (χ_𝒥^ℓ = 1 + O(1/ℓ), algebraic APJN growth: Pre-LN and BatchNorm with μ = 1).
// The correlation length is ξ = 1/|log χ_𝒥*|.
//
// Exponents follow DHG's convention 𝒥^{l0,l} = O(l^{−ζ}) (App. G): ζ > 0 is
// algebraic decay, ζ < 0 algebraic growth; growth exponents are also returned
// as Growth = −ζ so that no sign has to be guessed.
//
// Corrections to printed values (see README Corrections): χ_𝒥 = σ_w²⟨φ'²⟩ (DHG
// eq 11 prints σ_w² twice); the large-batch BatchNorm APJN of ReLU is
// π(1−μ²)/(π−1) + μ² (DHG eq 26 prints π²(1−μ²)/(π−1)² + μ²); the quadratic
// coefficient of GELU's half-stable critical point is ã₁ = −1.436×10⁻⁴ (DHG
// eq 165 prints +0.00014), so the APJN there grows as l^{+64.98} instead of
// decaying as l^{−66.668}; Pre-LN + residual uses A = σ_w²⟨φ'²⟩ (Theorem 1.3,
// not App. F.5). ResMLP (AutoInit App. D.1, eqs 67 and 71): fan-in
// variances σ_w²/N², σ_w²/d, σ_w²/(4d) (printed σ_w²/N, σ_w²/√d, σ_w²/√(4d));
// the constant of the ReLU kernel map (67) is (1 + μ² + ½𝓔²σ_w⁴)𝓔²σ_b² +
// ½𝓔²σ_w²σ_b² (printed with ½σ_w² for ½𝓔²σ_w⁴); in (71) the last σ_b² lies
// outside the bracket, 𝒦_e = σ_w²(μ²𝒦 + 𝓔²(σ_w²𝒦 + σ_b²)) + σ_b².
package apjn
