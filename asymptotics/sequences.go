package asymptotics

import "critcalc/recursions"

// SequencesOf turns the layers of recursions.Iterate into the sequences
// Compare reads: "K", "K_minus_Kstar" (K − kstar), "V" and "V_over_K2"
// (from ℓ = 2, V⁽¹⁾ = 0 being the initial condition), and the NLO metric
// as "G1", or as "G1_ren" when renormalized is set (Iterate run with the
// tuning c_W{1} = (2/3)C_W, c_b{1} = 0 of (5.142)).
func SequencesOf(layers []recursions.Layer, kstar float64, renormalized bool) map[string]Sequence {
	n := len(layers)
	mk := func() Sequence { return Sequence{L: make([]int, 0, n), V: make([]float64, 0, n)} }
	k, kk, g, v, vk := mk(), mk(), mk(), mk(), mk()
	for _, x := range layers {
		k.L, k.V = append(k.L, x.L), append(k.V, x.K)
		kk.L, kk.V = append(kk.L, x.L), append(kk.V, x.K-kstar)
		g.L, g.V = append(g.L, x.L), append(g.V, x.G1)
		if x.L > 1 {
			v.L, v.V = append(v.L, x.L), append(v.V, x.V)
			vk.L, vk.V = append(vk.L, x.L), append(vk.V, x.V/(x.K*x.K))
		}
	}
	gName := "G1"
	if renormalized {
		gName = "G1_ren"
	}
	out := map[string]Sequence{"K": k, "K_minus_Kstar": kk, gName: g}
	if len(v.L) > 0 {
		out["V"], out["V_over_K2"] = v, vk
	}
	return out
}
