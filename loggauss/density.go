package loggauss

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mathext"
)

// OutputLaw is the law of Y = ln‖z_out‖² = G + ln χ²_{n_out} + ln(‖x‖²/n_in)
// with G ~ N(G.MeanG, G.VarG) independent of the χ² (Theorem 2 of the
// seed with its log-normal G; G = Moments{} is the infinite-width limit,
// G = 0, in which z_out is Gaussian).
type OutputLaw struct {
	G      Moments
	NOut   int
	XScale float64 // ‖x‖²/n_in
}

// LogNormalLaw returns the log-Gaussian prediction for width n, depth d:
// G ~ N(−β/2, β), β = Beta(n, d).
func LogNormalLaw(n, d, nOut int, xScale float64) (OutputLaw, error) {
	m, err := TheoryMoments(n, d)
	if err != nil {
		return OutputLaw{}, err
	}
	l := OutputLaw{G: m, NOut: nOut, XScale: xScale}
	return l, l.check()
}

// InfiniteWidthLaw returns the G = 0 law: ln‖z_out‖² = ln χ²_{n_out} +
// ln(‖x‖²/n_in).
func InfiniteWidthLaw(nOut int, xScale float64) (OutputLaw, error) {
	l := OutputLaw{NOut: nOut, XScale: xScale}
	return l, l.check()
}

func (l OutputLaw) check() error {
	if l.NOut < 1 {
		return fmt.Errorf("loggauss: output law: n_out = %d must be ≥ 1", l.NOut)
	}
	if !(l.XScale > 0) || math.IsInf(l.XScale, 1) {
		return fmt.Errorf("loggauss: output law: ‖x‖²/n_in = %g must be positive and finite", l.XScale)
	}
	if !(l.G.VarG >= 0) || math.IsInf(l.G.VarG, 1) || math.IsNaN(l.G.MeanG) || math.IsInf(l.G.MeanG, 0) {
		return fmt.Errorf("loggauss: output law: G moments %+v are not a finite mean and a variance ≥ 0", l.G)
	}
	return nil
}

// Moments returns E[Y] and Var[Y]: the G moments plus those of
// ln χ²_{n_out}, shifted by ln(‖x‖²/n_in).
func (l OutputLaw) Moments() (Moments, error) {
	if err := l.check(); err != nil {
		return Moments{}, err
	}
	return l.G.Output(l.NOut, l.XScale)
}

// logChi2Density returns the density of ln χ²_k at y:
// exp((k/2)(y − ln 2) − e^y/2 − ln Γ(k/2)), given lgHalfK = ln Γ(k/2).
func logChi2Density(k int, lgHalfK, y float64) float64 {
	h := float64(k) / 2
	return math.Exp(h*(y-math.Ln2) - math.Exp(y)/2 - lgHalfK)
}

// logChi2CDF returns P(ln χ²_k ≤ y) = P(k/2, e^y/2) (regularised lower
// incomplete gamma).
func logChi2CDF(k int, y float64) float64 {
	return mathext.GammaIncReg(float64(k)/2, math.Exp(y)/2)
}

// gaussNodes returns the trapezoid nodes and weights for E[f(G)],
// G ~ N(μ, σ²), on μ ± 10σ with a step h of at most σ/6 and of a third of
// the spread √ψ′(k/2) of ln χ²_k. The trapezoid rule's error for these
// smooth, rapidly decaying integrands is that of the characteristic
// functions at 2π/h: ≈ e^{−2π²(σ/h)²} for the Gaussian and, for ln χ²_k
// (|E e^{it ln χ²}| ≈ e^{−t²ψ′(k/2)/2} for t ≪ k, ∝ e^{−π|t|/2} beyond),
// far below 1e−15 at these steps. σ = 0 gives the single node μ.
func (l OutputLaw) gaussNodes() (g, w []float64) {
	mu, s := l.G.MeanG, math.Sqrt(l.G.VarG)
	if s == 0 {
		return []float64{mu}, []float64{1}
	}
	h := math.Min(s/6, math.Sqrt(Trigamma(float64(l.NOut)/2))/3)
	m := int(math.Ceil(10 * s / h))
	h = 10 * s / float64(m)
	total := 0.0
	for i := -m; i <= m; i++ {
		x := float64(i) * h
		g = append(g, mu+x)
		wi := math.Exp(-x * x / (2 * s * s))
		w = append(w, wi)
		total += wi
	}
	for i := range w {
		w[i] /= total
	}
	return g, w
}

