package asymptotics

import (
	"math"
	"testing"
)

// TestSequencesOf checks the keys and values SequencesOf makes from the
// layers of ReLU at criticality (K = K⁽¹⁾ = 0.5, V = 5(ℓ − 1)K², G{1} = 0),
// with K* = 0.25 and with K* = 0, where K − K* is K itself.
func TestSequencesOf(t *testing.T) {
	lay, err := activation(t, "relu").Iterate(0, 2, 0.5, 10, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		ren     bool
		g, notG string
	}{{false, "G1", "G1_ren"}, {true, "G1_ren", "G1"}} {
		s := SequencesOf(lay, 0.25, tt.ren)
		if _, ok := s[tt.notG]; ok {
			t.Errorf("renormalized=%v: key %s present", tt.ren, tt.notG)
		}
		for key, n := range map[string]int{"K": 10, "K_minus_Kstar": 10, tt.g: 10, "V": 9, "V_over_K2": 9} {
			if len(s[key].L) != n || len(s[key].V) != n {
				t.Errorf("%s: %d depths, %d values, want %d", key, len(s[key].L), len(s[key].V), n)
			}
		}
		// K and V carry the rounding of the Gaussian averages (~1e-15).
		if s["V"].L[0] != 2 || math.Abs(s["K_minus_Kstar"].V[3]-0.25) > 1e-14 ||
			math.Abs(s["V_over_K2"].V[8]-45) > 1e-12 || s[tt.g].V[9] != 0 {
			t.Errorf("values: V from ℓ = %d, K − K* = %g, V/K² at ℓ = 10: %g, G1 %g",
				s["V"].L[0], s["K_minus_Kstar"].V[3], s["V_over_K2"].V[8], s[tt.g].V[9])
		}
	}
	s := SequencesOf(lay, 0, false)
	k, kk := s["K"], s["K_minus_Kstar"]
	if len(kk.V) != len(lay) || len(kk.L) != len(lay) {
		t.Fatalf("K* = 0: %d values, %d depths, want %d", len(kk.V), len(kk.L), len(lay))
	}
	for i, x := range lay {
		if kk.V[i] != x.K || k.V[i] != x.K || kk.L[i] != x.L {
			t.Errorf("K* = 0, ℓ = %d: K − K* = %g, K = %g, want %g at ℓ = %d", x.L, kk.V[i], k.V[i], x.K, kk.L[i])
		}
	}
}
