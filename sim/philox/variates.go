package philox

import (
	"math"
	"math/bits"
)

// BinomialHalf returns a Binomial(n, ½) variate: the number of set bits
// among the first n of the next blocks' bits (128 a block). It drops a
// pending spare normal.
func (s *Stream) BinomialHalf(n int) int {
	s.hasSpare = false
	k := 0
	for n > 0 {
		x0, x1, x2, x3 := Words(s.seed, s.stream, s.next)
		s.next++
		for _, w := range [4]uint32{x0, x1, x2, x3} {
			switch {
			case n >= 32:
				k += bits.OnesCount32(w)
				n -= 32
			case n > 0:
				k += bits.OnesCount32(w & (1<<uint(n) - 1))
				n = 0
			}
		}
	}
	return k
}

// Gamma returns a Gamma(a, 1) variate, a > 0, by Marsaglia and Tsang's
// method ("A simple method for generating gamma variables", ACM TOMS 26,
// 2000), with its squeeze, and Gamma(a) = Gamma(a+1)·U^(1/a) for a < 1.
func (s *Stream) Gamma(a float64) float64 {
	boost := 1.0
	if a < 1 {
		boost = math.Pow(s.Uniform(), 1/a)
		a++
	}
	d := a - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := s.Normal()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := s.Uniform()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return boost * d * v
		}
	}
}

// ChiSquared returns a χ²_k variate: 0 for k = 0, z² for k = 1, and
// 2·Gamma(k/2) otherwise.
func (s *Stream) ChiSquared(k int) float64 {
	switch {
	case k <= 0:
		return 0
	case k == 1:
		z := s.Normal()
		return z * z
	}
	return 2 * s.Gamma(float64(k)/2)
}
