package hermite

import (
	"fmt"
	"sync"

	"critcalc/calc"
)

// ghSource holds the Gauss–Hermite series of a σ without kinks in σ or
// σ′ (nil for another σ), found on first use.
type ghSource struct {
	once sync.Once
	s    *GHSeries
	off  bool // never: ScaledSeries.Panels
}

// series returns the Gauss–Hermite series of sigma, or nil where σ or σ′
// has kinks (the rules' differences would not bound the moments' errors).
func (g *ghSource) series(sigma calc.Expr) *GHSeries {
	if g.off {
		return nil
	}
	g.once.Do(func() { g.s, _ = NewSmoothGHSeries(sigma, calc.Derivative(sigma, 1)) })
	return g.s
}

// NewSmoothGHSeries is NewGHSeries for a σ without kinks in σ or σ′
// (deriv, calc.Derivative(sigma, 1), which a caller often has already),
// and nil (with no error) for another σ, whose moments decay too slowly
// for the Gauss–Hermite rules and whose rules' differences would not
// bound their errors. An error is one of finding the kinks or of the
// rules.
func NewSmoothGHSeries(sigma, deriv calc.Expr) (*GHSeries, error) {
	for _, f := range []calc.Expr{sigma, deriv} {
		kinks, err := calc.Kinks(f)
		if err != nil {
			return nil, fmt.Errorf("finding the kinks of %s: %w", f, err)
		}
		if len(kinks) > 0 {
			return nil, nil
		}
	}
	return NewGHSeries(sigma)
}
