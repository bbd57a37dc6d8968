package gpu

// The Philox streams of an explicit-weight simulation. Network k (0-based)
// draws the weights of layer l (1-based; layer l maps width n_{l−1} to n_l)
// from stream WeightStream(k, l) and the biases from BiasStream(k, l), all
// under one seed. Element (i, j) of the n_l×n_{l−1} weight matrix, stored
// row-major, is normal variate number i·n_{l−1} + j of its stream (block
// (i·n_{l−1} + j)/2, the first or second variate by parity) times
// √(C_W/n_{l−1}); bias i is variate number i of the bias stream times √C_b.

//
// The numbering is that of the CPU simulator (package sim: Stream(k, l,
// KindWeight) and Stream(k, l, KindBias)), so that a seed gives the same
// networks on both; a test of package sim checks it.

// WeightStream returns the stream of the weights of layer layer of network
// net: net·2²⁴ + layer·2⁴.
func WeightStream(net, layer int) uint64 { return uint64(net)<<24 | uint64(layer)<<4 }

// BiasStream returns the stream of the biases of layer layer of network
// net: WeightStream(net, layer) + 1.
func BiasStream(net, layer int) uint64 { return WeightStream(net, layer) | 1 }
