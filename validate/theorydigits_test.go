package validate

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/hermite"
	"critcalc/recursions"
	"critcalc/sim"
)

// refDigits is the number of digits of the references the float64 theory
// is checked against.
const refDigits = 15

// exactOf returns the exact first-layer kernel of c's inputs: the float64
// kernel that Predict starts from, as an exact rational, so that the
// reference starts where the float64 theory does.
func exactOf(c sim.Config) Exact {
	in := firstLayer(c)
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	ex := Exact{Cb: r(c.Cb), CW: r(c.CW), K00: r(in.k00)}
	if in.two {
		ex.K11, ex.K01 = r(in.k11), r(in.k01)
	}
	return ex
}

// mappedReference iterates the layer map of a residual (α, λ) or
// pre-LayerNorm network (validate's next) in high precision, every
// average from Mehler's series (hermite.Series2, σ smooth) to digits: the
// values K, K+-, rho, APJN1 and APJN (tangents from layer 1) of layers
// 1 … L. It is written apart from the code it checks, on the formulas of
// the package comment.
func mappedReference(t *testing.T, c sim.Config, L, digits int) map[Key]*big.Float {
	t.Helper()
	prec := calc.BitsForDigits(digits+10) + 16
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	rat := func(x *big.Float) *big.Rat { r, _ := x.Rat(nil); return r }
	sqrt := func(x *big.Float) *big.Float {
		s, err := bigmath.Sqrt(prec, x)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ss, err := hermite.NewSeries2(c.Sigma, c.Sigma)
	if err != nil {
		t.Fatal(err)
	}
	d := calc.Derivative(c.Sigma, 1)
	dd, err := hermite.NewSeries2(d, d)
	if err != nil {
		t.Fatal(err)
	}
	ex := exactOf(c)
	a2, l2 := f().SetFloat64(alpha2(c)), f().SetFloat64(lambda2(c))
	cb, cw, eps := f().SetRat(ex.Cb), f().SetRat(ex.CW), f().SetFloat64(c.Epsilon)
	k00, k01, k11 := f().SetRat(ex.K00), f().SetRat(ex.K01), f().SetRat(ex.K11)
	j := f().SetInt64(1)
	out := map[Key]*big.Float{}
	for l := 1; l <= L; l++ {
		out[Key{"K", l}], out[Key{"K+-", l}] = k00, k01
		out[Key{"rho", l}] = f().Quo(k01, sqrt(f().Mul(k00, k11)))
		out[Key{"APJN", l}] = j
		a, ab, b := k00, k01, k11
		s0 := f().SetInt64(1) // the normalization of the Jacobian, K + ε for pre-LN
		if c.LayerNorm == sim.PreLN {
			s0.Add(k00, eps)
			s1 := f().Add(k11, eps)
			a, ab, b = f().Quo(k00, s0), f().Quo(k01, sqrt(f().Mul(s0, s1))), f().Quo(k11, s1)
		}
		v, err := ss.AtDigits(hermite.CovRat{K11: rat(a), K12: rat(ab), K22: rat(b)}, digits+5)
		if err != nil {
			t.Fatal(err)
		}
		dv, err := dd.AtDigits(hermite.CovRat{K11: rat(a), K12: new(big.Rat), K22: rat(a)}, digits+5)
		if err != nil {
			t.Fatal(err)
		}
		next := func(k, e *big.Float) *big.Float {
			r := f().Mul(cw, e)
			r.Add(r, cb).Mul(r, l2)
			return r.Add(r, f().Mul(a2, k))
		}
		j1 := f().Quo(f().Mul(cw, dv.F2), s0)
		j1.Mul(j1, l2).Add(j1, a2)
		out[Key{"APJN1", l}] = j1
		j = f().Mul(j, j1)
		k00, k01, k11 = next(k00, v.F2), next(k01, v.V), next(k11, v.G2)
	}
	return out
}

// TestTheoryDigitsAgainstReferences checks that the digits the float64
// theory keeps (those on which its check run agrees) are the digits of
// the theory computed to refDigits in high precision: for plain MLPs of
// tanh, erf, ReLU and GELU PredictDigits (IterateSimDigits and
// IterateTwoDigits), for a residual and a pre-LayerNorm network the layer
// map iterated with Mehler's series (mappedReference). Every value must
// keep at least minDigits digits here, where nothing is ill-conditioned.
func TestTheoryDigitsAgainstReferences(t *testing.T) {
	const L, minDigits = 5, 8
	xs := twoInputs(t)
	tests := []struct {
		name string
		cfg  sim.Config
	}{
		{"tanh (0, 1)", sim.Config{Sigma: calc.MustParse("tanh"), CW: 1}},
		{"erf (0.1, 1.5)", sim.Config{Sigma: calc.MustParse("erf"), Cb: 0.1, CW: 1.5}},
		{"relu (0.1, 1.8)", sim.Config{Sigma: calc.MustParse("relu"), Cb: 0.1, CW: 1.8}},
		{"gelu (0.1, 1.8)", sim.Config{Sigma: calc.MustParse("gelu"), Cb: 0.1, CW: 1.8}},
		{"erf residual μ = 1", sim.Config{Sigma: calc.MustParse("erf"), Cb: 0.05, CW: 1, Alpha: 1, Lambda: 1}},
		{"tanh pre-LayerNorm ε = 0.1", sim.Config{Sigma: calc.MustParse("tanh"), Cb: 0.1, CW: 2, LayerNorm: sim.PreLN, Epsilon: 0.1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.cfg
			c.Inputs, c.Widths, c.Tangents = xs, widths(16, 64, L), 1
			c.LocalJacobians = true
			th, err := Predict(c)
			if err != nil {
				t.Fatal(err)
			}
			quantities := []string{"K", "K+-", "rho", "APJN1", "APJN"}
			var ref func(q string, l int) *big.Float
			if isPlain(c) {
				quantities = append(quantities, "G1", "V")
				hp, err := PredictDigits(c, exactOf(c), refDigits)
				if err != nil {
					t.Fatal(err)
				}
				ref = func(q string, l int) *big.Float {
					r := hp.Digits[Key{q, l}]
					if r.Digits < refDigits-2 {
						t.Errorf("%s(%d): the reference keeps %d digits", q, l, r.Digits)
					}
					return r.V
				}
			} else {
				m := mappedReference(t, c, L, refDigits)
				ref = func(q string, l int) *big.Float { return m[Key{q, l}] }
			}
			for l := 1; l <= L; l++ {
				for _, q := range quantities {
					if q == "APJN" && l == 1 || q == "V" && l == 1 {
						continue // 1 and 0 exactly: nothing to check
					}
					got := th.Certified(q, l, calc.Float64Digits)
					r := ref(q, l)
					if r == nil {
						t.Fatalf("%s(%d): no reference", q, l)
					}
					if got.V == nil || got.Digits < minDigits && !got.IsZero() {
						t.Errorf("%s(%d) keeps %d digits of %g", q, l, got.Digits, th.Value(q, l))
						continue
					}
					if want := calc.FormatSignificant(r, got.Digits); got.Text() != want && !(got.IsZero() && r.Sign() == 0) {
						t.Errorf("%s(%d) = %s (%d digits), the reference rounds to %s", q, l, got.Text(), got.Digits, want)
					}
				}
			}
		})
	}
}

// TestCheckedDigitsDrop: a value whose check run disagrees keeps only the
// digits they share, and one with no check keeps none.
func TestCheckedDigitsDrop(t *testing.T) {
	th := &Theory{Layers: []recursions.Layer{{L: 1, K: 0.123456789012}}, Check: &Theory{Layers: []recursions.Layer{{L: 1, K: 0.123456999}}}}
	if got := th.Certified("K", 1, 9); got.Text() != "0.123457" || got.Digits != 6 {
		t.Errorf("K keeps %q (%d digits), want 0.123457", got.Text(), got.Digits)
	}
	th.Check = nil
	if got := th.Certified("K", 1, 9); got.V != nil {
		t.Errorf("a value without a check keeps %q", got.Text())
	}
	if v := th.Value("K+-", 1); !math.IsNaN(v) {
		t.Errorf("K+- of a one-input theory is %g", v)
	}
}
