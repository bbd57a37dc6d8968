package asymptotics

import "critcalc/recursions"

// SequencesOf turns the layers of recursions.Iterate into the sequences
// Compare reads: "K", "K_minus_Kstar" (K − kstar), "V" and "V_over_K2"
// (from ℓ = 2, V⁽¹⁾ = 0 being the initial condition), and the NLO metric
// as "G1", or as "G1_ren" when renormalized is set (Iterate run with the
// tuning c_W{1} = (2/3)C_W, c_b{1} = 0 of (5.142)).
func SequencesOf(layers []recursions.Layer, kstar float64, renormalized bool) map[string]Sequence {
	out := map[string]Sequence{}
	add := func(key string, l int, v float64) {
		s := out[key]
		s.L, s.V = append(s.L, l), append(s.V, v)
		out[key] = s
	}
	g := "G1"
	if renormalized {
		g = "G1_ren"
	}
	for _, x := range layers {
		add("K", x.L, x.K)
		add("K_minus_Kstar", x.L, x.K-kstar)
		add(g, x.L, x.G1)
		if x.L > 1 {
			add("V", x.L, x.V)
			add("V_over_K2", x.L, x.V/(x.K*x.K))
		}
	}
	return out
}
