package sim

import (
	"math"

	"critcalc/calc"
)

// worker samples networks one after another with its own scratch space.
type worker struct {
	c             *Config
	lin           linear
	act, dact     *calc.Program
	alpha, lambda float64
	mx, nt, l0    int
	inputs        []float64 // the inputs, column after column
	cur, next, v  []float64
	b, tmp, buf   []float64
	local         []float64 // the fresh tangent u_ℓ of the one-layer APJN
	localJ        float64   // ‖α u + λ W(φ'⊙u)‖²/n_{ℓ+1} of the last layer
	tmp2, tmp3    []float64
	stats         []float64
	short         *shortcut
}

func newWorker(c *Config, act, dact *calc.Program, short *shortcut) *worker {
	w := &worker{c: c, lin: newLinear(c), act: act, dact: dact, mx: len(c.Inputs), nt: c.tangentCount(), l0: c.jacobianFrom(), short: short}
	w.alpha, w.lambda = c.residual()
	for _, x := range c.Inputs {
		w.inputs = append(w.inputs, x...)
	}
	maxN := 0
	for _, n := range c.Widths {
		maxN = max(maxN, n)
	}
	maxN = max(maxN, c.Readout)
	m := w.mx + w.nt + 1
	w.cur = make([]float64, m*maxN)
	w.next = make([]float64, m*maxN)
	w.v = make([]float64, m*maxN)
	w.b = make([]float64, maxN)
	w.tmp = make([]float64, maxN)
	w.local = make([]float64, maxN)
	w.tmp2 = make([]float64, maxN)
	w.tmp3 = make([]float64, maxN)
	w.buf = make([]float64, maxN*max(w.nt, 1))
	w.stats = make([]float64, statDim(c))
	return w
}

// statDim is the number of per-layer statistics: the kernel pairs a ≤ b and
// the APJN when tangents are tracked.
func statDim(c *Config) int {
	m := c.recorded()
	d := m * (m + 1) / 2
	if c.tangentCount() > 0 {
		d++
	}
	if c.LocalJacobians {
		d++
	}
	return d
}

// netScalars are the per-network results kept for every network.
type netScalars struct {
	logGain, logOut, logGrad float64
}

// network samples network k, hands its per-layer statistics to layers and
// returns its scalars.
func (w *worker) network(k int, layers []layerStats) netScalars {
	if w.short != nil {
		return w.short.network(k, layers, w.stats)
	}
	c := w.c
	L := c.depth()
	mx, nt := w.mx, w.nt
	n0, n1 := c.Widths[0], c.Widths[1]
	m1, v1 := mx, w.inputs
	if w.l0 == 0 {
		// Tangents at the input: W^(1) multiplies them with the inputs.
		m1 = mx + nt
		v1 = w.v[:m1*n0]
		copy(v1, w.inputs)
		copy(w.cur[:m1*n0], w.inputs)
		w.initTangents(k, 0, n0)
		copy(v1[mx*n0:], w.cur[mx*n0:m1*n0])
	}
	y := w.next[:m1*n1]
	w.lin.apply(k, 1, c.layerCW(1), n0, n1, m1, v1, y)
	w.bias(k, 1, n1, 1)
	for a := range mx {
		col := y[a*n1 : (a+1)*n1]
		for i := range col {
			col[i] += w.b[i]
		}
	}
	w.cur, w.next = w.next, w.cur
	if w.l0 == 1 {
		w.initTangents(k, 1, n1)
	}
	w.record(1, layers[0])
	for l := 2; l <= L; l++ {
		nIn, nOut := c.Widths[l-1], c.Widths[l]
		mt := 0
		if l-1 >= w.l0 {
			mt = nt
		}
		m := mx + mt
		ml := 0
		if c.LocalJacobians {
			ml = 1
			u := w.local[:nIn]
			fillNormal(u, c.Seed, Stream(k, l-1, KindLocal), 1)
			w.dphi(w.v[m*nIn:(m+1)*nIn], w.cur[:nIn], u)
		}
		if c.LayerNorm == PreBN {
			w.batchNormPhi(w.v[:mx*nIn], w.cur[:mx*nIn], nIn, mx)
		} else {
			for a := range mx {
				w.phi(w.v[a*nIn:(a+1)*nIn], w.cur[a*nIn:(a+1)*nIn])
			}
		}
		for r := range mt {
			w.dphi(w.v[(mx+r)*nIn:(mx+r+1)*nIn], w.cur[:nIn], w.cur[(mx+r)*nIn:(mx+r+1)*nIn])
		}
		y := w.next[:(m+ml)*nOut]
		w.lin.apply(k, l, c.layerCW(l), nIn, nOut, m+ml, w.v[:(m+ml)*nIn], y)
		if ml == 1 {
			col := y[m*nOut : (m+1)*nOut]
			t := 0.0
			for i, x := range col {
				x *= w.lambda
				if w.alpha != 0 {
					x += w.alpha * w.local[i]
				}
				t += x * x
			}
			w.localJ = t / float64(nOut)
		}
		w.bias(k, l, nOut, w.lambda)
		for a := range m {
			col := y[a*nOut : (a+1)*nOut]
			old := w.cur[a*nIn : (a+1)*nIn]
			for i := range col {
				t := w.lambda * col[i]
				if a < mx {
					t += w.b[i]
				}
				if w.alpha != 0 {
					t += w.alpha * old[i]
				}
				col[i] = t
			}
		}
		w.cur, w.next = w.next, w.cur
		if l == w.l0 {
			w.initTangents(k, l, nOut)
		}
		w.record(l, layers[l-1])
	}
	nL := c.Widths[L]
	var s netScalars
	s.logGain = math.Log(kernelOf(w.cur[:nL], w.cur[:nL]) / (dot(w.inputs[:n0], w.inputs[:n0]) / float64(n0)))
	if c.Readout > 0 {
		m := 1
		if w.l0 == 0 {
			// z^(L) of input 1 and its first tangent (columns 0 and mx).
			m = 2
			copy(w.v[:nL], w.cur[:nL])
			copy(w.v[nL:2*nL], w.cur[mx*nL:(mx+1)*nL])
		} else {
			copy(w.v[:nL], w.cur[:nL])
		}
		y := w.next[:m*c.Readout]
		w.lin.apply(k, L+1, c.readoutCW(), nL, c.Readout, m, w.v[:m*nL], y)
		s.logOut = math.Log(dot(y[:c.Readout], y[:c.Readout]))
		if m == 2 {
			g := y[c.Readout:]
			s.logGrad = math.Log(dot(g, g))
		}
	}
	return s
}

