package recursions

import (
	"fmt"

	"critcalc/calc"
	"critcalc/hermite"
)

// Activation is an activation function σ prepared for the kernel
// recursion: the Gaussian expectations of the K-independent integrands that
// the susceptibilities are built from. It is safe for concurrent use.
type Activation struct {
	// Sigma is the activation function.
	Sigma calc.Expr
	// Progress, when not nil, is told of the layers a long iteration has
	// done out of its total (IterateDigits calls it once a layer).
	Progress func(done, total int)

	deriv  calc.Expr                         // σ'
	single [nIntegrands]*hermite.Expectation // each average alone, in float64
	sets   [nSets]preparedSet                // the sets evaluated together
	scans  scanCache                         // the scan grids of the root searches
}

// bootstrapAverages returns the layer set: g, χ∥, χ⊥ and h of one layer.
func (a *Activation) bootstrapAverages() (*hermite.Many, error) { return a.averages(layerSet) }

// New prepares the expectations of σ, one after another: each expands
// its integrand at 0 (its feature scale), and the later ones find the
// expansions of σ, σ' and their powers that the earlier ones kept (calc's
// jet cache), which side by side they would compute again.
func New(sigma calc.Expr) (*Activation, error) {
	a := &Activation{Sigma: sigma, deriv: calc.Derivative(sigma, 1)}
	for i := range nIntegrands {
		e, err := hermite.NewExpectation(a.integrand(i))
		if err != nil {
			return nil, fmt.Errorf("recursions: preparing ⟨%s⟩: %w", integrandNames[i], err)
		}
		a.single[i] = e
	}
	return a, nil
}
