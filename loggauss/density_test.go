package loggauss

import (
	"math"
	"testing"
)

// TestDensityNormalisedMoments checks that the predicted densities of
// ln‖z_out‖² integrate to 1 and have the mean and variance of
// OutputLaw.Moments (trapezoid on a wide grid, spectrally accurate for
// these smooth densities: 1e−9 relative).
func TestDensityNormalisedMoments(t *testing.T) {
	var laws []OutputLaw
	for _, d := range []int{1, 10, 100} { // the sizes of the notes' §1.1 figure
		l, err := LogNormalLaw(100, d, 10, 1)
		if err != nil {
			t.Fatal(err)
		}
		laws = append(laws, l)
	}
	inf, _ := InfiniteWidthLaw(10, 1)
	ex, _ := ExactMoments(30, 40)
	laws = append(laws, inf, OutputLaw{G: ex, NOut: 1, XScale: 0.25}, OutputLaw{G: Moments{-1, 2}, NOut: 1000, XScale: 7})
	for _, l := range laws {
		want, err := l.Moments()
		if err != nil {
			t.Fatal(err)
		}
		sd := math.Sqrt(want.VarG)
		lo, hi := want.MeanG-25*sd-20, want.MeanG+15*sd
		ys, fs, err := l.DensityGrid(lo, hi, 12001)
		if err != nil {
			t.Fatal(err)
		}
		h := ys[1] - ys[0]
		var m0, m1, m2 float64
		for i, f := range fs {
			m0 += f * h
			m1 += f * ys[i] * h
			m2 += f * ys[i] * ys[i] * h
		}
		mean := m1 / m0
		vari := m2/m0 - mean*mean
		if math.Abs(m0-1) > 1e-9 || math.Abs(mean-want.MeanG) > 1e-9*math.Max(1, sd) || math.Abs(vari-want.VarG) > 1e-8*want.VarG {
			t.Errorf("%+v: ∫f = %.12g, mean %.12g (want %.12g), var %.12g (want %.12g)", l, m0, mean, want.MeanG, vari, want.VarG)
		}
		cdf, _ := l.CDF([]float64{lo, want.MeanG, hi})
		if cdf[0] > 1e-12 || cdf[2] < 1-1e-12 || cdf[1] < 0.2 || cdf[1] > 0.8 {
			t.Errorf("%+v: CDF at lo, mean, hi = %v", l, cdf)
		}
	}
}

// TestInfiniteWidthDensity checks the G = 0 law against the closed-form
// density of ln χ²_k at points: k = 2 gives f(y) = e^{y − e^y/2}/2.
func TestInfiniteWidthDensity(t *testing.T) {
	l, _ := InfiniteWidthLaw(2, 1)
	ys := []float64{-3, -0.5, 0, 1, 2.5}
	fs, err := l.Density(ys)
	if err != nil {
		t.Fatal(err)
	}
	for i, y := range ys {
		if want := math.Exp(y-math.Exp(y)/2) / 2; !closeRel(fs[i], want, 1e-14, 0) {
			t.Errorf("f(%g) = %.16g, want %.16g", y, fs[i], want)
		}
	}
	cdf, _ := l.CDF(ys)
	for i, y := range ys {
		if want := -math.Expm1(-math.Exp(y) / 2); !closeRel(cdf[i], want, 1e-13, 0) {
			t.Errorf("F(%g) = %.16g, want %.16g", y, cdf[i], want)
		}
	}
}

// TestGoodnessOfFit reproduces the log-Gaussian notes' §1.1 comparison
// (2^15 networks, n = 100, n_in = n_out = 10, d ∈ {1, 10, 100}) with the
// product-representation sampler: the infinite-width law (G = 0) is
// rejected by Kolmogorov–Smirnov at every depth (√N·D > 5; the 0.1%
// critical value is 1.95), while the Gaussian law of G with the exact
// moments is accepted (√N·D < 1.95).
func TestGoodnessOfFit(t *testing.T) {
	for _, d := range []int{1, 10, 100} {
		y, err := SampleLogOutput(100, d, 10, 1, 1<<15, 1)
		if err != nil {
			t.Fatal(err)
		}
		rootN := math.Sqrt(float64(len(y)))
		inf, _ := InfiniteWidthLaw(10, 1)
		dInf, err := inf.KolmogorovSmirnov(y)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := ExactMoments(100, d)
		dEx, _ := OutputLaw{G: ex, NOut: 10, XScale: 1}.KolmogorovSmirnov(y)
		th, _ := LogNormalLaw(100, d, 10, 1)
		dTh, _ := th.KolmogorovSmirnov(y)
		t.Logf("d = %d: √N·D: G = 0 %.2f, log-normal β %.2f, exact moments %.2f", d, rootN*dInf, rootN*dTh, rootN*dEx)
		if rootN*dInf < 5 || rootN*dEx > 1.95 {
			t.Errorf("d = %d: √N·D(G = 0) = %.3f, √N·D(exact moments) = %.3f", d, rootN*dInf, rootN*dEx)
		}
	}
}

func TestOutputLawErrors(t *testing.T) {
	bad := []OutputLaw{
		{NOut: 0, XScale: 1},
		{NOut: 3, XScale: 0},
		{NOut: 3, XScale: 1, G: Moments{0, -1}},
		{NOut: 3, XScale: 1, G: Moments{math.NaN(), 1}},
	}
	for _, l := range bad {
		if _, err := l.Density([]float64{0}); err == nil {
			t.Errorf("%+v: no error", l)
		}
		if _, err := l.KolmogorovSmirnov([]float64{0}); err == nil {
			t.Errorf("%+v: no KS error", l)
		}
	}
	l, _ := InfiniteWidthLaw(3, 1)
	if _, _, err := l.DensityGrid(1, 0, 10); err == nil {
		t.Error("DensityGrid(1, 0): no error")
	}
	if _, err := l.KolmogorovSmirnov(nil); err == nil {
		t.Error("KS of no samples: no error")
	}
	if _, err := LogNormalLaw(0, 1, 1, 1); err == nil {
		t.Error("LogNormalLaw(n = 0): no error")
	}
}

func BenchmarkDensityGrid(b *testing.B) {
	l, _ := LogNormalLaw(100, 100, 10, 1)
	for b.Loop() {
		if _, _, err := l.DensityGrid(-12, 8, 401); err != nil {
			b.Fatal(err)
		}
	}
}
