package apjn

import (
	"math"
	"testing"
)

// TestExponents checks App. G exponents: erf at (π/4, 0) has ζ = 1 (DHG eqs
// 128–133); GELU's critical point #2 has ã₁ = −1.4362641873e−4 (DHG eq 165
// corrected, = PDLT's ã₁ of §5.3.4; rel 1e-7) and dχ_𝒥/d𝒦 = 0.0093335405
// (the slope behind DHG eq 167, 10 decimals), so 𝒥 ∝ l^{+64.98} (ζ = −64.98, DHG eq 169
// corrected; see README Corrections: DHG prints ζ = 66.668 from the
// wrong-signed +0.00014).
func TestExponents(t *testing.T) {
	m := model(t, "erf", Vanilla)
	e, err := m.CriticalExponent(Params{SW2: math.Pi / 4}, 0)
	if err != nil || !e.Scaling || math.Abs(e.Zeta-1) > 1e-12 {
		t.Errorf("erf: %+v, %v; want ζ = 1", e, err)
	}
	g := model(t, "gelu", Vanilla)
	sw2, _ := GELUCriticalLine(GELUCriticalK, 0)
	e, err = g.CriticalExponent(Params{SW2: sw2}, GELUCriticalK)
	if err != nil {
		t.Fatal(err)
	}
	const printedZeta = 66.668 // DHG eq 169, as printed (wrong sign and rounding)
	if !near(e.A1Tilde, -1.4362641873e-4, 1e-7) || math.Abs(e.DChiJ-0.0093335405) > 6e-11 ||
		!near(e.Growth, 0.0093335405/1.4362641873e-4, 1e-7) || !e.FromAbove || math.Abs(e.Zeta+printedZeta) < 1 {
		t.Errorf("GELU #2: %+v", e)
	}
	if e, err := g.CriticalExponent(Params{SW2: 4}, 0); err != nil || e.Scaling {
		t.Errorf("GELU #1 (𝒦* = 0, unstable, eq 164): %+v, %v; want no scaling", e, err)
	}
}

// TestBatchNorm checks the large-batch pre-BN ReLU APJN π(1−μ²)/(π−1) + μ²
// (AutoInit eq 38: μ = 0 gives 1.4669422069); DHG eq 26 (corrected; see
// README Corrections) prints π²(1−μ²)/(π−1)² + μ² = 2.1519194385 at μ = 0,
// recorded here as the printed value the recursion must not reproduce. μ = 1 grows as
// l^{π/(π−1)} (DHG eq 27, AutoInit eq 39: 1 + O(1/l)).
func TestBatchNorm(t *testing.T) {
	const printed = 2.1519194385
	m := model(t, "relu", BN)
	for _, mu := range []float64{0, 0.5, 0.9} {
		pt, err := m.At(Params{SW2: 1.7, SB2: 0.3, Mu: mu})
		if err != nil {
			t.Fatal(err)
		}
		want := ReLUBatchNormChiJ(mu)
		if !near(pt.ChiJ, want, 1e-13) || pt.Phase != Chaotic {
			t.Errorf("μ = %g: χ_𝒥* = %.15g (%s), want %.15g", mu, pt.ChiJ, pt.Phase, want)
		}
	}
	if v := ReLUBatchNormChiJ(0); math.Abs(v-1.4669422069) > 6e-11 || math.Abs(v-printed) < 0.5 {
		t.Errorf("ReLU BN χ_𝒥(μ=0) = %.10f", v)
	}
	if p := m.BatchNormGrowth(); !near(p, math.Pi/(math.Pi-1), 1e-13) {
		t.Errorf("BN μ = 1 growth exponent %v, want π/(π−1)", p)
	}
}

// TestPreLNGrowth checks Pre-LN + residual at μ = 1: the iterated log 𝒥
// equals the exact Gamma-function product (DHG Remark 5.3, App. F.6) to
// 1e-10, and the exponents A/B at σ_b = 0 are ReLU 1, erf 1.2257000038,
// GELU 1.0720315984 (derived from DHG eqs 134 and 170; 10 decimals);
// Theorem 1.3's χ_𝒥* for μ < 1 matches the recursion's fixed point.
func TestPreLNGrowth(t *testing.T) {
	for _, tt := range []struct {
		expr string
		AB   float64
	}{{"relu", 1}, {"erf", 1.2257000038}, {"gelu", 1.0720315984}} {
		m := model(t, tt.expr, PreLNRes)
		A, B := m.PreLNGrowth(2, 0)
		if math.Abs(A/B-tt.AB) > 6e-11 {
			t.Errorf("%s: A/B = %.12f, want %.10f", tt.expr, A/B, tt.AB)
		}
		p := Params{SW2: 2, SB2: 0.3, Mu: 1}
		layers, err := m.Iterate(p, 1000, 1000)
		if err != nil {
			t.Fatal(err)
		}
		A, B = m.PreLNGrowth(2, 0.3)
		want := PreLNExactLogAPJN(A, B, m.First(p).K, 999)
		if got := layers[0].LogJ; math.Abs(got-want) > 1e-10*math.Abs(want) {
			t.Errorf("%s: log 𝒥^{1,1000} = %.15g, Gamma product %.15g", tt.expr, got, want)
		}
		q := Params{SW2: 2, SB2: 0.3, Mu: 0.5}
		pt, err := m.At(q)
		if err != nil {
			t.Fatal(err)
		}
		chi, xi := m.PreLNCorrelationLength(2, 0.3, 0.5)
		if !near(pt.ChiJ, chi, 1e-14) || !near(pt.Xi, xi, 1e-12) {
			t.Errorf("%s: Theorem 1.3 χ = %v ξ = %v; recursion %v %v", tt.expr, chi, xi, pt.ChiJ, pt.Xi)
		}
	}
}

// TestErfSubcritical checks Theorem 4.3 (erf, μ = 1): c̃ = 2/π, λ = π²/16 at
// (σ_w², σ_b²) = (1, 0), c̃ = 0.9003163162, λ = 0.3084251375 at (2, 0)
// (derived from DHG Theorem 4.3, eqs 144–147); the iterated log 𝒥^{1,l} − 2c̃√l stays O(log l): within
// 2·log l at l = 10⁴ (a bound, not a fit).
func TestErfSubcritical(t *testing.T) {
	for _, tt := range []struct{ sw2, c, lambda float64 }{{1, 2 / math.Pi, math.Pi * math.Pi / 16}, {2, 0.9003163162, 0.3084251375}} {
		c, l := ErfSubcritical(tt.sw2, 0)
		if math.Abs(c-tt.c) > 6e-11 || math.Abs(l-tt.lambda) > 6e-11 {
			t.Errorf("σ_w² = %g: c̃ = %.10f λ = %.10f", tt.sw2, c, l)
		}
	}
	m := model(t, "erf", Res)
	layers, err := m.Iterate(Params{SW2: 1, Mu: 1}, 10000, 10000)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ErfSubcritical(1, 0)
	l := float64(layers[0].L)
	if d := layers[0].LogJ - 2*c*math.Sqrt(l); math.Abs(d) > 2*math.Log(l) {
		t.Errorf("log 𝒥 − 2c̃√l = %v at l = %v", d, l)
	}
}
