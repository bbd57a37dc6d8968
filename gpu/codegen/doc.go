// Package codegen writes the CUDA C++ source of critcalc's GPU kernels:
// an activation function and its derivative generated from a calc
// expression, the Philox4x32-10 generator with the arithmetic of package
// sim/philox, and the kernels of an explicit-weight forward pass (Philox
// weight fill, elementwise activation, tiled GEMM, per-row sum of squares).
//
// The activation is generated from the expression DAG: named activations
// are expanded into primitives (calc.ExpandAll), every distinct node that
// depends on x becomes one temporary computed once, and subexpressions that
// do not depend on x are folded in float64 with calc's own arithmetic.
// Primitives map to the CUDA math library (exp, log1p, erfc, …) or to small
// device helpers written with the same formulas as calc's float64 kernels
// (sigmoid, softplus, step, …), so the generated code computes what
// calc.EvalFloat computes, operation for operation; the package's tests
// check this by interpreting the generated text.
//
// Nothing here needs a GPU or CUDA headers: the output is text, compiled at
// run time by NVRTC (package gpu/cuda).
package codegen
