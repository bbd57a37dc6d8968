package asymptotics

import "critcalc/recursions"

// SequencesOf turns the layers of recursions.Iterate into the sequences
// Compare reads: "K", "K_minus_Kstar" (K − kstar), "V" and "V_over_K2"
// (from ℓ = 2, V⁽¹⁾ = 0 being the initial condition), and the NLO metric
// as "G1", or as "G1_ren" when renormalized is set (Iterate run with the
// tuning c_W{1} = (2/3)C_W, c_b{1} = 0 of (5.142)).
// The layers are in increasing ℓ, as Iterate returns them. The sequences
// share slices (all their depths, and at kstar = 0 the values of "K" and
// "K_minus_Kstar"): a caller must not modify them.
func SequencesOf(layers []recursions.Layer, kstar float64, renormalized bool) map[string]Sequence {
	// Shared, because at 10⁵ layers each slice is 0.8 MB of fresh memory,
	// whose page faults cost more than filling it.
	n := len(layers)
	ls := make([]int, n)
	k, g := make([]float64, n), make([]float64, n)
	kk := k
	if kstar != 0 {
		kk = make([]float64, n)
	}
	first := n // the first layer with ℓ > 1; the layers increase
	for i, x := range layers {
		ls[i], k[i], g[i] = x.L, x.K, x.G1
		if kstar != 0 {
			kk[i] = x.K - kstar
		}
		if x.L > 1 {
			first = min(first, i)
		}
	}
	v, vk := make([]float64, n-first), make([]float64, n-first)
	for i, x := range layers[first:] {
		v[i], vk[i] = x.V, x.V/(x.K*x.K)
	}
	gName := "G1"
	if renormalized {
		gName = "G1_ren"
	}
	out := map[string]Sequence{"K": {ls, k}, "K_minus_Kstar": {ls, kk}, gName: {ls, g}}
	if len(v) > 0 {
		out["V"], out["V_over_K2"] = Sequence{ls[first:], v}, Sequence{ls[first:], vk}
	}
	return out
}
