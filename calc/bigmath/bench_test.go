package bigmath

import (
	"math/big"
	"testing"
)

// benchArg returns s rounded to prec bits, so that arguments carry a full
// mantissa as they would in real use.
func benchArg(s string, prec uint) *big.Float {
	return newFloat(prec).Set(num(s))
}

const benchDigits = "1.2345678901234567890123456789012345678901234567890123456789012345678901234567890"

func benchmark1(b *testing.B, prec uint, arg string, fn func(uint, *big.Float) *big.Float) {
	x := benchArg(arg, prec)
	fn(prec, x) // fill the constant caches
	b.ReportAllocs()
	for b.Loop() {
		fn(prec, x)
	}
}

func benchmark1e(b *testing.B, prec uint, arg string, fn func(uint, *big.Float) (*big.Float, error)) {
	benchmark1(b, prec, arg, func(p uint, x *big.Float) *big.Float {
		z, err := fn(p, x)
		if err != nil {
			b.Fatal(err)
		}
		return z
	})
}

func BenchmarkExp128(b *testing.B)       { benchmark1(b, 128, benchDigits, Exp) }
func BenchmarkExp256(b *testing.B)       { benchmark1(b, 256, benchDigits, Exp) }
func BenchmarkExp1024(b *testing.B)      { benchmark1(b, 1024, benchDigits, Exp) }
func BenchmarkExpm1128(b *testing.B)     { benchmark1(b, 128, "1.2345678901234567890123456789e-7", Expm1) }
func BenchmarkLog128(b *testing.B)       { benchmark1e(b, 128, benchDigits, Log) }
func BenchmarkLog256(b *testing.B)       { benchmark1e(b, 256, benchDigits, Log) }
func BenchmarkSin128(b *testing.B)       { benchmark1e(b, 128, benchDigits, Sin) }
func BenchmarkSin256(b *testing.B)       { benchmark1e(b, 256, benchDigits, Sin) }
func BenchmarkAtan128(b *testing.B)      { benchmark1(b, 128, "0.7"+benchDigits[2:], Atan) }
func BenchmarkTanh128(b *testing.B)      { benchmark1(b, 128, benchDigits, Tanh) }
func BenchmarkErf128(b *testing.B)       { benchmark1(b, 128, benchDigits, Erf) }
func BenchmarkErfSeries128(b *testing.B) { benchmark1(b, 128, "4"+benchDigits[1:], Erf) }
func BenchmarkErfTaylor128(b *testing.B) { benchmark1(b, 128, "0.3"+benchDigits[3:], Erf) }
func BenchmarkErf256(b *testing.B)       { benchmark1(b, 256, benchDigits, Erf) }
func BenchmarkErfc128(b *testing.B)      { benchmark1(b, 128, "8"+benchDigits[1:], Erfc) }

func BenchmarkPow128(b *testing.B) {
	x := benchArg(benchDigits, 128)
	y := benchArg("3.7"+benchDigits[3:], 128)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Pow(128, x, y); err != nil {
			b.Fatal(err)
		}
	}
}
