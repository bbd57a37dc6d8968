package recursions

import (
	"math"

	"critcalc/hermite/quadrature"
)

// lobattoPoint is the j-th Chebyshev–Lobatto point cos(jπ/n) of degree n.
func lobattoPoint(j, n int) float64 {
	return math.Cos(float64(j) * math.Pi / float64(n))
}

// lobattoCoefficients returns the coefficients c₀ … c_m of the interpolant
// p(x) = Σ c_k T_k(x) through the values at the Chebyshev–Lobatto points
// of degree m = (len(vals) − 1)/stride, read from vals, which holds the
// points of degree len(vals) − 1 (the grids are nested: point j of degree
// m is point j·stride of the finer one). The transform runs over the
// values less their mean f̄, with c₀ = f̄ + the mean of the rest and a
// compensated (Neumaier) sum, so that the rounding of the cosines and of
// the sums scales with the variation of the values rather than with the
// values: a nearly constant function keeps its constant to about half an
// ulp, and the interpolant reproduces the values at the points to about
// an ulp.
func lobattoCoefficients(vals []float64, stride int) []float64 {
	m := (len(vals) - 1) / stride
	w := func(j int) float64 {
		if j == 0 || j == m {
			return 0.5
		}
		return 1
	}
	mean := 0.0
	for j := 0; j <= m; j++ {
		mean += w(j) * vals[j*stride]
	}
	mean /= float64(m)
	// cos(iπ/m) for i < 2m, the cosines of the transform.
	cos := make([]float64, 2*m)
	for i := range cos {
		cos[i] = math.Cos(float64(i) * math.Pi / float64(m))
	}
	// The weighted deviations from the mean, and cos(jkπ/m) read at the
	// index jk mod 2m, kept by adding k at each step.
	dev := make([]float64, m+1)
	for j := range dev {
		dev[j] = w(j) * (vals[j*stride] - mean)
	}
	c := make([]float64, m+1)
	k := 0
	for ; k+4 <= m+1; k += 4 {
		lobattoSums4(c[k:k+4], dev, cos, k)
	}
	for ; k <= m; k++ {
		c[k] = lobattoSum(dev, cos, k)
	}
	c[0] = mean + c[0]/2
	c[m] /= 2
	return c
}

// chopNoise drops the trailing coefficients of c that are each at most
// noise in magnitude and returns the rest, with the sum of the magnitudes
// dropped: the truncated series differs from c by at most that sum on
// [−1, 1] (|T_k| ≤ 1).
func chopNoise(c []float64, noise float64) (kept []float64, dropped float64) {
	n := len(c)
	for n > 1 && math.Abs(c[n-1]) <= noise {
		dropped += math.Abs(c[n-1])
		n--
	}
	return c[:n], dropped
}

// clenshawMany sets out[i] = clenshaw(c, xs[i]), four points at a time:
// the four recurrences are independent, so they run side by side where
// one waits on each step of its own; each value is the one clenshaw gives.
func clenshawMany(out, c, xs []float64) {
	i := 0
	for ; i+4 <= len(xs); i += 4 {
		x0, x1, x2, x3 := xs[i], xs[i+1], xs[i+2], xs[i+3]
		y0, y1, y2, y3 := 2*x0, 2*x1, 2*x2, 2*x3
		var a0, a1, a2, a3, b0, b1, b2, b3 float64 // b1 and b2 of each point
		for k := len(c) - 1; k >= 1; k-- {
			ck := c[k]
			a0, b0 = y0*a0-b0+ck, a0
			a1, b1 = y1*a1-b1+ck, a1
			a2, b2 = y2*a2-b2+ck, a2
			a3, b3 = y3*a3-b3+ck, a3
		}
		out[i] = x0*a0 - b0 + c[0]
		out[i+1] = x1*a1 - b1 + c[0]
		out[i+2] = x2*a2 - b2 + c[0]
		out[i+3] = x3*a3 - b3 + c[0]
	}
	for ; i < len(xs); i++ {
		out[i] = clenshaw(c, xs[i])
	}
}

