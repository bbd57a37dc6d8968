// Package philox is the Philox4x32-10 counter-based random number
// generator (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as
// easy as 1, 2, 3", SC 2011) with the uniform and Gaussian variates critcalc's
// simulator draws from it.
//
// A counter-based generator computes the n-th random block of a stream
// directly from (key, counter), so any core — or a GPU thread running the
// same arithmetic — can draw any element of a weight matrix without
// sharing state, and a seed gives the same numbers on any number of
// workers. critcalc's convention: the key is the 64-bit seed (low word
// first); the counter's words 2 and 3 hold a 64-bit stream number and words
// 0 and 1 the 64-bit block index within the stream. Each block gives four
// 32-bit words, two uniforms with 53 random bits, and by the Box–Muller
// transform two standard normal variates.
package philox
