package report

import "testing"

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
