package recursions

import (
	"fmt"
	"sync"

	"critcalc/calc"
	"critcalc/hermite"
)

// Activation is an activation function σ prepared for the kernel
// recursion: the Gaussian expectations of the K-independent integrands that
// the susceptibilities are built from. It is safe for concurrent use.
type Activation struct {
	// Sigma is the activation function.
	Sigma calc.Expr

	s2    *hermite.Expectation // σ²
	sp2   *hermite.Expectation // σ'²
	s2z2  *hermite.Expectation // σ²z²
	s2z4  *hermite.Expectation // σ²z⁴
	s4    *hermite.Expectation // σ⁴
	zssp  *hermite.Expectation // zσσ'
	sp2z2 *hermite.Expectation // σ'²z²

	digits digitsSet // the high-precision averages (critical points, fixed points, quantities)

	bootOnce sync.Once
	boot     *hermite.Many // σ², zσσ', σ'², σ'²z² on shared nodes
	bootErr  error

	scans scanCache // ⟨σ²⟩, ⟨zσσ'⟩, ⟨σ'²⟩ on the scan grids of the root searches
}

// bootstrapAverages returns ⟨σ²⟩, ⟨zσσ'⟩, ⟨σ'²⟩ and ⟨σ'²z²⟩ prepared
// together: g, χ∥, χ⊥ and h of one layer.
func (a *Activation) bootstrapAverages() (*hermite.Many, error) {
	a.bootOnce.Do(func() {
		z := calc.Var()
		d := calc.Derivative(a.Sigma, 1)
		sp2 := calc.Mul(d, d)
		a.boot, a.bootErr = hermite.NewMany(calc.Mul(a.Sigma, a.Sigma), calc.Mul(z, calc.Mul(a.Sigma, d)), sp2, calc.Mul(sp2, calc.Mul(z, z)))
		if a.bootErr != nil {
			a.bootErr = fmt.Errorf("recursions: preparing the layer averages of %s: %w", a.Sigma, a.bootErr)
		}
	})
	return a.boot, a.bootErr
}

// New prepares the expectations of σ.
func New(sigma calc.Expr) (*Activation, error) {
	z := calc.Var()
	d := calc.Derivative(sigma, 1)
	s2 := calc.Mul(sigma, sigma)
	sp2 := calc.Mul(d, d)
	z2 := calc.Mul(z, z)
	integrands := []struct {
		name string
		f    calc.Expr
	}{
		{"σ²", s2},
		{"σ'²", sp2},
		{"σ²z²", calc.Mul(s2, z2)},
		{"σ²z⁴", calc.Mul(s2, calc.Mul(z2, z2))},
		{"σ⁴", calc.Mul(s2, s2)},
		{"zσσ'", calc.Mul(z, calc.Mul(sigma, d))},
		{"σ'²z²", calc.Mul(sp2, z2)},
	}
	a := &Activation{Sigma: sigma}
	dst := []**hermite.Expectation{&a.s2, &a.sp2, &a.s2z2, &a.s2z4, &a.s4, &a.zssp, &a.sp2z2}
	for i, in := range integrands {
		e, err := hermite.NewExpectation(in.f)
		if err != nil {
			return nil, fmt.Errorf("recursions: preparing ⟨%s⟩: %w", in.name, err)
		}
		*dst[i] = e
	}
	return a, nil
}

// at evaluates one prepared expectation at K > 0.
func at(e *hermite.Expectation, name string, K float64) (float64, error) {
	if !(K > 0) {
		return 0, fmt.Errorf("recursions: ⟨%s⟩ needs K > 0, got %g", name, K)
	}
	v, err := e.At(K)
	if err != nil {
		return 0, fmt.Errorf("recursions: ⟨%s⟩ at K = %g: %w", name, K, err)
	}
	return v.V, nil
}
