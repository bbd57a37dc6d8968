// Package bigmath provides elementary and special functions on
// math/big.Float values at any precision: Exp, Expm1, Log, Log1p, Sqrt,
// Pow, Sin, Cos, Atan, Sinh, Cosh, Tanh, Erf and Erfc, and the constant
// Pi.
//
// # Accuracy contract
//
// Every function takes the precision prec of its result in bits (prec
// must be positive; it is not limited to 1024) and returns a new
// *big.Float with that precision and rounding mode big.ToNearestEven. The
// value is computed with guard bits (about a dozen, more where a formula
// cancels or an error is amplified) and then rounded once to prec bits,
// so that it lies within one ulp of the exact result, and in almost all
// cases is the correctly rounded one. Arguments may have any precision;
// they are taken as exact and are never modified. Functions that can
// leave their domain return a *DomainError and a nil result.
//
// # Algorithms
//
// The kernels run in binary fixed point on big.Int, which is faster than
// big.Float at these sizes and makes error bounds simple sums of units.
//
//   - Exp reduces x = k·ln2 + r, halves r about √prec times, sums the
//     Taylor series of expm1 and undoes the halvings with
//     expm1(2t) = expm1(t)·(2 + expm1(t)) (Brent & Zimmermann, Modern
//     Computer Arithmetic, §4.3.1 and §4.4); Expm1 uses the same kernel
//     and so keeps its relative accuracy near zero.
//   - Log and Log1p refine a double-precision estimate y0 by one
//     higher-order Newton step on Exp: log(1+u) = y0 + log1p(δ) with
//     δ = (1+u)·e^(-y0) − 1 tiny (Brent & Zimmermann, §4.2.3).
//   - Pow uses binary powering for integer exponents and exp(y·log x)
//     otherwise, with extra bits for the size of y·log x.
//   - Sin and Cos reduce modulo π/2 with as many extra bits of π as the
//     argument has integer bits and the remainder has leading zeros
//     (compare Muller, Elementary Functions, ch. 11), then use halving
//     and the double-angle formulas on sin and 1 − cos.
//   - Atan uses atan x = π/2 − atan(1/x) for |x| > 1 and corrects the
//     double-precision value a0 = atan x by atan(tan(atan x − a0)), whose
//     Taylor series converges by about a hundred bits per term.
//   - Sinh, Cosh and Tanh are built on Exp and Expm1.
//   - Erf uses the series of positive terms 2/√π·e^(-x²)·Σ 2^n
//     x^(2n+1)/(2n+1)!! (Abramowitz & Stegun, Handbook of Mathematical
//     Functions, 7.1.6); Erfc for large x uses the even part of Laplace's
//     continued fraction (ibid., 7.1.14), which keeps full relative
//     accuracy when erfc x is tiny.
//   - π is computed by Machin's formula and ln2 by a Machin-like formula
//     with three arctangents; both are cached, as is 1/√π.
//
// # Ranges
//
// big.Float's exponent is limited to 32 bits, so Exp overflows to +Inf
// for x ≳ 1.488e9 and underflows to 0 for x ≲ -1.488e9. Sin and Cos
// return a *DomainError for |x| ≥ 2^65536, where reducing the argument
// would need π to more than 65536 bits.
//
// All functions are safe for concurrent use.
package bigmath
