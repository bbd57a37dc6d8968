package loggauss

import (
	"math"
	"testing"
)

// specialCases holds ψ and ψ′ at float64 arguments, computed with mpmath
// (mp.dps = 40, digamma and polygamma(1, x)) and rounded to float64.
var specialCases = []struct {
	x, psi, psi1 float64
}{
	{1e-07, -10000000.5772155, 100000000000001.66},
	{0.001, -1000.5755719318103, 1000001.6425331958},
	{0.1, -10.423754940411076, 101.43329915079275},
	{0.5, -1.9635100260214235, 4.934802200544679},
	{1, -0.5772156649015329, 1.6449340668482264},
	{1.25, -0.22745353337626542, 1.1973291545071107},
	{1.4616321449683622, -9.241265521729427e-17, 0.9676722454476212},
	{1.5, 0.03648997397857652, 0.9348022005446793},
	{2, 0.42278433509846713, 0.6449340668482264},
	{2.5, 0.7031566406452432, 0.49035775610023485},
	{3.7, 1.1671535393615113, 0.3100378576700383},
	{5, 1.5061176684318005, 0.22132295573711533},
	{9.99, 2.250700372831201, 0.10527695014824179},
	{10, 2.251752589066721, 0.10516633568168575},
	{50, 3.901989673427892, 0.020201333226697125},
	{100, 4.600161852738087, 0.010050166663333571},
	{1e4, 9.210290371142849, 0.00010000500016666666},
	{1e8, 18.420680738952367, 1.000000005e-08},
	{1e15, 34.538776394910684, 1.0000000000000005e-15},
}

// closeRel reports |got − want| ≤ tol·max(|want|, floor).
func closeRel(got, want, tol, floor float64) bool {
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), floor)
}

func TestDigammaMpmath(t *testing.T) {
	for _, c := range specialCases {
		// Relative 2e−15, absolute 2e−16 near the root x₀ where ψ → 0.
		if got := Digamma(c.x); !closeRel(got, c.psi, 2e-15, 0.1) {
			t.Errorf("Digamma(%v) = %.17g, want %.17g (rel err %.2g)", c.x, got, c.psi, (got-c.psi)/c.psi)
		}
	}
}

func TestTrigammaMpmath(t *testing.T) {
	for _, c := range specialCases {
		if got := Trigamma(c.x); !closeRel(got, c.psi1, 2e-15, 0) {
			t.Errorf("Trigamma(%v) = %.17g, want %.17g (rel err %.2g)", c.x, got, c.psi1, (got-c.psi1)/c.psi1)
		}
	}
}

// TestSpecialClosedForms checks the closed forms ψ(1) = −γ,
// ψ(1/2) = −γ − 2 ln 2, ψ′(1) = π²/6, ψ′(1/2) = π²/2, ψ′(3/2) = π²/2 − 4
// and the recurrences ψ(x+1) = ψ(x) + 1/x, ψ′(x+1) = ψ′(x) − 1/x².
func TestSpecialClosedForms(t *testing.T) {
	const gamma = 0.57721566490153286060651209008240243
	cases := []struct {
		name      string
		got, want float64
	}{
		{"psi(1)", Digamma(1), -gamma},
		{"psi(1/2)", Digamma(0.5), -gamma - 2*math.Ln2},
		{"psi(3)", Digamma(3), 1.5 - gamma},
		{"psi1(1)", Trigamma(1), math.Pi * math.Pi / 6},
		{"psi1(1/2)", Trigamma(0.5), math.Pi * math.Pi / 2},
		{"psi1(3/2)", Trigamma(1.5), math.Pi*math.Pi/2 - 4},
	}
	for _, c := range cases {
		if !closeRel(c.got, c.want, 2e-15, 0) {
			t.Errorf("%s = %.17g, want %.17g", c.name, c.got, c.want)
		}
	}
	for _, x := range []float64{0.03, 0.7, 1.2, 1.45, 3.3, 9.5, 12.25, 400} {
		if d := Digamma(x+1) - Digamma(x) - 1/x; math.Abs(d) > 4e-15*math.Max(1, math.Abs(Digamma(x))) {
			t.Errorf("psi(%v+1) - psi(%v) - 1/x = %g", x, x, d)
		}
		if d := Trigamma(x) - Trigamma(x+1) - 1/(x*x); math.Abs(d) > 4e-15*Trigamma(x) {
			t.Errorf("psi1(%v) - psi1(%v+1) - 1/x² = %g", x, x, d)
		}
	}
}

func TestSpecialDomain(t *testing.T) {
	if !math.IsNaN(Digamma(-1)) || !math.IsNaN(Trigamma(-0.5)) || !math.IsNaN(Digamma(math.NaN())) {
		t.Error("negative or NaN argument should give NaN")
	}
	if !math.IsInf(Digamma(0), -1) || !math.IsInf(Trigamma(0), 1) {
		t.Error("ψ(0) = −Inf and ψ′(0) = +Inf expected")
	}
	if !math.IsInf(Digamma(math.Inf(1)), 1) || Trigamma(math.Inf(1)) != 0 {
		t.Error("ψ(+Inf) = +Inf and ψ′(+Inf) = 0 expected")
	}
}
