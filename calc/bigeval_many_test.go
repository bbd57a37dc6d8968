package calc

import (
	"math/big"
	"testing"
)

// A program compiled from several expressions returns each one's value,
// equal to what its own program gives, and shares nothing the caller can
// corrupt.
func TestCompileBigMany(t *testing.T) {
	exprs := []string{"tanh(softplus(x))^2", "x*tanh(softplus(x))", "2/3", "x", "x*tanh(softplus(x))"}
	es := make([]Expr, len(exprs))
	for i, s := range exprs {
		es[i] = MustParse(s)
	}
	p := CompileBigMany(es...)
	for _, xs := range []string{"-3.25", "0", "0.5", "17"} {
		x, _ := new(big.Float).SetPrec(200).SetString(xs)
		got, err := p.EvalAll(x, 200)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range es {
			want, err := CompileBig(e).Eval(x, 200)
			if err != nil {
				t.Fatal(err)
			}
			if got[i].Cmp(want) != 0 {
				t.Errorf("%s at %s: EvalAll gives %s, its own program %s", exprs[i], xs, got[i].Text('g', 30), want.Text('g', 30))
			}
		}
		got[2].SetInt64(99) // the constant output is a copy
		got[1].SetInt64(99) // a repeated output is not aliased
		if got[4].Cmp(big.NewFloat(99)) == 0 {
			t.Errorf("outputs 1 and 4 alias each other")
		}
		again, _ := p.EvalAll(x, 200)
		if again[2].Cmp(big.NewFloat(99)) == 0 {
			t.Errorf("modifying a constant output changed the program's cache")
		}
	}
}
