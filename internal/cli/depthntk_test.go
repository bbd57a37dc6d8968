package cli

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"critcalc/internal/testlevel"
)

// --ntk adds Theta, and with --inputs Theta_pp, Theta_mm, Theta_pm, in
// text, JSON and CSV. For ReLU at criticality (C_b = 0, C_W = 2) from
// K^(1) = 1 the recursion Θ' = λ_b + λ_W K/2 + Θ gives Θ^(ℓ) = ℓ under the
// default λ = (C_b, C_W) and under λ = (1/2, 1) (Θ^(1) = 1/2 + K^(0) = 1):
// the NTK of a critical scale-invariant network grows linearly (PDLT §9.1).
func TestDepthNTK(t *testing.T) {
	for _, lam := range [][]string{nil, {"--lambda-b", "0.5", "--lambda-w", "1"}} {
		args := append([]string{"relu", "--cb", "0", "--cw", "2", "--layers", "40", "--every", "10", "--ntk",
			"--inputs", "1,1,0.5"}, lam...)
		layers := depthJSONRun(t, args...)
		if len(layers) != 4 {
			t.Fatalf("%v: %d rows, want 4", args, len(layers))
		}
		for _, l := range layers {
			n, _ := l["l"].Int64()
			for _, k := range []string{"Theta", "Theta_pp", "Theta_mm"} {
				if got, want := string(l[k]), strconv.FormatInt(n, 10); got != want {
					t.Errorf("%v: layer %d: %s = %s, want %s", lam, n, k, got, want)
				}
			}
			pm, err := l["Theta_pm"].Float64()
			if err != nil || !(pm > 0 && pm < float64(n)) {
				t.Errorf("%v: layer %d: Theta_pm = %s, want in (0, ℓ)", lam, n, l["Theta_pm"])
			}
		}
	}
	code, out, stderr := runCLI("depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "3", "--ntk", "--csv")
	if code != exitOK || out[:len("l,K,V,G1,chi_par,chi_perp,Theta\n")] != "l,K,V,G1,chi_par,chi_perp,Theta\n" {
		t.Errorf("CSV: exit %d, %q %s", code, out, stderr)
	}
}

// Without --lambda the first layer's NTK is the kernel, Θ^(1) = K^(1), and
// the float64 digits are the 30-digit values rounded (erf, whose averages
// have closed forms checked in package recursions; the two-input columns
// only with CRITCALC_EXHAUSTIVE=1).
func TestDepthNTKDigits(t *testing.T) {
	args := []string{"erf", "--cb", "0.1", "--cw", "1.5", "--k1", "0.7", "--layers", "3", "--every", "1", "--ntk"}
	keys := [][2]string{{"Theta", "K"}}
	if testlevel.IsExhaustive() {
		args = append(args, "--inputs", "0.7,1.3,-0.4")
		keys = append(keys, [2]string{"Theta_pp", "K_pp"}, [2]string{"Theta_mm", "K_mm"}, [2]string{"Theta_pm", "K_pm"})
	}
	lo := depthJSONRun(t, args...)
	hi := depthJSONRun(t, append(args, "--digits", "30")...)
	if len(lo) != 3 || len(hi) != 3 {
		t.Fatalf("%d and %d rows, want 3", len(lo), len(hi))
	}
	for _, p := range keys {
		if lo[0][p[0]] != lo[0][p[1]] || hi[0][p[0]] != hi[0][p[1]] {
			t.Errorf("layer 1: %s = %s, %s; %s = %s, %s", p[0], lo[0][p[0]], hi[0][p[0]], p[1], lo[0][p[1]], hi[0][p[1]])
		}
		k := p[0]
		for i := 1; i < len(lo); i++ {
			s := string(hi[i][k])
			if len(strings.TrimLeft(strings.ReplaceAll(s, ".", ""), "-0")) != 30 {
				t.Errorf("layer %d: %s = %s at --digits 30", i+1, k, s)
			}
			x, _, err := big.ParseFloat(s, 10, 200, big.ToNearestEven)
			if err != nil {
				t.Fatal(err)
			}
			d := len(strings.TrimLeft(strings.ReplaceAll(string(lo[i][k]), ".", ""), "-0"))
			if got, want := string(lo[i][k]), x.Text('g', d); got != want {
				t.Errorf("layer %d: %s = %s, 30 digits %s rounded to %d: %s", i+1, k, got, s, d, want)
			}
		}
	}
}

func TestDepthNTKBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--lambda-b", "1"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--ntk", "--lambda-w", "x"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "10", "--ntk", "--lambda-w", "-1"},
		{"depth", "tanh", "--cb", "0.5", "--cw", "1", "--k1", "0.2", "--layers", "10", "--ntk"},
		{"depth", "tanh", "--cb", "0.5", "--cw", "1", "--layers", "10", "--ntk", "--inputs", "1,0.2,0"},
		{"depth", "tanh", "--cb", "0.5", "--cw", "1", "--layers", "10", "--ntk", "--inputs", "0.6,0.6,0"},
	} {
		if code, _, _ := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// From 1000 layers the report's fit sets Θ against its large-depth
// prediction: ReLU at criticality grows exactly as (λ_b + λ_W A₂K*)ℓ.
func TestDepthNTKAsymptotics(t *testing.T) {
	code, out, stderr := runCLI("depth", "relu", "--cb", "0", "--cw", "2", "--layers", "1000", "--ntk", "--lambda-b", "0.3", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Asymptotics struct {
			Comparisons []struct {
				Quantity, What, Verdict string
				Predicted               float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range rep.Asymptotics.Comparisons {
		if c.Quantity != "Theta" {
			continue
		}
		seen++
		if c.Verdict == "DISAGREES" || c.What == "exponent" && (c.Predicted != -1 || c.Verdict != "agrees") {
			t.Errorf("%+v", c)
		}
	}
	if seen < 2 {
		t.Errorf("%d comparisons of Theta in %s", seen, out)
	}
}
