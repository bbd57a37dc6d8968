package validate

import (
	"fmt"
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
	"critcalc/sim"
)

// calibrationRate runs tanh networks at C_W = 1, width 64, depth 3, two
// inputs at ρ = 0.5 and one tangent (15 checks: K, G1, V, K₊₋, ρ, APJN) for
// seeds 1 … seeds at M networks, compares them with the theory of C_W =
// cwTheory and returns the fraction of reports that FAIL and the number of
// failed checks per quantity.
func calibrationRate(t *testing.T, M, seeds int, cwTheory float64) (float64, map[string]int) {
	t.Helper()
	fails, perQ := 0, map[string]int{}
	var th *Theory
	for s := 1; s <= seeds; s++ {
		c := sim.Config{Sigma: calc.MustParse("tanh"), CW: 1, Nets: M, Seed: uint64(s), Tangents: 1, Widths: widths(64, 64, 3)}
		var err error
		if c.Inputs, err = sim.DefaultInputs(64, 2, 1, 0.5, uint64(s)); err != nil {
			t.Fatal(err)
		}
		if th == nil {
			// The inputs of every seed have the same norms and ρ: one theory.
			tc := c
			tc.CW = cwTheory
			if th, err = Predict(tc); err != nil {
				t.Fatal(err)
			}
		}
		r, err := sim.Run(c)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Compare(r, th, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Pass {
			fails++
		}
		for _, ch := range rep.Checks {
			if ch.Verdict == Fail {
				perQ[ch.Quantity]++
			}
		}
	}
	return float64(fails) / float64(seeds), perQ
}

// TestCalibration measures the false-FAIL rate of a correct theory (the
// report's family-wise α is 0.01; the bound tested is 2%) and the power
// against C_W off by 5%. The default run takes 1000 seeds at M = 5 (under
// a second) and 5 seeds of the power test; the exhaustive run adds M = 10,
// 30, 100 (1000 seeds) and 1000 (400 seeds) and the power test over 200
// seeds.
//
// How often this test fails by chance: the seeds are fixed, so the outcome
// is deterministic; over random seed sets, with the measured true rates of
// 0.8–1.2% (README, "Calibration"), the count of failed reports exceeds 2%
// of 1000 seeds with probability about 1% (Binomial(1000, 0.012) > 20), of
// 400 seeds with probability below 1%; the power test (measured 200/200)
// misses its 95% by chance with probability below 10⁻⁴.
func TestCalibration(t *testing.T) {
	cases := []struct {
		M, seeds   int
		exhaustive bool
	}{{5, 1000, false}, {10, 1000, true}, {30, 1000, true}, {100, 1000, true}, {1000, 400, true}}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("M=%d", tc.M), func(t *testing.T) {
			if tc.exhaustive {
				testlevel.Exhaustive(t)
			}
			rate, perQ := calibrationRate(t, tc.M, tc.seeds, 1)
			t.Logf("M = %d: false-FAIL rate %.4f over %d seeds, failed checks %v", tc.M, rate, tc.seeds, perQ)
			if rate > 0.02 {
				t.Errorf("M = %d: a correct theory FAILed in %.1f%% of %d seeds (want ≤ 2%%): %v", tc.M, 100*rate, tc.seeds, perQ)
			}
		})
	}
	t.Run("power", func(t *testing.T) {
		seeds := 5
		if testlevel.IsExhaustive() {
			seeds = 200
		}
		rate, perQ := calibrationRate(t, 1000, seeds, 1.05)
		t.Logf("C_W off by 5%%, M = 1000: FAIL rate %.3f over %d seeds, failed checks %v", rate, seeds, perQ)
		if rate < 0.95 {
			t.Errorf("C_W off by 5%% FAILed in only %.1f%% of %d seeds (want ≥ 95%%)", 100*rate, seeds)
		}
	})
}

