// Package loggauss is the log-Gaussian law of the output norm of deep
// finite-width ReLU (and scale-invariant) networks at initialization
// (Hanin–Nica; Li–Nica–Roy; the "Intro to Infinite Depth-and-Width Limits"
// notes, the log-Gaussian notes of README References).
//
// For a network z⁰ = √(1/n_in)W⁰x, z^ℓ = √(2/n)W^ℓφ(z^{ℓ−1}) (ℓ = 1…d),
// z_out = √(1/n)W_out z^d with iid N(0, 1) weights, the output is exactly
// z_out = (‖x‖/√n_in)·exp(G/2)·W⃗ with W⃗ ~ N(0, I_{n_out}) independent of
//
//	G = ln(‖g^d‖²/n) + Σ_{ℓ=0}^{d−1} ln((2/n)‖φ(g^ℓ)‖²),  g^ℓ iid N(0, I_n),
//
// a sum of independent terms (the product representation). The package
// gives the effective parameter β = 2/n + 5d/n and its extensions (unequal
// widths, the α/λ residual network, any scale-invariant activation), the
// exact finite-width moments of G from digamma and trigamma functions, an
// exact and cheap sampler of G, and the densities of ln‖z_out‖² predicted by
// the log-Gaussian law and by the infinite-width (G = 0) limit.
//
// Conventions: C_W = 2 (ReLU) or 1/A₂ (scale-invariant σ), no biases;
// widths are indexed n₀ … n_d for the hidden layers z⁰ … z^d; ln χ²_k has
// mean ψ(k/2) + ln 2 and variance ψ′(k/2). The event that some hidden layer
// of a ReLU network has no active unit (probability 1 − (1 − 2^−n)^d for
// equal widths; then z_out = 0 and G = −∞) is excluded: exact moments and
// samples are conditional on it not happening (see ZeroEventProbability).
package loggauss
