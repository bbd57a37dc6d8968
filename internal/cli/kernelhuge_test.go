package cli

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
)

// TestKernelHugeInputs checks the off-diagonal kernel of two inputs of norm
// 1e16 at correlation 0.6 through one tanh layer (C_b = 0, C_W = 1): at
// K ≈ 5e31 tanh(z) is the sign of z but within about 1/√K, so K₁₂ at layer
// 2 is (2/π)·arcsin 0.6 = 0.40966552939826… to far more than 12 digits.
// Its error bound took the change of ⟨σσ⟩ with the inputs' rounding from
// Cauchy–Schwarz, √(⟨σ'²⟩⟨σ'²⟩) ~ 1/√K, where ⟨σ'σ'⟩ ~ 1/K, so the bound
// grew like √K·1e-16: the entry was printed as "0" (0.41 ± 1.0), and with
// 2 digits at norms of 1e12. Mehler's series now bounds ⟨σ'σ'⟩ over the
// interval the rounding spans (slopeBound).
func TestKernelHugeInputs(t *testing.T) {
	inputs := writeFile(t, "huge.txt", "1e16 0\n6e15 8e15\n")
	code, out, stderr := runCLI("kernel", "tanh", "--cb", "0", "--cw", "1", "--layers", "2", "--inputs", inputs, "--digits", "12", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Layers []struct {
			L    int             `json:"l"`
			NNGP [][]json.Number `json:"nngp"`
		} `json:"layers"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	got := rep.Layers[len(rep.Layers)-1].NNGP[0][1]
	want := big.NewFloat(2 / math.Pi * math.Asin(0.6))
	if !agreesToPrinted(t, got, want, 1e-15) {
		t.Errorf("K₁₂ = %s, want %.15g", got, want)
	}
	if d := len(strings.TrimLeft(strings.ReplaceAll(got.String(), ".", ""), "0")); d < 10 {
		t.Errorf("K₁₂ = %s keeps %d digits, want at least 10", got, d)
	}
}
