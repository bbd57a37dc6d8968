package hermite

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// manySets are groups of integrands evaluated together, as the layer
// recursion of the recursions package does.
var manySets = []struct {
	name string
	fs   []string
}{
	{"tanh", []string{"tanh(x)^2", "x*tanh(x)*(1-tanh(x)^2)", "tanh(x)^4", "tanh(x)^2*x^4", "tanh(x)^2*x^2", "(1-tanh(x)^2)^2"}},
	{"relu", []string{"relu(x)^2", "relu(x)^4", "relu(x)^2*x^4", "step(x)"}},
	{"gelu+shifted kink", []string{"gelu(x)^2", "gelu(x)^4", "relu(x-1)"}},
	{"swish", []string{"(x/(1+exp(-x)))^2", "(x/(1+exp(-x)))^4"}},
}

// TestManyMatchesExpectation checks Many.At against Expectation.At of each
// integrand alone, which must agree within their common 1e-14 accuracy.
func TestManyMatchesExpectation(t *testing.T) {
	for _, set := range manySets {
		fs := make([]calc.Expr, len(set.fs))
		for i, s := range set.fs {
			fs[i] = calc.MustParse(s)
		}
		m, err := NewMany(fs...)
		if err != nil {
			t.Fatalf("%s: %v", set.name, err)
		}
		for _, K := range []float64{1e-5, 0.01, 0.5, 1, 7, 40} {
			got, err := m.At(K)
			if err != nil {
				t.Errorf("%s K=%g: %v", set.name, K, err)
				continue
			}
			if len(got) != len(fs) {
				t.Fatalf("%s: %d values for %d integrands", set.name, len(got), len(fs))
			}
			for i, f := range fs {
				want, err := Expect(f, K)
				if err != nil {
					t.Fatalf("%s K=%g: %v", set.fs[i], K, err)
				}
				// Expectation.At cuts relu(z − 1) at K = 0.01 (kink at 10
				// standard deviations) to exactly 0; Many, whose pieces
				// reach further for the other integrands, keeps ~1e-25.
				if want.V == 0 && math.Abs(got[i].V) < 1e-20 {
					continue
				}
				if rel := math.Abs(got[i].V-want.V) / math.Abs(want.V); rel > 1e-14 {
					t.Errorf("%s K=%g: Many %.17g, Expectation %.17g (rel %.2g)", set.fs[i], K, got[i].V, want.V, rel)
				}
				// The estimate counts the rounding of F's values (1 − tanh²
				// far out loses digits), up to 2e-14 of the value.
				if got[i].AbsErr > 2e-14*math.Abs(want.V) {
					t.Errorf("%s K=%g: error estimate %.2g too large", set.fs[i], K, got[i].AbsErr)
				}
			}
		}
	}
}

func TestManyEdgeCases(t *testing.T) {
	if _, err := NewMany(); err == nil {
		t.Error("NewMany(): want an error")
	}
	m, err := NewMany(calc.MustParse("cos(x)"), calc.MustParse("x^2+1"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := m.At(0)
	if err != nil || v[0].V != 1 || v[1].V != 1 {
		t.Errorf("At(0) = %v, %v; want F(0) = 1, 1", v, err)
	}
	for _, K := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := m.At(K); err == nil {
			t.Errorf("At(%g): want an error", K)
		}
	}
	// E[cos z] = e^(−K/2), E[z² + 1] = K + 1.
	v, err = m.At(2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(v[0].V-math.Exp(-1)) > 1e-15 || math.Abs(v[1].V-3) > 3e-15 {
		t.Errorf("At(2) = %.17g, %.17g; want e^-1, 3", v[0].V, v[1].V)
	}
	// A divergent integrand is reported.
	d, err := NewMany(calc.MustParse("x^2"), calc.MustParse("exp(x^2)"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.At(1); err == nil {
		t.Error("E[exp(z²)] at K = 1: want a divergence error")
	}
}

// BenchmarkManyTanh times the four tanh averages one layer of the kernel
// recursion needs, at a small K typical of deep critical layers.
func BenchmarkManyTanh(b *testing.B) {
	m, err := NewMany(calc.MustParse("tanh(x)^2"), calc.MustParse("x*tanh(x)*(1-tanh(x)^2)"),
		calc.MustParse("tanh(x)^4"), calc.MustParse("tanh(x)^2*x^4"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := m.At(1e-4); err != nil {
			b.Fatal(err)
		}
	}
}

// Many.AtDigits agrees with each integrand's own AtDigits to the digits
// asked for, on smooth and kinked integrands and on a value far below its
// scale (⟨tanh(z − 1/8)⟩ is small compared with E|tanh|).
func TestManyAtDigits(t *testing.T) {
	exprs := []string{"mish(x)^2", "x*mish(x)*diff(mish(x))", "relu(x)^2*x^2", "tanh(x-1/8)", "1"}
	fs := make([]calc.Expr, len(exprs))
	for i, s := range exprs {
		if s == "x*mish(x)*diff(mish(x))" {
			fs[i] = calc.Mul(calc.MustParse("x*mish(x)"), calc.Derivative(calc.MustParse("mish(x)"), 1))
			continue
		}
		fs[i] = calc.MustParse(s)
	}
	m, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	const digits = 30
	for _, K := range []*big.Rat{big.NewRat(5, 3), big.NewRat(14, 1)} {
		got, err := m.AtDigits(K, digits)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range fs {
			want, err := ExpectDigits(f, K, digits)
			if err != nil {
				t.Fatal(err)
			}
			// Each is within half a unit of its 30th digit of the truth.
			d, _ := new(big.Float).Sub(got[i], want).Float64()
			w, _ := want.Float64()
			if unit := math.Pow(10, math.Floor(math.Log10(math.Abs(w)))-(digits-1)); math.Abs(d) > unit {
				t.Errorf("⟨%s⟩ at K = %s: Many %s, alone %s", exprs[i], K.RatString(), got[i].Text('e', digits-1), want.Text('e', digits-1))
			}
		}
	}
}

// A moment below the float64 range in which the partition is built is an
// error, not a silent 0; one above it keeps its digits.
func TestManyAtDigitsUnderflow(t *testing.T) {
	m, err := NewMany(calc.MustParse("x^2"), calc.MustParse("x^4"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.AtDigits(new(big.Rat).SetFloat64(1e-100), 20); err != nil {
		t.Errorf("⟨x⁴⟩ = 3e-200 at K = 1e-100 is within range: %v", err)
	}
	v, err := m.AtDigits(new(big.Rat).SetFloat64(1e-50), 20)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Float).SetPrec(200).SetRat(new(big.Rat).SetFloat64(1e-50))
	if d, _ := new(big.Float).Quo(new(big.Float).Sub(v[0], want), want).Float64(); math.Abs(d) > 1e-19 {
		t.Errorf("⟨x²⟩ at K = 1e-50: %s", v[0].Text('g', 25))
	}
	if _, err := m.AtDigits(new(big.Rat).SetFloat64(1e-150), 20); !errors.Is(err, ErrUnderflow) {
		t.Errorf("⟨x⁴⟩ at K = 1e-150: err = %v, want ErrUnderflow", err)
	}
}
