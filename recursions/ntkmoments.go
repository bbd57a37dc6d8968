package recursions

import (
	"math"

	"critcalc/hermite"
)

// momentsMinValues is the number of distinct diagonal values from which a
// layer of IterateKernels interpolates their Hermite moments in ln K
// instead of computing each.
const momentsMinValues = 40

// momentsNodes is the number of Chebyshev–Lobatto points in ln K at which
// interpolateMoments computes the moments; every other one of them is the
// grid of the check.
const momentsNodes = 33

// interpolateMoments returns the Hermite moments of σ(√K·X) at each K of
// vs (all > 0) from Chebyshev interpolants in u = ln K through their
// values at momentsNodes Chebyshev–Lobatto points of [ln min vs, ln max vs]:
// the moments are analytic in u for a smooth σ, and the interpolants
// converge geometrically. The interpolants through the 17 points of every
// other node are checked against the moments at the 16 others; when they
// are off by more than 1e-8 of the scale √E[σ²] the range is too wide for
// the 33 points and ok is false. The error bound of each interpolated
// moment is that of the node values (times 3, about the Lebesgue constant
// of the points) plus twice the sum of the two last Chebyshev
// coefficients (whose size the rest of the expansion does not exceed when
// it converges geometrically), plus rounding. The nodes' moments all come
// from the panels (hermite.ScaledSeries.Panels), all seriesTerms + 1 of
// them by one rule.
func interpolateMoments(s *hermite.ScaledSeries, vs []float64) (out []hermite.Moments, ok bool, err error) {
	s = s.Panels()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	ulo, uhi := math.Log(lo), math.Log(hi)
	mid, half := (ulo+uhi)/2, (uhi-ulo)/2
	const N = momentsNodes - 1
	nodes := make([]hermite.Moments, momentsNodes)
	if err := parallel(momentsNodes, func(j int) error {
		u := mid + half*math.Cos(float64(j)*math.Pi/N)
		if j == 0 {
			u = uhi
		} else if j == N {
			u = ulo
		}
		var err error
		nodes[j], err = s.At(math.Exp(u), seriesTerms)
		return err
	}); err != nil {
		return nil, false, err
	}
	nk := len(nodes[0].A)
	scale := 0.0
	for _, m := range nodes {
		scale = max(scale, math.Sqrt(m.Sq))
	}
	// Chebyshev coefficients c[k][i] of each moment k, of degree N and of
	// degree N/2 (the even nodes), by the discrete cosine transform of the
	// first kind.
	full, coarse := make([][]float64, nk), make([][]float64, nk)
	nodeErr := make([]float64, nk)
	vals := make([]float64, momentsNodes)
	for k := range nk {
		for j := range momentsNodes {
			vals[j] = nodes[j].A[k]
			nodeErr[k] = max(nodeErr[k], nodes[j].Err[k])
		}
		full[k] = chebLobatto(vals, 1)
		coarse[k] = chebLobatto(vals, 2)
	}
	// The check: the coarse interpolants at the odd nodes.
	for j := 1; j < N; j += 2 {
		t := math.Cos(float64(j) * math.Pi / N)
		for k := range nk {
			if math.Abs(chebSum(coarse[k], t)-nodes[j].A[k]) > 1e-8*scale {
				return nil, false, nil
			}
		}
	}
	out = make([]hermite.Moments, len(vs))
	for i, v := range vs {
		t := max(-1, min(1, (math.Log(v)-mid)/half))
		if half == 0 {
			t = 0
		}
		m := hermite.Moments{K: v, A: make([]float64, nk), Err: make([]float64, nk)}
		for k := range nk {
			c := full[k]
			m.A[k] = chebSum(c, t)
			m.Err[k] = 3*nodeErr[k] + 2*(math.Abs(c[N])+math.Abs(c[N-1])) + 8*roundoff*scale
		}
		out[i] = m
	}
	return out, true, nil
}

// chebLobatto returns the Chebyshev coefficients of the polynomial of
// degree m = (len(v) − 1)/stride through the values v[j·stride] at the
// Chebyshev–Lobatto points cos(jπ/m), j = 0 … m (the discrete cosine
// transform of the first kind).
func chebLobatto(v []float64, stride int) []float64 {
	m := (len(v) - 1) / stride
	c := make([]float64, m+1)
	for k := 0; k <= m; k++ {
		s := 0.0
		for j := 0; j <= m; j++ {
			w := 1.0
			if j == 0 || j == m {
				w = 0.5
			}
			s += w * v[j*stride] * math.Cos(float64(j*k)*math.Pi/float64(m))
		}
		c[k] = 2 * s / float64(m)
	}
	c[0] /= 2
	c[m] /= 2
	return c
}

// chebSum evaluates Σ c_k T_k(t) by Clenshaw's recurrence.
func chebSum(c []float64, t float64) float64 {
	var b1, b2 float64
	for k := len(c) - 1; k >= 1; k-- {
		b1, b2 = 2*t*b1-b2+c[k], b1
	}
	return t*b1 - b2 + c[0]
}
