package sim

// moments accumulates, for a stream of d-dimensional observations, the count,
// the means, the co-moment matrix Σ(x_j − x̄_j)(x_k − x̄_k) and the third and
// fourth central power sums of every component. Observations are added one
// by one (Welford, Pébay) and accumulators are merged pairwise (Chan et al.,
// Pébay 2008, "Formulas for robust, one-pass parallel computation of
// covariances and arbitrary-order statistical moments"); a fixed order of
// additions and merges gives the same numbers bit for bit.
type moments struct {
	d     int
	n     float64
	mean  []float64
	c2    []float64 // d×d co-moments
	m3    []float64
	m4    []float64
	delta []float64 // scratch
}

func newMoments(d int) *moments {
	return &moments{d: d, mean: make([]float64, d), c2: make([]float64, d*d),
		m3: make([]float64, d), m4: make([]float64, d), delta: make([]float64, d)}
}

// add adds one observation x (length d).
func (m *moments) add(x []float64) {
	n1 := m.n
	m.n++
	n := m.n
	for j := range m.d {
		m.delta[j] = x[j] - m.mean[j]
	}
	for j := range m.d {
		delta := m.delta[j]
		dn := delta / n
		dn2 := dn * dn
		term1 := delta * dn * n1
		m2 := m.c2[j*m.d+j]
		m.m4[j] += term1*dn2*(n*n-3*n+3) + 6*dn2*m2 - 4*dn*m.m3[j]
		m.m3[j] += term1*dn*(n-2) - 3*dn*m2
		m.mean[j] += dn
	}
	f := n1 / n
	for j := range m.d {
		for k := range m.d {
			m.c2[j*m.d+k] += f * m.delta[j] * m.delta[k]
		}
	}
}

// merge adds the observations of o to m.
func (m *moments) merge(o *moments) {
	if o.n == 0 {
		return
	}
	if m.n == 0 {
		m.n = o.n
		copy(m.mean, o.mean)
		copy(m.c2, o.c2)
		copy(m.m3, o.m3)
		copy(m.m4, o.m4)
		return
	}
	na, nb := m.n, o.n
	n := na + nb
	for j := range m.d {
		m.delta[j] = o.mean[j] - m.mean[j]
	}
	for j := range m.d {
		d := m.delta[j]
		m2a, m2b := m.c2[j*m.d+j], o.c2[j*m.d+j]
		d2 := d * d
		m.m4[j] += o.m4[j] + d2*d2*na*nb*(na*na-na*nb+nb*nb)/(n*n*n) +
			6*d2*(na*na*m2b+nb*nb*m2a)/(n*n) + 4*d*(na*o.m3[j]-nb*m.m3[j])/n
		m.m3[j] += o.m3[j] + d2*d*na*nb*(na-nb)/(n*n) + 3*d*(na*m2b-nb*m2a)/n
		m.mean[j] += d * nb / n
	}
	f := na * nb / n
	for j := range m.d {
		for k := range m.d {
			m.c2[j*m.d+k] += o.c2[j*m.d+k] + f*m.delta[j]*m.delta[k]
		}
	}
	m.n = n
}

// variance returns the sample variance of component j (divisor n − 1).
func (m *moments) variance(j int) float64 { return m.c2[j*m.d+j] / (m.n - 1) }

// covariance returns the sample covariance of components j and k.
func (m *moments) covariance(j, k int) float64 { return m.c2[j*m.d+k] / (m.n - 1) }
