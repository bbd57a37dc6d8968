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
