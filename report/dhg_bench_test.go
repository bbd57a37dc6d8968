package report

import (
	"testing"

	"critcalc/apjn"
)

// BenchmarkTableDHG builds the dhg table: four activations, six
// architectures, the default μ and σ_b² (144 rows, a σ_w² scan per σ_b²).
func BenchmarkTableDHG(b *testing.B) { benchTable(b, "dhg", nil, DefaultDigits) }

// BenchmarkTableBeta builds the beta table (n = 100, d = 1, 10, 100).
func BenchmarkTableBeta(b *testing.B) { benchTable(b, "beta", nil, DefaultDigits) }

// BenchmarkTableDHGDigits30 builds the dhg table at 30 certified digits.
func BenchmarkTableDHGDigits30(b *testing.B) { benchTable(b, "dhg", nil, 30) }

// BenchmarkTableBetaDigits30 builds the beta table at 30 certified digits
// (its simulated columns take most of the time).
func BenchmarkTableBetaDigits30(b *testing.B) { benchTable(b, "beta", nil, 30) }

// BenchmarkFigurePhase draws the default 80 × 50 phase diagram of erf.
func BenchmarkFigurePhase(b *testing.B) {
	erf := DHGActivations()[0]
	for b.Loop() {
		if _, err := PhaseFigure(erf, apjn.Vanilla, 0, DefaultPhaseRange); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFigureLogNorm draws the default lognorm figure with 2¹⁵
// samples per depth.
func BenchmarkFigureLogNorm(b *testing.B) {
	for b.Loop() {
		if _, err := LogNormFigure(BetaWidth, BetaOutputs, BetaDepths, LogNormSamples, LogNormSeed); err != nil {
			b.Fatal(err)
		}
	}
}
