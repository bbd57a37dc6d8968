package asymptotics

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/recursions"
)

// TestCompareDetectsMismatch feeds Compare sequences that do not follow
// the predictions and checks that the mismatch is reported: tanh's kernel
// (K ≈ 1/(2ℓ)) against sin's predictions (a₁ = −1: K ≈ 1/ℓ), a vertex
// growing like ℓ^1.1 against p_V = 1, and a G{1} of 10⁻⁶ against the
// vanishing G{1} of ReLU; the absent sequences are skipped and unknown
// keys ignored.
func TestCompareDetectsMismatch(t *testing.T) {
	a := activation(t, "tanh(x)")
	seqs := iterated(t, a, 0, 1, 1, 3000, nil)
	sinPreds, err := KZeroPredictions(-1, 2.0/3, -1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compare(sinPreds, map[string]Sequence{"K": seqs["K"], "unknown": seqs["V"]}, 0)
	if err != nil {
		t.Fatal(err)
	}
	lead := false
	for _, x := range c.Comparisons {
		if x.Quantity != "K" {
			t.Errorf("comparison of %s without its sequence", x.Quantity)
		}
		if x.What == "coefficient" && x.Power == 1 && x.LogPower == 0 {
			lead = true
			if x.Agrees || math.Abs(x.Fitted-0.5) > 1e-6 {
				t.Errorf("tanh K against sin's 1/ℓ coefficient: %+v", x)
			}
		}
	}
	if !lead {
		t.Error("no comparison of the leading coefficient")
	}

	// V·ℓ^0.1: the exponent 0.9 must disagree with p_V = 1.
	var v Sequence
	for i, l := range seqs["V"].L {
		v.L, v.V = append(v.L, l), append(v.V, seqs["V"].V[i]*math.Pow(float64(l), 0.1))
	}
	tanhPreds, _ := KZeroPredictions(-2, 17.0/3, -2)
	c, err = Compare(tanhPreds, map[string]Sequence{"V": v}, 300)
	if err != nil {
		t.Fatal(err)
	}
	if x := c.Comparisons[0]; x.What != "exponent" || x.Agrees || math.Abs(x.Fitted-0.9) > 1e-6 {
		t.Errorf("V·ℓ^0.1: %+v", x)
	}

	// A G{1} that does not vanish.
	relu, err := ScaleInvariantPredictions(0.5, 0.5, 1/math.Pi, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := Sequence{L: seqs["K"].L, V: make([]float64, len(seqs["K"].L))}
	g.V[len(g.V)-1] = 1e-6
	c, err = Compare(relu, map[string]Sequence{"G1": g}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Comparisons) != 1 || c.Comparisons[0].Agrees || c.Comparisons[0].Fitted != 1e-6 {
		t.Errorf("non-vanishing G1: %+v", c.Comparisons)
	}
}

// TestConfirmLinear checks the degenerate scale-invariant member σ = z
// (ρ = 0, A₂ = A₄ = 1, C_W = 1): the polar angle is preserved (footnote 32
// of §5.5), and V = 2(ℓ − 1)K*² (3A₄/A₂² − 1 = 2, PDLT text after (5.120)).
func TestConfirmLinear(t *testing.T) {
	p, err := Predict(calc.MustParse("x"), 0, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if p.Class != recursions.ClassScaleInvariant {
		t.Fatalf("class %q", p.Class)
	}
	seqs := iterated(t, activation(t, "x"), 0, 1, 2, 500, nil)
	for k, v := range anglePsi(0, 0.4, 2, 500) {
		seqs[k] = v
	}
	c, err := Compare(p.Series, seqs, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkAll(t, "linear", c, []string{"V -1/0", "psi exponent", "K2 exponent"})
	for _, x := range c.Comparisons {
		if x.Quantity == "V" && x.What == "coefficient" && x.Power == -1 && math.Abs(x.Predicted-8) > 1e-14 {
			t.Errorf("linear V slope predicted %g, want 2·K*² = 8", x.Predicted)
		}
	}
}

// A sequence that vanishes or changes sign in its window is listed in
// Skipped, and the others are still compared: δK[1] of two inputs of
// equal norm is exactly 0, and a δδK[2] that changes sign has no power law.
func TestCompareSkipsUnfittable(t *testing.T) {
	a := activation(t, "tanh(x)")
	seqs := iterated(t, a, 0, 1, 1, 3000, nil)
	preds, err := KZeroPredictions(-2, 17.0/3, -2)
	if err != nil {
		t.Fatal(err)
	}
	k := seqs["K"]
	zero := Sequence{L: k.L, V: make([]float64, len(k.L))}
	flip := Sequence{L: k.L, V: make([]float64, len(k.L))}
	for i := range flip.V {
		flip.V[i] = math.Pow(-1, float64(i)) / float64(k.L[i])
	}
	c, err := Compare(preds, map[string]Sequence{"K": k, "dK1": zero, "ddK2": flip}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Skipped) != 2 || c.Skipped[0] != "dK1" || c.Skipped[1] != "ddK2" {
		t.Errorf("skipped %v, want [dK1 ddK2]", c.Skipped)
	}
	compared := false
	for _, x := range c.Comparisons {
		compared = compared || x.Quantity == "K" && x.What == "exponent" && x.Agrees
	}
	if !compared {
		t.Errorf("K was not compared: %+v", c.Comparisons)
	}
}
