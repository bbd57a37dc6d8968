package quadrature

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// TestLegendre checks ∫_1^3 cos x dx = sin 3 − sin 1 and ∫_0^2 x^{19} dx =
// 2^{20}/20 (exact for n ≥ 10).
func TestLegendre(t *testing.T) {
	v, err := Legendre(math.Cos, 1, 3, 20)
	want := math.Sin(3) - math.Sin(1)
	if err != nil || math.Abs(v-want) > 4e-16 {
		t.Errorf("cos: %.17g, want %.17g (%v)", v, want, err)
	}
	v, err = Legendre(func(x float64) float64 { return math.Pow(x, 19) }, 0, 2, 10)
	if err != nil || ulps(v, 1<<20/20.0) > 16 {
		t.Errorf("x^19: %.17g, want %.17g (%v)", v, 1<<20/20.0, err)
	}
	if v, err := Legendre(math.Cos, 1, 1, 5); err != nil || v != 0 {
		t.Errorf("empty interval: %g, %v", v, err)
	}
	if _, err := Legendre(math.Cos, 1, 0, 5); !errors.Is(err, ErrInterval) {
		t.Errorf("a > b: %v", err)
	}
	if _, err := Legendre(math.Cos, 0, math.Inf(1), 5); !errors.Is(err, ErrInterval) {
		t.Errorf("infinite b: %v", err)
	}
	if _, err := Legendre(math.Cos, 0, 1, 0); !errors.Is(err, ErrOrder) {
		t.Errorf("n = 0: %v", err)
	}
	var nf *NonFiniteError
	if _, err := Legendre(func(x float64) float64 { return 1 / x }, -1, 1, 3); !errors.As(err, &nf) || nf.X != 0 {
		t.Errorf("1/x: %v", err)
	}
}

// TestLegendreBig checks ∫_0^1 4/(1+x²) dx = π with 64 nodes at 200 bits.
// Mapped to [−1, 1] the poles ±i lie at s = −1 ± 2i, on the Bernstein
// ellipse with ρ = |s − √(s²−1)| ≈ 4.6, so the rule's error is about
// ρ^{−128} ≈ 1e-85, far below the 1e-55 tolerance.
func TestLegendreBig(t *testing.T) {
	const prec = 200
	one := bf(prec, 1)
	f := bigIntegrand(func(x *big.Float) *big.Float {
		d := newFloat(prec).Mul(x, x)
		d.Add(d, one)
		return d.Quo(bf(prec, 4), d)
	})
	v, err := LegendreBig(f, bf(prec, 0), one, 64, prec)
	if err != nil {
		t.Fatal(err)
	}
	if e := relErr(v, bigPi(prec)); e.Cmp(bf(64, 1e-55)) > 0 || v.Prec() != prec {
		t.Errorf("π: %s (relative error %s)", v.Text('g', 60), e.Text('g', 3))
	}
	if _, err := LegendreBig(f, nil, one, 5, prec); !errors.Is(err, ErrInterval) {
		t.Errorf("nil a: %v", err)
	}
	if _, err := LegendreBig(f, one, bf(prec, 0), 5, prec); !errors.Is(err, ErrInterval) {
		t.Errorf("a > b: %v", err)
	}
	sentinel := errors.New("domain")
	if _, err := LegendreBig(func(*big.Float) (*big.Float, error) { return nil, sentinel }, bf(prec, 0), one, 5, prec); !errors.Is(err, sentinel) {
		t.Errorf("integrand error: %v", err)
	}
}
