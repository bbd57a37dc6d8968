package hermite

import (
	"math"

	"critcalc/calc"
)

// polyMaxDegree is the highest degree of the pieces of a piecewise
// polynomial g whose inner expectations E_Y[g(μ + s·Y)] are taken in
// closed form (hard tanh, ReLU6 and the hard sigmoid are of degree 1,
// hard swish of degree 2; ELU's pieces are x and α(e^x − 1)).
const polyMaxDegree = 2

// polyParts is a piecewise g (polynomials, or a constant and an
// exponential, calc.Pieces) cut at its kinks and at the real
// zeros of its pieces, so that g keeps one sign on each part: part j
// lies between cuts[j−1] and cuts[j] (−∞ and +∞ at the ends).
type polyParts struct {
	cuts  []float64
	parts []polyPart
}

// polyPart is g(z) = Σ_k c[k]·(z − center)^k + expCoef·e^(rate·(z − center))
// on a part (c[1] = c[2] = 0 where expCoef ≠ 0).
type polyPart struct {
	center        float64
	c             [polyMaxDegree + 1]float64
	rate, expCoef float64
}

// newPolyParts cuts the pieces at their zeros.
func newPolyParts(pieces []calc.Piece) *polyParts {
	pp := &polyParts{}
	for i, p := range pieces {
		part := polyPart{center: p.Center, rate: p.Rate, expCoef: p.ExpCoef}
		copy(part.c[:], p.Coef)
		if i > 0 {
			pp.cuts = append(pp.cuts, p.Lo)
		}
		roots, n := quadraticRoots(part.c)
		if part.expCoef != 0 {
			// c₀ + D·e^(λ(z − centre)) vanishes once where −c₀/D > 0.
			n = 0
			if r := -part.c[0] / part.expCoef; r > 0 {
				roots[0], n = math.Log(r)/part.rate, 1
			}
		}
		zs := roots[:n]
		if n == 2 && zs[1] < zs[0] {
			zs[0], zs[1] = zs[1], zs[0]
		}
		for _, r := range zs {
			if z := p.Center + r; z > p.Lo && z < p.Hi {
				pp.parts = append(pp.parts, part)
				pp.cuts = append(pp.cuts, z)
			}
		}
		pp.parts = append(pp.parts, part)
	}
	return pp
}

// polyPartsOf returns g's parts when g is piecewise polynomial of degree
// at most polyMaxDegree or has exponential pieces (calc.Pieces), or nil
// when it is not or its pieces cannot be had (the general quadratures then
// serve). integrandFacts keeps them per expression: an iteration asks for
// the same g at every layer.
func polyPartsOf(g calc.Expr) *polyParts {
	if pieces, ok, err := calc.Pieces(g, polyMaxDegree); ok && err == nil {
		return newPolyParts(pieces)
	}
	return nil
}

// inner returns E_Y[g(μ + s·Y)] and E_Y|g(μ + s·Y)| for Y ~ N(0, 1),
// s > 0, and a piecewise g, in closed form: on a part, the polynomial
// q₀ + q₁y + q₂y² that g(μ + s·y) is there gives
//
//	∫_α^β y^m φ(y) dy:  I₀ = Φ(β) − Φ(α),  I₁ = φ(α) − φ(β),  I₂ = αφ(α) − βφ(β) + I₀,
//
// with α, β the part's ends in y, and its exponential D·e^(λ(z − c))
//
//	∫_α^β D·e^(λ(μ + s·y − c)) φ(y) dy = D·e^(λ(μ − c) + λ²s²/2)·(Φ(β − λs) − Φ(α − λs));
//
// g keeps its sign on a part, so the absolute values of the parts'
// integrals sum to E|g|. The third result bounds the error of the first:
// the rounding of the coefficients, of erfc and exp and of the sums (16
// units of each term's size), and the rounding of the ends (and of the
// exponent) carried through the density there (and through e^x). (μ itself
// is taken as exact, as the panels of the general inner expectation take
// their nodes μ + s·y.) ok is false where an exponent exceeds float64's
// range (e^700): the general quadrature then serves.
func (pp *polyParts) inner(mu, s float64) (v, abs, errBound float64, ok bool) {
	lo := gaussEnd{y: math.Inf(-1)}
	for j, part := range pp.parts {
		hi := gaussEnd{y: math.Inf(1)}
		if j < len(pp.cuts) {
			hi = gaussEndAt((pp.cuts[j] - mu) / s)
		}
		a, b := lo, hi
		lo = hi
		if !(b.y > a.y) {
			continue
		}
		d := mu - part.center
		pv, pe := part.polyIntegral(a, b, d, s)
		if part.expCoef != 0 {
			ev, ee, ok := part.expIntegral(a, b, d, s)
			if !ok {
				return 0, 0, 0, false
			}
			pv, pe = pv+ev, pe+ee
		}
		v += pv
		abs += math.Abs(pv)
		errBound += pe
	}
	errBound += 4 * ghUnit * abs
	return v, abs, errBound, true
}

