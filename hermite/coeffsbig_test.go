package hermite

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/internal/testlevel"
)

const coeffBigPrec = 256

// sqrtFactBig returns √(k!) at coeffBigPrec bits.
func sqrtFactBig(k int) *big.Float {
	f := new(big.Int).MulRange(1, int64(max(k, 1)))
	v, _ := bigmath.Sqrt(coeffBigPrec, new(big.Float).SetPrec(coeffBigPrec).SetInt(f))
	return v
}

// hermiteAtZeroBig returns He_m(0): 0 for odd m, (−1)^(m/2)·(m−1)!! for
// even m.
func hermiteAtZeroBig(m int) *big.Float {
	if m%2 == 1 {
		return new(big.Float).SetPrec(coeffBigPrec)
	}
	v := big.NewInt(1)
	for j := int64(m - 1); j > 1; j -= 2 {
		v.Mul(v, big.NewInt(j))
	}
	if (m/2)%2 == 1 {
		v.Neg(v)
	}
	return new(big.Float).SetPrec(coeffBigPrec).SetInt(v)
}

// TestCoefficientsDigitsClosedForms checks the coefficients of relu and exp
// against their closed forms to 30 digits, up to order 100 (up to 400 in
// the exhaustive run, 4 s more each).
func TestCoefficientsDigitsClosedForms(t *testing.T) {
	t.Parallel()
	const digits = 30
	p := uint(coeffBigPrec)
	twoPi := bigmath.Pi(p)
	twoPi.Add(twoPi, twoPi)
	invSqrt2Pi, _ := bigmath.Sqrt(p, twoPi)
	invSqrt2Pi.Quo(big.NewFloat(1).SetPrec(p), invSqrt2Pi)
	half := new(big.Float).SetPrec(p).SetFloat64(0.5)
	sqrtHalf, _ := bigmath.Sqrt(p, half)
	tests := []struct {
		name  string
		sigma string
		C     *big.Float
		// c returns the normalized coefficient c_k.
		c func(k int) *big.Float
	}{
		// ReLU (as in TestCoefficientsClosedForms): C = √(1/2),
		// E[relu] = 1/√(2π), E[x·relu] = 1/2, and for k ≥ 2
		// E[relu·he_k] = φ(0)·He_{k−2}(0)/√(k!).
		{"relu", "relu(x)", sqrtHalf, func(k int) *big.Float {
			v := new(big.Float).SetPrec(p)
			switch k {
			case 0:
				v.Set(invSqrt2Pi)
			case 1:
				v.Set(half)
			default:
				v.Mul(invSqrt2Pi, hermiteAtZeroBig(k-2))
				v.Quo(v, sqrtFactBig(k))
			}
			return v.Quo(v, sqrtHalf)
		}},
		// exp(x) = e^{1/2}·Σ He_k(x)/k! (the generating function) and
		// C = √E[e^{2X}] = e, so c_k = e^{−1/2}/√(k!).
		{"exp", "exp(x)", bigmath.Exp(p, big.NewFloat(1)), func(k int) *big.Float {
			v := bigmath.Exp(p, big.NewFloat(-0.5))
			return v.Quo(v, sqrtFactBig(k))
		}},
	}
	for _, tt := range tests {
		for _, n := range []int{100, 400} {
			t.Run(fmt.Sprintf("%s n=%d", tt.name, n), func(t *testing.T) {
				if n > 100 {
					testlevel.Exhaustive(t)
				}
				t.Parallel()
				c, C, err := CoefficientsDigits(calc.MustParse(tt.sigma), n, digits)
				if err != nil {
					t.Fatal(err)
				}
				if !agreeDigits(C, tt.C, digits, 0) {
					t.Errorf("C = %s, want %s", C.Text('g', 35), tt.C.Text('g', 35))
				}
				for k, ck := range c {
					if !agreeDigits(ck, tt.c(k), digits, 1) {
						t.Errorf("c_%d = %s, want %s", k, ck.Text('g', 35), tt.c(k).Text('g', 35))
					}
				}
			})
		}
	}
}

// TestCoefficientsDigitsTanh checks the Parseval tail of tanh at N = 400
// (measured 6.8e-27: the c_k of tanh fall geometrically, so the tail is
// positive and far below 1e-26) and agreement with the float64
// Coefficients for the first 50 coefficients. The default run stops at
// N = 50 (tail measured 2.64e-9, bound 3e-9); N = 400 takes 7 s and runs
// with the exhaustive tests.
func TestCoefficientsDigitsTanh(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n     int
		bound float64
	}{{50, 3e-9}, {400, 1e-26}} {
		t.Run(fmt.Sprintf("N=%d", tt.n), func(t *testing.T) {
			if tt.n > 50 {
				testlevel.Exhaustive(t)
			}
			t.Parallel()
			coefficientsDigitsTanh(t, tt.n, tt.bound)
		})
	}
}

func coefficientsDigitsTanh(t *testing.T, n int, bound float64) {
	sigma := calc.MustParse("tanh(x)")
	c, C, err := CoefficientsDigits(sigma, n, 30)
	if err != nil {
		t.Fatal(err)
	}
	tail := bigToFloat(ParsevalTail(c))
	if !(tail > 0 && tail <= bound) {
		t.Errorf("Parseval tail at N = %d: %g, want in (0, %g]", n, tail, bound)
	}
	fc, fC, err := Coefficients(sigma, 50)
	if err != nil {
		t.Fatal(err)
	}
	if d := math.Abs(bigToFloat(C) - fC); d > 1e-13 {
		t.Errorf("C = %s, float64 %.17g", C.Text('g', 20), fC)
	}
	for k, v := range fc {
		if d := math.Abs(bigToFloat(c[k]) - v); d > 1e-13 {
			t.Errorf("c_%d = %s, float64 %.17g (difference %.2g)", k, c[k].Text('g', 20), v, d)
		}
	}
}

func TestCoefficientsDigitsErrors(t *testing.T) {
	x := calc.MustParse("tanh(x)")
	for _, tt := range []struct{ n, digits int }{{-1, 20}, {MaxCoefficientsDigits + 1, 20}, {10, 0}} {
		if _, _, err := CoefficientsDigits(x, tt.n, tt.digits); err == nil {
			t.Errorf("n = %d, digits = %d: no error", tt.n, tt.digits)
		}
	}
}

// agreeDigits reports whether |got − want| ≤ 10^−digits·max(|want|, floor).
func agreeDigits(got, want *big.Float, digits int, floor float64) bool {
	d := new(big.Float).SetPrec(256).Sub(got, want)
	d.Abs(d)
	scale := new(big.Float).SetPrec(256).Abs(want)
	if scale.Cmp(big.NewFloat(floor)) < 0 {
		scale.SetFloat64(floor)
	}
	tol := new(big.Float).SetPrec(256).SetFloat64(1)
	for range digits {
		tol.Quo(tol, big.NewFloat(10))
	}
	return d.Cmp(tol.Mul(tol, scale)) <= 0
}
