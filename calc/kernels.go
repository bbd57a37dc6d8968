package calc

import "math"

// Float64 kernels of the functions that math does not provide, in forms
// that neither overflow nor lose accuracy for large |x|.

func signF(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x // ±0 and NaN
}

func stepF(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return 0
	case x == 0:
		return 0.5
	}
	return x // NaN
}

func maxF(a, b float64) float64 {
	if a > b {
		return a
	}
	if b > a {
		return b
	}
	return a + b - b // equal or NaN: propagate NaN
}

func minF(a, b float64) float64 {
	if a < b {
		return a
	}
	if b < a {
		return b
	}
	return a + b - b
}

// sigmoidF is 1/(1+exp(−x)) without overflow: for x < 0 it uses
// exp(x)/(1+exp(x)).
func sigmoidF(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	t := math.Exp(x)
	return t / (1 + t)
}

// softplusF is log(1+exp(x)) = max(x,0) + log1p(exp(−|x|)).
func softplusF(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// sechF is 1/cosh(x); it underflows to 0 instead of dividing by +Inf.
func sechF(x float64) float64 { return 1 / math.Cosh(x) }

func reluF(x float64) float64 {
	if x > 0 {
		return x
	}
	if x < 0 {
		return 0
	}
	return x * 0 // keeps NaN
}

func leakyF(x, a float64) float64 {
	if x >= 0 {
		return x
	}
	return a * x
}

func eluF(x, a float64) float64 {
	if x >= 0 {
		return x
	}
	return a * math.Expm1(x)
}

const (
	seluLambdaF = 1.0507009873554804934193349852946
	seluAlphaF  = 1.6732632423543772848170429916717
)

func seluF(x float64) float64 { return seluLambdaF * eluF(x, seluAlphaF) }

// geluF is x·Φ(x) written with erfc so that the left tail keeps its
// relative accuracy.
func geluF(x float64) float64 { return 0.5 * x * math.Erfc(-x/math.Sqrt2) }

func geluTanhF(x float64) float64 {
	const c = 0.7978845608028653558798921198687637 // √(2/π)
	return 0.5 * x * (1 + math.Tanh(c*(x+0.044715*x*x*x)))
}

func swishF(x float64) float64 { return x * sigmoidF(x) }

func mishF(x float64) float64 { return x * tanhSoftplusF(x) }

func softsignF(x float64) float64 { return x / (1 + math.Abs(x)) }
