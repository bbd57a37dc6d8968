// Package calc turns an activation function written as text into a value
// that critcalc can differentiate, expand and evaluate.
//
// The grammar: decimal and scientific numbers (1e-3, .5), the variable x
// (z is a synonym), + − * /, ^ and ** for powers (right-associative and
// tighter than unary minus, so -x^2 = −(x²) and 2^3^2 = 512), parentheses,
// and calls of built-in functions (Funcs lists them). A bare function name
// is the whole activation: "gelu" means gelu(x).
//
// Parse builds an Expr: an immutable, hash-consed expression DAG in which
// equal subexpressions are one node, so equality is ==, and derivatives of
// any order (Derivative) share their repeated subtrees instead of copying
// them. Expressions are normalized as they are built: number literals are
// exact rationals (1.0507009873554805 is that decimal, never a float64
// approximation), constants fold exactly, and the unstable forms
// log(1 + exp(u)) and a/(1 + exp(−u)) become softplus(u) and a·sigmoid(u).
//
// Evaluation comes in three kinds: Compile gives a float64 program for one
// point or whole slices; CompileBig gives an arbitrary-precision program
// whose EvalDigits certifies the digits it returns by comparing two working
// precisions; Taylor computes Taylor coefficients by truncated power-series
// arithmetic, one-sided at kinks. Kinks lists the points where σ, σ′ or σ″
// jump, and DetectScaleInvariant recognises σ(z) = a₊z (z ≥ 0), a₋z (z < 0).
//
// Conventions: step(0) = 1/2, sign(0) = 0; derivatives are taken almost
// everywhere (step′ = 0; jumps are kinks, not Dirac deltas); a negative
// base may be raised only to an integer power.
package calc
