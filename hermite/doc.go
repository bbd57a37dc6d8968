// Package hermite computes Gaussian expectations of activation functions
// and everything built on them: ⟨F⟩_K = E[F(z)], z ~ N(0, K), in float64
// and to a requested number of significant digits; two-input expectations
// for any 2×2 covariance; normalized Hermite coefficients; and the
// Joudaki–Hofmann kernel map κ(ρ) = Σ c_k² ρ^k with its globally attracting
// fixed point.
//
// Expectations split the real line at the kinks that package calc reports
// (never integrating across a jump of F or its derivatives), use
// Gauss–Hermite rules on the whole line when F is smooth and Gauss–Legendre
// rules on the pieces when it is not, and cut the infinite ends where the
// integrand, judged from its actual growth, has fallen below the tolerance.
// Every value carries an error estimate (the difference between two rule
// sizes); a result that cannot reach the requested accuracy is an error, as
// is an integral that diverges (F growing like exp(c·z²) with c ≥ 1/(2K))
// or an F undefined on part of the line (log x).
package hermite
