package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
)

// ErrDiverges is the cause of an error for an expectation whose integral
// does not converge.
var ErrDiverges = errors.New("the Gaussian integral diverges")

// ErrOverflow is the cause of an error for a float64 expectation of an F
// that exceeds the float64 range where it matters.
var ErrOverflow = errors.New("the integrand overflows float64")

// ErrUndefined is the cause of an error for an integrand that is not
// defined on part of the real line.
var ErrUndefined = errors.New("the integrand is undefined on part of the real line")

// integrand is F compiled for the expectation engine, with its kinks.
type integrand struct {
	expr calc.Expr
	prog *calc.Program
	// big is F's arbitrary-precision program, compiled on first use
	// (bigProgram): the float64 averages need it only where F overflows
	// or is undefined.
	big   func() *calc.BigProgram
	kinks []float64 // z-locations, ascending
	exact []*big.Rat
	// branches are the kinks that are branch points (calc.Kink.Branch),
	// where the rules converge only algebraically.
	branches []float64
	aux      int     // the power m of the companion F/(1+z²)^m (0: none), see growthPower
	scale    float64 // the length in z on which F varies near 0, see featureScale
	// parts are F's closed-form parts (polyPartsOf), found on first use:
	// only the two-input averages ask for them.
	parts func() *polyParts
}

func newIntegrand(f calc.Expr) (*integrand, error) {
	facts, err := factsOf(f)
	if err != nil {
		return nil, err
	}
	in := &integrand{expr: f, prog: calc.Compile(f), big: sync.OnceValue(func() *calc.BigProgram { return calc.CompileBig(f) }), scale: facts.scale, parts: facts.parts}
	in.aux = growthPower(in.prog)
	for _, k := range facts.kinks {
		in.kinks = append(in.kinks, k.X)
		in.exact = append(in.exact, k.Exact)
		if k.Branch() {
			in.branches = append(in.branches, k.X)
		}
	}
	return in, nil
}

// integrandFacts are what the engine learns of an F before integrating it:
// its kinks and its featureScale, and on first use its closed-form parts.
// Each takes milliseconds (a scan for switching roots, Taylor series of
// order 32), and the same F is prepared by several sets of averages of one
// activation, or at every layer of an iteration, so they are kept per
// expression (expressions are interned: equal ones are one calc.Expr).
type integrandFacts struct {
	kinks []calc.Kink
	scale float64
	parts func() *polyParts
}

// maxFacts bounds the number of expressions whose facts are kept; the
// store is emptied when it is full.
const maxFacts = 4096

var facts struct {
	mu sync.Mutex
	m  map[calc.Expr]integrandFacts
}

// factsOf returns the facts of f, computing them on first use.
func factsOf(f calc.Expr) (integrandFacts, error) {
	facts.mu.Lock()
	x, ok := facts.m[f]
	facts.mu.Unlock()
	if ok {
		return x, nil
	}
	ks, err := calc.Kinks(f)
	if err != nil {
		return integrandFacts{}, fmt.Errorf("finding the kinks of %s: %w", f, err)
	}
	x = integrandFacts{kinks: ks, scale: featureScale(f), parts: sync.OnceValue(func() *polyParts { return polyPartsOf(f) })}
	facts.mu.Lock()
	if facts.m == nil || len(facts.m) >= maxFacts {
		facts.m = map[calc.Expr]integrandFacts{}
	}
	facts.m[f] = x
	facts.mu.Unlock()
	return x, nil
}

// The partition of the line is also fitted to a companion of each F that
// grows polynomially, F/(1+z²)^m, of bounded size: where F is a polynomial
// times a smooth step (z^k·σ(z) with σ → 0 or 1), the step's transition, of
// width about 1 in z and 1/√K in t, holds a part of E[F] that the rules of
// a wide panel can miss altogether (swish's ⟨z³σσ'⟩ at K = 2e5: G24 and
// G48 both off by 8e-13 of the value, their difference 1.3e-12) and that
// only a refinement of the panels near it resolves. The companion's
// expectation, of which the transition is a part of relative size 1/√K,
// forces that refinement; its value is not used.

