package calc

import (
	"math/big"
	"testing"
)

// mishSet returns the eight integrands the arbitrary-precision quadrature
// evaluates together for σ = mish: σ'², zσσ', σ'²z², z³σσ', σ², σ²z²,
// σ²z⁴ and σ⁴.
func mishSet() []Expr {
	s := MustParse("mish")
	d := Derivative(s, 1)
	z := Var()
	sq := func(e Expr) Expr { return Pow(e, Int(2)) }
	return []Expr{
		sq(d),
		Mul(z, Mul(s, d)),
		Mul(sq(d), sq(z)),
		Mul(Pow(z, Int(3)), Mul(s, d)),
		sq(s),
		Mul(sq(s), sq(z)),
		Mul(sq(s), Pow(z, Int(4))),
		Pow(s, Int(4)),
	}
}

// BenchmarkBigMishSet times one node of the mish set at the precision of
// 67 certified digits; ns/op is the time per node.
func BenchmarkBigMishSet(b *testing.B) {
	p := CompileBigMany(mishSet()...)
	prec := BitsForDigits(67) + 16
	xs := make([]*big.Float, 64)
	for i := range xs {
		xs[i] = new(big.Float).SetPrec(prec).SetFloat64(-9 + 18*float64(i)/float64(len(xs)))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.EvalAll(xs[i%len(xs)], prec); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkBigEval times one point of single expressions at the same
// precision, the forms that do not share an exponential included.
func BenchmarkBigEval(b *testing.B) {
	prec := BitsForDigits(67) + 16
	for _, src := range []string{"tanh(x)", "sigmoid(x)", "softplus(x)", "swish", "gelu", "elu", "x^3", "x^-2", "sech(x)^2", "mish", "cosh(x)*sinh(x)"} {
		b.Run(src, func(b *testing.B) {
			p := CompileBig(MustParse(src))
			x := new(big.Float).SetPrec(prec).SetFloat64(1.75)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Eval(x, prec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
