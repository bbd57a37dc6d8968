package codegen_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/gpu/codegen"
)

// The activation swish and its derivative as CUDA device functions: the
// shared σ(x) is computed once in each.
func ExampleActivation() {
	src, err := codegen.Activation(calc.MustParse("swish"), codegen.Float64)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(src)
	// Output:
	// // act(x) = swish(x)
	// __device__ double act(double x) {
	// 	const double t0 = cc_sigmoid(x);
	// 	const double t1 = x * t0;
	// 	return t1;
	// }
	// // act_deriv(x) = sigmoid(x) + x*(sigmoid(x)*sigmoid(-x))
	// __device__ double act_deriv(double x) {
	// 	const double t0 = cc_sigmoid(x);
	// 	const double t1 = -x;
	// 	const double t2 = cc_sigmoid(t1);
	// 	const double t3 = t0 * t2;
	// 	const double t4 = x * t3;
	// 	const double t5 = t0 + t4;
	// 	return t5;
	// }
}

// Constants are folded with calc's float64 arithmetic and written so that
// they read back exactly; float code uses float literals and functions.
func ExampleFunction() {
	src, err := codegen.Function(calc.MustParse("gelu_tanh"), "g", codegen.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(src)
	// Output:
	// // g(x) = gelu_tanh(x)
	// __device__ float g(float x) {
	// 	const float t0 = powf(x, 3.0f);
	// 	const float t1 = 0.044715f * t0;
	// 	const float t2 = x + t1;
	// 	const float t3 = 0.7978846f * t2;
	// 	const float t4 = tanhf(t3);
	// 	const float t5 = t4 + 1.0f;
	// 	const float t6 = x * t5;
	// 	const float t7 = 0.5f * t6;
	// 	return t7;
	// }
}