// featureScale returns the length in z on which F varies near z = 0, at
// most 1: the radius of convergence of F's Taylor series at 0 (on each
// side), as the root test on the coefficients of orders 16 to 32 measures
// it against the size of F near 0 (the largest coefficient of orders 0 to
// 4; against the largest of all, as it was, a radius below 1 was never
// seen, since the largest is then of order 32), so that tanh(100x) has
// about 0.018, and 1
// for an entire F such as gelu or a polynomial, or where the series does
// not exist. The panels that touch 0 or a kink are bisected until they are
// narrower than minPanelScale such lengths in z (see adaptive.integrate):
// a transition of F there, of width 1/√K in t at a large K, is otherwise
// missed by the nodes of a wide panel altogether (tanh² at K = 1e8 came out
// as 1 ± 7e-15 where it is 1 − 8e-5). A smooth F (calc.Smooth) has one
// series for both sides, expanded once.
func featureScale(f calc.Expr) float64 {
	const lo, hi = 16, 32
	r := 1.0
	sides := []calc.Side{calc.Above}
	if !calc.Smooth(f) {
		sides = append(sides, calc.Below)
	}
	for _, side := range sides {
		c, err := calc.TaylorFloat64(f, 0, hi, side)
		if err != nil {
			continue
		}
		S := 0.0
		for _, v := range c[:5] {
			S = max(S, math.Abs(v))
		}
		for k := lo; k <= hi; k++ {
			if a := math.Abs(c[k]); a > 0 && S > 0 && !math.IsInf(S, 0) {
				r = min(r, math.Pow(S/a, 1/float64(k)))
			}
		}
	}
	if !(r > 0) {
		return 1
	}
	return r
}

// growthPower returns m = ⌈p/2⌉ for an F that grows like |z|^p, p ≥ 1/2,
// judged from |F| at |z| = 10² and 10³, and 0 for a bounded F or one that
// grows faster than a power of degree 16 or is not finite there.
func growthPower(prog *calc.Program) int {
	p := 0.0
	for _, s := range []float64{-1, 1} {
		a, b := math.Abs(prog.Eval(s*1e2)), math.Abs(prog.Eval(s*1e3))
		if a == 0 || b == 0 {
			continue
		}
		d := math.Log10(b / a)
		if !(d <= 16) {
			return 0
		}
		p = max(p, d)
	}
	if p < 0.5 {
		return 0
	}
	return int(math.Ceil(p/2 - 0.01))
}

// auxValues sets dst[j] = f[j]/(1+z[j]²)^m, the companion of F.
func auxValues(dst, f, z []float64, m int) {
	for j, x := range z {
		r := 1 / (1 + x*x)
		v := f[j]
		for range m {
			v *= r
		}
		dst[j] = v
	}
}

// newIntegrands prepares several integrands.
func newIntegrands(fs ...calc.Expr) ([]*integrand, error) {
	out := make([]*integrand, len(fs))
	for i, f := range fs {
		in, err := newIntegrand(f)
		if err != nil {
			return nil, err
		}
		out[i] = in
	}
	return out, nil
}

// logAbsAt returns log|F(z)|, using arbitrary precision where float64
// overflows, and an error where F is undefined.
func (in *integrand) logAbsAt(z float64) (float64, error) {
	v := in.prog.Eval(z)
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		return math.Log(math.Abs(v)), nil
	}
	b, err := in.big().Eval(new(big.Float).SetFloat64(z), 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUndefined, err)
	}
	if b.Sign() == 0 {
		return math.Inf(-1), nil
	}
	m := new(big.Float)
	e := b.MantExp(m)
	f, _ := m.Float64()
	return math.Log(math.Abs(f)) + float64(e)*math.Ln2, nil
}

// tailCut returns T > 0 such that, in the standard variable t = z/√K, the
// integrand |F(√K·t)|·φ(t) beyond ±T is below e^(−logTol) relative to its
// largest size near the centre or on the way out, judged from the
// integrand's growth sampled along the line. It reports divergence when log|F| − t²/2 keeps growing.
func (in *integrand) tailCut(K float64, logTol float64) (float64, error) {
	cuts, _, err := in.tailCuts(K, logTol, false)
	return max(cuts[0], cuts[1]), err
}

// tailCutStep is the resolution in t of the tail cuts tailCuts refines:
// the search steps by 2 and overshoots by up to that much, which at a cut
// near t = 16 (30 digits) is an eighth of the nodes of a trapezoidal sum.
const tailCutStep = 0.125

