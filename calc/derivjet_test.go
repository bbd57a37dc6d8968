package calc

import (
	"math/big"
	"testing"
)

// agreeJets reports how the coefficients got and want differ by more
// than 2^−bits of the largest of want (empty if they do not).
func agreeJets(got, want []*big.Float, bits int) string {
	top := new(big.Float)
	for _, w := range want {
		if a := new(big.Float).Abs(w); a.Cmp(top) > 0 {
			top = a
		}
	}
	lim := new(big.Float).SetMantExp(top, -bits)
	for k := range want {
		d := new(big.Float).Sub(got[k], want[k])
		if d.Abs(d).Cmp(lim) > 0 {
			return "c_" + big.NewInt(int64(k)).String() + ": " + got[k].Text('g', 30) + ", want " + want[k].Text('g', 30)
		}
	}
	return ""
}

// clearJetCache empties the jet cache.
func clearJetCache() {
	jetCache.mu.Lock()
	jetCache.m, jetCache.bits = nil, 0
	jetCache.mu.Unlock()
}

// TestDerivedJetsAgree checks the jets of derivatives taken from their
// antiderivatives' (derivjet.go) against the same expansions with every
// node computed from its operands: σ², σ'², zσσ' and σ” for smooth
// activations at 0 and at 0.7, and for relu's and elu's kink at 0 from
// either side, to within the last 8 of 128 bits. For mish it also checks
// that the derivative's own subexpressions were not expanded: the derived
// expansion caches fewer jets than the plain one.
func TestDerivedJetsAgree(t *testing.T) {
	const order, prec = 24, 128
	for _, src := range []string{"mish", "gelu", "tanh", "swish", "x*sin(x)", "relu", "elu"} {
		s := MustParse(src)
		d1 := Derivative(s, 1)
		d2 := Derivative(s, 2)
		z := Var()
		fs := []Expr{Mul(s, s), Mul(d1, d1), Mul(z, Mul(s, d1)), d2}
		for _, at := range []float64{0, 0.7} {
			sides := []Side{Center}
			if !Smooth(s) {
				if at != 0 {
					continue
				}
				sides = []Side{Below, Above}
			}
			for _, side := range sides {
				a := big.NewFloat(at)
				snap := jetSnap(a, prec)
				wp := prec + taylorGuard(order)
				clearJetCache()
				derived := make([][]*big.Float, len(fs))
				for i, f := range fs {
					c, err := jetsAt(f, a, order, side, wp, snap)
					if err != nil {
						t.Fatalf("%s, %s at %g: %v", src, f, at, err)
					}
					derived[i] = c
				}
				clearJetCache()
				for i, f := range fs {
					want, err := jetsAtPlain(f, a, order, side, wp, snap)
					if err != nil {
						t.Fatal(err)
					}
					if err := agreeJets(derived[i], want, prec-8); err != "" {
						t.Errorf("%s, %s at %g (side %d): %s", src, f, at, side, err)
					}
				}
			}
		}
	}
	// The subexpressions of mish' are not expanded when its jet comes
	// from mish's.
	s := MustParse("mish")
	f := Pow(Derivative(s, 1), Int(2))
	a := new(big.Float)
	wp := prec + taylorGuard(order)
	count := func(plain bool) int {
		clearJetCache()
		if _, err := expandJets(f, a, order, Above, wp, jetSnap(a, prec), plain); err != nil {
			t.Fatal(err)
		}
		jetCache.mu.Lock()
		defer jetCache.mu.Unlock()
		n := 0
		for k, m := range jetCache.m {
			if k.order == order {
				n += len(m)
			}
		}
		return n
	}
	if d, p := count(false), count(true); d >= p {
		t.Errorf("%d jets cached at order %d by the derived expansion of mish'², %d by the plain one: want fewer", d, order, p)
	}
}
