package recursions

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestKinkedDigits checks the kinked-linear class data at 30 digits
// against closed forms written out by hand for each activation and
// evaluated at 256 bits with π from its published decimal expansion:
//
//   - ELU (α = 1): a± = 1, b₊ = 0, b₋ = c₋ = 1, so A₂ = 1, C_W = 1,
//     a₃ᐟ₂ = −√(2/π), a₁ = G₂ = 3/8 + 1/2 = 7/8, decay 4/a₃ᐟ₂² = 2π;
//   - SELU: a₊ = λ, a₋ = b₋ = c₋ = λα, so C_W = 2/(λ²(1 + α²)),
//     a₃ᐟ₂ = −√(2/π)·2α²/(1 + α²), a₁ = G₂/A₂ = (7/4)α²/(1 + α²);
//   - softsign x/(1 + |x|): a± = 1, b± = ∓2, c± = 6, so a₃ᐟ₂ = −4√(2/π),
//     a₁ = 3 + 6 = 9, decay π/8;
//   - leaky_relu(x, 0.2) + x²/2: a₊ = 1, a₋ = 1/5, b± = 1, so A₂ = 13/25,
//     C_W = 25/13, a₃ᐟ₂ = √(2/π)(4/5)(25/13) = √(2/π)·20/13 (unstable),
//     a₁ = (3/4)(25/13) = 75/52.
func TestKinkedDigits(t *testing.T) {
	const prec = 256
	pi, _, err := big.ParseFloat("3.14159265358979323846264338327950288419716939937510582097494459", 10, prec, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	dec := func(s string) *big.Float {
		v, _, err := big.ParseFloat(s, 10, prec, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	rat := func(n, d int64) *big.Float { return f().Quo(f().SetInt64(n), f().SetInt64(d)) }
	s2pi := f().Sqrt(f().Quo(rat(2, 1), pi)) // √(2/π)
	// SELU: with q = α², G₂ = (3/8)λ²q + λ²q/2 = (7/8)λ²q and
	// A₂ = λ²(1 + q)/2.
	lam, alpha := dec("1.0507009873554804934193349852946"), dec("1.6732632423543772848170429916717")
	q := f().Mul(alpha, alpha)
	onePlusQ := f().Add(rat(1, 1), q)
	seluA32 := f().Neg(f().Quo(f().Mul(f().Mul(s2pi, rat(2, 1)), q), onePlusQ))
	tests := []struct {
		src              string
		cw, a32, a1, dec *big.Float // dec nil: no decay (a₃ᐟ₂ ≥ 0)
	}{
		{"elu", rat(1, 1), f().Neg(s2pi), rat(7, 8), f().Mul(rat(2, 1), pi)},
		{"selu", f().Quo(rat(2, 1), f().Mul(f().Mul(lam, lam), onePlusQ)), seluA32,
			f().Quo(f().Mul(rat(7, 4), q), onePlusQ), f().Quo(rat(4, 1), f().Mul(seluA32, seluA32))},
		{"softsign", rat(1, 1), f().Mul(rat(-4, 1), s2pi), rat(9, 1), f().Quo(pi, rat(8, 1))},
		{"leaky_relu(x, 0.2) + 0.5*x^2", rat(25, 13), f().Mul(s2pi, rat(20, 13)), rat(75, 52), nil},
	}
	const digits = 30
	for _, tt := range tests {
		kd, ok, err := KinkedOf(calc.MustParse(tt.src), digits)
		if err != nil || !ok {
			t.Errorf("%s: ok %v, err %v", tt.src, ok, err)
			continue
		}
		check := func(name string, got calc.Certified, want *big.Float) {
			if want == nil {
				if got.V != nil {
					t.Errorf("%s %s = %s, want none", tt.src, name, got.Text())
				}
				return
			}
			if got.Digits != digits || got.Text() != calc.FormatSignificant(want, digits) {
				t.Errorf("%s %s = %s (%d digits), want %s", tt.src, name, got.Text(), got.Digits, calc.FormatSignificant(want, digits))
			}
		}
		check("C_W", kd.CW, tt.cw)
		check("a₃ᐟ₂", kd.A32, tt.a32)
		check("a₁", kd.A1, tt.a1)
		check("decay", kd.Decay, tt.dec)
	}
}
