package recursions

import (
	"fmt"

	"critcalc/calc"
	"critcalc/hermite"
)

// integrand is one entry of the catalogue of Gaussian averages ⟨F⟩_K that
// the recursions are built from. Each is defined once (Activation.integrand)
// and named once (integrandNames); the sets evaluated together on shared
// nodes list them (averageSets).
type integrand int

// The catalogue, in the order of the high-precision set (its results are
// indexed by these).
const (
	cSp2   integrand = iota // σ'²
	cZssp                   // zσσ'
	cSp2z2                  // σ'²z²
	cZ3ssp                  // z³σσ'
	cS2                     // σ²
	cS2z2                   // σ²z²
	cS2z4                   // σ²z⁴
	cS4                     // σ⁴
	nIntegrands
)

var integrandNames = [nIntegrands]string{"σ'²", "zσσ'", "σ'²z²", "z³σσ'", "σ²", "σ²z²", "σ²z⁴", "σ⁴"}

// scaleInvariantPower is, for each integrand, the power p with
// ⟨F⟩_K = K^p·⟨F⟩_1 for a scale-invariant σ: F(√K·z) = K^(d/2)·F(z) for F
// of degree d in z, σ being of degree 1 and σ' of degree 0.
var scaleInvariantPower = [nIntegrands]int{cSp2: 0, cZssp: 1, cSp2z2: 1, cZ3ssp: 2, cS2: 1, cS2z2: 2, cS2z4: 3, cS4: 2}

// integrand returns the expression F of i, building only that one.
func (a *Activation) integrand(i integrand) calc.Expr {
	z := calc.Var()
	d := a.deriv
	z2 := calc.Mul(z, z)
	s2 := func() calc.Expr { return calc.Mul(a.Sigma, a.Sigma) }
	sp2 := func() calc.Expr { return calc.Mul(d, d) }
	zssp := func() calc.Expr { return calc.Mul(z, calc.Mul(a.Sigma, d)) }
	switch i {
	case cSp2:
		return sp2()
	case cZssp:
		return zssp()
	case cSp2z2:
		return calc.Mul(sp2(), z2)
	case cZ3ssp:
		return calc.Mul(z2, zssp())
	case cS2:
		return s2()
	case cS2z2:
		return calc.Mul(s2(), z2)
	case cS2z4:
		return calc.Mul(s2(), calc.Mul(z2, z2))
	case cS4:
		sq := s2()
		return calc.Mul(sq, sq)
	}
	panic(fmt.Sprintf("recursions: no integrand %d", i))
}

// averageSet names a set of averages prepared together: σ and σ' are
// computed once per node for all of them.
type averageSet int

// The sets.
const (
	// scanSet holds ⟨σ²⟩, ⟨zσσ'⟩ and ⟨σ'²⟩ on the grids of the root scans.
	scanSet averageSet = iota
	// layerSet holds g, χ∥, χ⊥ and h of one layer: ⟨σ²⟩, ⟨zσσ'⟩, ⟨σ'²⟩
	// and ⟨σ'²z²⟩.
	layerSet
	// digitsSet is the one set from which every D-digit value comes — the
	// Newton steps towards a critical point or a fixed point, the critical
	// values and the quantities at a given K: the whole catalogue, so the
	// set costs little more than one of its averages.
	digitsSet
	nSets
)

var averageSets = [nSets]struct {
	name    string
	members []integrand
}{
	scanSet:   {"scan", []integrand{cS2, cZssp, cSp2}},
	layerSet:  {"layer", []integrand{cS2, cZssp, cSp2, cSp2z2}},
	digitsSet: {"high-precision", []integrand{cSp2, cZssp, cSp2z2, cZ3ssp, cS2, cS2z2, cS2z4, cS4}},
}

// averages returns the set s of a's averages, prepared on first use from
// the averages alone (expectation), whose integrands the set shares.
func (a *Activation) averages(s averageSet) (*hermite.Many, error) {
	return a.sets[s].get(func() (*hermite.Many, error) {
		es := make([]*hermite.Expectation, len(averageSets[s].members))
		for j, i := range averageSets[s].members {
			var err error
			if es[j], err = a.expectation(i); err != nil {
				return nil, err
			}
		}
		m, err := hermite.ManyOf(es...)
		if err != nil {
			return nil, fmt.Errorf("recursions: preparing the %s averages of %s: %w", averageSets[s].name, a.Sigma, err)
		}
		return m, nil
	})
}

// at evaluates one float64 average at K > 0.
func (a *Activation) at(i integrand, K float64) (float64, error) {
	if !(K > 0) {
		return 0, fmt.Errorf("recursions: ⟨%s⟩ needs K > 0, got %g", integrandNames[i], K)
	}
	e, err := a.expectation(i)
	if err != nil {
		return 0, err
	}
	v, err := e.At(K)
	if err != nil {
		return 0, fmt.Errorf("recursions: ⟨%s⟩ at K = %g: %w", integrandNames[i], K, err)
	}
	return v.V, nil
}

// averagesAt returns the float64 averages of the listed integrands at K.
func (a *Activation) averagesAt(K float64, is ...integrand) ([]float64, error) {
	out := make([]float64, len(is))
	for j, i := range is {
		v, err := a.at(i, K)
		if err != nil {
			return nil, err
		}
		out[j] = v
	}
	return out, nil
}
