package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestIterateCheckedCentredDigits checks the digits that the two runs of
// IterateChecked leave of ρ_ℓ for the map with LayerNorm after GELU,
// κ_ψ(ρ) = (κ(ρ) − κ(0))/(1 − κ(0)), from ρ₀ = 0.5 over 200 layers, where
// ρ_ℓ falls towards ρ* = 0 as κ_ψ′(0)^ℓ ≈ 0.72^ℓ while κ(ρ) − κ(0)
// cancels. The reference is the same map written as a series without the
// cancellation, Σ_{k≥1} c_k² ρ^k/(1 − c₀²), from the Hermite coefficients
// c_0…c_40 of GELU to 30 digits (CoefficientsDigits, one-dimensional
// integrals); the terms left out are below 0.5⁴¹·Σ_{k>40} c_k² < 1e-25 of
// the first step and smaller after. Every digit kept must be the
// reference's (within half a unit of the last one). The check run used to
// move κ_ψ by 1e-13 of itself only, far less than the absolute error of
// κ near ρ = 0: ρ₁₀₀ was printed as 1.04827390534e-14 and ρ₂₀₀ as
// 4.43894487605e-16, rounding noise with twelve "agreeing" digits, where
// the series gives 1.0183639723e-14 and 8.689609646e-29 (the first wrong
// digit was at ℓ = 32).
func TestIterateCheckedCentredDigits(t *testing.T) {
	sigma := calc.MustParse("gelu")
	base, err := NewKernelMap(sigma)
	if err != nil {
		t.Fatal(err)
	}
	m, err := base.WithCenterAfter()
	if err != nil {
		t.Fatal(err)
	}
	const L = 200
	rhos, check, err := m.IterateChecked(0.5, L)
	if err != nil {
		t.Fatal(err)
	}
	cs, _, err := CoefficientsDigits(sigma, 40, 30)
	if err != nil {
		t.Fatal(err)
	}
	const prec = 160
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	sq := make([]*big.Float, len(cs))
	for k, c := range cs {
		sq[k] = nf().Mul(c, c)
	}
	den := nf().Sub(nf().SetInt64(1), sq[0])
	ref := nf().SetFloat64(0.5)
	kept := 0
	for l := 0; l <= L; l++ {
		if l > 0 {
			sum, p := nf(), nf().Set(ref)
			for k := 1; k < len(sq); k++ {
				sum.Add(sum, nf().Mul(sq[k], p))
				p.Mul(p, ref)
			}
			ref = sum.Quo(sum, den)
		}
		c, err := calc.AgreeingFloat64("ρ", rhos[l], check[l], calc.Float64Digits)
		if err != nil {
			continue // no digit kept
		}
		kept++
		// Half a unit of the last digit kept, and 1e-25 of ρ for the
		// reference's own truncation.
		v, _ := c.V.Float64()
		unit := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-float64(c.Digits-1))
		half := nf().SetFloat64(0.5 * unit * (1 + 1e-9))
		half.Add(half, nf().Mul(nf().Abs(ref), nf().SetFloat64(1e-25)))
		if d := nf().Sub(c.V, ref); d.Abs(d).Cmp(half) > 0 {
			t.Errorf("ρ_%d printed %s (%d digits), the series gives %s", l, c.Text(), c.Digits, ref.Text('g', 20))
		}
		if l == 20 && c.Digits < 8 {
			t.Errorf("ρ_20 = %s keeps %d digits: the check moves too much (want ≥ 8)", c.Text(), c.Digits)
		}
	}
	if kept < 20 {
		t.Errorf("only %d of the %d layers keep a digit", kept, L+1)
	}
}

// TestIterateStaysInDomain iterates maps whose iterates approach ρ* = 1
// (case 2: sigmoid, κ′(1) < 1) or ±1: a value of κ that rounds beyond 1
// there must not leave the map's domain at the next step (Mehler's series
// gave κ(ρ) = 1.0000000000000004 for sigmoid near ρ = 1, an error before
// the base map was kept within [−1, 1]).
func TestIterateStaysInDomain(t *testing.T) {
	for _, src := range []string{"sigmoid(x)", "exp(-x^2)", "x*erf(x)", "cos(x)"} {
		m, err := NewKernelMap(calc.MustParse(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, rho0 := range []float64{0.5, 0.999999, -0.999999} {
			rhos, check, err := m.IterateChecked(rho0, 100)
			if err != nil {
				t.Errorf("%s from %g: %v", src, rho0, err)
				continue
			}
			for l := range rhos {
				if !(rhos[l] >= -1 && rhos[l] <= 1 && check[l] >= -1 && check[l] <= 1) {
					t.Errorf("%s from %g: ρ_%d = %v, check %v", src, rho0, l, rhos[l], check[l])
					break
				}
			}
		}
	}
}
