package quadrature

import (
	"fmt"
	"math"
)

// MaxGaussHermite is the largest number of nodes accepted by GaussHermite.
const MaxGaussHermite = 1024

// hermiteScale is the power of two by which the Hermite recurrences are
// rescaled whenever their values exceed 2^hermiteScale (0x1p300), keeping
// them finite.
const hermiteScale = 300

var hermiteCache cache[int, Rule]

// GaussHermite returns the n-point Gauss–Hermite rule for the standard normal
// density (probabilists' weight), 1 ≤ n ≤ MaxGaussHermite:
//
//	∫ f(x)·e^{−x²/2}/√(2π) dx ≈ Σ W[i]·f(X[i]),  Σ W[i] = 1.
//
// It is exact for polynomials of degree ≤ 2n−1. Nodes are ascending and
// symmetric; nodes and weights are within about one ulp of the exact values.
// Nodes whose weights are below the smallest normal float64 (2^−1022), which
// happens from n = 370 on at the outermost nodes, are dropped together with
// their weights, so len(X) may be less than n. Rules are computed once and
// cached; the returned slices are a copy the caller may modify.
func GaussHermite(n int) (Rule, error) {
	r, err := gaussHermite(n)
	if err != nil {
		return Rule{}, err
	}
	return r.clone(), nil
}

func gaussHermite(n int) (Rule, error) {
	if n < 1 || n > MaxGaussHermite {
		return Rule{}, orderError("GaussHermite", n, MaxGaussHermite)
	}
	return hermiteCache.get(n, func() (Rule, error) {
		roots, ws, err := hermiteRoots(n)
		if err != nil {
			return Rule{}, err
		}
		return hermiteRule(n, roots, ws), nil
	})
}

// hermiteRule assembles the symmetric rule from the nonnegative roots
// (ascending) and their weights, dropping weights below 2^−1022. Weights
// decrease away from the origin, so the dropped nodes are the outermost.
func hermiteRule(n int, roots, ws []float64) Rule {
	keep := 0
	for keep < len(ws) && ws[keep] >= 0x1p-1022 {
		keep++
	}
	roots, ws = roots[:keep], ws[:keep]
	first := 0 // index in roots of the first positive root
	if n%2 == 1 {
		first = 1
	}
	size := 2*keep - first
	x := make([]float64, 0, size)
	w := make([]float64, 0, size)
	for i := keep - 1; i >= first; i-- {
		x = append(x, -roots[i])
		w = append(w, ws[i])
	}
	x = append(x, roots...)
	w = append(w, ws...)
	return Rule{X: x, W: w}
}

// hermiteRoots returns the ⌈n/2⌉ nonnegative roots of Heₙ in ascending order
// and their weights (which may underflow to zero).
func hermiteRoots(n int) (roots, weights []float64, err error) {
	m := (n + 1) / 2
	roots = make([]float64, m)
	weights = make([]float64, m)
	guesses := hermiteGuesses(n)
	fact, ef := factorialDD(n)
	for i := range m {
		x0 := guesses[i]
		if x0 != 0 {
			x0 = hermiteNewton64(n, x0)
		}
		r, w, err := hermitePolish(n, x0, fact, ef)
		if err != nil {
			return nil, nil, err
		}
		roots[i], weights[i] = r, w
	}
	ok := roots[0] >= 0
	for i := 1; i < m; i++ {
		ok = ok && roots[i] > roots[i-1]
	}
	if !ok {
		return nil, nil, fmt.Errorf("quadrature: Gauss–Hermite root finding failed for n = %d", n)
	}
	return roots, weights, nil
}

// hermite64 returns Heₙ(x) and Heₙ₋₁(x), both multiplied by the same power
// of two, from the recurrence Heₖ₊₁ = x·Heₖ − k·Heₖ₋₁.
func hermite64(n int, x float64) (hn, hn1 float64) {
	if n == 0 {
		return 1, 0
	}
	p0, p1 := 1.0, x
	for k := 1; k < n; k++ {
		p0, p1 = p1, x*p1-float64(k)*p0
		if math.Abs(p1) > 0x1p300 {
			p0 *= 0x1p-300
			p1 *= 0x1p-300
		}
	}
	return p1, p0
}

