package cli

import (
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// TestTwoInputDigitsRefusedUpFront checks that a high-precision two-input
// run that could take hours is refused before it starts, with the most
// layers the limit allows: `depth tanh --cb 0.3 --cw 0.5 --inputs
// 1,1.5,0.5 --digits 30` takes about 0.4 s a layer (the inputs merge and
// Mehler's series needs hundreds of moments), and 10⁵ layers were accepted
// (about 11 h). A scale-invariant σ, whose pair is the closed arc-cosine
// form, keeps the single-input limit. In float64 a σ with kinks (ELU)
// integrates in two dimensions at every layer, and 10⁵ layers at
// criticality were accepted too (about 7 min).
func TestTwoInputDigitsRefusedUpFront(t *testing.T) {
	inputs := writeFile(t, "inputs.txt", "1 0\n0 1\n1 1\n2 1\n3 0\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"depth", "tanh", "--cb", "0.3", "--cw", "0.5", "--layers", "100000", "--inputs", "1,1.5,0.5", "--digits", "30"}, "the limit is 555 layers"},
		{[]string{"depth", "gelu", "--cb", "0", "--cw", "1", "--layers", "2000", "--inputs", "1,1.5,0.5", "--digits", "20"}, "the limit is 833 layers"},
		{[]string{"kernel", "tanh", "--cb", "0", "--cw", "1", "--layers", "100", "--inputs", inputs, "--digits", "30"}, "15 pairs through 100 layers"},
		// float64, σ with kinks: two-dimensional integrals at every layer
		// (4 ms, 7 ms with the NTK); at criticality K → 0 never settles.
		{[]string{"depth", "elu", "--cb", "0", "--cw", "1", "--layers", "100000", "--inputs", "1,2,0.5"}, "the limit is 75000 layers"},
		{[]string{"depth", "elu", "--cb", "0", "--cw", "1", "--layers", "50000", "--inputs", "1,2,0.5", "--ntk"}, "the limit is 42857 layers"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
	// Within the limits: a scale-invariant σ through many layers, a
	// smooth one through a few.
	for _, args := range [][]string{
		{"depth", "x", "--cb", "0", "--cw", "1", "--layers", "1000", "--every", "1000", "--inputs", "1,1.5,0.5", "--digits", "20"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--inputs", "1,1.5,0.5", "--digits", "20"},
	} {
		if code, _, stderr := runCLI(args...); code != exitOK {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}

// TestDepthInputsDigitsPsiMerged runs the two inputs of an ordered tanh
// network (C_b = 0.3, C_W = 0.1: ψ shrinks by 0.26 a layer) at 13 digits
// until ψ is below the runs' rounding (about 10^−11.5 at 23 working
// digits): the layers there keep ρ = 1 and leave ψ without a value, where
// the whole run used to fail at layer 23 ("cannot certify 13 significant
// digits at x = ψ"). Every ψ printed keeps fewer digits than the one
// before it from layer 15 on, as its error (that of ρ over sin ψ) grows.
// About 6 s.
func TestDepthInputsDigitsPsiMerged(t *testing.T) {
	testlevel.Exhaustive(t)
	rows := depthJSONRun(t, "tanh", "--cb", "0.3", "--cw", "0.1", "--layers", "26", "--every", "1", "--inputs", "1,1.5,0.5", "--digits", "13")
	if len(rows) != 26 {
		t.Fatalf("%d layers, want 26", len(rows))
	}
	prev := 14
	for _, r := range rows[14:] {
		psi := r["psi"].String()
		if r["rho"].String() != "1" {
			t.Errorf("layer %s: ρ = %s, want 1", r["l"], r["rho"])
		}
		d := len(strings.TrimLeft(strings.Split(strings.ReplaceAll(psi, ".", ""), "e")[0], "0"))
		if d > prev {
			t.Errorf("layer %s: ψ = %s keeps %d digits, more than the layer before (%d)", r["l"], psi, d, prev)
		}
		prev = d
	}
	if psi := rows[25]["psi"]; psi != "" {
		t.Errorf("layer 26: ψ = %s, want no value (below the runs' rounding)", psi)
	}
}

// TestDepthInputsDigitsKernelOutOfRange runs the high-precision two-input
// columns of σ = x² in an ordered phase, where K falls like K² a layer:
// the bootstrapped recursion, averaged by Gauss–Hermite rules, carried K
// out of big.Float's exponent range and panicked ("division of zero by
// zero", or SetFloat64(NaN) with unequal inputs, or ran for minutes with
// big.Rat kernels of millions of bits). Both two-input runs now stop where
// K leaves float64's range, as the single-input averages do, and the
// command prints the layers before and the reason.
func TestDepthInputsDigitsKernelOutOfRange(t *testing.T) {
	for _, args := range [][]string{
		{"depth", "x^2", "--cb", "0", "--cw", "0.3", "--layers", "60", "--every", "10", "--inputs", "1,1,0.5", "--digits", "20"},
		{"depth", "x^2", "--cb", "0", "--cw", "0.3", "--layers", "60", "--every", "10", "--inputs", "1,2,0.5", "--digits", "20"},
		{"depth", "x^2", "--cb", "0", "--cw", "0.3", "--layers", "60", "--every", "10", "--inputs", "1,1,0.5", "--digits", "20", "--ntk"},
	} {
		code, out, stderr := runCLI(args...)
		if code != exitError || !strings.Contains(stderr, "stopped after layer 10") || !strings.Contains(out, "  10  ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want the layers to 10 and why it stopped", args, code, out, stderr)
		}
	}
}
