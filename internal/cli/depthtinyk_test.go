package cli

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// The tests of this file follow an ordered phase (C_b = 0, χ∥ < 1) down to
// kernels of 1e-160 and below, where the averages' values, K², K⁴ or the
// four-point vertex leave float64's normal range. There σ is linear on the
// scale of its Gaussians, and the recursions have closed forms against
// which every printed digit is checked.

// bigOf parses a printed number at 200 bits.
func bigOf(t *testing.T, n json.Number) *big.Float {
	t.Helper()
	v, _, err := big.ParseFloat(n.String(), 10, 200, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// agreesToPrinted reports whether the printed got is want to its printed
// digits: within half a unit of its last digit, plus rel of want for the
// uncertainty of the prediction itself.
func agreesToPrinted(t *testing.T, got json.Number, want *big.Float, rel float64) bool {
	t.Helper()
	mant, exp, _ := strings.Cut(strings.ToLower(got.String()), "e")
	e := 0
	if exp != "" {
		var err error
		if e, err = strconv.Atoi(exp); err != nil {
			t.Fatalf("%s is not a number", got)
		}
	}
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		e -= len(mant) - i - 1
	}
	tol := bigOf(t, json.Number("0.5e"+strconv.Itoa(e)))
	tol.Add(tol, new(big.Float).Mul(new(big.Float).Abs(want), big.NewFloat(rel)))
	d := new(big.Float).Sub(bigOf(t, got), want)
	return d.Abs(d).Cmp(tol) <= 0
}

// layersByL returns the rows of a depth --json run by their layer.
func layersByL(t *testing.T, args ...string) map[string]map[string]json.Number {
	t.Helper()
	out := map[string]map[string]json.Number{}
	for _, row := range depthJSONRun(t, args...) {
		out[row["l"].String()] = row
	}
	return out
}

// TestDepthVSubnormal checks the four-point vertex V where it leaves
// float64's normal range. For gelu at C_W = 1.8, K falls by χ∥ = 0.45 a
// layer and V_ℓ/K_ℓ² grows by exactly C_W²·(3 − 1)/16/χ∥² = 2 a layer
// (σ ≈ z/2, ⟨σ⁴⟩ − ⟨σ²⟩² = K²/8). So V_ℓ = (c + 2ℓ)·K_ℓ², with c from
// layer 450 (V = 7.6e-307, a normal float), predicts V at 460 (8.9e-314),
// 470 (1.1e-320) and 480 (1e-327, below the smallest subnormal): every
// printed V must be the prediction to its printed digits (within the 1e-8
// that nine printed digits of K and V leave the prediction). Before the
// quadrature's error bound knew the subnormal spacing, layer 470 printed
// 1.03012687e-320, 2% off with nine digits.
func TestDepthVSubnormal(t *testing.T) {
	rows := layersByL(t, "gelu", "--cb", "0", "--cw", "1.8", "--layers", "480", "--every", "10")
	ref := rows["450"]
	if ref == nil || ref["V"] == "" {
		t.Fatalf("layer 450: %v", ref)
	}
	K := bigOf(t, ref["K"])
	c := new(big.Float).Quo(bigOf(t, ref["V"]), new(big.Float).Mul(K, K))
	c.Sub(c, big.NewFloat(2*450))
	for _, l := range []int{460, 470, 480} {
		row := rows[strconv.Itoa(l)]
		if row == nil {
			t.Fatalf("no layer %d", l)
		}
		K := bigOf(t, row["K"])
		want := new(big.Float).Add(c, big.NewFloat(float64(2*l)))
		want.Mul(want, K).Mul(want, K)
		v, ok := row["V"]
		if !ok || v == "" {
			continue // not one digit certified
		}
		if bigOf(t, v).Sign() == 0 {
			// A true V below half the smallest subnormal rounds to 0.
			if w, _ := want.Float64(); w != 0 {
				t.Errorf("layer %d: V = 0, want %.4g", l, want)
			}
			continue
		}
		if !agreesToPrinted(t, v, want, 2e-8) {
			t.Errorf("layer %d: V = %s, want %.10g", l, v, want)
		}
	}
}

// TestDepthKinkedTinyK follows elu past K = 1e-77, where 8K⁴, the
// denominator of the G{1} recursion's j/(8K²) for a kinked σ, underflows
// (the command stopped at layer 268, K = 4.9e-82, with "an average is not
// finite"). V_ℓ/K_ℓ² grows by exactly 2 a layer there (as for gelu above:
// C_W = 0.5, χ∥ = 0.5, ⟨σ⁴⟩ − ⟨σ²⟩² = 2K²), which checks V at layer 300
// from layer 250. The exhaustive run also compares K, V and G{1} at
// layer 300 with a --digits 15 run, which has no such limit there.
func TestDepthKinkedTinyK(t *testing.T) {
	args := []string{"elu", "--cb", "0", "--cw", "0.5", "--layers", "300", "--every", "50"}
	rows := layersByL(t, args...)
	ref, row := rows["250"], rows["300"]
	if ref == nil || row == nil {
		t.Fatalf("layers 250, 300: %v, %v", ref, row)
	}
	K := bigOf(t, ref["K"])
	want := new(big.Float).Quo(bigOf(t, ref["V"]), new(big.Float).Mul(K, K))
	want.Add(want, big.NewFloat(2*50))
	K = bigOf(t, row["K"])
	want.Mul(want, K).Mul(want, K)
	if !agreesToPrinted(t, row["V"], want, 2e-8) {
		t.Errorf("layer 300: V = %s, want %.10g", row["V"], want)
	}
	if !testlevel.IsExhaustive() {
		return // the 15-digit run takes seconds
	}
	hi := layersByL(t, append(args, "--digits", "15")...)["300"]
	for _, k := range []string{"K", "V", "G1"} {
		if !agreesToPrinted(t, row[k], bigOf(t, hi[k]), 1e-14) {
			t.Errorf("layer 300: %s = %s, at 15 digits %s", k, row[k], hi[k])
		}
	}
}

// TestDepthNTKTinyK follows the NTK of tanh at C_W = 0.5 (λ_W = C_W) to
// K ≈ 1e-181, where 2K², the denominator of dχ⊥/dK in Θ's error bound,
// underflows (Θ went missing from layer 540 on). σ ≈ z there, so
// Θ_{ℓ+1}/K_{ℓ+1} = λ_W/C_W + Θ_ℓ/K_ℓ: Θ/K grows by exactly 1 a layer.
func TestDepthNTKTinyK(t *testing.T) {
	rows := layersByL(t, "tanh", "--cb", "0", "--cw", "0.5", "--layers", "600", "--every", "100", "--ntk")
	ref, row := rows["500"], rows["600"]
	if ref == nil || row == nil || ref["Theta"] == "" || row["Theta"] == "" {
		t.Fatalf("layers 500, 600: %v, %v", ref, row)
	}
	want := new(big.Float).Quo(bigOf(t, ref["Theta"]), bigOf(t, ref["K"]))
	want.Add(want, big.NewFloat(100)).Mul(want, bigOf(t, row["K"]))
	if !agreesToPrinted(t, row["Theta"], want, 2e-8) {
		t.Errorf("layer 600: Θ = %s, want %.10g", row["Theta"], want)
	}
}

// TestDepthInputsTinyKernel runs the two-input map of an ordered phase
// down to K ≈ 1e-181, where K₊₊·K₋₋ underflows float64: tanh at C_W = 0.5
// is linear on the scale of its Gaussians there, so ρ stays at its value
// of layer 500 (to O(K)), and K₊₋ = ρ·√(K₊₊K₋₋) to the printed digits.
// Before √(K₊₊K₋₋) was taken as √K₊₊·√K₋₋ there, layer 538 stopped the
// command with a NaN correlation, and the tail bound of Mehler's series
// underflowed to 0, which summed K₊₋ to 0.
func TestDepthInputsTinyKernel(t *testing.T) {
	rows := layersByL(t, "tanh", "--cb", "0", "--cw", "0.5", "--layers", "600", "--every", "50", "--inputs", "1,1.2,0.9")
	ref := rows["500"]
	if ref == nil || ref["rho"] == "" {
		t.Fatalf("layer 500: %v", ref)
	}
	for _, l := range []string{"550", "600"} {
		row := rows[l]
		if row == nil {
			t.Fatalf("no layer %s", l)
		}
		if row["rho"] != ref["rho"] {
			t.Errorf("layer %s: ρ = %s, at layer 500 %s", l, row["rho"], ref["rho"])
		}
		want := bigOf(t, row["K_pp"])
		want.Mul(want, bigOf(t, row["K_mm"])).Sqrt(want).Mul(want, bigOf(t, row["rho"]))
		if !agreesToPrinted(t, row["K_pm"], want, 1e-8) {
			t.Errorf("layer %s: K₊₋ = %s, ρ·√(K₊₊K₋₋) = %.10g", l, row["K_pm"], want)
		}
	}
}
