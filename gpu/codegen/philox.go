package codegen

// PhiloxSource is the CUDA source of Philox4x32-10 and of the uniform and
// normal variates of package sim/philox, with the same arithmetic:
//
//   - cc_philox4x32_10: ten rounds; per round the products M0·c0 and M1·c2
//     split into high words (__umulhi) and low words, the new counter
//     (hi1 ⊕ c1 ⊕ k0, lo1, hi0 ⊕ c3 ⊕ k1, lo0), then the Weyl key bumps;
//   - cc_philox_block(seed, stream, index): key = seed (low word first),
//     counter = (index low, index high, stream low, stream high);
//   - cc_uniform53(hi, lo) = (hi·2^21 + lo>>11 + 1)·2^−53, in (0, 1];
//   - cc_normals: Box–Muller r·cos(2πu1), r·sin(2πu1), r = √(−2 ln u0),
//     in double, with sincos of the product 2π·u1 (not sincospi).
//
// The blocks and uniforms are bit-identical to sim/philox's; the normals
// agree to the last few bits, as far as the device's log and sincos agree
// with Go's.
const PhiloxSource = `// Philox4x32-10 (Salmon, Moraes, Dror and Shaw, SC 2011) with the layout of
// critcalc's sim/philox.
#define CC_PHILOX_M0 0xD2511F53u
#define CC_PHILOX_M1 0xCD9E8D57u
#define CC_PHILOX_W0 0x9E3779B9u
#define CC_PHILOX_W1 0xBB67AE85u
#define CC_PHILOX_ROUNDS 10
// 2^-53 and the double nearest 2*pi, shortest round-trip decimals.
#define CC_TWO_M53 1.1102230246251565e-16
#define CC_TWO_PI 6.283185307179586

typedef struct { unsigned int w[4]; } cc_u32x4;

static __device__ cc_u32x4 cc_philox4x32_10(cc_u32x4 c, unsigned int k0, unsigned int k1) {
	for (int r = 0; r < CC_PHILOX_ROUNDS; ++r) {
		const unsigned int hi0 = __umulhi(CC_PHILOX_M0, c.w[0]);
		const unsigned int lo0 = CC_PHILOX_M0 * c.w[0];
		const unsigned int hi1 = __umulhi(CC_PHILOX_M1, c.w[2]);
		const unsigned int lo1 = CC_PHILOX_M1 * c.w[2];
		cc_u32x4 n;
		n.w[0] = hi1 ^ c.w[1] ^ k0;
		n.w[1] = lo1;
		n.w[2] = hi0 ^ c.w[3] ^ k1;
		n.w[3] = lo0;
		c = n;
		k0 += CC_PHILOX_W0;
		k1 += CC_PHILOX_W1;
	}
	return c;
}

static __device__ cc_u32x4 cc_philox_block(unsigned long long seed, unsigned long long stream, unsigned long long index) {
	cc_u32x4 c;
	c.w[0] = (unsigned int)index;
	c.w[1] = (unsigned int)(index >> 32);
	c.w[2] = (unsigned int)stream;
	c.w[3] = (unsigned int)(stream >> 32);
	return cc_philox4x32_10(c, (unsigned int)seed, (unsigned int)(seed >> 32));
}

static __device__ double cc_uniform53(unsigned int hi, unsigned int lo) {
	return (double)((((unsigned long long)hi << 21) | (unsigned long long)(lo >> 11)) + 1ull) * CC_TWO_M53;
}

static __device__ void cc_normals(unsigned long long seed, unsigned long long stream, unsigned long long index, double* z0, double* z1) {
	const cc_u32x4 b = cc_philox_block(seed, stream, index);
	const double u0 = cc_uniform53(b.w[0], b.w[1]);
	const double u1 = cc_uniform53(b.w[2], b.w[3]);
	const double r = sqrt(-2.0 * log(u0));
	double s, c;
	sincos(CC_TWO_PI * u1, &s, &c);
	*z0 = r * c;
	*z1 = r * s;
}
`
