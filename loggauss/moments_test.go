package loggauss

import (
	"math"
	"testing"
)

// goldenCase is a computed value against a literature or derived value.
type goldenCase struct {
	name           string
	got, want, tol float64
}

// TestExactMomentsGolden checks the exact finite-width moments against
// values derived independently from the log-Gaussian notes' product
// representation (digamma/trigamma, Binomial(n, ½) mixture excluding the
// 2^−n zero event). Tolerance: half a
// unit in the last printed decimal.
func TestExactMomentsGolden(t *testing.T) {
	f100, _ := ReluFactor(100)
	l100, _ := LastFactor(100)
	cases := []goldenCase{
		// Props 3–5 (n = 100): ln(‖g‖²/n) and ln((2/n)‖φ(g)‖²).
		{"Props 3-5 E ln(|g|^2/n)", l100.MeanG, -0.01003333, 5e-9},
		{"Props 3-5 Var ln(|g|^2/n)", l100.VarG, 0.02020133, 5e-9},
		{"Props 3-5 E ln(2|phi(g)|^2/n)", f100.MeanG, -0.02542089, 5e-9},
		{"Props 3-5 Var ln(2|phi(g)|^2/n)", f100.VarG, 0.05193999, 5e-9},
	}
	// §1.1 figure (n = 100, d = 1, 10, 100): exact E[G], Var[G].
	// Same figure (n_out = 10, ‖x‖²/n_in = 1): ln‖z_out‖² moments,
	// exact-n and theory (−β/2 + ψ(5) + ln 2, β + ψ′(5)).
	golden := []struct {
		d                           int
		meanG, varG                 float64 // §1.1, exact n
		outMean, outVar             float64 // §1.1 output, exact n
		theoryOutMean, theoryOutVar float64 // §1.1 output, theory
	}{
		{1, -0.035454, 0.072141, 2.163811, 0.293464, 2.164265, 0.291323},
		{10, -0.264242, 0.539601, 1.935023, 0.760924, 1.939265, 0.741323},
		{100, -2.552122, 5.214201, -0.352857, 5.435524, -0.310735, 5.241323},
	}
	for _, g := range golden {
		ex, err := ExactMoments(100, g.d)
		if err != nil {
			t.Fatal(err)
		}
		out, err := ex.Output(10, 1)
		if err != nil {
			t.Fatal(err)
		}
		th, _ := TheoryMoments(100, g.d)
		thOut, _ := th.Output(10, 1)
		cases = append(cases,
			goldenCase{"§1.1 E[G]", ex.MeanG, g.meanG, 5e-7},
			goldenCase{"§1.1 Var[G]", ex.VarG, g.varG, 5e-7},
			goldenCase{"§1.1 exact E ln|z_out|^2", out.MeanG, g.outMean, 5e-7},
			goldenCase{"§1.1 exact Var ln|z_out|^2", out.VarG, g.outVar, 5e-7},
			goldenCase{"§1.1 theory E ln|z_out|^2", thOut.MeanG, g.theoryOutMean, 5e-7},
			goldenCase{"§1.1 theory Var ln|z_out|^2", thOut.VarG, g.theoryOutVar, 5e-7},
		)
	}
	for _, c := range cases {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.9f, want %.9f (tol %g)", c.name, c.got, c.want, c.tol)
		}
	}
}

// TestExactMomentsAsymptotics checks E = −β/2 + O(d/n²) and
// Var = β + O(d/n²) (log-Gaussian notes, Theorem 2): n²·(exact − theory)/d stays bounded
// (≈ 19.4 for the variance, per layer, at n = 100) as n grows.
func TestExactMomentsAsymptotics(t *testing.T) {
	for _, n := range []int{100, 1000, 10000} {
		const d = 50
		ex, _ := ExactMoments(n, d)
		th, _ := TheoryMoments(n, d)
		cv := (ex.VarG - th.VarG) * float64(n) * float64(n) / d
		cm := (ex.MeanG - th.MeanG) * float64(n) * float64(n) / d
		if cv < 15 || cv > 25 || math.Abs(cm) > 25 {
			t.Errorf("n = %d: n²(Var − β)/d = %.4g, n²(E + β/2)/d = %.4g: not O(d/n²)", n, cv, cm)
		}
	}
}

// TestZeroEvent checks the excluded event (ReLU layer with no active
// unit): its probability, and the conditional moments for n = 1, where
// K = 1 always: ln(2χ²₁) has mean ψ(½) + 2 ln 2 and variance ψ′(½) = π²/2.
func TestZeroEvent(t *testing.T) {
	cases := []struct {
		widths []int
		want   float64
	}{
		{[]int{1, 1, 1}, 0.75},
		{[]int{2, 5}, 0.25},
		{[]int{7}, 0},
		{[]int{100, 100}, math.Ldexp(1, -100)},
	}
	for _, c := range cases {
		p, err := ZeroEventProbability(c.widths)
		if err != nil || !closeRel(p, c.want, 1e-15, 0) {
			t.Errorf("ZeroEventProbability(%v) = %v, %v, want %g", c.widths, p, err, c.want)
		}
	}
	f, err := ReluFactor(1)
	if err != nil {
		t.Fatal(err)
	}
	want := Moments{Digamma(0.5) + 2*math.Ln2, math.Pi * math.Pi / 2}
	if !closeRel(f.MeanG, want.MeanG, 1e-15, 0) || !closeRel(f.VarG, want.VarG, 1e-15, 0) {
		t.Errorf("ReluFactor(1) = %+v, want %+v", f, want)
	}
	// The sampler conditions the same way: n = 2 has a 1/4 zero event per
	// layer, which would give −Inf if it were not excluded.
	g, err := SampleG(2, 3, 1<<15, 5)
	if err != nil {
		t.Fatal(err)
	}
	ex, _ := ExactMoments(2, 3)
	s := statsOf(g)
	if math.IsInf(s.mean, 0) || math.IsNaN(s.mean) {
		t.Fatalf("n = 2 sample mean %v", s.mean)
	}
	if zm, zv := s.zScores(ex); math.Abs(zm) > 4 || math.Abs(zv) > 4 {
		t.Errorf("n = 2, d = 3: sample %+v vs exact %+v: z = %.2f, %.2f", s, ex, zm, zv)
	}
}

func TestMomentsErrors(t *testing.T) {
	if _, err := ExactMoments(0, 3); err == nil {
		t.Error("ExactMoments(0, 3): no error")
	}
	if _, err := ExactMoments(10, -1); err == nil {
		t.Error("ExactMoments(10, -1): no error")
	}
	if _, err := ExactMomentsWidths([]int{10, 0, 10}); err == nil {
		t.Error("ExactMomentsWidths with a zero width: no error")
	}
	if _, err := (Moments{}).Output(0, 1); err == nil {
		t.Error("Output(0, 1): no error")
	}
	if _, err := (Moments{}).Output(3, -1); err == nil {
		t.Error("Output(3, −1): no error")
	}
	if m := LogChiSquared(0); !math.IsNaN(m.MeanG) {
		t.Error("LogChiSquared(0) should be NaN")
	}
}
