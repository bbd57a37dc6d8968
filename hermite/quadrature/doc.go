// Package quadrature provides Gaussian quadrature rules in float64 and
// math/big.Float arithmetic, for computing Gaussian expectations E[F(z)],
// z ~ N(0, K), to about 1e-14 relative in float64 and to tens of
// significant digits in big.Float.
//
// # Rules
//
// GaussLegendre and GaussLegendreBig return n-point Gauss–Legendre rules on
// [−1, 1] (weight 1). GaussHermite returns n-point Gauss–Hermite rules for
// the probabilists' weight, normalised to the standard normal density:
//
//	∫ f(x)·e^{−x²/2}/√(2π) dx ≈ Σ W[i]·f(X[i]),  Σ W[i] = 1,
//
// so that E[f(z)], z ~ N(0, 1), is Σ W[i]·f(X[i]). GaussHermite drops the
// outermost nodes whose weights are below the smallest normal float64
// (2^−1022; this happens from n = 370 on). Rules are computed once per n
// (and precision) and cached; the caches are safe for concurrent use.
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
package quadrature
