package quadrature

import (
	"fmt"
	"math"
)

// MaxGaussLegendre is the largest number of nodes accepted by GaussLegendre
// and GaussLegendreBig.
const MaxGaussLegendre = 4096

// Rule is a fixed quadrature rule: ∫ f ≈ Σ W[i]·f(X[i]). Nodes are in
// ascending order.
type Rule struct{ X, W []float64 }

func (r Rule) clone() Rule {
	return Rule{X: append([]float64(nil), r.X...), W: append([]float64(nil), r.W...)}
}

var legendreCache cache[int, Rule]

// GaussLegendre returns the n-point Gauss–Legendre rule on [-1, 1] for
// 1 ≤ n ≤ MaxGaussLegendre. It integrates polynomials of degree ≤ 2n−1
// exactly. Nodes are ascending and symmetric; nodes and weights are within
// about one ulp of the exact values. Rules are computed once and cached; the
// returned slices are a copy the caller may modify.
func GaussLegendre(n int) (Rule, error) {
	r, err := gaussLegendre(n)
	if err != nil {
		return Rule{}, err
	}
	return r.clone(), nil
}

// gaussLegendre returns the cached rule without copying it.
func gaussLegendre(n int) (Rule, error) {
	if n < 1 || n > MaxGaussLegendre {
		return Rule{}, orderError("GaussLegendre", n, MaxGaussLegendre)
	}
	return legendreCache.get(n, func() (Rule, error) { return legendreRule(n) })
}

// legendreRule computes the n-point rule. Each nonnegative root is found by
// Newton's method on the three-term recurrence in float64 from Tricomi's
// asymptotic initial guess, then polished by one double-double Newton step;
// the weight 2/((1−x²)·P′ₙ(x)²) is evaluated in double-double with P′ₙ
// corrected to the polished root by a first-order Taylor term.
func legendreRule(n int) (Rule, error) {
	x := make([]float64, n)
	w := make([]float64, n)
	nf := float64(n)
	for k := 1; k <= (n+1)/2; k++ {
		var x0 float64
		if 2*k-1 != n {
			theta := math.Pi * float64(4*k-1) / float64(4*n+2)
			x0 = (1 - (nf-1)/(8*nf*nf*nf)) * math.Cos(theta)
			x0 = legendreNewton64(n, x0)
		}
		r, wr, err := legendrePolish(n, x0)
		if err != nil {
			return Rule{}, err
		}
		x[k-1], w[k-1] = -r, wr
		x[n-k], w[n-k] = r, wr
	}
	for i := 1; i < n; i++ {
		if !(x[i] > x[i-1]) {
			return Rule{}, fmt.Errorf("quadrature: Gauss–Legendre root finding failed for n = %d", n)
		}
	}
	return Rule{X: x, W: w}, nil
}

// legendre64 returns Pₙ(x) and Pₙ₋₁(x) by the recurrence
// (k+1)Pₖ₊₁ = (2k+1)x·Pₖ − k·Pₖ₋₁.
func legendre64(n int, x float64) (pn, pn1 float64) {
	p0, p1 := 1.0, x
	if n == 0 {
		return 1, 0
	}
	for k := 1; k < n; k++ {
		fk := float64(k)
		p0, p1 = p1, ((2*fk+1)*x*p1-fk*p0)/(fk+1)
	}
	return p1, p0
}

// legendreNewton64 runs float64 Newton iterations for a root of Pₙ from x.
func legendreNewton64(n int, x float64) float64 {
	nf := float64(n)
	for it := 0; it < 100; it++ {
		p, q := legendre64(n, x)
		dp := nf * (x*p - q) / (x*x - 1)
		dx := p / dp
		x -= dx
		if math.Abs(dx) <= 0x1p-44*math.Abs(x) {
			break
		}
	}
	return x
}

// legendreDD returns Pₙ(x) and Pₙ₋₁(x) in double-double arithmetic.
func legendreDD(n int, x dd) (pn, pn1 dd) {
	if n == 0 {
		return ddFrom(1), dd{}
	}
	p0, p1 := ddFrom(1), x
	for k := 1; k < n; k++ {
		fk := float64(k)
		t := x.mul(p1).mulF(2*fk + 1).sub(p0.mulF(fk)).divF(fk + 1)
		p0, p1 = p1, t
	}
	return p1, p0
}

// legendrePolish refines a root x0 of Pₙ in double-double arithmetic and
// returns the rounded root and its weight.
func legendrePolish(n int, x0 float64) (root, weight float64, err error) {
	nf := float64(n)
	one := ddFrom(1)
	for it := 0; it < 8; it++ {
		x := ddFrom(x0)
		p, q := legendreDD(n, x)
		s := one.sub(x.mul(x)) // 1 − x²
		// P′ₙ = n(Pₙ₋₁ − x·Pₙ)/(1−x²); P″ₙ = (2x·P′ₙ − n(n+1)Pₙ)/(1−x²).
		d1 := q.sub(x.mul(p)).mulF(nf).div(s)
		delta := p.div(d1).neg()
		r := x.add(delta)
		if math.Abs(delta.hi) > 0x1p-32*math.Abs(x0)/nf && it < 7 {
			x0 = r.float()
			continue
		}
		d2 := x.mul(d1).mulF(2).sub(p.mulF(nf * (nf + 1))).div(s)
		d := d1.add(d2.mul(delta))
		sr := one.sub(r).mul(one.add(r))
		weight = ddFrom(2).div(sr.mul(d).mul(d)).float()
		root = r.float()
		if math.IsNaN(root) || math.IsNaN(weight) {
			break
		}
		return root, weight, nil
	}
	return 0, 0, fmt.Errorf("quadrature: Gauss–Legendre Newton iteration failed for n = %d", n)
}
