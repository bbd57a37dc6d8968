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
	// Progress, when not nil, is told of the layers a long iteration has
	// done out of its total (IterateDigits calls it once a layer).
	Progress func(done, total int)

	deriv  calc.Expr                                   // σ'
	single [nIntegrands]firstUse[*hermite.Expectation] // each average alone, in float64
	sets   [nSets]firstUse[*hermite.Many]              // the sets evaluated together
	scans  scanCache                                   // the scan grids of the root searches
	mehler firstUse[*hermite.GHSeries]                 // Mehler's series of a smooth σ (nil for one with kinks)
	scaleI firstUse[scaleInvariance]                   // whether σ is scale-invariant, and its class data in float64
}

// scaleInvariance is what ScaleInvariantOf finds of σ at NumericDigits.
type scaleInvariance struct {
	si ScaleInvariant
	ok bool
}

// scaleInvariant returns ScaleInvariantOf(σ, NumericDigits), found on
// first use.
func (a *Activation) scaleInvariant() (ScaleInvariant, bool, error) {
	v, err := a.scaleI.get(func() (scaleInvariance, error) {
		si, ok, err := ScaleInvariantOf(a.Sigma, NumericDigits)
		return scaleInvariance{si, ok}, err
	})
	return v.si, v.ok, err
}

// firstUse is a value of an Activation prepared on its first use (an
// average, a set of them), with the error of preparing it.
type firstUse[T any] struct {
	once sync.Once
	v    T
	err  error
}

// get returns the value, computed by compute on first use.
func (f *firstUse[T]) get(compute func() (T, error)) (T, error) {
	f.once.Do(func() { f.v, f.err = compute() })
	return f.v, f.err
}

// bootstrapAverages returns the layer set: g, χ∥, χ⊥ and h of one layer.
func (a *Activation) bootstrapAverages() (*hermite.Many, error) { return a.averages(layerSet) }

// New prepares σ for the recursions: its derivative and ⟨σ²⟩, which every
// recursion needs (its preparation finds σ's kinks, so that a σ whose
// kinks cannot be found is refused here), and each other Gaussian average
// on first use. Preparing an average expands its integrand at 0 for its
// feature scale (hermite.NewExpectation), a few hundred microseconds in a
// new process, so a command pays only for the averages it needs: the
// two-input map of a smooth σ needs ⟨σ²⟩ alone. The later averages find
// the expansions of σ, σ' and their powers that the earlier ones kept
// (calc's jet cache).
func New(sigma calc.Expr) (*Activation, error) {
	a := &Activation{Sigma: sigma, deriv: calc.Derivative(sigma, 1)}
	if _, err := a.expectation(cS2); err != nil {
		return nil, err
	}
	return a, nil
}

// prepareAll prepares every average of the catalogue, one after another,
// and returns the first error.
func (a *Activation) prepareAll() error {
	for i := range nIntegrands {
		if _, err := a.expectation(i); err != nil {
			return err
		}
	}
	return nil
}

// expectation returns the float64 average of integrand i, preparing it on
// first use.
func (a *Activation) expectation(i integrand) (*hermite.Expectation, error) {
	return a.single[i].get(func() (*hermite.Expectation, error) {
		e, err := hermite.NewExpectation(a.integrand(i))
		if err != nil {
			return nil, fmt.Errorf("recursions: preparing ⟨%s⟩: %w", integrandNames[i], err)
		}
		return e, nil
	})
}
