// Package words is arithmetic on magnitudes held as little-endian slices of
// big.Word, the form math/big's Int exposes through Bits and SetBits:
// schoolbook products, shifts, sums, divisions by one word and bit
// lengths into buffers of the caller's, so that none of them allocates
// (a sum that outgrows its buffer appends). The trapezoidal sums of
// package hermite and the fixed-point series of package bigmath use it,
// where big.Int's own operations cost more in bookkeeping than in
// arithmetic at a few words.
package words
