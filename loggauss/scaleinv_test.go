package loggauss

import (
	"math"
	"testing"

	"critcalc/calc"
)

// TestBetaLogMomentsClosedForms checks the Beta quadrature on
// h = ln b and h = ln(1 − b), where E ln B = ψ(p) − ψ(p+q) and
// Var ln B = ψ′(p) − ψ′(p+q) (and p ↔ q for ln(1 − B)), including the
// endpoint singularities of p or q = ½ and concentrated densities;
// tolerance 1e−13 absolute (the quadrature aims at 1e−14).
func TestBetaLogMomentsClosedForms(t *testing.T) {
	for _, pq := range [][2]float64{{0.5, 0.5}, {1, 1}, {0.5, 49.5}, {3, 7}, {3, 0.5}, {25, 25}, {2500, 2500}, {0.5, 4999.5}} {
		p, q := pq[0], pq[1]
		for _, c := range []struct {
			c0, c1 float64
			a      float64 // the Beta parameter of the ln factor
		}{{0, 1, p}, {1, -1, q}} {
			e1, e2, err := betaLogMoments(p, q, c.c0, c.c1)
			if err != nil {
				t.Fatalf("Beta(%g, %g): %v", p, q, err)
			}
			wm := Digamma(c.a) - Digamma(p+q)
			wv := Trigamma(c.a) - Trigamma(p+q)
			if math.Abs(e1-wm) > 1e-13 || math.Abs(e2-e1*e1-wv) > 1e-13*math.Max(1, wv) {
				t.Errorf("Beta(%g, %g), h = ln(%g + %g b): mean %.16g var %.16g, want %.16g %.16g", p, q, c.c0, c.c1, e1, e2-e1*e1, wm, wv)
			}
		}
	}
}

// TestScaleInvariantClosedForms checks the exact scale-invariant moments
// where they are closed-form: ReLU (as any expression of it) equals
// ExactMoments; |x| and linear σ give d + 1 independent ln(χ²_n/n).
func TestScaleInvariantClosedForms(t *testing.T) {
	ex, _ := ExactMoments(64, 12)
	for _, expr := range []string{"relu(x)", "max(x, 0)", "2.5*relu(x)"} {
		m, err := ExactMomentsScaleInvariant(64, 12, calc.MustParse(expr))
		if err != nil {
			t.Fatal(err)
		}
		if !closeRel(m.MeanG, ex.MeanG, 1e-13, 0) || !closeRel(m.VarG, ex.VarG, 1e-13, 0) {
			t.Errorf("%s: %+v, ReLU exact %+v", expr, m, ex)
		}
	}
	l := LogChiSquared(64)
	want := Moments{13 * (l.MeanG - math.Log(64)), 13 * l.VarG}
	for _, expr := range []string{"abs(x)", "x", "-0.3*x"} {
		m, err := ExactMomentsScaleInvariant(64, 12, calc.MustParse(expr))
		if err != nil {
			t.Fatal(err)
		}
		if !closeRel(m.MeanG, want.MeanG, 1e-13, 0) || !closeRel(m.VarG, want.VarG, 1e-13, 0) {
			t.Errorf("%s: %+v, want %+v", expr, m, want)
		}
	}
	// Leaky ReLU is continuous in the slope: a₋ = 1e−4 is ReLU up to
	// O(a₋²) (its zero event is gone, a 2^−64 effect).
	m, _ := ScaleInvariantFactor(64, 1, 1e-4)
	f, _ := ReluFactor(64)
	if math.Abs(m.MeanG-f.MeanG) > 1e-6 || math.Abs(m.VarG-f.VarG) > 1e-6 {
		t.Errorf("leaky 1e−4: %+v vs ReLU %+v", m, f)
	}
	if _, err := ScaleInvariantFactor(10, 0, 0); err == nil {
		t.Error("a₊ = a₋ = 0: no error")
	}
	if _, err := ExactMomentsScaleInvariant(10, 2, calc.MustParse("tanh(x)")); err == nil {
		t.Error("tanh: no error")
	}
}

func BenchmarkScaleInvariantFactor(b *testing.B) {
	for b.Loop() {
		if _, err := ScaleInvariantFactor(1000, 1, 0.2); err != nil {
			b.Fatal(err)
		}
	}
}
