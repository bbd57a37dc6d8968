package hermite

import (
	"sync"

	"critcalc/calc"
)

// mehlerMap evaluates E[f(X)f(Y)], X and Y standard normal with
// correlation ρ, by Mehler's series with Gauss–Hermite moments of f
// (GHSeries): microseconds where the two-dimensional quadrature Expect2
// takes about a millisecond, with the same accuracy goal (GHSeries.Expect
// answers only where its bound meets Expect2's tolerance). A kernel map
// iterated over many layers (`hermite --depth`) evaluates κ at every
// layer. It is used only for an f such that f and f′ have no kinks, where
// the rules' differences bound the moments' errors; it is safe for
// concurrent use, and copies of a KernelMap share it.
type mehlerMap struct {
	f  calc.Expr
	gh ghSource
	mu sync.Mutex
	in *GHInput // the moments of variance 1 (not safe for concurrent use)
}

// newMehlerMap returns the series of f, prepared on first use.
func newMehlerMap(f calc.Expr) *mehlerMap { return &mehlerMap{f: f} }

// expect returns E[f(X)f(Y)] at correlation rho from the series, or ok =
// false where f is not smooth enough or the series' bound is not met (the
// caller then integrates). Each call tries the rules from the smallest
// level up, so that a value does not depend on the calls before it.
func (ks *mehlerMap) expect(rho float64) (v Value, ok bool) {
	s := ks.gh.series(ks.f)
	if s == nil {
		return Value{}, false
	}
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if ks.in == nil {
		ks.in = s.Input(1)
	}
	v, _, _, ok = s.Expect(ks.in, ks.in, rho, 0)
	return v, ok
}
