package calc

import (
	"math/big"
	"testing"
)

// TestAddRounded compares addRounded and subRounded with big.Float's Add
// and Sub around the gap at which the smaller operand stops mattering: for
// larger operands just above and just below a power of two, halfway
// between two floats of the precision of z, and wider than it.
func TestAddRounded(t *testing.T) {
	const p = 64
	larges := []*big.Float{
		big.NewFloat(1),
		big.NewFloat(-1),
		new(big.Float).SetPrec(p).Sub(big.NewFloat(1), new(big.Float).SetMantExp(big.NewFloat(1), -p)), // 1 − 2^−p
		new(big.Float).SetPrec(p).Quo(big.NewFloat(1), big.NewFloat(3)),
		new(big.Float).SetPrec(p+1).Add(big.NewFloat(1), new(big.Float).SetMantExp(big.NewFloat(1), -p)), // a tie at p bits
		new(big.Float).SetPrec(2*p).Quo(big.NewFloat(-2), big.NewFloat(7)),                               // not exact at p bits
	}
	for _, a := range larges {
		for gap := p - 4; gap <= p+12; gap++ {
			for _, sign := range []int64{1, -1, 3, -5} {
				b := new(big.Float).SetMantExp(big.NewFloat(float64(sign)), a.MantExp(nil)-gap)
				for _, zp := range []uint{p - 1, p, p + 1} {
					pairs := [][2]*big.Float{{a, b}, {b, a}}
					for _, ab := range pairs {
						x, y := ab[0], ab[1]
						if got, want := addRounded(new(big.Float).SetPrec(zp), x, y), new(big.Float).SetPrec(zp).Add(x, y); got.Cmp(want) != 0 {
							t.Errorf("%s + %s at %d bits = %s, want %s", x.Text('p', 0), y.Text('p', 0), zp, got.Text('p', 0), want.Text('p', 0))
						}
						if got, want := subRounded(new(big.Float).SetPrec(zp), x, y), new(big.Float).SetPrec(zp).Sub(x, y); got.Cmp(want) != 0 {
							t.Errorf("%s − %s at %d bits = %s, want %s", x.Text('p', 0), y.Text('p', 0), zp, got.Text('p', 0), want.Text('p', 0))
						}
					}
				}
			}
		}
	}
}

// TestAddRoundedFar checks sums whose exact form would be a billion bits
// long, which addRounded returns without forming.
func TestAddRoundedFar(t *testing.T) {
	tiny := new(big.Float).SetMantExp(big.NewFloat(1), -1_000_000_000)
	one := big.NewFloat(1)
	tests := []struct {
		name string
		got  *big.Float
		want *big.Float
	}{
		{"1 + tiny", addRounded(new(big.Float).SetPrec(239), one, tiny), one},
		{"tiny + 1", addRounded(new(big.Float).SetPrec(239), tiny, one), one},
		{"1 − tiny", subRounded(new(big.Float).SetPrec(239), one, tiny), one},
		{"tiny − 1", subRounded(new(big.Float).SetPrec(239), tiny, one), big.NewFloat(-1)},
		{"tiny + 0", addRounded(new(big.Float).SetPrec(239), tiny, new(big.Float)), tiny},
	}
	for _, tt := range tests {
		if tt.got.Cmp(tt.want) != 0 || tt.got.Prec() != 239 {
			t.Errorf("%s: wrong value or precision %d", tt.name, tt.got.Prec())
		}
	}
}
