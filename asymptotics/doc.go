// Package asymptotics holds the large-depth predictions of PDLT chapter 5
// (Roberts, Yaida and Hanin, Principles of Deep Learning Theory) and a
// fitter that confirms them on iterated recursions.
//
// # Predictions
//
// A prediction is a Series: the critical exponent p and the known terms
// Coeff·log^q(ℓ/ℓ₀)/ℓ^Power of the scaling ansatz (5.93)
//
//	O(ℓ) = ℓ^−p Σ_{s≥0} Σ_{q≤s} c_{s,q} log^q ℓ/ℓ^s,
//
// up to the first term the analysis leaves open (Next). Constructors:
//
//   - KZeroPredictions(a₁, a₂, b₁): the K* = 0 class at (0, 1/σ₁²) — the
//     kernel (5.94), the parallel and perpendicular perturbations (5.97),
//     (5.99), the vertex (5.127), V/K² (5.131), the bare (5.134) and
//     renormalized (5.143, corrected) NLO metric;
//   - ScaleInvariantPredictions(A₂, A₄, ρ, K*): K, V (5.120), V/K² (5.130),
//     G{1} = 0 (5.118), the polar angle ψ ≈ 3/(ρℓ) (5.166), K[0] and
//     K[2] (5.167)–(5.168); CrossoverDepth gives ℓ_cross (5.169);
//   - HalfStablePredictions(ã₁): ΔK ≈ 1/(−ã₁ℓ) (5.103);
//   - SemiCriticalPredictions(A₂, A₄, C_b, K⁽¹⁾): K ~ ℓ, V ~ ℓ³;
//   - Predict(σ, C_b, C_W, K⁽¹⁾) picks the class that applies.
//
// Sequence keys (Series.Quantity): "K" (the kernel; K − K* = K for the
// K* = 0 class), "K_minus_Kstar" (K − K* at a half-stable point), "V",
// "V_over_K2" (V/K²), "G1" (bare NLO metric), "G1_ren" (renormalized,
// c_b{1} = 0, c_W{1} = (2/3)C_W), "dK1" (δK[1]), "ddK2" (δδK[2]), "psi"
// (polar angle), "K0" and "K2" (K[0], K[2] at finite angle).
//
// # Fitting
//
// FitSequence fits the ansatz to the tail ℓ ∈ [ℓ_min, ℓ_max] of a sequence
// (by default ℓ_min = ℓ_max/100), on up to 200 depths spread evenly in
// log ℓ. For a given p the coefficients of the basis log^q ℓ/ℓ^(p+s)
// (s ≤ Order, q ≤ s) solve a linear least-squares problem in the relative
// residual Σ (fit/O − 1)², by Householder reflections with columns scaled
// to unit largest entry. The exponent minimizes that residual (variable
// projection): on a grid of ±0.5 in steps of 0.05 around the mean
// log-slope −Δlog O/Δlog ℓ of the window, a walk downhill from its centre
// to the grid's minimum, then Brent's method to 1e-13. The grid stays
// within less than 1 of the start because the basis at p − 1 contains the
// basis at p; a best p at the edge of the grid, or an rms relative
// residual above 1e-5, is an error (no power law there).
//
// The uncertainty of each fitted value is the largest change over three
// variants of the fit: the window's lower end raised by a factor 3, its
// upper end lowered by 3, and one more order of corrections; never below
// 1e-10 (absolute on p, relative to the leading coefficient on the
// coefficients), the accuracy of float64 recursions through the solve.
//
// # Comparing
//
// Compare fits each sequence for which a series exists: the exponent with
// p free, the coefficients with p fixed at the predicted value and one
// order more than the prediction leaves open. Logarithms log(ℓ/ℓ₀) are
// expanded in log ℓ, so a coefficient may be linear in log ℓ₀; the first
// such coefficient of "K" (the 1/ℓ² term of (5.94)) fixes ℓ₀, shared with
// the other series as PDLT says after (5.127). A value agrees when it is
// within AgreeSigmas = 3 uncertainties of the prediction. The scaling law
// p_V − 2p₀ = −1 (5.129) is checked on the fitted exponents.
//
// Corrections to the printed text: the renormalized NLO metric is
// G{1} = [(84a₁² − a₂ − 90a₁b₁)/(3a₁³)]/ℓ (tanh 89/72), not PDLT's
// (2/3)(3a₂ − a₁²)/(−a₁)³ (tanh 13/12) of (5.143); the recursions
// (5.108)–(5.110), (5.140) and the expansions (5.94), (5.127) give the
// former.
package asymptotics
