// Package recursions implements the single-input kernel recursion of a deep
// fully connected network at infinite width (Roberts, Yaida and Hanin,
// Principles of Deep Learning Theory, chapter 5):
//
//	K' = C_b + C_W g(K),  g(K) = ⟨σ²⟩_K,
//
// with ⟨F⟩_K = E[F(z)], z ~ N(0, K), C_W ≡ σ_w² and C_b ≡ σ_b².
//
// An Activation holds the Gaussian expectations of a handful of
// K-independent integrands (σ², σ'², σ²z², σ²z⁴, σ⁴, zσσ', σ'²z²) and
// combines them into the susceptibilities χ∥ (5.50), χ⊥ (5.51), h (5.52),
// j (5.111), the vertex source C_W²(⟨σ⁴⟩ − ⟨σ²⟩²) (5.109) and g”(K).
// Polynomial factors such as (z² − K) are expanded into separate integrands
// so that every expectation is prepared once and evaluated at any K.
//
// On top of these it finds the fixed points of the recursion for given
// (C_b, C_W) (FixedPoints), the critical points χ∥ = χ⊥ = 1 with K* > 0
// (CriticalPoints, (5.71)–(5.73)) and their quadratic coefficient
// ã₁ = ½C_W g”(K*) = j(K*)/(8K*²) (5.102), the K* = 0 universality class from
// the Taylor coefficients of σ at 0 (KZero, (5.80)–(5.90)) and the
// scale-invariant class (ScaleInvariant, (5.58)–(5.67), (5.163)), and the
// kinked-linear class of activations with σ(0) = 0 and a kink at 0 (ELU,
// SELU, softsign: Kinked, whose map starts ΔK' = ΔK + a₃ᐟ₂ΔK³ᐟ²).
// Analyze runs the whole critical analysis of one activation in float64;
// AnalyzeDigits refines every critical point to a requested number of
// digits with certified Gaussian averages and keeps, for each value, only
// the digits that two working precisions agree on.
//
// Coefficients are stored with their sign: a₁ and ã₁ themselves, where the
// book prints −a₁ and −ã₁.
package recursions
