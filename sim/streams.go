package sim

// Kind numbers the kinds of random draws of one layer of one network; it is
// the low four bits of the stream number (see the package documentation).
type Kind uint64

// Kinds of draws.
const (
	KindWeight      Kind = 0 // weight matrices (explicit sampler)
	KindBias        Kind = 1 // biases
	KindConditional Kind = 2 // Gaussian-conditional rows (exact sampler)
	KindTangent     Kind = 3 // Hutchinson tangent vectors at layer l0
	KindShortcut    Kind = 4 // binomial and chi-square draws (norm shortcut)
	KindInput       Kind = 5 // default inputs (network 0, layer 0, shared)
	KindLocal       Kind = 6 // fresh tangent u_ℓ of the one-layer APJN
)

// MaxLayers is the largest number of layers a stream number can address
// (the readout counts as layer L+1).
const MaxLayers = 1<<20 - 2

// MaxNets is the largest number of networks a stream number can address.
const MaxNets = 1 << 40

// Stream returns the Philox stream number of draws of the given kind in
// layer l of network k: k·2²⁴ + l·2⁴ + kind.
func Stream(k, l int, kind Kind) uint64 {
	return uint64(k)<<24 | uint64(l)<<4 | uint64(kind)
}