// coefficientRows lays the series cs side by side for clenshawRows: row k
// holds each series' c_k, 0 past its end.
func coefficientRows(cs [layerTableAverages][]float64) [][layerTableAverages]float64 {
	n := 0
	for _, c := range cs {
		n = max(n, len(c))
	}
	rows := make([][layerTableAverages]float64, n)
	for i, c := range cs {
		for k, v := range c {
			rows[k][i] = v
		}
	}
	return rows
}

// clenshawRows returns clenshaw(c_i, x) for each series c_i, the columns
// of rows (coefficientRows). The recurrences are independent, so they run
// side by side where one waits on each step of its own; each value is the
// one clenshaw gives, since the zero rows past a series' end leave its
// recurrence at its start (+0, +0).
func clenshawRows(rows [][layerTableAverages]float64, x float64) [layerTableAverages]float64 {
	y := 2 * x
	var a0, a1, a2, a3, a4, b0, b1, b2, b3, b4 float64
	for k := len(rows) - 1; k >= 1; k-- {
		r := &rows[k]
		a0, b0 = y*a0-b0+r[0], a0
		a1, b1 = y*a1-b1+r[1], a1
		a2, b2 = y*a2-b2+r[2], a2
		a3, b3 = y*a3-b3+r[3], a3
		a4, b4 = y*a4-b4+r[4], a4
	}
	var c0 [layerTableAverages]float64
	if len(rows) > 0 {
		c0 = rows[0]
	}
	return [layerTableAverages]float64{x*a0 - b0 + c0[0], x*a1 - b1 + c0[1], x*a2 - b2 + c0[2], x*a3 - b3 + c0[3], x*a4 - b4 + c0[4]}
}

// clenshaw evaluates Σ c_k T_k(x) by Clenshaw's recurrence.
func clenshaw(c []float64, x float64) float64 {
	var b1, b2 float64
	x2 := 2 * x
	for k := len(c) - 1; k >= 1; k-- {
		b1, b2 = x2*b1-b2+c[k], b1
	}
	return x*b1 - b2 + c[0]
}

// lobattoSum returns 2/m·Σ_j dev[j]·cos(jkπ/m), m = len(dev) − 1, a
// compensated sum in the order of j, with cos[i] = cos(iπ/m) for i < 2m
// read at the index jk mod 2m, kept by adding k at each step.
func lobattoSum(dev, cos []float64, k int) float64 {
	m := len(dev) - 1
	var s quadrature.CompensatedSum
	idx := 0
	for _, d := range dev {
		s.Add(d * cos[idx])
		if idx += k; idx >= 2*m {
			idx -= 2 * m
		}
	}
	return 2 * s.Value() / float64(m)
}

// lobattoSums4 sets c[i] = lobattoSum(dev, cos, k+i), i = 0 … 3, bit for
// bit: each a compensated sum in the order of j, formed together, four
// independent chains of additions instead of one.
func lobattoSums4(c, dev, cos []float64, k int) {
	m := len(dev) - 1
	var s0, s1, s2, s3 quadrature.CompensatedSum
	i0, i1, i2, i3 := 0, 0, 0, 0
	for _, d := range dev {
		s0.Add(d * cos[i0])
		s1.Add(d * cos[i1])
		s2.Add(d * cos[i2])
		s3.Add(d * cos[i3])
		if i0 += k; i0 >= 2*m {
			i0 -= 2 * m
		}
		if i1 += k + 1; i1 >= 2*m {
			i1 -= 2 * m
		}
		if i2 += k + 2; i2 >= 2*m {
			i2 -= 2 * m
		}
		if i3 += k + 3; i3 >= 2*m {
			i3 -= 2 * m
		}
	}
	c[0] = 2 * s0.Value() / float64(m)
	c[1] = 2 * s1.Value() / float64(m)
	c[2] = 2 * s2.Value() / float64(m)
	c[3] = 2 * s3.Value() / float64(m)
}
