package quadrature

import (
	"math/big"
	"testing"
)

// BenchmarkGaussHermite200 measures the uncached generation of the
// 200-point float64 rule.
func BenchmarkGaussHermite200(b *testing.B) {
	for b.Loop() {
		roots, ws, err := hermiteRoots(200)
		if err != nil {
			b.Fatal(err)
		}
		hermiteRule(200, roots, ws)
	}
}

// BenchmarkGaussHermiteBig200 measures the uncached generation of the
// 200-point rule at 128 bits.
func BenchmarkGaussHermiteBig200(b *testing.B) {
	for b.Loop() {
		guesses, _, err := hermiteRoots(200)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bigRule(200, 128, ruleWorkPrec(200, 128), guesses, func(wp uint) bigRootEval { return newHermiteBigEval(200, wp) }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGaussLegendre1000 measures the uncached generation of the
// 1000-point float64 rule.
func BenchmarkGaussLegendre1000(b *testing.B) {
	for b.Loop() {
		if _, err := legendreRule(1000); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIntegrateTanh2 measures E[tanh(z)²], z ~ N(0, 1), by float64
// sinh-sinh quadrature at relTol 1e-14.
func BenchmarkIntegrateTanh2(b *testing.B) {
	var evals int
	for b.Loop() {
		r, err := Integrate(tanh2Gauss, -inf, inf, 1e-14, 0)
		if err != nil {
			b.Fatal(err)
		}
		evals = r.Evals
	}
	b.ReportMetric(float64(evals), "evals/op")
}

// BenchmarkIntegrateBig128 is BenchmarkIntegrateTanh2 at 128 bits with
// relTol 1e-32 (node tables cached after the first iteration).
func BenchmarkIntegrateBig128(b *testing.B) {
	f := tanh2GaussBig(128)
	tol := big.NewFloat(1e-32)
	var evals int
	for b.Loop() {
		r, err := IntegrateBig(f, nil, nil, 128, tol, nil)
		if err != nil {
			b.Fatal(err)
		}
		evals = r.Evals
	}
	b.ReportMetric(float64(evals), "evals/op")
}
