package calc

import (
	"math"
	"testing"

	"github.com/Knetic/govaluate"
)

// benchExprs are the expressions the compiled evaluator and govaluate are
// timed on, in the syntax of each: govaluate evaluates them as written.
var benchExprs = []struct{ name, src, govaluate string }{
	{"swish", "x/(1+exp(-x))", "x/(1+exp(0-x))"},
	{"mish", "x*tanh(log(1+exp(x)))", "x*tanh(log(1+exp(x)))"},
	{"gelu_tanh", "0.5*x*(1+tanh(0.7978845608*(x+0.044715*x^3)))", "0.5*x*(1+tanh(0.7978845608*(x+0.044715*x**3)))"},
	{"poly_gauss", "sin(x)*exp(-x^2/2)+3*x^2-2", "sin(x)*exp((0-x**2)/2)+3*x**2-2"},
}

// benchPoints are the inputs of the benchmarks: n points spread over
// [−8, 8].
func benchPoints(n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = -8 + 16*float64(i)/float64(n)
	}
	return xs
}

// benchSink keeps the benchmarked results alive.
var benchSink float64

func BenchmarkCompiledEval(b *testing.B) {
	xs := benchPoints(1024)
	for _, be := range benchExprs {
		b.Run(be.name, func(b *testing.B) {
			p := Compile(MustParse(be.src))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				benchSink += p.Eval(xs[i&1023])
				i++
			}
		})
	}
}

func BenchmarkGovaluateEval(b *testing.B) {
	xs := benchPoints(1024)
	for _, be := range benchExprs {
		b.Run(be.name, func(b *testing.B) {
			ge, err := govaluate.NewEvaluableExpressionWithFunctions(be.govaluate, govaluateFuncs)
			if err != nil {
				b.Fatal(err)
			}
			// Both sides compute the same function.
			p := Compile(MustParse(be.src))
			for _, x := range []float64{-3, 0.5, 2} {
				v, err := ge.Evaluate(map[string]any{"x": x})
				if err != nil {
					b.Fatal(err)
				}
				if got := p.Eval(x); math.Abs(got-v.(float64)) > 1e-12*math.Abs(got) {
					b.Fatalf("at %v: govaluate %s = %v, compiled %s = %v", x, be.govaluate, v, be.src, got)
				}
			}
			params := govaluate.MapParameters{"x": 0.0}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				params["x"] = xs[i&1023]
				v, err := ge.Eval(params)
				if err != nil {
					b.Fatal(err)
				}
				benchSink += v.(float64)
				i++
			}
		})
	}
}

// reportPerPoint reports the time per point of a benchmark that evaluates
// n points per iteration.
func reportPerPoint(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/point")
}

const swishPoints = 4096

func BenchmarkEvalSliceSwish(b *testing.B) {
	p := Compile(MustParse("x/(1+exp(-x))"))
	xs := benchPoints(swishPoints)
	out := make([]float64, len(xs))
	b.SetBytes(int64(8 * len(xs)))
	b.ReportAllocs()
	for b.Loop() {
		p.EvalSlice(out, xs)
	}
	benchSink += out[0]
	reportPerPoint(b, len(xs))
}

func BenchmarkHandWrittenSwish(b *testing.B) {
	xs := benchPoints(swishPoints)
	out := make([]float64, len(xs))
	b.SetBytes(int64(8 * len(xs)))
	b.ReportAllocs()
	for b.Loop() {
		for i, x := range xs {
			out[i] = x / (1 + math.Exp(-x))
		}
	}
	benchSink += out[0]
	reportPerPoint(b, len(xs))
}

// BenchmarkFloatMishSet times the averages of one point of critcalc act for
// mish: the program of σ², zσσ′ and σ′² over the 48 nodes of a panel.
func BenchmarkFloatMishSet(b *testing.B) {
	s := MustParse("mish")
	z := Var()
	d := Derivative(s, 1)
	m := CompileMany(Mul(s, s), Mul(z, Mul(s, d)), Mul(d, d))
	xs := make([]float64, 48)
	for i := range xs {
		xs[i] = -8 + 16*float64(i)/float64(len(xs)-1)
	}
	dsts := make([][]float64, m.Len())
	for i := range dsts {
		dsts[i] = make([]float64, len(xs))
	}
	b.ReportAllocs()
	for b.Loop() {
		m.EvalSlices(dsts, xs)
	}
	benchSink += dsts[0][0]
	reportPerPoint(b, len(xs))
}

// BenchmarkEvalSliceLone times programs in which no two functions share an
// argument, each over the 48 nodes of a panel.
func BenchmarkEvalSliceLone(b *testing.B) {
	xs := make([]float64, 48)
	for i := range xs {
		xs[i] = -8 + 16*float64(i)/float64(len(xs)-1)
	}
	out := make([]float64, len(xs))
	for _, src := range []string{"tanh", "gelu", "swish", "sigmoid", "relu", "tanh(x)^2", "x*sigmoid(x)"} {
		b.Run(src, func(b *testing.B) {
			p := Compile(MustParse(src))
			b.ReportAllocs()
			for b.Loop() {
				p.EvalSlice(out, xs)
			}
			benchSink += out[0]
		})
	}
}

// BenchmarkEvalSliceMishDerivative times mish' over 1024 points of
// [−100, 100], as critcalc act's count of the sign changes of σ' evaluates
// it.
func BenchmarkEvalSliceMishDerivative(b *testing.B) {
	p := Compile(Derivative(MustParse("mish"), 1))
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = -100 + 200*float64(i)/float64(len(xs))
	}
	out := make([]float64, len(xs))
	for b.Loop() {
		p.EvalSlice(out, xs)
	}
	benchSink += out[0]
	reportPerPoint(b, len(xs))
}
