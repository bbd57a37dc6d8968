package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestHermiteJSONKeys pins the JSON interface of `critcalc hermite`.
func TestHermiteJSONKeys(t *testing.T) {
	code, out, stderr := runCLI("hermite", "relu", "--json", "--terms", "4", "--depth", "3", "--digits", "20")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"expression", "C", "coefficients", "kappa_0", "kappa_prime_0", "kappa_prime_1", "rho_star",
		"kappa_prime_rho_star", "case", "alpha", "depth_indistinguishable", "epsilon", "residual", "norm", "iterates", "digits", "parseval_tail", "leading_order"} {
		if _, ok := got[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	var rep struct {
		C        json.Number
		Kappa0   json.Number `json:"kappa_0"`
		Coeffs   []float64   `json:"coefficients"`
		Case     int
		Alpha    float64
		Depth    *float64 `json:"depth_indistinguishable"`
		Iterates []struct {
			L          int
			Rho, Bound float64
		}
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	// ReLU: C = 1/√2, κ(0) = 1/π to 20 digits (bc: scale=40; 1/sqrt(2), 1/(4*a(1)));
	// trailing zeros are not written.
	if rep.C != "0.7071067811865475244" || rep.Kappa0 != "0.31830988618379067154" {
		t.Errorf("C = %s, κ(0) = %s", rep.C, rep.Kappa0)
	}
	// c_3 = 0 for ReLU (odd coefficients beyond 1 vanish).
	if len(rep.Coeffs) != 5 || rep.Coeffs[3] != 0 || rep.Case != 3 || rep.Depth != nil || len(rep.Iterates) != 4 {
		t.Errorf("coefficients %v, case %d, depth %v, %d iterates", rep.Coeffs, rep.Case, rep.Depth, len(rep.Iterates))
	}
	for _, it := range rep.Iterates {
		if 1-it.Rho > it.Bound+1e-12 {
			t.Errorf("ℓ = %d: |ρ − 1| = %g exceeds Theorem 1's bound %g", it.L, 1-it.Rho, it.Bound)
		}
	}
}

func TestHermiteBadInput(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"hermite"}, exitUsage, "want one expression"},
		{[]string{"hermite", "tanh", "--terms", "999"}, exitUsage, "--terms must be"},
		{[]string{"hermite", "tanh", "--residual", "1"}, exitUsage, "--residual must be"},
		{[]string{"hermite", "tanh", "--norm", "bn"}, exitUsage, "--norm must be"},
		{[]string{"hermite", "tanh", "--epsilon", "2"}, exitUsage, "--epsilon must be"},
		{[]string{"hermite", "tanh", "--rho0", "1"}, exitUsage, "--rho0 must be"},
		{[]string{"hermite", "x"}, exitError, "linear"},
		{[]string{"hermite", "log(x)"}, exitError, "undefined"},
		{[]string{"hermite", "exp(x^2)"}, exitError, "diverges"},
		{[]string{"hermite", "tanhh"}, exitError, "did you mean tanh?"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d containing %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestHermiteResidual checks Proposition 2's effect on the rates: with a
// random skip r, case 1's κ′(0) becomes (1−r²)κ′(0) + r².
func TestHermiteResidual(t *testing.T) {
	_, plain, _ := runCLI("hermite", "tanh", "--json", "--terms", "0")
	_, res, _ := runCLI("hermite", "tanh", "--json", "--terms", "0", "--residual", "0.5")
	var a, b struct {
		KP0  float64 `json:"kappa_prime_0"`
		Case int
	}
	json.Unmarshal([]byte(plain), &a)
	json.Unmarshal([]byte(res), &b)
	if want := 0.75*a.KP0 + 0.25; b.Case != 1 || b.KP0 < want-1e-11 || b.KP0 > want+1e-11 {
		t.Errorf("residual κ'(0) = %v, want %v (case %d)", b.KP0, want, b.Case)
	}
}

// TestHermiteCorollary2 checks Corollary 2's depth for sigmoid (case 2):
// ln(1/ε)/ln(1/κ′(1)) with κ′(1) = 0.1528270117 is 47.23 layers for
// ε = 2^−128 (Joudaki–Hofmann, after Corollary 2 in §6: ln(1/ε) ≈ 88 for
// float32, which gives 46.85; 128·ln 2 = 88.72 gives 47.23), 378.0 for 2^−1024, and 12.27 for ε = 1e-10.
func TestHermiteCorollary2(t *testing.T) {
	for _, c := range []struct {
		eps  string
		want float64
	}{
		{"float32", 128 * math.Ln2 / math.Log(1/0.1528270117)},
		{"float64", 1024 * math.Ln2 / math.Log(1/0.1528270117)},
		{"1e-10", 10 * math.Ln10 / math.Log(1/0.1528270117)},
	} {
		_, out, stderr := runCLI("hermite", "sigmoid", "--json", "--terms", "0", "--epsilon", c.eps)
		var rep struct {
			Case  int
			Depth float64 `json:"depth_indistinguishable"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: %v", stderr, err)
		}
		if rep.Case != 2 || math.Abs(rep.Depth-c.want) > 1e-8*c.want {
			t.Errorf("ε = %s: case %d, depth %v, want %v", c.eps, rep.Case, rep.Depth, c.want)
		}
	}
}

// TestHermiteInteriorDigits checks that case 4 prints ρ*, κ′(ρ*) and α
// with the digits asked for, in JSON (and in text at 12 digits). References: the closed form
// E[gelu(X)gelu(Y)] = ρ/4 + ρ·asin(ρ/2)/(2π) + 1/(2π√(4 − ρ²)) and
// E[(relu(X) − b)(relu(Y) − b)] = (√(1 − ρ²) + (π − arccos ρ)ρ)/(2π) −
// 2b/√(2π) + b², each divided by its value at ρ = 1 and solved for
// κ(ρ) = ρ by Newton's method in bc -l at scale=80 (see interiorRefs in
// the hermite package; α = κ′(ρ*) for gelu, 1 − κ(0) for relu(x) − 0.2).
func TestHermiteInteriorDigits(t *testing.T) {
	tests := []struct {
		args           []string
		rho, kp, alpha string
	}{
		{[]string{"gelu", "--digits", "30"}, "0.760401904895908924093287152314",
			"0.932728829116182477183043821533", "0.932728829116182477183043821533"},
		{[]string{"gelu"}, "0.760401904896", "0.932728829116", "0.932728829116"},
		{[]string{"relu(x) - 0.2", "--digits", "20"}, "0.40495746697656726504",
			"0.83159211028686680965", "0.89596312054533402599"},
	}
	for _, tt := range tests {
		args := append([]string{"hermite", "--terms", "0", "--json"}, tt.args...)
		code, out, stderr := runCLI(args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		var rep struct {
			Case  int
			Rho   json.Number `json:"rho_star"`
			KP    json.Number `json:"kappa_prime_rho_star"`
			Alpha json.Number
		}
		dec := json.NewDecoder(strings.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&rep); err != nil {
			t.Fatal(err)
		}
		if rep.Case != 4 || string(rep.Rho) != tt.rho || string(rep.KP) != tt.kp || string(rep.Alpha) != tt.alpha {
			t.Errorf("%v: case %d, ρ* = %s, κ′(ρ*) = %s, α = %s; want 4, %s, %s, %s", tt.args, rep.Case, rep.Rho, rep.KP, rep.Alpha, tt.rho, tt.kp, tt.alpha)
		}
		if len(tt.args) > 1 {
			continue // the text is checked at the default 12 digits
		}
		_, text, _ := runCLI(append([]string{"hermite", "--terms", "0"}, tt.args...)...)
		for _, line := range []string{"ρ*           " + tt.rho, "κ'(ρ*)       " + tt.kp, "α            " + tt.alpha} {
			if !strings.Contains(text, line+"\n") {
				t.Errorf("%v: text output lacks %q:\n%s", tt.args, line, text)
			}
		}
	}
}
