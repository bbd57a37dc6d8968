package apjn

import (
	"fmt"
	"math"
)

// Layer is one layer of an APJN iteration.
type Layer struct {
	L    int     // layer index ℓ (the first layer is 1)
	K    float64 // 𝒦^ℓ
	D    float64 // BatchNorm: 𝒦^ℓ(x,x) − 𝒦^ℓ(x,x')
	ChiJ float64 // χ_𝒥^ℓ = 𝒥^{ℓ,ℓ+1}
	LogJ float64 // log 𝒥^{1,ℓ} = Σ_{ℓ'=1}^{ℓ−1} log χ_𝒥^{ℓ'} (DHG eq 14)
}

// Iterate runs the kernel recursion of p from the first layer for L layers
// and accumulates the APJN 𝒥^{1,ℓ} = Π_{ℓ'<ℓ} χ_𝒥^{ℓ'} as a sum of logarithms;
// it returns layers every, 2·every, … and layer L.
func (m *Model) Iterate(p Params, L, every int) ([]Layer, error) {
	if err := p.Validate(m.Arch); err != nil {
		return nil, err
	}
	if L < 1 || every < 1 {
		return nil, fmt.Errorf("apjn: need L ≥ 1 and every ≥ 1, got %d and %d", L, every)
	}
	s := m.First(p)
	var out []Layer
	logJ := 0.0
	for l := 1; l <= L; l++ {
		chi, err := m.ChiJ(p, s)
		if err != nil {
			return nil, fmt.Errorf("apjn: layer %d: %w", l, err)
		}
		if l%every == 0 || l == L {
			out = append(out, Layer{L: l, K: s.K, D: s.D, ChiJ: chi, LogJ: logJ})
		}
		logJ += math.Log(chi)
		if l < L {
			if s, err = m.Step(p, s); err != nil {
				return nil, fmt.Errorf("apjn: layer %d: %w", l+1, err)
			}
		}
	}
	return out, nil
}
