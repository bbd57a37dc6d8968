package main

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// TestDepthVSubnormal checks the four-point vertex V of an ordered phase
// where it leaves float64's normal range. For gelu at C_W = 1.8, C_b = 0,
// K falls by χ∥ = 0.45 a layer and, once σ(z) ≈ z/2 over the Gaussian,
// V_ℓ/K_ℓ² grows by exactly C_W²·(3 − 1)/16/χ∥² = 2 a layer (the 1/n
// recursion with ⟨σ⁴⟩ − ⟨σ²⟩² = K²/8). So V_ℓ = (c + 2ℓ)·K_ℓ², with c from
// layer 450 (V = 7.6e-307, a normal float), predicts V at 460 (8.9e-314),
// 470 (1.1e-320) and 480 (1e-327, below the smallest subnormal). Every
// printed V must agree with the prediction to its printed digits (within
// the 1e-8 that K's and V's nine printed digits leave the prediction), in
// arbitrary precision; before the quadrature's error bound knew the
// subnormal spacing, layer 470 printed 1.03012687e-320, 2% off with nine
// digits.
func TestDepthVSubnormal(t *testing.T) {
	args := []string{"depth", "gelu", "--cb", "0", "--cw", "1.8", "--layers", "480", "--every", "10", "--json"}
	code, out, errs := runCLI(args...)
	if code != 0 {
		t.Fatalf("%s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
	}
	var rep struct {
		Layers []struct {
			L    int
			K, V *json.Number
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	layer := map[int][2]*json.Number{}
	for _, l := range rep.Layers {
		layer[l.L] = [2]*json.Number{l.K, l.V}
	}
	f := func() *big.Float { return new(big.Float).SetPrec(200) }
	num := func(s string) *big.Float {
		v, ok := f().SetString(s)
		if !ok {
			t.Fatalf("%q is not a number", s)
		}
		return v
	}
	ref := layer[450]
	if ref[0] == nil || ref[1] == nil {
		t.Fatalf("layer 450: K, V = %v, %v", ref[0], ref[1])
	}
	K := num(string(*ref[0]))
	c := f().Quo(num(string(*ref[1])), f().Mul(K, K))
	c.Sub(c, big.NewFloat(2*450))
	for _, l := range []int{460, 470, 480} {
		kv := layer[l]
		if kv[0] == nil {
			t.Fatalf("layer %d: K missing", l)
		}
		K := num(string(*kv[0]))
		want := f().Add(c, big.NewFloat(float64(2*l)))
		want.Mul(want, K).Mul(want, K)
		if kv[1] == nil {
			continue // not one digit certified
		}
		got := string(*kv[1])
		v := num(got)
		if v.Sign() == 0 {
			// A true V below half the smallest subnormal rounds to 0.
			if w, _ := want.Float64(); w != 0 {
				t.Errorf("layer %d: V = 0, want %.4g", l, want)
			}
			continue
		}
		// Half a unit of the last printed digit, and the prediction's 1e-8.
		mant, exp, _ := strings.Cut(strings.ToLower(got), "e")
		e, err := strconv.Atoi(exp)
		if err != nil {
			t.Fatalf("layer %d: V = %s", l, got)
		}
		digits := len(strings.TrimLeft(strings.Replace(strings.TrimLeft(mant, "-"), ".", "", 1), "0"))
		if i := strings.IndexByte(mant, '.'); i >= 0 {
			e -= len(mant) - i - 1
		}
		tol := num("0.5e" + strconv.Itoa(e))
		tol.Add(tol, f().Mul(want, num("2e-8")))
		if d := f().Sub(v, want); d.Abs(d).Cmp(tol) > 0 {
			t.Errorf("layer %d: V = %s (%d digits), want %.10g", l, got, digits, want)
		}
	}
}