// Density returns the density of Y at each y of ys, by numerical
// convolution of the Gaussian law of G with the density of ln χ²_{n_out}.
func (l OutputLaw) Density(ys []float64) ([]float64, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	g, w := l.gaussNodes()
	shift := math.Log(l.XScale)
	lg, _ := math.Lgamma(float64(l.NOut) / 2)
	out := make([]float64, len(ys))
	for i, y := range ys {
		s := 0.0
		for j := range g {
			s += w[j] * logChi2Density(l.NOut, lg, y-shift-g[j])
		}
		out[i] = s
	}
	return out, nil
}

// CDF returns P(Y ≤ y) at each y of ys (same convolution as Density).
func (l OutputLaw) CDF(ys []float64) ([]float64, error) {
	f, _, err := l.cdfDensity(ys)
	return f, err
}

// cdfDensity returns the CDF and the density at ys.
func (l OutputLaw) cdfDensity(ys []float64) (cdf, pdf []float64, err error) {
	if err := l.check(); err != nil {
		return nil, nil, err
	}
	g, w := l.gaussNodes()
	shift := math.Log(l.XScale)
	lg, _ := math.Lgamma(float64(l.NOut) / 2)
	cdf = make([]float64, len(ys))
	pdf = make([]float64, len(ys))
	for i, y := range ys {
		var c, p float64
		for j := range g {
			c += w[j] * logChi2CDF(l.NOut, y-shift-g[j])
			p += w[j] * logChi2Density(l.NOut, lg, y-shift-g[j])
		}
		cdf[i], pdf[i] = c, p
	}
	return cdf, pdf, nil
}

// DensityGrid returns points equally spaced y₀ … y_{points−1} on [lo, hi]
// and the density there, for plotting.
func (l OutputLaw) DensityGrid(lo, hi float64, points int) (ys, fs []float64, err error) {
	if points < 2 || !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil, nil, fmt.Errorf("loggauss: density grid: need lo < hi finite and ≥ 2 points, got [%g, %g], %d", lo, hi, points)
	}
	ys = make([]float64, points)
	for i := range ys {
		ys[i] = lo + (hi-lo)*float64(i)/float64(points-1)
	}
	fs, err = l.Density(ys)
	return ys, fs, err
}

// ksIntervals is the number of grid intervals on which KolmogorovSmirnov
// interpolates the CDF.
const ksIntervals = 2048

// KolmogorovSmirnov returns the Kolmogorov–Smirnov distance
// sup_y |F_N(y) − F(y)| between the empirical law of samples of
// ln‖z_out‖² and the law l. Under l, √N·D has the Kolmogorov law
// (P(√N·D > 1.358) ≈ 0.05 for large N). F is computed at the samples, or,
// for more than 2049 samples, on 2049 equally
// spaced points spanning them and interpolated by cubic Hermite
// interpolation with F′ = density (error ≤ h⁴ max|F⁗|/384, below 1e−9
// for the laws here).
func (l OutputLaw) KolmogorovSmirnov(samples []float64) (float64, error) {
	if len(samples) == 0 {
		return 0, fmt.Errorf("loggauss: Kolmogorov–Smirnov: no samples")
	}
	ys := append([]float64(nil), samples...)
	sort.Float64s(ys)
	lo, hi := ys[0], ys[len(ys)-1]
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi) {
		return 0, fmt.Errorf("loggauss: Kolmogorov–Smirnov: samples must be finite")
	}
	n := float64(len(ys))
	if len(ys) <= ksIntervals+1 {
		// No more samples than grid points: F at the samples themselves.
		fs, _, err := l.cdfDensity(ys)
		if err != nil {
			return 0, err
		}
		d := 0.0
		for i, f := range fs {
			d = math.Max(d, math.Max(f-float64(i)/n, float64(i+1)/n-f))
		}
		return d, nil
	}
	if hi == lo {
		hi = lo + 1
	}
	h := (hi - lo) / ksIntervals
	grid := make([]float64, ksIntervals+1)
	for i := range grid {
		grid[i] = lo + h*float64(i)
	}
	fs, ps, err := l.cdfDensity(grid)
	if err != nil {
		return 0, err
	}
	d := 0.0
	for i, y := range ys {
		j := min(int((y-lo)/h), ksIntervals-1)
		t := (y - grid[j]) / h
		// Cubic Hermite basis on [grid[j], grid[j+1]].
		t2, t3 := t*t, t*t*t
		f := (2*t3-3*t2+1)*fs[j] + (t3-2*t2+t)*h*ps[j] + (-2*t3+3*t2)*fs[j+1] + (t3-t2)*h*ps[j+1]
		d = math.Max(d, math.Max(f-float64(i)/n, float64(i+1)/n-f))
	}
	return d, nil
}
