package sim

import "math"

// layerNorm writes LN(z) = (z − mean z)/√(var z + ε) into dst (unit gain,
// zero shift; var with divisor n).
func layerNorm(dst, z []float64, eps float64) {
	n := float64(len(z))
	mu := 0.0
	for _, x := range z {
		mu += x
	}
	mu /= n
	v := 0.0
	for _, x := range z {
		v += (x - mu) * (x - mu)
	}
	s := math.Sqrt(v/n + eps)
	for i, x := range z {
		dst[i] = (x - mu) / s
	}
}

// layerNormJVP writes the derivative of LN at z in the direction t into dst,
// given u = LN(z): with c = t − mean t and s = √(var z + ε),
// DLN[t] = (c − u·mean(u⊙c))/s.
func layerNormJVP(dst, u, z, t []float64, eps float64) {
	n := float64(len(z))
	mu, mt := 0.0, 0.0
	for i, x := range z {
		mu += x
		mt += t[i]
	}
	mu /= n
	mt /= n
	v, uc := 0.0, 0.0
	for i, x := range z {
		v += (x - mu) * (x - mu)
		uc += u[i] * (t[i] - mt)
	}
	s := math.Sqrt(v/n + eps)
	uc /= n
	for i := range dst {
		dst[i] = (t[i] - mt - u[i]*uc) / s
	}
}
