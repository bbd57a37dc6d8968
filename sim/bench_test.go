package sim

import (
	"testing"

	"critcalc/calc"
)

// logGaussianConfig is the experiment of the log-Gaussian notes (§1.1): ReLU, n = 100, n_in = n_out = 10, d hidden layers, no bias.
func logGaussianConfig(d, nets int) Config {
	x, _ := DefaultInputs(10, 1, 1, 0, 1)
	return Config{Sigma: calc.MustParse("relu"), CW: 2, FirstCW: 1, Widths: equalWidths(10, 100, d+1),
		Inputs: x, Readout: 10, Nets: nets, Seed: 1}
}

func benchRun(b *testing.B, c Config) {
	for b.Loop() {
		if _, err := Run(c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(c.Nets)*float64(b.N)/b.Elapsed().Seconds(), "nets/s")
}

// BenchmarkLogGaussianExperiment is the whole 2¹⁵-network, d = 100 run of
// the exact sampler (norm shortcut).
func BenchmarkLogGaussianExperiment(b *testing.B) { benchRun(b, logGaussianConfig(100, 1<<15)) }

// BenchmarkExactPlain is the same experiment with the plain exact sampler
// (one Gaussian-conditional draw of n numbers per layer), on 2¹² networks.
func BenchmarkExactPlain(b *testing.B) {
	c := logGaussianConfig(100, 1<<12)
	c.NoShortcut = true
	benchRun(b, c)
}

// BenchmarkExplicit64 is the experiment with explicit float64 weights
// (blas64), on 128 networks.
func BenchmarkExplicit64(b *testing.B) {
	c := logGaussianConfig(100, 128)
	c.Mode = Explicit
	benchRun(b, c)
}

// BenchmarkExplicit32 is BenchmarkExplicit64 in float32 (blas32).
func BenchmarkExplicit32(b *testing.B) {
	c := logGaussianConfig(100, 128)
	c.Mode, c.Float32 = Explicit, true
	benchRun(b, c)
}

// BenchmarkExplicitWide is one explicit float64 layer product of a wide
// network (n = 1000, 8 tracked vectors), where GEMM rather than the random
// numbers matters.
func BenchmarkExplicitWide(b *testing.B) {
	const n, m = 1000, 8
	e := &explicit64{seed: 1}
	v := make([]float64, n*m)
	y := make([]float64, n*m)
	fillNormal(v, 2, 3, 1)
	for b.Loop() {
		e.apply(0, 1, 2, n, n, m, v, y)
	}
}
