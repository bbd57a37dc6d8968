package asymptotics

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
	"critcalc/recursions"
)

// checkAll fails for every comparison that does not agree and checks that
// the listed comparisons are present.
func checkAll(t *testing.T, name string, c Confirmation, want []string) {
	t.Helper()
	have := map[string]bool{}
	for _, x := range c.Comparisons {
		key := x.Quantity + " " + x.What
		if x.What == "coefficient" {
			key = fmt.Sprintf("%s %g/%d", x.Quantity, x.Power, x.LogPower)
		}
		have[key] = true
		if !x.Agrees {
			t.Errorf("%s: %s %s (power %g, log %d): predicted %.10g, fitted %.10g ± %.2g", name, x.Quantity, x.What, x.Power, x.LogPower, x.Predicted, x.Fitted, x.Err)
		}
	}
	for _, k := range want {
		if !have[k] {
			t.Errorf("%s: no comparison %q", name, k)
		}
	}
}

// TestConfirmTanh iterates tanh at criticality (C_b, C_W) = (0, 1) from
// K⁽¹⁾ = 1 to ℓ = 10⁵ with the renormalized NLO metric (c_b{1} = 0,
// c_W{1} = 2/3, (5.142)), and
//
//   - reproduces an independent iteration of (5.108)–(5.110), (5.140) (a
//     97-point trapezoid rule in Python) at ℓ = 10⁵, rounded to its 8
//     digits: K·ℓ = 0.50002621, V·ℓ = 0.16667464,
//     V/(K²ℓ) = 0.66662867, G_bare = −0.16665806, G_ren·ℓ = 1.23590278;
//     the bare G{1} is the renormalized one less the response to the source
//     c_W{1} g(K) = (2/3)K⁽ℓ⁺¹⁾, iterated alongside (the recursion is linear
//     in its sources);
//   - confirms every prediction of KZeroPredictions by Compare, with the
//     two-input perturbations (5.46)–(5.48) iterated to 10⁴.
func TestConfirmTanh(t *testing.T) {
	const L = 100000
	a := activation(t, "tanh(x)")
	lay, err := a.Iterate(0, 1, 1, L, 1, &recursions.Renormalization{CW1: 2.0 / 3})
	if err != nil {
		t.Fatal(err)
	}
	seqs := map[string]Sequence{}
	add := func(key string, l int, v float64) {
		s := seqs[key]
		s.L, s.V = append(s.L, l), append(s.V, v)
		seqs[key] = s
	}
	src := 0.0 // the part of G{1} driven by c_W{1} g(K)
	for i, x := range lay {
		add("K", x.L, x.K)
		add("G1_ren", x.L, x.G1)
		add("G1", x.L, x.G1-src)
		if x.L > 1 {
			add("V", x.L, x.V)
			add("V_over_K2", x.L, x.V/(x.K*x.K))
		}
		if i+1 < len(lay) {
			src = x.ChiPar*src + 2.0/3*lay[i+1].K
		}
	}
	last := lay[L-1]
	l := float64(L)
	for _, tt := range []struct {
		name   string
		got    float64
		digits int
		want   string
	}{
		{"K·ℓ (5.94)", last.K * l, 8, "0.50002621"},
		{"V·ℓ (5.127)", last.V * l, 8, "0.16667464"},
		{"V/(K²ℓ) (5.131)", last.V / (last.K * last.K * l), 8, "0.66662867"},
		{"G{1} bare (5.134)", seqs["G1"].V[L-1], 8, "-0.16665806"},
		// 7 digits: one ulp of rounding in the layer averages moves the
		// eighth (see recursions' TestIterateTanhGoldens).
		{"G{1} renormalized·ℓ (5.143 corrected)", last.G1 * l, 7, "1.2359028"},
	} {
		if s := fmt.Sprintf("%.*f", tt.digits, tt.got); s != tt.want {
			t.Errorf("%s = %.12g, want %s", tt.name, tt.got, tt.want)
		}
	}
	for k, v := range perturbations(t, a, 1, 1, 1e-3, 1e-3, 10000) {
		seqs[k] = v
	}
	p, err := Predict(calc.MustParse("tanh(x)"), 0, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Class != recursions.ClassKZero {
		t.Fatalf("class %q", p.Class)
	}
	c, err := Compare(p.Series, seqs, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkAll(t, "tanh", c, []string{"K exponent", "K 1/0", "K 2/1", "V exponent", "V 1/0", "V 2/1", "V 2/0",
		"V_over_K2 -1/0", "V_over_K2 0/1", "V_over_K2 0/0", "dK1 exponent", "dK1 3/1", "ddK2 exponent", "ddK2 2/1",
		"G1 0/0", "G1_ren exponent", "G1_ren 1/0", "p_V-2p_0 exponent"})
	// ℓ₀ ≈ 0.344 for K⁽¹⁾ = 1 (the constant of (5.94), fitted numerically).
	if !c.HasL0 || math.Abs(math.Exp(c.LogL0)-0.344) > 0.0005 {
		t.Errorf("ℓ₀ = %v (fitted: %v), want 0.344", math.Exp(c.LogL0), c.HasL0)
	}
}

// TestConfirmKZeroClass confirms the K* = 0 predictions for other members
// of the class at criticality, 10⁴ layers each: sin (C_W = 1), erf
// (C_W = π/4, from (5.86)–(5.90)) and tanh z + z²/10 (C_W = 1), whose even part
// makes p⊥ = b₁/a₁ = 196/197 ≠ 1. The default run confirms tanh z + z²/10
// (tanh itself is TestConfirmTanh's); sin and erf are exhaustive.
func TestConfirmKZeroClass(t *testing.T) {
	for _, tt := range []struct {
		sigma      string
		cw         float64
		exhaustive bool
	}{{"sin(x)", 1, true}, {"erf(x)", math.Pi / 4, true}, {"tanh(x) + x^2/10", 1, false}} {
		if tt.exhaustive && !testlevel.IsExhaustive() {
			continue
		}
		a := activation(t, tt.sigma)
		seqs := iterated(t, a, 0, tt.cw, 1, 10000, nil)
		for k, v := range perturbations(t, a, tt.cw, 1, 1e-3, 1e-3, 10000) {
			seqs[k] = v
		}
		p, err := Predict(calc.MustParse(tt.sigma), 0, tt.cw, 1)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Compare(p.Series, seqs, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.sigma, err)
		}
		checkAll(t, tt.sigma, c, []string{"K exponent", "K 1/0", "V exponent", "V 1/0", "V 2/0",
			"ddK2 exponent", "dK1 exponent", "G1 0/0", "p_V-2p_0 exponent"})
	}
}

// TestConfirmScaleInvariant confirms the scale-invariant predictions for
// ReLU (ρ = 1/π, A₂ = A₄ = 1/2) and leaky ReLU with slope 0.2 (ρ = 0.19588,
// (5.163)) at (0, 1/A₂): K, V = (ℓ − 1)(3A₄/A₂² − 1)K*² (5.120; ReLU
// 5K*²), G{1} = 0 (5.118) from 2000 layers; ψ, K[0], K[2]
// from the exact angle map (5.162) over 10⁵ + 1 layers from ψ⁽¹⁾ = 1. For ReLU
// also ψ·(ℓ + 1) = 9.4226 at ℓ = 10⁵ → 3π ((5.166); the 4 digits of an
// independent iteration of (5.162)).
func TestConfirmScaleInvariant(t *testing.T) {
	for _, tt := range []struct {
		sigma string
		k1    float64
	}{{"relu(x)", 1}, {"leaky_relu(x, 0.2)", 0.7}} {
		sig := calc.MustParse(tt.sigma)
		p, err := Predict(sig, 0, func() float64 {
			si, _, _ := recursions.ScaleInvariantOf(sig, recursions.NumericDigits)
			return si.CW.Float64()
		}(), tt.k1)
		if err != nil {
			t.Fatal(err)
		}
		si, _, _ := recursions.ScaleInvariantOf(sig, recursions.NumericDigits)
		seqs := iterated(t, activation(t, tt.sigma), 0, si.CW.Float64(), tt.k1, 2000, nil)
		ang := anglePsi(si.RhoKink.Float64(), 1, tt.k1, 100001)
		for k, v := range ang {
			seqs[k] = v
		}
		c, err := Compare(p.Series, seqs, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.sigma, err)
		}
		checkAll(t, tt.sigma, c, []string{"K exponent", "V exponent", "V -1/0", "V 0/0", "V_over_K2 -1/0",
			"G1 max_abs", "psi exponent", "psi 1/0", "K2 exponent", "K2 2/0", "K0 0/0", "p_V-2p_0 exponent"})
		if tt.sigma == "relu(x)" {
			// That iteration counts ℓ as applications of the map: its ψ at
			// ℓ = 10⁵ is ψ⁽¹⁰⁰⁰⁰¹⁾ here.
			psi := ang["psi"].V[100001-1]
			if s := fmt.Sprintf("%.4f", psi*100001); s != "9.4226" {
				t.Errorf("ReLU ψ·(ℓ+1) at ℓ = 10⁵ = %.8g, want 9.4226", psi*100001)
			}
			for i, l := range seqs["V"].L {
				if want := float64(l-1) * 5; math.Abs(seqs["V"].V[i]-want) > 1e-12*want {
					t.Fatalf("ReLU V at ℓ = %d: %.17g, want (ℓ−1)·5·K*² = %g", l, seqs["V"].V[i], want)
				}
			}
		}
	}
}

