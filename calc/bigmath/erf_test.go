package bigmath

import (
	"math"
	"math/big"
	"testing"
)

// erfTaylor returns erf x from the alternating Taylor series
// 2/√π Σ (-1)^n x^(2n+1)/(n!(2n+1)), evaluated at a precision that covers
// its cancellation (terms reach e^(x²)) and the smallness of erfc x
// (about e^(-x²)) for results at prec bits. It shares no code with the
// package except Pi, which TestReferenceValues checks against bc.
func erfTaylor(x *big.Float, prec uint) *big.Float {
	xf, _ := x.Float64()
	w := prec + 64 + uint(3*xf*xf)
	x2 := new(big.Float).SetPrec(w).Mul(x, x)
	t := new(big.Float).SetPrec(w).Set(x) // (-1)^n x^(2n+1)/n!
	sum := new(big.Float).SetPrec(w).Set(x)
	d := new(big.Float).SetPrec(w)
	k := new(big.Float).SetPrec(w)
	for n := int64(1); ; n++ {
		t.Mul(t, x2)
		t.Quo(t, k.SetInt64(n))
		t.Neg(t)
		d.Quo(t, k.SetInt64(2*n+1))
		sum.Add(sum, d)
		if n > int64(xf*xf) && d.Sign() != 0 && d.MantExp(nil) < sum.MantExp(nil)-int(w) {
			break
		}
	}
	sp := new(big.Float).SetPrec(w).Sqrt(Pi(w))
	sum.Quo(sum, sp)
	return sum.SetMantExp(sum, 1)
}

// erfcTaylor returns erfc x = 1 − erfTaylor(x).
func erfcTaylor(x *big.Float, prec uint) *big.Float {
	e := erfTaylor(x, prec)
	return e.Sub(one, e)
}

// TestErfAgainstTaylor sweeps x over the series, the crossover and the
// continued-fraction ranges at several precisions.
func TestErfAgainstTaylor(t *testing.T) {
	for _, prec := range []uint{24, 53, 113, 256, 400} {
		for x := 0.0625; x < 12; x *= 1.19 {
			a := num(big.NewFloat(x).Text('g', 6))
			checkULP(t, "erf("+a.Text('g', 6)+")", prec, Erf(prec, a), erfTaylor(a, prec))
			checkULP(t, "erfc("+a.Text('g', 6)+")", prec, Erfc(prec, a), erfcTaylor(a, prec))
			na := new(big.Float).Neg(a)
			checkULP(t, "erfc(-"+a.Text('g', 6)+")", prec, Erfc(prec, na), erfcTaylor(na, prec))
		}
	}
}

// TestErfSeriesMatchesCF compares the two methods with each other around
// their crossover, where both are accurate.
func TestErfSeriesMatchesCF(t *testing.T) {
	for _, prec := range []uint{64, 128, 256, 512} {
		wp := prec + erfGuard
		mid := math.Sqrt(0.15 * float64(wp))
		for _, f := range []float64{0.8, 1, 1.25} {
			a := big.NewFloat(mid * f)
			ser := erfcPosSeries(newFloat(prec), a)
			cf := erfcCFInto(newFloat(prec), a)
			checkULP(t, "erfc series vs CF at "+a.Text('g', 5), prec, ser, cf)
		}
	}
}

// erfcPosSeries returns erfc a for a > 0 from the series, whatever the
// crossover rule would choose.
func erfcPosSeries(z, a *big.Float) *big.Float {
	af, _ := a.Float64()
	extra := uint(math.Ceil(af*af*math.Log2E)) + 16
	e := erfSeriesInto(newFloat(z.Prec()+erfGuard+extra), a)
	return z.Sub(one, e)
}

// TestErfcCFTerms checks that erfcCFTerms leaves a truncation error below
// 2^-wp over the range where the continued fraction is used.
func TestErfcCFTerms(t *testing.T) {
	for _, wp := range []uint{30, 76, 140, 268, 524, 1036} {
		lo := math.Sqrt(0.15 * float64(wp))
		for a := lo; a < 64; a *= 1.3 {
			af := big.NewFloat(a)
			n := erfcCFTerms(a, wp)
			got := erfcCFSteps(newFloat(wp+40), af, n)
			want := erfcCFSteps(newFloat(wp+40), af, 2*n+100)
			d := new(big.Float).Sub(got, want)
			d.Quo(d, want)
			if d.Sign() != 0 && d.MantExp(nil) > -int(wp) {
				t.Errorf("wp=%d a=%.3g: %d steps leave relative error %.3g", wp, a, n, d)
			}
		}
	}
}
