package hermite

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// Float64 ⟨σ²⟩_K: the goals are 5 µs for a smooth activation and
// 10 µs for a kinked one, at an error of at most 1e-14.
func BenchmarkExpectSigma2(b *testing.B) {
	for _, c := range []struct{ name, f string }{
		{"tanh", "tanh(x)^2"},
		{"swish", "(x/(1+exp(-x)))^2"},
		{"gelu", "gelu(x)^2"},
		{"relu", "relu(x)^2"},
		{"selu", "selu(x)^2"},
		{"elu", "elu(x)^2"},
	} {
		b.Run(c.name, func(b *testing.B) {
			e, err := NewExpectation(calc.MustParse(c.f))
			if err != nil {
				b.Fatal(err)
			}
			evals := 0
			for b.Loop() {
				v, err := e.At(1)
				if err != nil {
					b.Fatal(err)
				}
				evals = v.Evals
			}
			b.ReportMetric(float64(evals), "evals")
		})
	}
}

// 30-digit ⟨σ²⟩_K: the goal is 5 ms.
func BenchmarkExpectDigits30(b *testing.B) {
	for _, c := range []struct{ name, f string }{
		{"tanh", "tanh(x)^2"},
		{"gelu", "gelu(x)^2"},
		{"relu", "relu(x)^2"},
		{"mish", "mish(x)^2"},
	} {
		b.Run(c.name, func(b *testing.B) {
			e, err := NewExpectation(calc.MustParse(c.f))
			if err != nil {
				b.Fatal(err)
			}
			K := big.NewRat(1, 1)
			for b.Loop() {
				if _, err := e.AtDigits(K, 30); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
