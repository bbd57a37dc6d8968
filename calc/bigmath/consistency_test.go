package bigmath

import (
	"math/big"
	"testing"
)

// TestPrecisionConsistency compares each function at several precisions
// with the same function at 96 more bits, over arguments that cross the
// internal switches between methods (series and continued fraction,
// direct and reduced arguments, tiny and large magnitudes). The more
// precise value stands in for the exact one, so each result must lie
// within one ulp of it.
func TestPrecisionConsistency(t *testing.T) {
	noErr := func(fn func(uint, *big.Float) (*big.Float, error)) func(uint, *big.Float) *big.Float {
		return func(p uint, x *big.Float) *big.Float {
			z, err := fn(p, x)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			return z
		}
	}
	pos := func(x *big.Float) *big.Float { return new(big.Float).Abs(x) }
	same := func(x *big.Float) *big.Float { return x }
	// into(-1, 0): x ↦ −|x|/(1+|x|).
	negUnit := func(x *big.Float) *big.Float {
		a := new(big.Float).Abs(x)
		d := new(big.Float).SetPrec(x.Prec()).Add(a, one)
		return d.Quo(a, d).Neg(d)
	}
	funcs := []struct {
		name   string
		fn     func(uint, *big.Float) *big.Float
		arg    func(*big.Float) *big.Float
		lo, hi float64 // binary exponent range of the arguments
	}{
		{"exp", Exp, same, -80, 12},
		{"expm1", Expm1, same, -200, 6},
		{"log", noErr(Log), pos, -300, 300},
		{"log1p", noErr(Log1p), pos, -200, 40},
		{"log1p-", noErr(Log1p), negUnit, -200, 40},
		{"sin", noErr(Sin), same, -100, 110},
		{"cos", noErr(Cos), same, -100, 110},
		{"atan", Atan, same, -200, 200},
		{"sinh", Sinh, same, -100, 8},
		{"cosh", Cosh, same, -100, 8},
		{"tanh", Tanh, same, -100, 9},
		{"erf", Erf, same, -100, 5},
		{"erfc", Erfc, same, -10, 5},
	}
	precs := []uint{24, 53, 113, 200, 333, 512, 1024}
	for i, f := range funcs {
		for j, x := range randArgs(uint64(100+i), 40, f.lo, f.hi, true) {
			x = f.arg(x)
			p := precs[j%len(precs)]
			checkULP(t, f.name+"("+x.Text('g', 12)+")", p, f.fn(p, x), f.fn(p+96, x))
		}
	}
	ys := randArgs(200, 40, -8, 8, true)
	for j, x := range randArgs(201, 40, -30, 30, false) {
		p := precs[j%len(precs)]
		got, err := Pow(p, x, ys[j])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Pow(p+96, x, ys[j])
		checkULP(t, "pow("+x.Text('g', 12)+", "+ys[j].Text('g', 12)+")", p, got, want)
	}
}
