package calc

import (
	"math/big"
	"testing"
)

// TestBigEvaluatorSameValues checks that a BigEvaluator, which reuses its
// storage from one point to the next, returns what EvalAll returns at each
// of a run of points, for a program with a shared exponential, a constant
// output and an output listed twice.
func TestBigEvaluatorSameValues(t *testing.T) {
	var es []Expr
	for _, src := range []string{"mish(x)", "x*tanh(x)^2", "2/3", "mish(x)", "sigmoid(x)*softplus(x)"} {
		e, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	p := CompileBigMany(es...)
	ev := p.Evaluator()
	var prev []*big.Float
	for _, x := range []float64{-7.25, -0.5, 0, 0.125, 3, 40} {
		z := new(big.Float).SetPrec(200).SetFloat64(x)
		want, err := p.EvalAll(z, 200)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ev.EvalAll(z, 200)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if got[i].Cmp(want[i]) != 0 || got[i].Prec() != want[i].Prec() {
				t.Errorf("x = %g, output %d: evaluator %s, EvalAll %s", x, i, got[i].Text('g', 40), want[i].Text('g', 40))
			}
		}
		if got[0] == got[3] {
			t.Errorf("x = %g: the output listed twice is one value", x)
		}
		if prev != nil && prev[0] != got[0] {
			t.Errorf("x = %g: the evaluator did not reuse its storage", x)
		}
		prev = got
	}
	if _, err := ev.EvalAll(new(big.Float).SetPrec(64).SetInf(false), 64); err == nil {
		t.Error("no error at +Inf")
	}
}
