package sim

import (
	"testing"

	"critcalc/gpu"
)

// The GPU backend draws the same weights and biases as the explicit
// sampler for a seed: the same stream numbers, and the same variates (the
// CPU reference of the GPU's fill kernel against the sampler's fill).
func TestGPUStreamsMatchSim(t *testing.T) {
	for _, k := range []int{0, 1, 7, 1 << 20} {
		for _, l := range []int{1, 2, 9, 1000} {
			if gpu.WeightStream(k, l) != Stream(k, l, KindWeight) || gpu.BiasStream(k, l) != Stream(k, l, KindBias) {
				t.Fatalf("network %d layer %d: GPU streams %d, %d; sim %d, %d", k, l,
					gpu.WeightStream(k, l), gpu.BiasStream(k, l), Stream(k, l, KindWeight), Stream(k, l, KindBias))
			}
		}
	}
	const n = 37
	a, b := make([]float64, n), make([]float64, n)
	gpu.FillNormal(a, 9, Stream(3, 2, KindWeight), 0.25, false)
	fillNormal(b, 9, Stream(3, 2, KindWeight), 0.25)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("variate %d: GPU reference %v, sim %v", i, a[i], b[i])
		}
	}
}