// tailCuts returns the cuts of tailCut on each side, T₋ for t < 0 and T₊
// for t > 0, each at least 4: F·φ falls off at its own pace on each side
// (gelu's σ² like e^(−z²) beside the Gaussian on the left, not at all on
// the right). With fine, each cut is brought down from the
// first step of 2 where F·φ is below the tolerance to the last point of
// the finer grid tailCutStep, going inwards, where it still is: the part
// beyond is below the tolerance at every point sampled. levels are the
// bounds on log|F(√K·t)| − t²/2 at those points beyond each cut
// (tailTruncation turns them into a bound on the tails left out).
func (in *integrand) tailCuts(K float64, logTol float64, fine bool) (cuts, levels [2]float64, err error) {
	sk := math.Sqrt(K)
	ref := math.Inf(-1)
	for _, t := range []float64{-1, -0.5, 0, 0.5, 1} {
		if l, err := in.logAbsAt(sk * t); err == nil {
			ref = max(ref, l)
		}
	}
	if math.IsInf(ref, -1) {
		ref = 0
	}
	cuts = [2]float64{4, 4}
	for k, side := range []float64{-1, 1} {
		prev, peak := math.Inf(-1), ref
		var overflow error
		for t := 4.0; ; t += 2 {
			l, lerr := in.logAbsAt(side * sk * t)
			if lerr != nil {
				return cuts, levels, lerr
			}
			h := l - t*t/2
			if h < peak-logTol {
				if overflow != nil {
					return cuts, levels, overflow
				}
				cuts[k], levels[k] = t, peak-logTol
				if fine && t > 4 {
					cuts[k] = in.fineCut(side, sk, t, peak-logTol)
				}
				break
			}
			// Where F overflows float64 before the cut (exp(x) at a large
			// K: the mass of F·φ lies far beyond the centre, at t ≈ 2√K),
			// the line ends at the last step before the overflow if F·φ
			// is negligible there against its largest value so far;
			// otherwise the float64 expectation overflows, unless it
			// diverges.
			if v := in.prog.Eval(side * sk * t); math.IsInf(v, 0) && overflow == nil {
				if prev < peak-logTol && t > 4 {
					cuts[k], levels[k] = t-2, peak-logTol
					break
				}
				overflow = fmt.Errorf("%w: |F(z)| exceeds the float64 range at z = %.6g, where F·φ is not negligible", ErrOverflow, side*sk*t)
			}
			peak = max(peak, h)
			if t >= 64 {
				if h >= prev {
					return cuts, levels, fmt.Errorf("%w: |F(z)|·exp(−z²/2K) does not decay (F grows like exp(c·z²) with c ≥ 1/(2K) = %g)", ErrDiverges, 1/(2*K))
				}
				if overflow != nil {
					return cuts, levels, overflow
				}
				return cuts, levels, fmt.Errorf("%w: |F(z)|·exp(−z²/2K) is still %.3g relative to its centre at |z| = %g", ErrDiverges, math.Exp(h-ref), sk*t)
			}
			prev = h
		}
	}
	return cuts, levels, nil
}

// tailTruncation returns a bound on the part of E|F| beyond the cuts T
// (on each side, in t) where log|F(√K·t)| − t²/2 stays below levels
// (tailCuts): with |F|φ falling off at least like the Gaussian beyond the
// cut, ∫_T^∞ |F|φ dt ≤ e^level/(√(2π)·T), doubled for margin, on each side.
func tailTruncation(T, levels [2]float64) float64 {
	var b float64
	for k := range T {
		b += 2 * math.Exp(levels[k]) / (math.Sqrt(2*math.Pi) * T[k])
	}
	return b
}

// fineCut returns the smallest point t' of the grid tailCutStep in
// (t − 2, t] such that log|F(side·√K·s)| − s²/2 < below at every point s
// of that grid in [t', t]; t itself meets it.
func (in *integrand) fineCut(side, sk, t, below float64) float64 {
	cut := t
	for s := t - tailCutStep; s > t-2; s -= tailCutStep {
		l, err := in.logAbsAt(side * sk * s)
		if err != nil || !(l-s*s/2 < below) {
			break
		}
		cut = s
	}
	return cut
}

// checkDefined samples F on the cut range and reports where it is
// undefined (NaN in float64 and an error in arbitrary precision).
func (in *integrand) checkDefined(K, T float64) error {
	sk := math.Sqrt(K)
	for i := 0; i <= 256; i++ {
		z := sk * T * (float64(i)/128 - 1)
		if v := in.prog.Eval(z); math.IsNaN(v) {
			if _, err := in.big().Eval(new(big.Float).SetFloat64(z), 64); err != nil {
				return fmt.Errorf("%w: %v", ErrUndefined, err)
			}
		}
	}
	return nil
}

// tInCut returns the points zs, in the standard variable t = z/√K (sk =
// √K), that lie inside (−T, T), in their order: the edges of the pieces
// of the line, so that a point computed by it equals the edge it is.
func tInCut(zs []float64, sk, T float64) []float64 {
	var out []float64
	for _, z := range zs {
		if t := z / sk; t > -T && t < T {
			out = append(out, t)
		}
	}
	return out
}

// breakpoints returns the kinks in the standard variable t = z/√K that
// lie inside (−T, T), ascending.
func (in *integrand) breakpoints(K, T float64) []float64 {
	return tInCut(in.kinks, math.Sqrt(K), T)
}
