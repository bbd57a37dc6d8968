// Package hermite computes Gaussian expectations of activation functions
// and everything built on them: ⟨F⟩_K = E[F(z)], z ~ N(0, K), in float64
// and to a requested number of significant digits; two-input expectations
// for any 2×2 covariance; normalized Hermite coefficients; and the
// Joudaki–Hofmann kernel map κ(ρ) = Σ c_k² ρ^k with its globally attracting
// fixed point.
//
// Expectations work in the standard variable t = z/√K. They cut the
// infinite ends at ±T where the integrand, judged from its actual growth,
// has fallen below the tolerance; split [−T, T] at the kinks that package
// calc reports (never integrating across a jump of F or its derivatives);
// and integrate each piece by adaptive bisection with a pair of
// Gauss–Legendre rules (24 and 48 nodes) per panel, the Gaussian density
// folded into cached weights. Whole-line Gauss–Hermite rules are not used
// for expectations at float64 accuracy: for F(√K·t) with complex
// singularities at distance d from the real axis their error falls only
// like exp(−c·d·√n/√K), so at the variances of interest (K = 14 for SWISH)
// hundreds of nodes still leave 1e-5 (measured: tanh² at K = 14, 256 nodes,
// 2.3e-5), where adaptive panels reach 1e-14 with about 200 evaluations.
// The root scans' looser tolerance takes them at small K, where 24 and 48
// nodes agree (Many.AtTol).
//
// Every value carries an error estimate; a result that cannot reach the
// requested accuracy is an error, as is an integral that diverges (F
// growing like exp(c·z²) with c ≥ 1/(2K)) or an F undefined on part of the
// line (log x). At D digits integrands without kinks are summed by the
// trapezoidal rule on dyadic nodes z = j·2^−m, cut on each side where the
// integrand falls below the tolerance (the tails left out are part of each
// value's error), halving the step until the sums with steps 2h and h
// agree; the nodes do not move with K, so the
// values at them serve every later K (the layers of a depth iteration, the
// steps of a Newton iteration). The sums are exact integers in fixed
// point, added in words (package internal/words), and a grid found short
// at one K is skipped by a later call there for more digits. Integrands
// with kinks, and any the
// trapezoidal rule does not settle, reuse the float64 partition with
// big.Float Gauss–Legendre rules of doubling size on each panel.
package hermite
