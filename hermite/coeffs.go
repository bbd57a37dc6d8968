package hermite

import (
	"fmt"
	"math"
	"slices"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// MaxCoefficients is the largest order n accepted by Coefficients.
const MaxCoefficients = 200

// Fixed panels of Coefficients: the width bound in x, and the two rule
// sizes whose results must agree to coeffTol (absolute, the coefficients
// being normalized so that Σ c_k² = 1).
const (
	coeffWidth = 0.5
	coeffLow   = 32
	coeffHigh  = 48
	coeffTol   = 1e-13
)

// Coefficients returns c_k = E[φ(X)·he_k(X)], k = 0..n, X ~ N(0,1), where
// he_k = He_k/√(k!) are the orthonormal probabilists' Hermite polynomials
// and φ = σ/C with C = √E[σ(X)²]; also C itself. It accepts
// 0 ≤ n ≤ MaxCoefficients.
//
// The he_k come from the normalized recurrence
// he_{k+1}(x) = (x·he_k(x) − √k·he_{k−1}(x))/√(k+1) on the nodes of
// Gauss–Legendre panels of width at most 1/2, split at σ's kinks and, where
// σ has a transition at 0 narrower than that, halved towards 0 down to its
// width (featureEdges), on [−T, T]. By Cramér's inequality
// |he_k(x)|·e^(−x²/4) ≤ 1.09 for every k, so T is where |σ(x)|·e^(−x²/4)
// has fallen below e^(−40) of its size near 0 (and no less than the cut
// of E[σ²]). The panels are integrated
// with two rule sizes; a difference above 1e-13 in any c_k is an error.
func Coefficients(sigma calc.Expr, n int) (c []float64, C float64, err error) {
	if n < 0 || n > MaxCoefficients {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: the order n must be in [0, %d], got %d", sigma, MaxCoefficients, n)
	}
	in, err := newIntegrand(sigma)
	if err != nil {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	T, err := in.coeffCut(float64LogCut)
	if err != nil {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	edges := append([]float64{-T}, in.breakpoints(1, T)...)
	edges = append(edges, featureEdges(in.scale, coeffWidth, T)...)
	edges = append(edges, T)
	slices.Sort(edges)
	lo, loSq, _, err := in.hermiteMoments(1, edges, n, coeffLow, coeffWidth, false)
	if err != nil {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	hi, hiSq, _, err := in.hermiteMoments(1, edges, n, coeffHigh, coeffWidth, false)
	if err != nil {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	if !(hiSq > 0) || math.IsInf(hiSq, 0) {
		if err := in.checkDefined(1, T); err != nil {
			return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
		}
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: E[σ(X)²] = %g is not positive and finite", sigma, hiSq)
	}
	C = math.Sqrt(hiSq)
	if d := math.Abs(math.Sqrt(loSq) - C); d > coeffTol*C {
		return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w (C = %.17g differs by %.2g between the %d- and %d-point panels)", sigma, ErrNotConverged, C, d, coeffLow, coeffHigh)
	}
	for k := range hi {
		hi[k] /= C
		if d := math.Abs(lo[k]/C - hi[k]); d > coeffTol || math.IsNaN(d) {
			return nil, 0, fmt.Errorf("Hermite coefficients of %s: %w (c_%d = %.17g differs by %.2g between the %d- and %d-point panels)", sigma, ErrNotConverged, k, hi[k], d, coeffLow, coeffHigh)
		}
	}
	return hi, C, nil
}

// featureEdges returns the panel edges that resolve a transition of σ of
// width scale at 0 (featureScale, tanh(100x): 0.016) with panels no wider
// than width elsewhere: 0 and ±scale·2^j for j = 0, 1, … below width,
// inside (−T, T); none where scale ≥ width, so that a σ without such a
// feature keeps the panels of width width alone. Each panel then spans at
// most its distance from 0, or scale next to it, and the transition is
// sampled by every rule's nodes on the panels that hold it.
func featureEdges(scale, width, T float64) []float64 {
	if !(scale > 0) || scale >= width {
		return nil
	}
	es := []float64{0}
	for x := scale; x < width && x < T; x *= 2 {
		es = append(es, -x, x)
	}
	return es
}

// coeffCut returns the cut T of the Hermite coefficients: no less than
// the cut of E[σ(X)²] at the same tolerance, and far enough out that
// |σ(x)|·e^(−x²/4) (which bounds |σ·he_k|·φ by Cramér's inequality) has
// fallen below e^(−logTol) relative to its size on [−1, 1].
func (in *integrand) coeffCut(logTol float64) (float64, error) {
	T0, err := in.tailCut(1, logTol)
	if err != nil {
		return 0, err
	}
	return in.cramerCut(1, logTol, T0)
}

// hermiteMoments returns E[σ(sk·X)·he_k(X)], k = 0..n, E[σ(sk·X)²] and,
// when withAbs, the sums of |σ·he_k|·weight, with m-point Gauss–Legendre
// panels no wider than width between the edges (in X).
func (in *integrand) hermiteMoments(sk float64, edges []float64, n, m int, width float64, withAbs bool) (mom []float64, sq float64, abs []float64, err error) {
	r, err := legendreRule(m)
	if err != nil {
		return nil, 0, nil, err
	}
	mom, abs = make([]float64, n+1), make([]float64, n+1)
	xs, zs, ws, fs := make([]float64, m), make([]float64, m), make([]float64, m), make([]float64, m)
	wf, prev, cur := make([]float64, m), make([]float64, m), make([]float64, m)
	sqrtK, invSqrtK := make([]float64, n+2), make([]float64, n+2)
	for k := range sqrtK {
		sqrtK[k] = math.Sqrt(float64(k))
		invSqrtK[k] = 1 / sqrtK[k]
	}
	edges = slices.Compact(edges)
	for i := 0; i+1 < len(edges); i++ {
		a, b := edges[i], edges[i+1]
		panels := int(math.Ceil((b - a) / width))
		for p := range panels {
			lo := a + (b-a)*float64(p)/float64(panels)
			hi := a + (b-a)*float64(p+1)/float64(panels)
			mapPanel(r, lo, hi, xs, ws)
			for j, x := range xs {
				zs[j] = sk * x
			}
			in.prog.EvalSlice(fs, zs)
			for j := range xs {
				wf[j] = ws[j] * fs[j]
				sq += wf[j] * fs[j]
				prev[j], cur[j] = 0, 1 // he_{−1}, he_0
			}
			// The recurrence runs across the nodes of the panel at once,
			// so that its steps for different nodes overlap.
			for k := 0; ; k++ {
				sum, sa := 0.0, 0.0
				for j, h := range cur {
					t := wf[j] * h
					sum += t
					if withAbs {
						sa += math.Abs(t)
					}
				}
				mom[k] += sum
				abs[k] += sa
				if k == n {
					break
				}
				sqk, inv := sqrtK[k], invSqrtK[k+1]
				for j, x := range xs {
					prev[j], cur[j] = cur[j], (x*cur[j]-sqk*prev[j])*inv
				}
			}
		}
	}
	return mom, sq, abs, nil
}

// mapPanel maps the rule r to [a, b] with the standard normal density
// folded into the weights.
func mapPanel(r quadrature.Rule, a, b float64, xs, ws []float64) {
	half, mid := (b-a)/2, (a+b)/2
	for i, x := range r.X {
		t := mid + half*x
		xs[i] = t
		ws[i] = r.W[i] * half * math.Exp(-t*t/2) / math.Sqrt(2*math.Pi)
	}
}
