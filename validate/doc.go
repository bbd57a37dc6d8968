// Package validate puts the predictions of critcalc's recursions beside
// their Monte-Carlo estimates from package sim, each with its standard
// error, a z-score and a verdict.
//
// For a network of C_b, C_W with equal hidden widths n the theory is PDLT's
// recursions (package recursions, Iterate): the metric E[K̂^(ℓ)] = K^(ℓ) +
// G{1}^(ℓ)/n (5.108), (5.110), the four-point vertex V^(ℓ) (5.109), and the
// APJN 𝒥^{l0,l} = Π_{l'=l0}^{l−1} χ⊥(K^(l')) (DHG; AutoInit eq. 6). For two
// inputs the 2×2 kernel K_ab^(ℓ+1) = C_b + C_W E[σ(u_a)σ(u_b)], u ~
// N(0, K^(ℓ)), is iterated with two-dimensional Gaussian quadrature (package
// hermite), which gives the off-diagonal kernel K₊₋ and the correlation ρ_ℓ
// at infinite width. Residual networks z' = αz + λ(b + Wσ(z)) have K' = α²K
// + λ²(C_b + C_W g(K)) and 𝒥^{ℓ,ℓ+1} = α² + λ²χ⊥ (no 1/n theory); LayerNorm
// before or after σ rescales the Gaussian averages by the normalization at
// infinite width; BatchNorm over an equicorrelated batch of B inputs uses
// the large-batch map (AutoInit eq. 37 generalized to any σ, with the exact
// −1/(B−1) correlation of batch-standardized entries).
//
// The APJN from the input (sim.Config.InputJacobian) starts with 𝒥^{0,1} =
// C_W1; its next factors carry O(1/n_0) corrections, because the input
// tangent's component along x correlates ‖W^(1)_i‖² with z_i^(1) (tanh at
// n_0 = 20: 5% at ℓ = 2), so n_0 should be large for that check.
//
// The verdict uses a Bonferroni bound over Student's t: with N checks that
// have a verdict and M networks, each passes when |z| ≤ z_c =
// t_{M−1}(1 − α/(2N)) with family-wise level α = 0.01 (every error bar is
// built from the sample moments of M networks, so the Normal quantile is
// too small at small M: it failed a correct theory in half the seeds at
// M = 5). The vertex V, a variance whose error bar has heavy tails at small
// M, gets no verdict below MinNetsVertex networks (TooFew); a check whose
// theory, estimate or error is not finite is NotComputable. The measured
// false-FAIL rate is 0.75–1.5% at M = 5 … 1000 (TestCalibration). The
// standard errors are those of the Monte-Carlo estimates only; where the
// theory is infinite-width (V, ρ, K₊₋, APJN) its O(ℓ/n) corrections are
// not in the error bar and show up as failures at large ℓ/n and many
// networks, which is the point of the check.
//
// Every theory value carries its checked digits (Check.TheoryDigits): the
// theory is computed twice, side by side, the second time with every
// Gaussian average moved by its accuracy (recursions.IterateChecked and
// IterateTwoChecked for a plain MLP; the layer map with its
// one-dimensional averages moved by 1e-14 and its two-dimensional ones by
// 1e-13 of themselves otherwise), and a value keeps the digits, at most
// calc.Float64Digits, that the second run certifies
// (calc.AgreeingFloat64). PredictDigits computes a plain MLP's theory to
// any number of digits in high precision. The z-scores use
// the float64 values with their errors (the two runs' difference) added to
// the standard errors in quadrature; a value on which the two runs do not
// agree to one digit gets no verdict (Check.SetTheoryDigits).
package validate
