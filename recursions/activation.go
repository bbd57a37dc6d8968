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

// New prepares the expectations of σ. The first expands σ and σ' at 0
// (to find its integrand's feature scale), the bulk of the work, and the
// others, which find those expansions kept (calc's jet cache) and only
// multiply them, are prepared side by side; an error is that of the first
// integrand, in catalogue order, that fails.
func New(sigma calc.Expr) (*Activation, error) {
	a := &Activation{Sigma: sigma, deriv: calc.Derivative(sigma, 1)}
	prepare := func(i int) error {
		e, err := hermite.NewExpectation(a.integrand(integrand(i)))
		if err != nil {
			return fmt.Errorf("recursions: preparing ⟨%s⟩: %w", integrandNames[i], err)
		}
		a.single[i] = e
		return nil
	}
	if err := prepare(0); err != nil {
		return nil, err
	}
	if err := forEach(int(nIntegrands)-1, func(i int) error { return prepare(i + 1) }); err != nil {
		return nil, err
	}
	return a, nil
}