// polyIntegral returns ∫_a^b (q₀ + q₁y + q₂y²) φ(y) dy for the part's
// polynomial at z = μ + s·y, d = μ − centre, and a bound on its error.
func (part polyPart) polyIntegral(a, b gaussEnd, d, s float64) (v, errBound float64) {
	c := part.c
	q := [3]float64{c[0] + d*(c[1]+d*c[2]), s * (c[1] + 2*c[2]*d), s * s * c[2]}
	// qa bounds |q_m| with the sizes of the terms that make it up.
	ad := math.Abs(d)
	qa := [3]float64{math.Abs(c[0]) + ad*(math.Abs(c[1])+ad*math.Abs(c[2])), s * (math.Abs(c[1]) + 2*math.Abs(c[2])*ad), s * s * math.Abs(c[2])}
	m, mag := gaussMoments(a, b)
	v = q[0]*m[0] + q[1]*m[1] + q[2]*m[2]
	errBound = 16 * ghUnit * (qa[0]*mag[0] + qa[1]*mag[1] + qa[2]*mag[2])
	for _, g := range [2]gaussEnd{a, b} {
		// y = (z − μ)/s rounds twice: |δy| ≤ 2u·|y|, and φ carries it
		// into the moments.
		if y := math.Abs(g.y); g.dens != 0 {
			errBound += (qa[0] + qa[1]*y + qa[2]*y*y) * g.dens * 4 * ghUnit * y
		}
	}
	return v, errBound
}

// expIntegral returns ∫_a^b D·e^(λ(μ + s·y − c)) φ(y) dy for the part's
// exponential, d = μ − c, and a bound on its error; ok is false where the
// exponent λd + (λs)²/2 exceeds 700.
func (part polyPart) expIntegral(a, b gaussEnd, d, s float64) (v, errBound float64, ok bool) {
	ls := part.rate * s
	x := part.rate*d + ls*ls/2
	if !(x <= 700) {
		return 0, 0, false
	}
	sa, sb := gaussEndAt(a.y-ls), gaussEndAt(b.y-ls)
	m, mag := gaussMoments(sa, sb)
	scale := math.Abs(part.expCoef) * math.Exp(x)
	v = part.expCoef * math.Exp(x) * m[0]
	// The exponent x rounds by about u·(|λd| + (λs)²); a tail below
	// float64's normal range keeps an absolute error of its last place,
	// 2^−1074, which e^x may magnify.
	errBound = 16*ghUnit*scale*mag[0] + 2*ghUnit*(math.Abs(part.rate*d)+ls*ls)*math.Abs(v) + 0x1p-1072*scale
	for _, g := range [2]gaussEnd{sa, sb} {
		if g.dens != 0 {
			errBound += scale * g.dens * 4 * ghUnit * (math.Abs(g.y) + math.Abs(ls))
		}
	}
	return v, errBound, true
}

// quadraticRoots returns the real roots of q₀ + q₁y + q₂y² (of the line
// when q₂ = 0), by the formula that does not cancel: the first n of r.
func quadraticRoots(q [3]float64) (r [2]float64, n int) {
	switch {
	case q[2] == 0 && q[1] == 0:
		return r, 0
	case q[2] == 0:
		r[0] = -q[0] / q[1]
		return r, 1
	}
	disc := q[1]*q[1] - 4*q[2]*q[0]
	if !(disc >= 0) {
		return r, 0
	}
	t := -(q[1] + math.Copysign(math.Sqrt(disc), q[1])) / 2
	if t == 0 {
		return r, 1 // q₁ = q₀ = 0: the double root 0
	}
	r[0], r[1] = t/q[2], q[0]/t
	return r, 2
}

// gaussEnd is a point y of the line with the Gaussian tail beyond it,
// 1 − Φ(|y|) (which is 1 − Φ(y) for y ≥ 0 and Φ(y) for y ≤ 0), and the
// density φ(y).
type gaussEnd struct{ y, tail, dens float64 }

func gaussEndAt(y float64) gaussEnd {
	g := gaussEnd{y: y}
	if math.Abs(y) < gaussEndFar { // beyond it both underflow to 0
		g.tail = math.Erfc(math.Abs(y)/math.Sqrt2) / 2
		g.dens = math.Exp(-y*y/2) / math.Sqrt(2*math.Pi)
	}
	return g
}

// gaussEndFar is where φ(y) = e^(−y²/2)/√(2π) and the tail 1 − Φ(|y|)
// have fallen below the least float64 (e^(−745) ≈ 5e-324).
const gaussEndFar = 40

// gaussMoments returns ∫_a^b y^m φ(y) dy for m = 0, 1, 2 (a < b, either
// end infinite) and the size of the terms each is formed from: Φ(b) − Φ(a)
// from the tails on the side that does not cancel.
func gaussMoments(a, b gaussEnd) (m, mag [3]float64) {
	switch {
	case a.y >= 0:
		m[0], mag[0] = a.tail-b.tail, a.tail
	case b.y <= 0:
		m[0], mag[0] = b.tail-a.tail, b.tail
	default:
		m[0], mag[0] = 1-a.tail-b.tail, 1
	}
	m[1], mag[1] = a.dens-b.dens, a.dens+b.dens
	ya, yb := 0.0, 0.0 // y·φ(y), 0 at an infinite end
	if a.dens != 0 {
		ya = a.y * a.dens
	}
	if b.dens != 0 {
		yb = b.y * b.dens
	}
	m[2], mag[2] = ya-yb+m[0], math.Abs(ya)+math.Abs(yb)+mag[0]
	return m, mag
}
