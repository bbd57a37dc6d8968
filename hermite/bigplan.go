package hermite

import "sync"

// quadPlan is what the arbitrary-precision quadrature decides at one K
// before and during its high-precision work: the tail cut, the kinks inside
// it, the panels (dyadic fractions of each piece), the integrands' scales
// E|F|, and, once the quadrature has converged, the rule each panel
// needed with its error estimates.
//
// All but the rules depend on K only through its float64 value. The rules
// carry over to any K with that float64 value: the integrands
// F_i(√K t)φ(t) are analytic in K, so moving K by a relative 2^−53 or less
// changes a panel's quadrature error by as little relative to itself. This
// is what a Newton iteration needs: its last steps move K far below
// float64 resolution, and each such step then costs one rule per panel
// instead of the doubling sequence that found it.
type quadPlan struct {
	T      float64
	zs     []float64   // the kinks inside the cut, in z
	fracs  [][]float64 // per piece, the panel boundaries in [0, 1], sorted
	scales []float64   // per integrand, E|F|
	rules  []panelRule // per panel; nil until the quadrature has converged
}

// panelRule is the Gauss–Legendre rule size that met a panel's tolerances
// and the error estimates it had there.
type panelRule struct {
	size int
	est  []float64
}

// planKey identifies a plan: the float64 K and the digits asked for.
type planKey struct {
	K             float64
	digits, extra int
}

// maxPlans bounds the plans a quadrature keeps (the recent K of an
// iteration).
const maxPlans = 16

// planCache holds the plans of recent calls; it is safe for concurrent use.
type planCache struct {
	mu sync.Mutex
	m  map[planKey]*quadPlan
}

// get returns the plan for key, or nil.
func (c *planCache) get(key planKey) *quadPlan {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

// put stores a plan, forgetting all others when the cache is full.
func (c *planCache) put(key planKey, p *quadPlan) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxPlans {
		c.m = map[planKey]*quadPlan{}
	}
	c.m[key] = p
}
