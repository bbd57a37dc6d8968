package quadrature

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// bigIntegrand adapts an infallible big.Float function.
func bigIntegrand(f func(x *big.Float) *big.Float) func(x *big.Float) (*big.Float, error) {
	return func(x *big.Float) (*big.Float, error) { return f(x), nil }
}

// tanh2GaussBig is tanh(x)²·e^{−x²/2}/√(2π) at precision prec.
func tanh2GaussBig(prec uint) func(x *big.Float) (*big.Float, error) {
	s2pi := testSqrt2Pi(prec)
	return bigIntegrand(func(x *big.Float) *big.Float {
		th := testTanh(x, prec)
		g := testGauss(x, 1, prec)
		g.Mul(g, th).Mul(g, th)
		return g.Quo(g, s2pi)
	})
}

// TestIntegrateBigClosedForms checks the integrals of deCases that have
// big.Float integrands at 200 bits with relTol 1e-40. The exact values are
// computed at 260 bits from their closed forms (see deCases).
func TestIntegrateBigClosedForms(t *testing.T) {
	const prec = 200
	const xp = prec + 60
	one := bf(xp, 1)
	sqrt2pi := testSqrt2Pi(xp)
	cases := []struct {
		name  string
		f     func(x *big.Float) *big.Float
		a, b  *big.Float
		exact *big.Float
	}{
		{"log", func(x *big.Float) *big.Float { return testLog(x, prec) }, bf(prec, 0), bf(prec, 1), bf(xp, -1)},
		{"rsqrt", func(x *big.Float) *big.Float {
			s := newFloat(prec).Sqrt(x)
			return s.Quo(one, s)
		}, bf(prec, 0), bf(prec, 1), bf(xp, 2)},
		{"exp", func(x *big.Float) *big.Float { return bigExp(newFloat(prec).Neg(x), prec) }, bf(prec, 0), nil, bf(xp, 1)},
		{"exp-left", func(x *big.Float) *big.Float { return bigExp(x, prec) }, nil, bf(prec, 0), bf(xp, 1)},
		{"gauss", func(x *big.Float) *big.Float { return testGauss(x, 1, prec) }, nil, nil, sqrt2pi},
		{"x2-gauss", func(x *big.Float) *big.Float {
			g := testGauss(x, 4, prec)
			return g.Mul(g, x).Mul(g, x)
		}, bf(prec, 0), nil, newFloat(xp).Mul(sqrt2pi, bf(xp, 4))}, // √(32π) = 4√(2π)
		{"arctan", func(x *big.Float) *big.Float {
			d := newFloat(prec).Mul(x, x)
			d.Add(d, one)
			return d.Quo(bf(prec, 4), d)
		}, bf(prec, 0), bf(prec, 1), bigPi(xp)},
		{"cauchy", func(x *big.Float) *big.Float {
			d := newFloat(prec).Mul(x, x)
			d.Add(d, one)
			return d.Quo(one, d)
		}, nil, nil, bigPi(xp)},
	}
	relTol := bf(64, 1e-40)
	for _, c := range cases {
		r, err := IntegrateBig(bigIntegrand(c.f), c.a, c.b, prec, relTol, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if r.Value.Prec() != prec {
			t.Errorf("%s: result precision %d", c.name, r.Value.Prec())
		}
		e := newFloat(64).Sub(r.Value, c.exact)
		e.Abs(e)
		if e.Cmp(r.AbsErr) > 0 {
			t.Errorf("%s: error %s not bounded by AbsErr %s", c.name, e.Text('g', 3), r.AbsErr.Text('g', 3))
		}
		rel := relErr(r.Value, c.exact)
		if rel.Cmp(relTol) > 0 {
			t.Errorf("%s: relative error %s > 1e-40", c.name, rel.Text('g', 3))
		}
		t.Logf("%-9s rel.err %s  AbsErr %s  evals %d", c.name, rel.Text('g', 2), r.AbsErr.Text('g', 2), r.Evals)
	}
}

// TestIntegrateTanh2 compares the float64 sinh-sinh value of
// E[tanh(z)²], z ~ N(0, 1), with the 200-bit one; both error estimates must
// bound the actual errors.
func TestIntegrateTanh2(t *testing.T) {
	const prec = 200
	rb, err := IntegrateBig(tanh2GaussBig(prec), nil, nil, prec, bf(64, 1e-40), nil)
	if err != nil {
		t.Fatal(err)
	}
	// mpmath.quad at 70 digits gives 0.39429449039784117441645977244411956057379074942230509762…
	ref, _ := new(big.Float).SetPrec(prec).SetString("0.39429449039784117441645977244411956057379074942230509762")
	eb := newFloat(64).Sub(rb.Value, ref)
	if eb.Abs(eb).Cmp(newFloat(64).Add(rb.AbsErr, bf(64, 1e-55))) > 0 {
		t.Errorf("big: error %s exceeds AbsErr %s", eb.Text('g', 3), rb.AbsErr.Text('g', 3))
	}
	r, err := Integrate(tanh2Gauss, -inf, inf, 1e-14, 0)
	if err != nil {
		t.Fatal(err)
	}
	e := newFloat(prec).Sub(bf(prec, r.Value), rb.Value)
	ef, _ := e.Abs(e).Float64()
	if ef > r.AbsErr || ef > 1e-14*r.Value {
		t.Errorf("float64 %.17g: error %.3g, AbsErr %.3g", r.Value, ef, r.AbsErr)
	}
	t.Logf("float64: rel.err %.2g AbsErr %.2g evals %d; big: AbsErr %s evals %d",
		ef/r.Value, r.AbsErr, r.Evals, rb.AbsErr.Text('g', 2), rb.Evals)
}

// TestIntegrateBigDeterministic checks identical repeated results.
func TestIntegrateBigDeterministic(t *testing.T) {
	f := tanh2GaussBig(128)
	r1, err1 := IntegrateBig(f, nil, nil, 128, bf(64, 1e-30), nil)
	r2, err2 := IntegrateBig(f, nil, nil, 128, bf(64, 1e-30), nil)
	if err1 != nil || err2 != nil || r1.Value.Cmp(r2.Value) != 0 || r1.AbsErr.Cmp(r2.AbsErr) != 0 || r1.Evals != r2.Evals {
		t.Errorf("%v %v %v / %v %v %v", r1.Value, r1.AbsErr, err1, r2.Value, r2.AbsErr, err2)
	}
}

func TestIntegrateBigNotConverged(t *testing.T) {
	const prec = 128
	// A jump at 0.3 in [0, 1] with at most 5 levels.
	jump := bigIntegrand(func(x *big.Float) *big.Float {
		if x.Cmp(bf(prec, 0.3)) < 0 {
			return bf(prec, 1)
		}
		return bf(prec, 2)
	})
	r, err := integrateBig(jump, bf(prec, 0), bf(prec, 1), prec, bf(64, 1e-30), nil, 5)
	var nc *NotConvergedError
	if !errors.As(err, &nc) || r == nil || nc.BigAbsErr == nil || nc.BigAbsErr.Cmp(r.AbsErr) != 0 || nc.Level != 5 {
		t.Fatalf("jump: %v, err = %v", r, err)
	}
	exact := newFloat(prec).Quo(bf(prec, 17), bf(prec, 10))
	e := newFloat(64).Sub(r.Value, exact)
	if e.Abs(e).Cmp(r.AbsErr) > 0 {
		t.Errorf("jump: error %s not bounded by AbsErr %s", e.Text('g', 3), r.AbsErr.Text('g', 3))
	}
	if nc.AbsErr < nc.Tol || math.Abs(nc.Value-1.7) > 0.1 {
		t.Errorf("jump: %+v", nc)
	}
}

func TestIntegrateBigErrors(t *testing.T) {
	f := bigIntegrand(func(x *big.Float) *big.Float { return x })
	tol := bf(64, 1e-20)
	pinf, minf := new(big.Float).SetInf(false), new(big.Float).SetInf(true)
	for _, ab := range [][2]*big.Float{{bf(64, 1), bf(64, 0)}, {pinf, nil}, {nil, minf}} {
		if _, err := IntegrateBig(f, ab[0], ab[1], 64, tol, nil); !errors.Is(err, ErrInterval) {
			t.Errorf("[%v, %v]: err = %v", ab[0], ab[1], err)
		}
	}
	if _, err := IntegrateBig(f, nil, nil, 64, nil, nil); !errors.Is(err, ErrTolerance) {
		t.Errorf("nil tolerances: err = %v", err)
	}
	if _, err := IntegrateBig(f, nil, nil, 64, bf(64, -1), nil); !errors.Is(err, ErrTolerance) {
		t.Errorf("negative tolerance: err = %v", err)
	}
	if _, err := IntegrateBig(f, nil, nil, 2, tol, nil); !errors.Is(err, ErrPrecision) {
		t.Errorf("prec 2: err = %v", err)
	}
	if r, err := IntegrateBig(f, bf(64, 1), bf(64, 1), 64, tol, nil); err != nil || r.Value.Sign() != 0 {
		t.Errorf("empty interval: %v, %v", r, err)
	}
	// ±Inf end points are accepted as infinite: ∫_{−∞}^{∞} e^{−x²/2} = √(2π).
	g := bigIntegrand(func(x *big.Float) *big.Float { return testGauss(x, 1, 64) })
	if r, err := IntegrateBig(g, minf, pinf, 64, bf(64, 1e-15), nil); err != nil || relErr(r.Value, testSqrt2Pi(64)).Cmp(bf(64, 1e-15)) > 0 {
		t.Errorf("±Inf end points: %v, %v", r, err)
	}
	// Errors of f are wrapped with the abscissa.
	sentinel := errors.New("domain")
	_, err := IntegrateBig(func(x *big.Float) (*big.Float, error) { return nil, sentinel }, bf(64, 0), nil, 64, tol, nil)
	if !errors.Is(err, sentinel) {
		t.Errorf("integrand error: %v", err)
	}
	_, err = IntegrateBig(func(x *big.Float) (*big.Float, error) { return new(big.Float).SetInf(false), nil }, bf(64, 0), bf(64, 2), 64, tol, nil)
	var nf *NonFiniteError
	if !errors.As(err, &nf) || nf.BigX == nil || nf.BigX.Cmp(bf(64, 1)) != 0 {
		t.Errorf("infinite integrand: %v", err)
	}
}
