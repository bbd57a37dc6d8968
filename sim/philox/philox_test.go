package philox

import (
	"math"
	"testing"
)

// Known-answer tests of Philox4x32-10 from Random123's kat_vectors.
func TestBlockKnownAnswers(t *testing.T) {
	tests := []struct {
		ctr  [4]uint32
		key  [2]uint32
		want [4]uint32
	}{
		{[4]uint32{0, 0, 0, 0}, [2]uint32{0, 0}, [4]uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
		{[4]uint32{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, [2]uint32{0xffffffff, 0xffffffff},
			[4]uint32{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
		{[4]uint32{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, [2]uint32{0xa4093822, 0x299f31d0},
			[4]uint32{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
	}
	for _, tt := range tests {
		x0, x1, x2, x3 := block(tt.ctr[0], tt.ctr[1], tt.ctr[2], tt.ctr[3], tt.key[0], tt.key[1])
		if got := [4]uint32{x0, x1, x2, x3}; got != tt.want {
			t.Errorf("block(%08x, %08x) = %08x, want %08x", tt.ctr, tt.key, got, tt.want)
		}
	}
}

func TestUniform53Range(t *testing.T) {
	tests := []struct {
		hi, lo uint32
		want   float64
	}{
		{0, 0, 0x1p-53},
		{0xffffffff, 0xffffffff, 1},
		{0x80000000, 0, 0.5 + 0x1p-53},
	}
	for _, tt := range tests {
		if got := Uniform53(tt.hi, tt.lo); got != tt.want {
			t.Errorf("Uniform53(%#x, %#x) = %v, want %v", tt.hi, tt.lo, got, tt.want)
		}
	}
}

// The normal variates have mean 0, variance 1 and kurtosis 3 within
// 5 standard errors (n = 2^18 variates: se(mean) = 1/√n ≈ 0.002,
// se(variance) = √(2/n) ≈ 0.0028, se(E z⁴) = √(96/n) ≈ 0.019).
func TestNormalsMoments(t *testing.T) {
	const n = 1 << 18
	s := NewStream(42, 7)
	var m1, m2, m4 float64
	for range n {
		z := s.Normal()
		m1 += z
		m2 += z * z
		m4 += z * z * z * z
	}
	m1, m2, m4 = m1/n, m2/n, m4/n
	checks := []struct {
		name      string
		got, want float64
		se        float64
	}{
		{"mean", m1, 0, math.Sqrt(1.0 / n)},
		{"variance", m2, 1, math.Sqrt(2.0 / n)},
		{"fourth moment", m4, 3, math.Sqrt(96.0 / n)},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > 5*c.se {
			t.Errorf("%s = %.5f, want %g ± 5×%.4f", c.name, c.got, c.want, c.se)
		}
	}
}

// A Stream reads the same variates as Normals at consecutive indices, and
// distinct streams and seeds differ.
func TestStreamMatchesNormals(t *testing.T) {
	s := NewStream(3, 9)
	for i := range uint64(10) {
		z0, z1 := Normals(3, 9, i)
		if a, b := s.Normal(), s.Normal(); a != z0 || b != z1 {
			t.Fatalf("block %d: stream gave (%v, %v), Normals (%v, %v)", i, a, b, z0, z1)
		}
	}
	a, _ := Normals(3, 9, 0)
	b, _ := Normals(3, 10, 0)
	c, _ := Normals(4, 9, 0)
	if a == b || a == c {
		t.Errorf("streams or seeds collide: %v %v %v", a, b, c)
	}
}

func BenchmarkNormals(b *testing.B) {
	var sum float64
	for i := uint64(0); b.Loop(); i++ {
		z0, z1 := Normals(1, 2, i)
		sum += z0 + z1
	}
	_ = sum
}

func BenchmarkWords(b *testing.B) {
	var s uint32
	for i := uint64(0); b.Loop(); i++ {
		x0, _, _, _ := Words(1, 2, i)
		s += x0
	}
	_ = s
}

// The derived variates have their laws' mean and variance within 5
// standard errors (n = 2^16 draws): √(Var/n) for the mean and
// Var·√((κ − 1)/n) for the variance, κ = μ₄/Var² the kurtosis (3 + 12/k
// for χ²_k, 3 + 6/a for Gamma(a), about 3 for Binomial(n, ½)).
func TestDerivedVariates(t *testing.T) {
	const n = 1 << 16
	tests := []struct {
		name      string
		draw      func(s *Stream) float64
		mean, vr  float64
		kurtExtra float64 // μ₄/Var² − 1
	}{
		{"Bin(100, 1/2)", func(s *Stream) float64 { return float64(s.BinomialHalf(100)) }, 50, 25, 2},
		{"Bin(37, 1/2)", func(s *Stream) float64 { return float64(s.BinomialHalf(37)) }, 18.5, 9.25, 2},
		{"chi2(1)", func(s *Stream) float64 { return s.ChiSquared(1) }, 1, 2, 14},
		{"chi2(2)", func(s *Stream) float64 { return s.ChiSquared(2) }, 2, 4, 8},
		{"chi2(101)", func(s *Stream) float64 { return s.ChiSquared(101) }, 101, 202, 2.2},
		{"Gamma(0.3)", func(s *Stream) float64 { return s.Gamma(0.3) }, 0.3, 0.3, 22},
	}
	for _, tt := range tests {
		s := NewStream(11, 4)
		var m1, m2 float64
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = tt.draw(s)
			m1 += xs[i]
		}
		m1 /= n
		for _, x := range xs {
			m2 += (x - m1) * (x - m1)
		}
		m2 /= n - 1
		if se := math.Sqrt(tt.vr / n); math.Abs(m1-tt.mean) > 5*se {
			t.Errorf("%s: mean %.5g, want %g ± 5×%.3g", tt.name, m1, tt.mean, se)
		}
		if se := tt.vr * math.Sqrt(tt.kurtExtra/n); math.Abs(m2-tt.vr) > 5*se {
			t.Errorf("%s: variance %.5g, want %g ± 5×%.3g", tt.name, m2, tt.vr, se)
		}
	}
	if NewStream(1, 1).ChiSquared(0) != 0 {
		t.Errorf("χ²₀ is not 0")
	}
}
