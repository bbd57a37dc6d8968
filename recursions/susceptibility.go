package recursions

// G returns g(K) = ⟨σ²⟩_K (5.5).
func (a *Activation) G(K float64) (float64, error) { return a.at(cS2, K) }

// ChiPar returns χ∥(K) = C_W g'(K) = (C_W/2K²)⟨σ²(z² − K)⟩_K (5.50).
func (a *Activation) ChiPar(K, CW float64) (float64, error) {
	v, err := a.averagesAt(K, cS2z2, cS2)
	if err != nil {
		return 0, err
	}
	return CW / (2 * K * K) * (v[0] - K*v[1]), nil
}

// ChiParZ returns χ∥(K) in its second form, (C_W/K)⟨zσσ'⟩_K (5.50),
// which involves no cancellation.
func (a *Activation) ChiParZ(K, CW float64) (float64, error) {
	v, err := a.at(cZssp, K)
	if err != nil {
		return 0, err
	}
	return CW / K * v, nil
}

// ChiPerp returns χ⊥(K) = C_W⟨σ'²⟩_K (5.51).
func (a *Activation) ChiPerp(K, CW float64) (float64, error) {
	v, err := a.at(cSp2, K)
	if err != nil {
		return 0, err
	}
	return CW * v, nil
}

// H returns h(K) = (C_W/4K²)⟨σ'²(z² − K)⟩_K = ½χ⊥'(K) (5.52).
func (a *Activation) H(K, CW float64) (float64, error) {
	v, err := a.averagesAt(K, cSp2z2, cSp2)
	if err != nil {
		return 0, err
	}
	return CW / (4 * K * K) * (v[0] - K*v[1]), nil
}

// quartic returns ⟨σ²(z⁴ − 6Kz² + 3K²)⟩_K.
func (a *Activation) quartic(K float64) (float64, error) {
	v, err := a.averagesAt(K, cS2z4, cS2z2, cS2)
	if err != nil {
		return 0, err
	}
	return v[0] - 6*K*v[1] + 3*K*K*v[2], nil
}

// J returns j(K) = C_W⟨σ²[(z²/K)² − 6(z²/K) + 3]⟩_K (5.111).
func (a *Activation) J(K, CW float64) (float64, error) {
	q, err := a.quartic(K)
	if err != nil {
		return 0, err
	}
	return CW * q / (K * K), nil
}

// GPrime2 returns g”(K) = (1/4K⁴)⟨σ²(z⁴ − 6Kz² + 3K²)⟩_K, the second
// derivative of g = ⟨σ²⟩ from d/dK⟨F⟩_K = (1/2K²)⟨F(z² − K)⟩_K (5.53).
func (a *Activation) GPrime2(K float64) (float64, error) {
	q, err := a.quartic(K)
	if err != nil {
		return 0, err
	}
	return q / (4 * K * K * K * K), nil
}

// VertexSource returns C_W²(⟨σ⁴⟩_K − ⟨σ²⟩_K²), the source of the four-point
// vertex recursion (5.109).
func (a *Activation) VertexSource(K, CW float64) (float64, error) {
	v, err := a.averagesAt(K, cS4, cS2)
	if err != nil {
		return 0, err
	}
	return CW * CW * (v[0] - v[1]*v[1]), nil
}

// QuadCoeff returns ã₁(K) = ½C_W g”(K) = j(K)/(8K²), the coefficient of ΔK²
// in K' − K* = χ∥ΔK + ã₁ΔK² around K (5.102).
func (a *Activation) QuadCoeff(K, CW float64) (float64, error) {
	g2, err := a.GPrime2(K)
	if err != nil {
		return 0, err
	}
	return CW * g2 / 2, nil
}
