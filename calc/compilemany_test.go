package calc

import (
	"math"
	"testing"
)

// Every output of a MultiProgram is bit for bit EvalFloat of its form in
// the set, and within a few ulps of its expression's own Program (equal
// where the set shares no exponential that the expression alone does not;
// tanh(x)⁴ quadruples the few ulps between tanh(x) shared and alone),
// for outputs that share subexpressions, repeat, are constant or are x
// itself, across more points than one block.
func TestCompileMany(t *testing.T) {
	srcs := []string{"tanh(x)^2", "x*tanh(x)*sech(x)^2", "tanh(x)^4", "2/3", "x", "tanh(x)^2", "mish(x)", "relu(x)^3*exp(-x)"}
	es := make([]Expr, len(srcs))
	for i, s := range srcs {
		es[i] = MustParse(s)
	}
	m := CompileMany(es...)
	if m.Len() != len(es) {
		t.Fatalf("Len = %d, want %d", m.Len(), len(es))
	}
	xs := make([]float64, 700)
	for i := range xs {
		xs[i] = -30 + 60*float64(i)/float64(len(xs)-1)
	}
	xs[3] = math.Inf(1)
	xs[4] = math.NaN()
	dsts := make([][]float64, len(es))
	for i := range dsts {
		dsts[i] = make([]float64, len(xs))
	}
	m.EvalSlices(dsts, xs)
	forms := floatForms(es...)
	for i, e := range es {
		alone := make([]float64, len(xs))
		Compile(e).EvalSlice(alone, xs)
		for j, x := range xs {
			if want := EvalFloat(forms[i], x); !sameFloat(want, dsts[i][j]) {
				t.Errorf("%s at %v: many %v, EvalFloat of its form %v", srcs[i], x, dsts[i][j], want)
				break
			}
			if !sameFloat(alone[j], dsts[i][j]) && ulpsApart(alone[j], dsts[i][j]) > 16 {
				t.Errorf("%s at %v: many %v, alone %v", srcs[i], x, dsts[i][j], alone[j])
				break
			}
		}
	}
}

func BenchmarkCompileManyTanh(b *testing.B) {
	es := []Expr{MustParse("tanh(x)^2"), MustParse("x*tanh(x)*sech(x)^2"), MustParse("tanh(x)^4"), Derivative(MustParse("tanh(x)^2"), 4)}
	xs := make([]float64, 48)
	for i := range xs {
		xs[i] = float64(i) / 10
	}
	b.Run("many", func(b *testing.B) {
		m := CompileMany(es...)
		dsts := make([][]float64, len(es))
		for i := range dsts {
			dsts[i] = make([]float64, len(xs))
		}
		for b.Loop() {
			m.EvalSlices(dsts, xs)
		}
	})
	b.Run("separate", func(b *testing.B) {
		ps := make([]*Program, len(es))
		for i, e := range es {
			ps[i] = Compile(e)
		}
		d := make([]float64, len(xs))
		for b.Loop() {
			for _, p := range ps {
				p.EvalSlice(d, xs)
			}
		}
	})
}
