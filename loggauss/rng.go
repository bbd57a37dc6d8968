package loggauss

import "critcalc/sim/philox"

// layerStream returns the Philox stream number of (sample, layer):
// sample in the high 32 bits, layer in the low 32 bits, so every factor of
// every sample has its own stream and a sample's first layers are the same
// whatever the depth.
func layerStream(sample, layer int) uint64 {
	return uint64(sample)<<32 | uint64(uint32(layer))
}

// newReader returns the sequential reader of one stream.
func newReader(seed, stream uint64) *philox.Stream { return philox.NewStream(seed, stream) }
