// Package quadrature provides Gaussian quadrature rules and
// double-exponential integrators in float64 and math/big.Float arithmetic,
// for computing Gaussian expectations E[F(z)], z ~ N(0, K), to about 1e-14
// relative in float64 and to tens of significant digits in big.Float.
//
// # Rules
//
// GaussLegendre and GaussLegendreBig return n-point Gauss–Legendre rules on
// [−1, 1] (weight 1). GaussHermite and GaussHermiteBig return n-point
// Gauss–Hermite rules for the probabilists' weight, normalised to the
// standard normal density:
//
//	∫ f(x)·e^{−x²/2}/√(2π) dx ≈ Σ W[i]·f(X[i]),  Σ W[i] = 1,
//
// so that E[f(z)], z ~ N(0, 1), is Σ W[i]·f(X[i]). GaussHermite drops the
// outermost nodes whose weights are below the smallest normal float64
// (2^−1022; this happens from n = 370 on); GaussHermiteBig keeps all n nodes.
// Rules are computed once per n (and precision) and cached; the caches are
// safe for concurrent use. Legendre and LegendreBig apply a Gauss–Legendre
// rule to a finite interval [a, b].
//
// # Algorithms for the rules
//
// The roots are found by Newton's method on the three-term recurrences
// (k+1)Pₖ₊₁ = (2k+1)x·Pₖ − k·Pₖ₋₁ and Heₖ₊₁ = x·Heₖ − k·Heₖ₋₁, the
// approach of the classical Newton-based generators and of Glaser, Liu &
// Rokhlin (2007) without their ODE-based O(n) evaluation. Initial guesses
// come from Tricomi's asymptotic formulas: x ≈ (1 − 1/(8n²) + 1/(8n³))·
// cos(π(4k−1)/(4n+2)) for Legendre, and for Hermite Tricomi's expansion of
// the Laguerre zeros (Heₙ is a Laguerre polynomial in x²/2), which is within
// 2·10⁻³ of the root spacing for every n ≤ 1024. Float64 roots are iterated
// in float64 and then polished by a Newton step in double-double
// arithmetic; weights are evaluated in double-double from the derivative,
// 2/((1−x²)·P′ₙ(x)²) and n!/He′ₙ(x)², corrected to the polished root by a
// first-order Taylor term. Hermite values are rescaled by powers of two to
// avoid overflow, so weights far below 1e−300 are still obtained exactly
// scaled. The results are within about half an ulp of the exact values.
// Big rules start from the float64 roots and iterate Newton's method at the
// requested precision plus 32 + 2·log₂n guard bits, so nodes and weights are
// accurate to about one unit in the last place.
//
// The Golub–Welsch method (eigenvalues of the Jacobi matrix) is not used:
// eigenvalue solvers give nodes with absolute, not relative, accuracy of
// order ε·‖J‖ ≈ ε·√n, and the weights taken from the first components of
// the eigenvectors lose relative accuracy where they are small. Stored
// tables are no substitute either: gonum's 200-point Hermite table differs
// from the rule computed here by up to 1e−13 relative in the nodes and 1e−8
// relative in the (small) weights.
//
// # Double-exponential integration
//
// Integrate and IntegrateBig use the double-exponential transformations of
// Takahasi & Mori (1974): tanh-sinh x = c + r·tanh(π/2·sinh t) on finite
// [a, b], exp-sinh x = a + exp(π/2·sinh t) on [a, +∞) (and its mirror on
// (−∞, b]), and sinh-sinh x = sinh(π/2·sinh t) on (−∞, +∞), followed by the
// trapezoidal rule with step h = 2^−k, k = 0, 1, …, 10, where every level
// reuses the evaluations of the previous ones. Abscissae near a finite end
// point are computed as the end point plus a small offset, so f is never
// evaluated at an end point and integrable end point singularities are
// handled. Each infinite trapezoidal sum is truncated in each direction
// where its terms become negligible (below 2^−66, or 2^−(prec+42) in
// big.Float, times Σ|w·f|) beyond the last significant term of all levels,
// or where the abscissae reach an end point.
//
// The error estimate builds on Bailey, Jeyabalan & Li (2005), "A comparison
// of three high-precision quadrature schemes": halving h roughly squares
// the error, so with d₁ = |S_k − S_{k−1}| and d₂ = |S_k − S_{k−2}| (relative
// to ∫|f|) the error of S_k is about d₁^{log d₁/log d₂}. Because the
// squaring only sets in asymptotically, the estimate used here is the
// largest of that, of d₁², of d₂⁴ and of 10·d₁²/d₂ (the last decrease of the
// logarithm of the error repeated once more, with a factor 10 of safety;
// this dominates and costs at most one extra level), with 2·d₁ when the
// differences shrink far more slowly than the model predicts. To it are
// added an estimate of the truncated tails and a rounding floor of 4u·∫|f|
// (u the unit roundoff of the result). The first test is made at h = 1/16.
// Integration stops as soon as the estimate is below
// max(relTol·|value|, absTol); otherwise a *NotConvergedError is returned
// together with the best value and its estimated error.
//
// The integrators expect integrands that are smooth (analytic) on the open
// interval, possibly with complex singularities near the real axis; callers
// split the real line at kinks of the integrand. The Gaussian weight of an
// expectation is part of f here; Gauss–Hermite rules include it instead.
//
// All sums are evaluated sequentially in a fixed order, so the same call
// always returns bit-identical results.
package quadrature
