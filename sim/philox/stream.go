package philox

// Stream is a sequential reader of one stream: its variates are those of
// Normals and Uniforms at block indices 0, 1, 2, … A Stream is not safe for
// concurrent use; make one per worker (streams are cheap).
type Stream struct {
	seed, stream, next uint64
	spare              float64
	hasSpare           bool
}

// NewStream returns the stream number stream of seed, at block 0.
func NewStream(seed, stream uint64) *Stream {
	return &Stream{seed: seed, stream: stream}
}

// Normal returns the next standard normal variate: both variates of a
// block are used, in order.
func (s *Stream) Normal() float64 {
	if s.hasSpare {
		s.hasSpare = false
		return s.spare
	}
	z0, z1 := Normals(s.seed, s.stream, s.next)
	s.next++
	s.spare, s.hasSpare = z1, true
	return z0
}

// Fill sets dst to the next len(dst) standard normal variates.
func (s *Stream) Fill(dst []float64) {
	for i := range dst {
		dst[i] = s.Normal()
	}
}

// Uniform returns a uniform variate in (0, 1]; it consumes a whole block
// (its first uniform) and discards a pending spare normal, so that the
// position of every variate in the stream stays simple to compute.
func (s *Stream) Uniform() float64 {
	s.hasSpare = false
	u, _ := Uniforms(s.seed, s.stream, s.next)
	s.next++
	return u
}