// TestTooFewAndNotComputable checks the verdicts without a PASS or FAIL: V
// below MinNetsVertex networks, and an overflowing network (C_W = 1e300:
// the kernels' spreads overflow).
func TestTooFewAndNotComputable(t *testing.T) {
	xs, _ := sim.DefaultInputs(64, 2, 1, 0.5, 1)
	c := sim.Config{Sigma: calc.MustParse("tanh"), CW: 1, Widths: widths(64, 64, 3), Inputs: xs, Tangents: 1, Nets: 10, Seed: 1}
	rep, _, err := Run(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range rep.Checks {
		if (ch.Quantity == "V") != (ch.Verdict == TooFew) {
			t.Errorf("M = 10: %s(%d) has verdict %v", ch.Quantity, ch.Layer, ch.Verdict)
		}
	}
	c.CW, c.Nets = 1e300, 100
	rep, _, err = Run(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	nc := 0
	for _, ch := range rep.Checks {
		if ch.Verdict == NotComputable {
			nc++
		}
		if ch.Quantity == "rho" && ch.Verdict == Pass && ch.Theory != 0.5 && ch.Layer == 1 {
			t.Errorf("ρ(1): theory %g passed", ch.Theory)
		}
		if ch.Verdict.Judged() && (ch.StdErr != ch.StdErr || ch.StdErr > 1e300) {
			t.Errorf("%s(%d) judged with error %g", ch.Quantity, ch.Layer, ch.StdErr)
		}
	}
	if nc == 0 {
		t.Error("C_W = 1e300: no check is marked not computable")
	}
}

// TestUncheckedTheory checks that the theory's error enters z and that a
// check whose theory has not one checked digit gets no verdict. Chaotic
// swish networks (C_b = 1, C_W = 30, width 256, 30 networks) grow K by 15
// a layer; G{1}/n grows faster and K + G{1}/n keeps no digit from layer 24
// on (its second run, with the averages moved by their accuracy, differs
// in the first digit). Judged against its float64 value, K failed there
// with z from 46 to 10⁹; without the rule of SetTheoryDigits, and with the
// theory's error left out of z, this test fails.
func TestUncheckedTheory(t *testing.T) {
	c := NewCheck("K", 1, 1, 0.1, 1.3, 0.01)
	if want := 0.3 / math.Hypot(0.01, math.Hypot(1.3e-9, 0.1)); math.Abs(c.Z-want) > 1e-12 {
		t.Errorf("z = %g with a theory error of 0.1, want %g", c.Z, want)
	}
	c.SetTheoryDigits(calc.Certified{})
	if c.Verdict != NotComputable {
		t.Errorf("a theory without a checked digit has verdict %v", c.Verdict)
	}
	xs, _ := sim.DefaultInputs(256, 1, 1, 0, 1)
	cfg := sim.Config{Sigma: calc.MustParse("swish"), Cb: 1, CW: 30, Widths: widths(256, 256, 60), Inputs: xs, Nets: 30, Seed: 1}
	rep, _, err := Run(cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	unchecked := 0
	for _, ch := range rep.Checks {
		if ch.TheoryDigits.V == nil {
			unchecked++
			if ch.Verdict.Judged() {
				t.Errorf("%s(%d) without a checked digit judged %v (z = %.3g)", ch.Quantity, ch.Layer, ch.Verdict, ch.Z)
			}
		}
	}
	if unchecked == 0 {
		t.Error("no check without a checked digit: the case no longer tests the rule")
	}
	if !rep.Pass {
		t.Error("the report fails")
	}
}

// TestExactAgreement: a constant activation makes both inputs' kernels
// equal from layer 2 on, so ρ = 1 with no spread; the check passes.
func TestExactAgreement(t *testing.T) {
	xs, _ := sim.DefaultInputs(64, 2, 1, 0.5, 1)
	c := sim.Config{Sigma: calc.MustParse("1"), CW: 1, Widths: widths(64, 64, 2), Inputs: xs, Tangents: 1, Nets: 100, Seed: 1}
	rep, _, err := Run(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range rep.Checks {
		if ch.Verdict == Fail {
			t.Errorf("%s(%d): theory %g, simulation %g ± %g, z = %g", ch.Quantity, ch.Layer, ch.Theory, ch.Empirical, ch.StdErr, ch.Z)
		}
	}
}
