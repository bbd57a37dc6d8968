package hermite

import (
	"math/big"
	"sync"
	"testing"

	"critcalc/calc"
)

// TestPrepareDigitsSameValues checks that AtDigits returns the same values
// after PrepareDigits, and while it runs, as without it.
func TestPrepareDigitsSameValues(t *testing.T) {
	fs := []calc.Expr{calc.MustParse("tanh(x)^2"), calc.MustParse("x*tanh(x)*sech(x)^2")}
	K := big.NewRat(3, 2)
	at := func(m *Many) []*big.Float {
		vs, err := m.AtDigits(K, 30)
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	plain, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	want := at(plain)
	for _, beside := range []bool{false, true} {
		m, err := NewMany(fs...)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.PrepareDigits(1.4, 30)
		}()
		if !beside {
			wg.Wait()
		}
		got := at(m)
		wg.Wait()
		for i := range want {
			if got[i].Cmp(want[i]) != 0 {
				t.Errorf("beside %v: ⟨%s⟩ = %s, without PrepareDigits %s", beside, fs[i], got[i].Text('g', 40), want[i].Text('g', 40))
			}
		}
	}
}

// TestManyOfSameValues checks that a Many made from prepared expectations
// (ManyOf), which shares their integrands, gives the values of one made
// from the expressions (NewMany), in float64 and at 30 digits, and that
// ManyOf refuses an empty list.
func TestManyOfSameValues(t *testing.T) {
	fs := []calc.Expr{calc.MustParse("tanh(x)^2"), calc.MustParse("x*max(x,0)"), calc.MustParse("sech(x)^4*x^2")}
	es := make([]*Expectation, len(fs))
	for i, f := range fs {
		e, err := NewExpectation(f)
		if err != nil {
			t.Fatal(err)
		}
		es[i] = e
	}
	shared, err := ManyOf(es...)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, K := range []float64{0.05, 1.5, 40} {
		got, err := shared.At(K)
		if err != nil {
			t.Fatal(err)
		}
		want, err := plain.At(K)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("K = %g, ⟨%s⟩: ManyOf %v, NewMany %v", K, fs[i], got[i], want[i])
			}
		}
	}
	K := big.NewRat(3, 2)
	got, err := shared.AtDigits(K, 30)
	if err != nil {
		t.Fatal(err)
	}
	want, err := plain.AtDigits(K, 30)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i].Cmp(want[i]) != 0 {
			t.Errorf("30 digits, ⟨%s⟩: ManyOf %s, NewMany %s", fs[i], got[i].Text('g', 40), want[i].Text('g', 40))
		}
	}
	if _, err := ManyOf(); err == nil {
		t.Error("ManyOf() gave no error")
	}
}
