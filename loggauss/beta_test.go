package loggauss

import (
	"math"
	"strings"
	"testing"

	"critcalc/calc"
)

// TestBetaGolden checks β = 2/n + 5d/n (log-Gaussian notes, Theorem 2) at
// the Monte-Carlo figure's sizes (§1.1: n = 100,
// d = 1, 10, 100 → 0.07, 0.52, 5.02). The values are exact decimals;
// tolerance 1e−15 relative covers float64 rounding.
func TestBetaGolden(t *testing.T) {
	cases := []struct {
		n, d int
		want float64
	}{
		{100, 1, 0.07},   // §1.1
		{100, 10, 0.52},  // §1.1
		{100, 100, 5.02}, // §1.1
		{1000, 0, 0.002}, // d = 0: only the last layer's 2/n
	}
	for _, c := range cases {
		if got := Beta(c.n, c.d); !closeRel(got, c.want, 1e-15, 0) {
			t.Errorf("Beta(%d, %d) = %.17g, want %g", c.n, c.d, got, c.want)
		}
		// BetaWidths sums d + 1 rounded terms: (d + 2) ulps.
		tol := float64(c.d+2) * 0x1p-52
		w, err := BetaWidths(equalWidths(c.n, c.d))
		if err != nil || !closeRel(w, c.want, tol, 0) {
			t.Errorf("BetaWidths(equal %d, %d) = %v, %v, want %g", c.n, c.d, w, err, c.want)
		}
		p, err := BetaWidthsPrinted(equalWidths(c.n, c.d))
		if err != nil || !closeRel(p, c.want, tol, 0) {
			t.Errorf("BetaWidthsPrinted(equal %d, %d) = %v, %v, want %g", c.n, c.d, p, err, c.want)
		}
	}
	if !math.IsNaN(Beta(0, 3)) || !math.IsNaN(Beta(10, -1)) {
		t.Error("Beta outside its domain should be NaN")
	}
}

// TestBetaWidthsConvention checks the unequal-width index convention
// (log-Gaussian notes §1.2.1, corrected; see README Corrections): the
// derived β = 2/n_d + 5Σ_{ℓ<d} 1/n_ℓ against the exact variance of the product representation, and the
// printed 2/n₀ + 5Σ_{ℓ≥1} 1/n_ℓ as a different number. Widths ≥ 200 keep
// the exact variance within 5% of β (the per-factor correction is
// n·Var − 5 ≈ 19/n, i.e. ≈ 4%/(n/100)), while the two conventions differ
// by more than 30%.
func TestBetaWidthsConvention(t *testing.T) {
	cases := []struct {
		widths           []int
		derived, printed float64
	}{
		{[]int{200, 4000}, 2.0/4000 + 5.0/200, 2.0/200 + 5.0/4000},
		{[]int{4000, 200}, 2.0/200 + 5.0/4000, 2.0/4000 + 5.0/200},
		{[]int{200, 500, 1000, 4000}, 2.0/4000 + 5*(1.0/200+1.0/500+1.0/1000), 2.0/200 + 5*(1.0/500+1.0/1000+1.0/4000)},
		{[]int{4000, 1000, 500, 200}, 2.0/200 + 5*(1.0/4000+1.0/1000+1.0/500), 2.0/4000 + 5*(1.0/1000+1.0/500+1.0/200)},
	}
	for _, c := range cases {
		b, err := BetaWidths(c.widths)
		if err != nil || !closeRel(b, c.derived, 1e-14, 0) {
			t.Fatalf("BetaWidths(%v) = %v, %v, want %g", c.widths, b, err, c.derived)
		}
		p, err := BetaWidthsPrinted(c.widths)
		if err != nil || !closeRel(p, c.printed, 1e-14, 0) {
			t.Fatalf("BetaWidthsPrinted(%v) = %v, %v, want %g", c.widths, p, err, c.printed)
		}
		ex, err := ExactMomentsWidths(c.widths)
		if err != nil {
			t.Fatal(err)
		}
		if r := ex.VarG/b - 1; math.Abs(r) > 0.05 {
			t.Errorf("%v: exact Var[G] = %.6g, derived β = %.6g (rel %.3g)", c.widths, ex.VarG, b, r)
		}
		if r := -2*ex.MeanG/b - 1; math.Abs(r) > 0.05 {
			t.Errorf("%v: exact −2E[G] = %.6g, derived β = %.6g (rel %.3g)", c.widths, -2*ex.MeanG, b, r)
		}
		if r := ex.VarG/p - 1; math.Abs(r) < 0.3 {
			t.Errorf("%v: printed β = %.6g unexpectedly close to exact Var[G] = %.6g", c.widths, p, ex.VarG)
		}
	}
}