// bias draws the Gaussian biases of layer l (variance C_b), times scale,
// into w.b.
func (w *worker) bias(k, l, n int, scale float64) {
	b := w.b[:n]
	cb := w.c.layerCb(l)
	if cb == 0 {
		clear(b)
		return
	}
	fillNormal(b, w.c.Seed, Stream(k, l, KindBias), scale*math.Sqrt(cb))
}

// initTangents sets the tangent columns at layer l0: Hutchinson vectors
// (t_r[i] is variate i·T + r of stream(k, l0, KindTangent)) or the basis.
func (w *worker) initTangents(k, l, n int) {
	mx, nt := w.mx, w.nt
	t := w.cur[mx*n : (mx+nt)*n]
	if w.c.Tangents == ExactJacobian {
		clear(t)
		for r := range nt {
			t[r*n+r] = 1
		}
		return
	}
	buf := w.buf[:n*nt]
	fillNormal(buf, w.c.Seed, Stream(k, l, KindTangent), 1)
	for i := range n {
		for r := range nt {
			t[r*n+i] = buf[i*nt+r]
		}
	}
}

// record hands layer l's statistics (the current columns) to acc.
func (w *worker) record(l int, acc layerStats) {
	c := w.c
	n := c.Widths[l]
	s := w.stats
	j := 0
	for a := range w.c.recorded() {
		for b := a; b < w.c.recorded(); b++ {
			s[j] = kernelOf(w.cur[a*n:(a+1)*n], w.cur[b*n:(b+1)*n])
			j++
		}
	}
	if w.nt > 0 {
		s[j] = 0
		if l >= w.l0 {
			t := 0.0
			for r := range w.nt {
				col := w.cur[(w.mx+r)*n : (w.mx+r+1)*n]
				t += dot(col, col)
			}
			s[j] = t / float64(n)
			if c.Tangents != ExactJacobian {
				s[j] /= float64(w.nt)
			}
		}
		j++
	}
	if c.LocalJacobians {
		s[j] = 0
		if l >= 2 {
			s[j] = w.localJ
		}
	}
	acc.add(s)
}

// phi writes φ(z) into dst.
func (w *worker) phi(dst, z []float64) {
	switch w.c.LayerNorm {
	case PreLN:
		layerNorm(w.tmp[:len(z)], z, w.c.Epsilon)
		w.act.EvalSlice(dst, w.tmp[:len(z)])
	case PostLN:
		w.act.EvalSlice(w.tmp[:len(z)], z)
		layerNorm(dst, w.tmp[:len(z)], w.c.Epsilon)
	default:
		w.act.EvalSlice(dst, z)
	}
}

// batchNormPhi writes σ(BN(z)) of the whole batch (mx columns of length n)
// into dst: every neuron i standardized over the batch, with ε.
func (w *worker) batchNormPhi(dst, z []float64, n, mx int) {
	eps := w.c.Epsilon
	bm := float64(mx)
	for i := range n {
		mu := 0.0
		for a := range mx {
			mu += z[a*n+i]
		}
		mu /= bm
		v := 0.0
		for a := range mx {
			d := z[a*n+i] - mu
			v += d * d
		}
		s := math.Sqrt(v/bm + eps)
		for a := range mx {
			dst[a*n+i] = (z[a*n+i] - mu) / s
		}
	}
	for a := range mx {
		col := dst[a*n : (a+1)*n]
		copy(w.tmp[:n], col)
		w.act.EvalSlice(col, w.tmp[:n])
	}
}

// dphi writes the Jacobian-vector product Dφ(z)[t] into dst.
func (w *worker) dphi(dst, z, t []float64) {
	n := len(z)
	tmp := w.tmp[:n]
	switch w.c.LayerNorm {
	case PreLN:
		layerNorm(tmp, z, w.c.Epsilon)
		layerNormJVP(dst, tmp, z, t, w.c.Epsilon)
		d := w.tmp2[:n]
		w.dact.EvalSlice(d, tmp)
		for i := range dst {
			dst[i] *= d[i]
		}
	case PostLN:
		w.dact.EvalSlice(tmp, z)
		for i := range tmp {
			tmp[i] *= t[i]
		}
		s := w.tmp2[:n]
		w.act.EvalSlice(s, z)
		u := w.tmp3[:n]
		layerNorm(u, s, w.c.Epsilon)
		layerNormJVP(dst, u, s, tmp, w.c.Epsilon)
	default:
		w.dact.EvalSlice(dst, z)
		for i := range dst {
			dst[i] *= t[i]
		}
	}
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

// kernelOf returns a·b/n.
func kernelOf(a, b []float64) float64 { return dot(a, b) / float64(len(a)) }
