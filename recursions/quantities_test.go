package recursions

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// The D-digit quantities agree with the float64 averages (Activation.G,
// ChiPar, …), and the two forms of χ∥ agree with each other to every digit.
func TestQuantitiesAt(t *testing.T) {
	tests := []struct {
		sigma string
		K, CW *big.Rat
	}{
		{"tanh(x)", big.NewRat(1, 2), big.NewRat(3, 2)},
		{"mish(x)", big.NewRat(5, 3), big.NewRat(2, 1)},
		{"gelu(x)", big.NewRat(7, 1), big.NewRat(1, 1)},
		{"relu(x)", big.NewRat(1, 1), big.NewRat(2, 1)},
	}
	for _, tt := range tests {
		a := mustNew(t, tt.sigma)
		Kf, _ := tt.K.Float64()
		CWf, _ := tt.CW.Float64()
		fq, err := float64Quantities(a, Kf, CWf)
		if err != nil {
			t.Fatal(err)
		}
		dq, err := a.QuantitiesAt(tt.K, tt.CW, 30)
		if err != nil {
			t.Fatalf("%s: %v", tt.sigma, err)
		}
		pairs := []struct {
			name string
			f    float64
			d    calc.Certified
		}{
			{"g", fq.G, dq.G}, {"g'", fq.GPrime, dq.GPrime}, {"χ∥", fq.ChiPar, dq.ChiPar}, {"χ∥z", fq.ChiParZ, dq.ChiParZ},
			{"χ⊥", fq.ChiPerp, dq.ChiPerp}, {"h", fq.H, dq.H}, {"j", fq.J, dq.J}, {"vertex", fq.Vertex, dq.Vertex}, {"g''", fq.GPrime2, dq.GPrime2},
		}
		for _, p := range pairs {
			d, _ := p.d.V.Float64()
			if d == 0 && math.Abs(p.f) < 1e-13 {
				continue // zero to within the scale of its terms (h of ReLU)
			}
			if p.d.Digits < 25 {
				t.Errorf("%s %s: only %d digits certified", tt.sigma, p.name, p.d.Digits)
			}
			if math.Abs(d-p.f) > 1e-11*math.Max(math.Abs(d), 1e-3) {
				t.Errorf("%s %s: D digits %v, float64 %v", tt.sigma, p.name, d, p.f)
			}
		}
		if a, b := dq.ChiPar.V.Text('e', 24), dq.ChiParZ.V.Text('e', 24); a != b {
			t.Errorf("%s: χ∥ = %s from (z² − K), %s from zσσ'", tt.sigma, a, b)
		}
	}
}

// A fixed point refined to 30 digits satisfies K = C_b + C_W g(K) to 30
// digits (checked at 45 digits), and agrees with the float64 one.
func TestFixedPointAtDigits(t *testing.T) {
	a := mustNew(t, "tanh(x)")
	Cb, CW := big.NewRat(1, 10), big.NewRat(3, 2)
	set, err := a.FixedPoints(0.1, 1.5, DefaultKmax)
	if err != nil || len(set.Points) != 1 {
		t.Fatalf("float64 fixed points: %+v, %v", set, err)
	}
	p, err := a.FixedPointAtDigits(set.Points[0].K, Cb, CW, 30)
	if err != nil {
		t.Fatal(err)
	}
	Kr, _ := p.K.V.Rat(nil)
	g, err := a.QuantitiesAt(Kr, CW, 45)
	if err != nil {
		t.Fatal(err)
	}
	// residual K − C_b − C_W g(K), relative to K
	r := new(big.Float).SetPrec(200).Mul(new(big.Float).SetPrec(200).SetRat(CW), g.G.V)
	r.Add(r, new(big.Float).SetPrec(200).SetRat(Cb)).Sub(p.K.V, r)
	rel, _ := new(big.Float).Quo(r, p.K.V).Float64()
	if math.Abs(rel) > 1e-40 {
		t.Errorf("fixed point K = %s leaves a relative residual %g", p.K.V.Text('g', 35), rel)
	}
	kf, _ := p.K.V.Float64()
	if math.Abs(kf-set.Points[0].K) > 1e-12 {
		t.Errorf("D-digit K* = %v, float64 %v", kf, set.Points[0].K)
	}
	if p.ChiPar.Digits < 28 || p.ChiPerp.Digits < 28 || p.Xi.Digits < 28 {
		t.Errorf("digits certified: χ∥ %d, χ⊥ %d, ξ %d", p.ChiPar.Digits, p.ChiPerp.Digits, p.Xi.Digits)
	}
}

// float64Quantities returns g, g', χ∥, χ∥ (zσσ' form), χ⊥, h, j, the
// vertex source and g” at K from the float64 averages, in the order of
// Quantities.
func float64Quantities(a *Activation, K, CW float64) (q struct{ G, GPrime, ChiPar, ChiParZ, ChiPerp, H, J, Vertex, GPrime2 float64 }, err error) {
	steps := []struct {
		dst *float64
		f   func() (float64, error)
	}{
		{&q.G, func() (float64, error) { return a.G(K) }},
		{&q.GPrime, func() (float64, error) { return a.ChiPar(K, 1) }},
		{&q.ChiPar, func() (float64, error) { return a.ChiPar(K, CW) }},
		{&q.ChiParZ, func() (float64, error) { return a.ChiParZ(K, CW) }},
		{&q.ChiPerp, func() (float64, error) { return a.ChiPerp(K, CW) }},
		{&q.H, func() (float64, error) { return a.H(K, CW) }},
		{&q.J, func() (float64, error) { return a.J(K, CW) }},
		{&q.Vertex, func() (float64, error) { return a.VertexSource(K, CW) }},
		{&q.GPrime2, func() (float64, error) { return a.GPrime2(K) }},
	}
	for _, s := range steps {
		if *s.dst, err = s.f(); err != nil {
			return q, err
		}
	}
	return q, nil
}
