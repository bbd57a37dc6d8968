package apjn

import (
	"math"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// mixerSim is a sampled MLP-Mixer block of finite width, the oracle of
// TestMixerMonteCarlo: C channels and P patches, hidden widths equal to them,
// every weight drawn N(0, σ_w²/fan-in) and bias N(0, σ_b²) from a Philox stream.
// It runs a forward pass together with one Jacobian-vector product.
type mixerSim struct {
	C, P         int
	sw2, sb2, mu float64
	phi, dphi    *calc.Program
	rng          *philox.Stream
}

// tensor is a C×P array, channel-major: x[c*P+i] is channel c of patch i.
type tensor []float64

// layerNorm normalises every patch over its channels (ε = 0), returning LN(h)
// and its tangent along dh.
func (s *mixerSim) layerNorm(h, dh tensor) (tensor, tensor) {
	out, dout := make(tensor, len(h)), make(tensor, len(h))
	for i := 0; i < s.P; i++ {
		var m, dm float64
		for c := 0; c < s.C; c++ {
			m += h[c*s.P+i]
			dm += dh[c*s.P+i]
		}
		m /= float64(s.C)
		dm /= float64(s.C)
		var v, cov float64
		for c := 0; c < s.C; c++ {
			x := h[c*s.P+i] - m
			v += x * x
			cov += x * (dh[c*s.P+i] - dm)
		}
		v /= float64(s.C)
		cov /= float64(s.C)
		sd := math.Sqrt(v)
		for c := 0; c < s.C; c++ {
			k := c*s.P + i
			out[k] = (h[k] - m) / sd
			dout[k] = (dh[k]-dm)/sd - out[k]*cov/(v*sd)
		}
	}
	return out, dout
}

// mlp applies x ↦ W₂φ(W₁x + b₁) + b₂ along one axis of the tensor: across
// patches for every channel (tokens) or across channels for every patch.
func (s *mixerSim) mlp(x, dx tensor, tokens bool) (tensor, tensor) {
	n, rows, at := s.C, s.P, func(r, j int) int { return j*s.P + r } // mix channels of patch r
	if tokens {
		n, rows, at = s.P, s.C, func(r, j int) int { return r*s.P + j } // mix patches of channel r
	}
	w1, b1 := s.weights(n, n), s.weights(n, 0)
	w2, b2 := s.weights(n, n), s.weights(n, 0)
	y, dy := make(tensor, len(x)), make(tensor, len(x))
	a, da := make([]float64, n), make([]float64, n)
	for r := 0; r < rows; r++ {
		for j := 0; j < n; j++ {
			z, dz := b1[j], 0.0
			for k := 0; k < n; k++ {
				z += w1[j*n+k] * x[at(r, k)]
				dz += w1[j*n+k] * dx[at(r, k)]
			}
			a[j], da[j] = s.phi.Eval(z), s.dphi.Eval(z)*dz
		}
		for j := 0; j < n; j++ {
			z, dz := b2[j], 0.0
			for k := 0; k < n; k++ {
				z += w2[j*n+k] * a[k]
				dz += w2[j*n+k] * da[k]
			}
			y[at(r, j)], dy[at(r, j)] = z, dz
		}
	}
	return y, dy
}

// weights draws an n×fanIn matrix N(0, σ_w²/fanIn), or with fanIn = 0 a bias
// vector N(0, σ_b²).
func (s *mixerSim) weights(n, fanIn int) []float64 {
	sd, size := math.Sqrt(s.sb2), n
	if fanIn > 0 {
		sd, size = math.Sqrt(s.sw2/float64(fanIn)), n*fanIn
	}
	w := make([]float64, size)
	for i := range w {
		w[i] = sd * s.rng.Normal()
	}
	return w
}

// block runs one Mixer block (DHG eqs 82–89) on h with tangent dh.
func (s *mixerSim) block(h, dh tensor) (tensor, tensor) {
	for _, tokens := range []bool{true, false} {
		x, dx := s.layerNorm(h, dh)
		y, dy := s.mlp(x, dx, tokens)
		for k := range y {
			y[k] += s.mu * h[k]
			dy[k] += s.mu * dh[k]
		}
		h, dh = y, dy
	}
	return h, dh
}

// mixerSample returns, for one sampled block fed with h_{μi} = √p0·z_i +
// √(k0 − p0)·z_{μi} (diagonal kernel k0, a patch offset of variance p0, no
// channel offsets; z iid N(0, 1)), the output kernel (1/CP)Σh'² and the APJN
// estimate |Jv|²/|v|² with v iid N(0, 1) (E_v|Jv|² = ‖J‖_F², DHG eq 93).
func mixerSample(phi calc.Expr, C, P int, sw2, sb2, mu, k0, p0 float64, seed uint64) (k, chi float64) {
	s := &mixerSim{C: C, P: P, sw2: sw2, sb2: sb2, mu: mu,
		phi: calc.Compile(phi), dphi: calc.Compile(calc.Derivative(phi, 1)),
		rng: philox.NewStream(seed, 0)}
	h, v := make(tensor, C*P), make(tensor, C*P)
	offset := make([]float64, P)
	for i := range offset {
		offset[i] = math.Sqrt(p0) * s.rng.Normal()
	}
	for k := range h {
		h[k] = offset[k%P] + math.Sqrt(k0-p0)*s.rng.Normal()
		v[k] = s.rng.Normal()
	}
	out, jv := s.block(h, v)
	var hh, jj, vv float64
	for i := range out {
		hh += out[i] * out[i]
		jj += jv[i] * jv[i]
		vv += v[i] * v[i]
	}
	return hh / float64(C*P), jj / vv
}
