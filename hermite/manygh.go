package hermite

import (
	"math"
	"sync"

	"critcalc/hermite/quadrature"
)

// The Gauss–Hermite path of Many.AtTol. At a small K a smooth integrand
// F(√K·t) is nearly a polynomial of low degree in t, which the
// Gauss–Hermite rules integrate against the Gaussian over the whole line
// with no tail cut and no panels: the rules of ghScanLow and ghScanHigh
// nodes take 72 evaluations where the panels take 144 and a tail search.
// The difference of the two bounds the error of the larger, as the
// difference of the two Gauss–Legendre rules bounds a panel's, and the
// value is accepted only where it is within the tolerance for every
// integrand. The rules are used only where their nodes near 0 are as
// close, in z, as the panels' finest allowed there (minPanelScale feature
// scales, see featureScale): a transition of F narrower than its feature
// scale is missed by both rules alike (tanh² at a large K), and the
// panels, bisected there, catch it.
const (
	ghScanLow  = 24
	ghScanHigh = 48
	// ghPanelGap is the widest gap, in feature scales, between the nodes
	// of the 48-point Gauss–Legendre rule on a panel of minPanelScale
	// feature scales (about minPanelScale·π/(2·48) ≈ 1.05, at its centre).
	ghPanelGap = minPanelScale * math.Pi / (2 * panelHigh)
)

// atGH returns the expectations at K > 0 from the two Gauss–Hermite rules,
// with ok = false where the integrands have kinks, √K puts the nodes
// farther apart than the panels' at the feature scale, a value is not
// finite, or the rules differ by more than relTol of E|F_i| for some i.
func (m *Many) atGH(K, relTol float64) (out []Value, ok bool) {
	if len(m.kinks) > 0 || len(m.branches) > 0 {
		return nil, false
	}
	rules, err := ghScanRules()
	if err != nil {
		return nil, false
	}
	sk := math.Sqrt(K)
	if !(sk*rules.gap <= ghPanelGap*m.scale) {
		return nil, false
	}
	lo, hi := rules.lo, rules.hi
	n := len(m.ins)
	sums := make([]float64, 3*n) // the low rule's, the high rule's, and Σ w|F| of the high
	s, a := sums[:n], sums[n:]
	m.ghSums(sk, lo, s, nil)
	m.ghSums(sk, hi, a[:n], a[n:])
	out = make([]Value, n)
	evals := len(lo.X) + len(hi.X)
	for i := range out {
		v, d, scale := a[i], math.Abs(s[i]-a[i]), a[n+i]
		if math.IsNaN(v) || math.IsInf(v, 0) || math.IsInf(scale, 0) || !(d <= max(relTol*scale, subnormalPanelTol)) {
			return nil, false
		}
		out[i] = Value{V: v, AbsErr: d + sumRounding(scale, evals), Evals: evals}
	}
	return out, true
}

// ghScanSet is the two rules of atGH and the gap between the two central
// nodes of the larger, in t (0.45), where a transition of F at 0 lies.
type ghScanSet struct {
	lo, hi quadrature.Rule
	gap    float64
}

// ghScanRules returns the rules of atGH, made once.
var ghScanRules = sync.OnceValues(func() (r ghScanSet, err error) {
	if r.lo, err = quadrature.GaussHermite(ghScanLow); err != nil {
		return r, err
	}
	if r.hi, err = quadrature.GaussHermite(ghScanHigh); err != nil {
		return r, err
	}
	c := len(r.hi.X) / 2 // the nodes are symmetric: ±x around 0
	r.gap = r.hi.X[c] - r.hi.X[c-1]
	return r, nil
})

// ghSums sets sum[i] = Σ_j w_j·F_i(√K·x_j) for the rule r (sk = √K) and,
// when abs is not nil, abs[i] = Σ_j w_j·|F_i(√K·x_j)|.
func (m *Many) ghSums(sk float64, r quadrature.Rule, sum, abs []float64) {
	s, _, fs := m.valuesAt(sk, r.X)
	for i, f := range fs {
		var v, av float64
		for j, w := range r.W {
			v += w * f[j]
			av += w * math.Abs(f[j])
		}
		sum[i] = v
		if abs != nil {
			abs[i] = av
		}
	}
	m.pool.Put(s)
}
