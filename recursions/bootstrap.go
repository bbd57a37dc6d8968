package recursions

import (
	"fmt"
	"math"

	"critcalc/hermite"
)

// BootstrapLayer is one layer of the bootstrapped two-input recursions: the
// midpoint kernel K₀₀ and the first- and second-order differences of the
// kernel of two nearby inputs x± = x₀ ± δx/2 (PDLT (5.15)–(5.24)).
type BootstrapLayer struct {
	L       int
	K00     float64 // K₀₀^(ℓ)
	DK1     float64 // δK[1]^(ℓ)
	DDK2    float64 // δδK[2]^(ℓ)
	ChiPar  float64 // χ∥(K₀₀^(ℓ))
	ChiPerp float64 // χ⊥(K₀₀^(ℓ))
}

// IterateBootstrap runs the bootstrapped recursions (5.46)–(5.48) at
// C_b = cb, C_W = cw,
//
//	K₀₀'  = C_b + C_W g(K₀₀)
//	δK[1]' = χ∥(K₀₀) δK[1]
//	δδK[2]' = χ⊥(K₀₀) δδK[2] + h(K₀₀) δK[1]²
//
// from K₀₀^(1) = k00 > 0, δK[1]^(1) = dk1, δδK[2]^(1) = ddk2, and returns
// the layers ℓ = every, 2·every, … up to L (and L itself). They are the
// two-input kernel to second order in δx; IterateTwo is the exact one.
func (a *Activation) IterateBootstrap(cb, cw, k00, dk1, ddk2 float64, L, every int) ([]BootstrapLayer, error) {
	return a.iterateBootstrap(cb, cw, k00, dk1, ddk2, L, every, 0)
}

// IterateBootstrapChecked is IterateBootstrap run twice side by side, the
// second time with every average moved by checkPerturb of itself (see
// IterateChecked): a caller keeps the digits on which the two agree.
func (a *Activation) IterateBootstrapChecked(cb, cw, k00, dk1, ddk2 float64, L, every int) (layers, check []BootstrapLayer, err error) {
	return checkedRuns(func(p float64) ([]BootstrapLayer, error) {
		return a.iterateBootstrap(cb, cw, k00, dk1, ddk2, L, every, p)
	})
}

// iterateBootstrap is IterateBootstrap with the averages moved by perturb
// (alternating in sign).
func (a *Activation) iterateBootstrap(cb, cw, k00, dk1, ddk2 float64, L, every int, perturb float64) ([]BootstrapLayer, error) {
	switch {
	case L < 1:
		return nil, fmt.Errorf("recursions: IterateBootstrap needs L ≥ 1, got %d", L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateBootstrap needs every ≥ 1, got %d", every)
	case !(k00 > 0):
		return nil, fmt.Errorf("recursions: IterateBootstrap needs K₀₀^(1) > 0, got %g", k00)
	}
	set, err := a.bootstrapAverages()
	if err != nil {
		return nil, err
	}
	out := make([]BootstrapLayer, 0, L/every+1)
	K, d1, d2 := k00, dk1, ddk2
	// The averages of the last K₀₀, which repeats once it has reached its
	// fixed point.
	lastK, v := math.NaN(), []hermite.Value(nil)
	for l := 1; ; l++ {
		if !(K > 0) {
			return out, fmt.Errorf("recursions: layer %d: the kernel K₀₀ = %g is no longer positive", l, K)
		}
		if K != lastK {
			if v, err = set.At(K); err != nil {
				return out, fmt.Errorf("recursions: layer %d: averages at K₀₀ = %g: %w", l, K, err)
			}
			lastK = K
		}
		g, chiPar, chiPerp := v[0].V*(1+perturb), cw/K*v[1].V*(1-perturb), cw*v[2].V*(1+perturb)
		h := cw / (4 * K * K) * (v[3].V - K*v[2].V) * (1 - perturb)
		if l%every == 0 || l == L {
			out = append(out, BootstrapLayer{L: l, K00: K, DK1: d1, DDK2: d2, ChiPar: chiPar, ChiPerp: chiPerp})
		}
		if l == L {
			return out, nil
		}
		K, d1, d2 = cb+cw*g, chiPar*d1, chiPerp*d2+h*d1*d1
	}
}