// hermiteNewton64 runs float64 Newton iterations for a root of Heₙ from x,
// using He′ₙ = n·Heₙ₋₁.
func hermiteNewton64(n int, x float64) float64 {
	for it := 0; it < 100; it++ {
		p, q := hermite64(n, x)
		dx := p / (float64(n) * q)
		x -= dx
		if math.Abs(dx) <= 0x1p-44*math.Abs(x) {
			break
		}
	}
	return x
}

// hermiteDD returns Heₙ(x) and Heₙ₋₁(x) in double-double arithmetic, both
// multiplied by 2^−e.
func hermiteDD(n int, x dd) (hn, hn1 dd, e int) {
	if n == 0 {
		return ddFrom(1), dd{}, 0
	}
	p0, p1 := ddFrom(1), x
	for k := 1; k < n; k++ {
		p0, p1 = p1, x.mul(p1).sub(p0.mulF(float64(k)))
		if math.Abs(p1.hi) > 0x1p300 {
			p0 = p0.scale(-hermiteScale)
			p1 = p1.scale(-hermiteScale)
			e += hermiteScale
		}
	}
	return p1, p0, e
}

// factorialDD returns n! as f·2^e in double-double arithmetic.
func factorialDD(n int) (f dd, e int) {
	f = ddFrom(1)
	for k := 2; k <= n; k++ {
		f = f.mulF(float64(k))
		if f.hi > 0x1p300 {
			f = f.scale(-hermiteScale)
			e += hermiteScale
		}
	}
	return f, e
}

// hermitePolish refines a root x0 of Heₙ in double-double arithmetic and
// returns the rounded root and its weight n!/He′ₙ(x)², where He′ₙ at the
// polished root is obtained from a first-order Taylor correction with
// He″ₙ = x·He′ₙ − n·Heₙ.
func hermitePolish(n int, x0 float64, fact dd, ef int) (root, weight float64, err error) {
	nf := float64(n)
	for it := 0; it < 8; it++ {
		x := ddFrom(x0)
		p, q, e := hermiteDD(n, x)
		d1 := q.mulF(nf)
		delta := p.div(d1).neg()
		r := x.add(delta)
		if math.Abs(delta.hi) > 0x1p-32*math.Abs(x0)/nf && it < 7 {
			x0 = r.float()
			continue
		}
		d2 := x.mul(d1).sub(p.mulF(nf))
		d := d1.add(d2.mul(delta))
		weight = math.Ldexp(fact.div(d.mul(d)).float(), ef-2*e)
		root = r.float()
		if math.IsNaN(root) || math.IsNaN(weight) {
			break
		}
		return root, weight, nil
	}
	return 0, 0, fmt.Errorf("quadrature: Gauss–Hermite Newton iteration failed for n = %d", n)
}

// hermiteGuesses returns initial guesses for the ⌈n/2⌉ nonnegative roots of
// Heₙ in ascending order, from Tricomi's expansion of the Laguerre zeros
// (Heₙ is a Laguerre polynomial in x²/2 times 1 or x): with ν = 2n+1 and
// α = ∓½ for n even/odd, the j-th largest physicists' root h satisfies
//
//	h² ≈ ν·σ − (5/(4(1−σ)²) − 1/(1−σ) − 1 + 3α²)/(3ν),  σ = cos²(T/2),
//	T − sin T = (4j+3)π/ν,
//
// and the probabilists' root is √2·h. The guesses are within 2·10⁻³ of the
// root spacing for every n ≤ MaxGaussHermite, including the largest roots.
func hermiteGuesses(n int) []float64 {
	m := (n + 1) / 2
	g := make([]float64, m)
	nu := float64(2*n + 1)
	alpha := -0.5
	if n%2 == 1 {
		alpha = 0.5
	}
	for j := 0; j < n/2; j++ {
		rhs := float64(4*j+3) * math.Pi / nu
		t := math.Pi / 2
		for range 50 {
			dt := (t - math.Sin(t) - rhs) / (1 - math.Cos(t))
			t -= dt
			if math.Abs(dt) < 1e-15 {
				break
			}
		}
		s := math.Cos(t / 2)
		s *= s
		h2 := nu*s - (5/(4*(1-s)*(1-s))-1/(1-s)-1+3*alpha*alpha)/(3*nu)
		g[m-1-j] = math.Sqrt(2 * h2)
	}
	return g
}
