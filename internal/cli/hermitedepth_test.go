package cli

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// TestHermiteDepthDigits checks the digits `hermite tanh --depth` keeps of
// ρ_ℓ from ρ₀ = −0.9, which falls towards ρ* = 0 as κ′(0)^ℓ ≈ 0.93^ℓ.
// The references are the same iteration at 20 digits by the
// high-precision two-input map of `depth` (the kernel recursion at C_b = 0,
// C_W = 1/E[tanh(X)²] = 2.5361754332174537542…, from K = 1, 1, −0.9,
// whose diagonal stays at 1: `depth tanh --cb 0 --cw
// 2.536175433217453754229724481644244662614 --layers 193 --inputs
// 1,1,-0.9 --digits 20`, layer ℓ + 1); ρ₁ = −0.88564095894310049845 agrees
// with mpmath's two-dimensional quadrature (25 digits) to 22 digits. The
// C_W given rounds to a double, which moves the diagonal by about 1e-16
// and ρ_ℓ by less than 1e-15 of itself. Each printed value must be the
// reference to its printed digits; ρ₁₉₂ was printed as -1.843070753e-6
// where it is -1.84307075379e-6, the check run having moved κ by 1e-13 of
// itself where its absolute error is a larger share.
func TestHermiteDepthDigits(t *testing.T) {
	refs := map[int]string{
		1:   "-0.88564095894310049845",
		10:  "-0.68794418279451718092",
		33:  "-0.17219561814961251928",
		97:  "-0.0017330821946296594419",
		137: "-9.7031629983563342437e-5",
		139: "-8.4007489553840854911e-5",
		192: "-1.8430707537868376596e-6",
	}
	code, out, errOut := runCLI("hermite", "tanh", "--depth", "192", "--rho0", "-0.9", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Iterates []struct {
			L   int         `json:"l"`
			Rho json.Number `json:"rho"`
		} `json:"iterates"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	for _, it := range rep.Iterates {
		ref, ok := refs[it.L]
		if !ok {
			continue
		}
		delete(refs, it.L)
		if it.Rho == "" {
			t.Errorf("ρ_%d: no digit kept", it.L)
			continue
		}
		want, _, _ := big.ParseFloat(ref, 10, 200, big.ToNearestEven)
		if !agreesToPrinted(t, it.Rho, want, 1e-15) {
			t.Errorf("ρ_%d printed %s, the reference is %s", it.L, it.Rho, ref)
		}
	}
	for l := range refs {
		t.Errorf("no ρ_%d in the output", l)
	}
}
