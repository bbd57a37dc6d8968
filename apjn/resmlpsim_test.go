package apjn

import (
	"math"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// linearAlong applies x ↦ Wx + b along one axis of a C×P tensor (patches of
// every channel when tokens, else channels of every patch), W ~ N(0,
// σ_w²/fan-in), b ~ N(0, σ_b²) drawn from s, with the tangent dx.
func (s *mixerSim) linearAlong(x, dx tensor, tokens bool) (tensor, tensor) {
	n, rows, at := s.C, s.P, func(r, j int) int { return j*s.P + r }
	if tokens {
		n, rows, at = s.P, s.C, func(r, j int) int { return r*s.P + j }
	}
	w, b := s.weights(n, n), s.weights(n, 0)
	y, dy := make(tensor, len(x)), make(tensor, len(x))
	for r := 0; r < rows; r++ {
		for j := 0; j < n; j++ {
			z, dz := b[j], 0.0
			for k := 0; k < n; k++ {
				z += w[j*n+k] * x[at(r, k)]
				dz += w[j*n+k] * dx[at(r, k)]
			}
			y[at(r, j)], dy[at(r, j)] = z, dz
		}
	}
	return y, dy
}

// resmlpSample runs one sampled ResMLP block (AutoInit eqs 49–56, AffineNorms
// the identity, hidden width equal to C) on iid N(0, k0) entries and returns
// the output kernel and |Jv|²/|v|², as mixerSample does.
func resmlpSample(phi calc.Expr, C, P int, sw2, sb2, mu, e, k0 float64, seed uint64) (k, chi float64) {
	s := &mixerSim{C: C, P: P, sw2: sw2, sb2: sb2, mu: mu,
		phi: calc.Compile(phi), dphi: calc.Compile(calc.Derivative(phi, 1)),
		rng: philox.NewStream(seed, 0)}
	h, v := make(tensor, C*P), make(tensor, C*P)
	for i := range h {
		h[i] = math.Sqrt(k0) * s.rng.Normal()
		v[i] = s.rng.Normal()
	}
	b, db := s.linearAlong(h, v, true)
	for i := range b {
		b[i] = e*b[i] + mu*h[i]
		db[i] = e*db[i] + mu*v[i]
	}
	c, dc := b, db
	x, dx := s.linearAlong(c, dc, false)
	for i := range x {
		z := x[i]
		x[i], dx[i] = s.phi.Eval(z), s.dphi.Eval(z)*dx[i]
	}
	g, dg := s.linearAlong(x, dx, false)
	var hh, jj, vv float64
	for i := range g {
		out, dout := e*g[i]+mu*c[i], e*dg[i]+mu*dc[i]
		hh += out * out
		jj += dout * dout
		vv += v[i] * v[i]
	}
	return hh / float64(C*P), jj / vv
}