// TestBetaWidthsMonteCarlo samples G for unequal widths [20, 400] (where
// the two conventions give 0.255 and 0.1125) and checks that the sample
// agrees with the exact moments (|z| < 4) and rejects the printed β as
// the variance (z > 10).
func TestBetaWidthsMonteCarlo(t *testing.T) {
	widths := []int{20, 400}
	g, err := SampleGWidths(widths, 1<<15, 21)
	if err != nil {
		t.Fatal(err)
	}
	s := statsOf(g)
	ex, _ := ExactMomentsWidths(widths)
	zm, zv := s.zScores(ex)
	if math.Abs(zm) > 4 || math.Abs(zv) > 4 {
		t.Errorf("sample %+v vs exact %+v: z = %.2f, %.2f", s, ex, zm, zv)
	}
	p, _ := BetaWidthsPrinted(widths)
	if z := (s.vari - p) / s.seVar; z < 10 {
		t.Errorf("printed β = %g not rejected: z = %.2f", p, z)
	}
}

func TestBetaWidthsErrors(t *testing.T) {
	for _, w := range [][]int{nil, {}, {10, 0}, {-3}} {
		if _, err := BetaWidths(w); err == nil {
			t.Errorf("BetaWidths(%v): no error", w)
		}
		if _, err := BetaWidthsPrinted(w); err == nil {
			t.Errorf("BetaWidthsPrinted(%v): no error", w)
		}
	}
}

// TestBetaScaleInvariant checks the coefficient 3A₄/A₂² − 1 (ReLU 5,
// leaky ReLU with slope a: 6(1 + a⁴)/(1 + a²)² − 1, |x| and linear 2)
// and that it is the n → ∞ limit of n·Var of the exact per-layer factor
// (ScaleInvariantFactor), whose deviation is O(1/n): at n = 10⁴ within
// 0.1%.
func TestBetaScaleInvariant(t *testing.T) {
	cases := []struct {
		expr   string
		ap, am float64
		coef   float64
	}{
		{"relu(x)", 1, 0, 5},
		{"leaky_relu(x, 0.2)", 1, 0.2, 6*(1+0.0016)/(1.04*1.04) - 1},
		{"leaky_relu(x, 0.01)", 1, 0.01, 6*(1+1e-8)/(1.0001*1.0001) - 1},
		{"abs(x)", 1, -1, 2},
		{"3*x", 3, 3, 2},
		{"max(x, -0.5*x)", 1, -0.5, 6*(1+0.0625)/(1.25*1.25) - 1},
	}
	for _, c := range cases {
		e := calc.MustParse(c.expr)
		b, err := BetaScaleInvariant(100, 10, e)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if want := (2 + 10*c.coef) / 100; !closeRel(b, want, 1e-13, 0) {
			t.Errorf("%s: β = %.15g, want %.15g", c.expr, b, want)
		}
		f, err := ScaleInvariantFactor(10000, c.ap, c.am)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		if r := 10000*f.VarG/c.coef - 1; math.Abs(r) > 1e-3 {
			t.Errorf("%s: n·Var(factor) = %.8g vs %.8g at n = 1e4", c.expr, 10000*f.VarG, c.coef)
		}
		if r := -2*10000*f.MeanG/c.coef - 1; math.Abs(r) > 1e-3 {
			t.Errorf("%s: −2n·E(factor) = %.8g vs %.8g at n = 1e4", c.expr, -2*10000*f.MeanG, c.coef)
		}
	}
	for _, bad := range []string{"tanh(x)", "relu(x) + 0.1", "x^2", "gelu(x)"} {
		_, err := BetaScaleInvariant(100, 10, calc.MustParse(bad))
		if err == nil || !strings.Contains(err.Error(), "not scale-invariant") {
			t.Errorf("%s: error %v, want 'not scale-invariant'", bad, err)
		}
	}
	if _, err := BetaScaleInvariant(100, 10, calc.Expr{}); err == nil {
		t.Error("zero Expr: no error")
	}
	if _, err := BetaScaleInvariant(0, 10, calc.MustParse("relu(x)")); err == nil {
		t.Error("n = 0: no error")
	}
}