// TestConfirmSemiCritical confirms ReLU at semi-criticality (C_b, C_W) =
// (0.5, 2) from K⁽¹⁾ = 1: p₀ = −1, p_V = −3, p_V − 2p₀ = −1 (§5.4) and the
// exact polynomials of SemiCriticalPredictions.
func TestConfirmSemiCritical(t *testing.T) {
	p, err := Predict(calc.MustParse("relu"), 0.5, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Class != recursions.ClassSemiCritical {
		t.Fatalf("class %q", p.Class)
	}
	seqs := iterated(t, activation(t, "relu"), 0.5, 2, 1, 3000, nil)
	c, err := Compare(p.Series, seqs, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkAll(t, "ReLU semi-critical", c, []string{"K exponent", "K -1/0", "K 0/0", "V exponent", "V -3/0", "V 0/0",
		"V_over_K2 exponent", "V_over_K2 -1/0", "V_over_K2 0/0", "G1 max_abs", "p_V-2p_0 exponent"})
}

// TestCrossoverDepth checks (5.169) on the exact angle map (5.162) for
// ReLU: from ψ⁽¹⁾ = 10⁻³ the angle stays within 1% of ψ⁽¹⁾ to
// ℓ_cross/100, is near ψ⁽¹⁾/2 at ℓ_cross (the small-angle flow
// dψ/dℓ = −(ρ/3)ψ² halves it there), and follows 3/(ρℓ) within 2% at
// 100·ℓ_cross.
func TestCrossoverDepth(t *testing.T) {
	rho, psi1 := 1/math.Pi, 1e-3
	lc, err := CrossoverDepth(rho, psi1)
	if err != nil {
		t.Fatal(err)
	}
	L := int(100*lc) + 1
	ang := anglePsi(rho, psi1, 1, L)["psi"].V
	at := func(l float64) float64 { return ang[int(l)-1] }
	if r := at(lc/100) / psi1; math.Abs(r-1) > 0.01 {
		t.Errorf("ψ(ℓ_cross/100)/ψ⁽¹⁾ = %g", r)
	}
	if r := at(lc) / psi1; r < 0.45 || r > 0.55 {
		t.Errorf("ψ(ℓ_cross)/ψ⁽¹⁾ = %g, want ≈ 1/2", r)
	}
	if r := at(100*lc) / (3 / (rho * 100 * lc)); math.Abs(r-1) > 0.02 {
		t.Errorf("ψ(100ℓ_cross)·ρℓ/3 = %g", r)
	}
}

// TestPredictNotCritical checks that Predict refuses points without a
// large-depth power law.
func TestPredictNotCritical(t *testing.T) {
	for _, tt := range []struct {
		sigma  string
		cb, cw float64
	}{
		{"tanh(x)", 0, 1.5},  // chaotic
		{"relu(x)", 0, 1.9},  // χ = 0.95
		{"swish", 0, 4},      // K* = 0 point repels (§5.3.4)
		{"sigmoid(x)", 0, 1}, // no criticality
		{"tanh(x)", -1, 1},   // bad input
	} {
		if p, err := Predict(calc.MustParse(tt.sigma), tt.cb, tt.cw, 1); err == nil {
			t.Errorf("%s at (%g, %g): no error, class %s", tt.sigma, tt.cb, tt.cw, p.Class)
		}
	}
}

// TestPredictRefusesOscillation checks that a σ too oscillatory for the
// critical-point search is refused with the analysis's reason at once:
// `depth 'sin(50*x)' … --layers 1000` spent 40 s in the search before it
// said that (1.5, 0.01) is not critical.
func TestPredictRefusesOscillation(t *testing.T) {
	_, err := Predict(calc.MustParse("sin(50*x)"), 1.5, 0.01, 1)
	var oe *recursions.OscillationError
	if !errors.As(err, &oe) {
		t.Fatalf("sin(50x): %v, want an oscillation error", err)
	}
}
