package calc

import (
	"errors"
	"math/big"
	"math/bits"
	"testing"

	"critcalc/calc/bigmath"
)

// TestPowIntBig compares integer powers by multiplication with bigmath.Pow
// at 64 more bits: within an ulp at every exponent up to maxBigPowInt,
// positive and negative bases and exponents, and the same special cases,
// errors, overflows and underflows.
func TestPowIntBig(t *testing.T) {
	tmp := new(big.Float) // scratch kept from one call to the next, as a plan's is
	bases := []string{"3", "-3", "0.7", "-1.0000001", "1e-30", "-7.25e12", "1", "-1", "123456789.123456789"}
	for _, prec := range []uint{53, 64, 239, 400} {
		for _, bs := range bases {
			x, _ := new(big.Float).SetPrec(prec).SetString(bs)
			for n := -maxBigPowInt; n <= maxBigPowInt; n++ {
				got, err := powIntBig(new(big.Float).SetPrec(prec), x, tmp, n)
				if err != nil {
					t.Fatalf("%s^%d: %v", bs, n, err)
				}
				if same := powInPlace(new(big.Float).SetPrec(prec), x, n); got.Cmp(same) != 0 {
					t.Fatalf("%s^%d at %d bits: %s, by powers in place %s", bs, n, prec, got.Text('p', 0), same.Text('p', 0))
				}
				want, err := bigmath.Pow(prec+64, x, new(big.Float).SetInt64(int64(n)))
				if err != nil {
					t.Fatal(err)
				}
				if got.Prec() != prec {
					t.Errorf("%s^%d has %d bits, want %d", bs, n, got.Prec(), prec)
				}
				d := new(big.Float).Sub(got, want)
				lim := new(big.Float).Abs(want)
				lim.SetMantExp(lim, -int(prec)) // one ulp or more
				if d.Abs(d).Cmp(lim) > 0 {
					t.Errorf("%s^%d at %d bits = %s, want %s", bs, n, prec, got.Text('g', 40), want.Text('g', 40))
				}
			}
		}
	}
}

// TestPowIntBigSpecial checks the cases powIntBig leaves to bigmath.Pow or
// that leave the exponent range.
func TestPowIntBigSpecial(t *testing.T) {
	// Their cubes and squares leave big.Float's exponent range (±2^31).
	huge := new(big.Float).SetMantExp(big.NewFloat(1), 3<<29)
	tiny := new(big.Float).SetMantExp(big.NewFloat(1), -(3 << 29))
	negZero := new(big.Float).Neg(new(big.Float))
	tests := []struct {
		name   string
		x      *big.Float
		n      int
		want   string // the value as %g, "" for a domain error
		signed bool   // whether the result is −0 or −Inf
	}{
		{"0^-2", new(big.Float), -2, "", false},
		{"-0^-1", negZero, -1, "", false},
		{"0^3", new(big.Float), 3, "0", false},
		{"-0^3", negZero, 3, "-0", true},
		{"-0^2", negZero, 2, "0", false},
		{"5^0", big.NewFloat(5), 0, "1", false},
		{"0^0", new(big.Float), 0, "1", false},
		{"huge^3", huge, 3, "+Inf", false},
		{"-huge^3", new(big.Float).Neg(huge), 3, "-Inf", true},
		{"huge^-3", huge, -3, "0", false},
		{"tiny^2", tiny, 2, "0", false},
		{"tiny^-2", tiny, -2, "+Inf", false},
		{"tiny^-3", tiny, -3, "+Inf", false},
	}
	for _, tt := range tests {
		got, err := powIntBig(new(big.Float).SetPrec(64), tt.x, new(big.Float), tt.n)
		want, wantErr := bigmath.Pow(64, tt.x, new(big.Float).SetInt64(int64(tt.n)))
		if tt.want == "" {
			var de *bigmath.DomainError
			if !errors.As(err, &de) || wantErr == nil || err.Error() != wantErr.Error() {
				t.Errorf("%s: error %v, bigmath.Pow %v", tt.name, err, wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		// Only zeros, infinities and small integers are printed.
		if got.Cmp(want) != 0 || got.Signbit() != want.Signbit() {
			t.Errorf("%s: not what bigmath.Pow gives", tt.name)
		} else if s := got.Text('g', 10); s != tt.want || got.Signbit() != tt.signed {
			t.Errorf("%s = %s, want %s", tt.name, s, tt.want)
		}
	}
}

// powInPlace is powIntBig's binary powering with every product written
// over z, for a finite nonzero x and 3 ≤ |n|: the same operations at the
// same precisions, so the same bits.
func powInPlace(z, x *big.Float, n int) *big.Float {
	prec := z.Prec()
	if n >= -2 && n <= 2 {
		r, _ := powIntBig(z, x, new(big.Float), n)
		return r
	}
	m := uint(n)
	if n < 0 {
		m = uint(-n)
	}
	z.SetPrec(prec + powIntGuard + uint(bits.Len(m))).Set(x)
	for i := bits.Len(m) - 2; i >= 0; i-- {
		z.Mul(z, z)
		if m>>uint(i)&1 == 1 {
			z.Mul(z, x)
		}
	}
	if n < 0 {
		z.Quo(bigOne, z)
	}
	return z.SetPrec(prec)
}
