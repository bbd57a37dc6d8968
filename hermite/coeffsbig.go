package hermite

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// MaxCoefficientsDigits is the largest order n accepted by
// CoefficientsDigits.
const MaxCoefficientsDigits = 1000

// CoefficientsDigits returns c_k = E[φ(X)·he_k(X)], k = 0..n, X ~ N(0,1),
// of φ = σ/C with C = √E[σ(X)²], and C, for 0 ≤ n ≤ MaxCoefficientsDigits.
// Every c_k has an absolute accuracy of 10^−digits, measured against
// 1 = Σ c_k² (the coefficients are normalized); C has digits significant
// digits.
//
// It follows Coefficients in big.Float arithmetic with digits+12 digits of
// working precision: the normalized recurrence
// he_{k+1} = (x·he_k − √k·he_{k−1})/√(k+1) runs on the nodes of
// Gauss–Legendre panels of width at most 1/2, split at σ's kinks (which
// must be known exactly beyond 15 digits) and halved towards 0 down to
// the width of a narrow transition there (featureEdges), on [−T, T],
// where T is the point beyond which |σ(x)|·e^(−x²/4) has fallen below
// 10^−(digits+4) of its size near 0 (Cramér's inequality
// |he_k(x)|·e^(−x²/4) ≤ 1.09 bounds the rest of the integrand). The
// panels are integrated with two rule sizes, growing with n and digits; a
// difference above 10^−(digits+1) in any c_k, or in C relative to C, is
// an error wrapping ErrNotConverged.
// A σ without kinks inside the cut is first integrated by the trapezoidal
// rule (see coefficientsTrapezoid), the panels being the fallback.
func CoefficientsDigits(sigma calc.Expr, n int, digits int) ([]*big.Float, *big.Float, error) {
	if n < 0 || n > MaxCoefficientsDigits {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: the order n must be in [0, %d], got %d", sigma, MaxCoefficientsDigits, n)
	}
	if digits < 1 {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: digits must be at least 1, got %d", sigma, digits)
	}
	in, err := newIntegrand(sigma)
	if err != nil {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	prec := workingBits(digits)
	T, err := in.coeffCut(float64(digits+4)*math.Ln10 + 8)
	if err != nil {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	edges := []*big.Float{new(big.Float).SetPrec(prec).SetFloat64(-T)}
	for i, z := range in.kinks {
		if z <= -T || z >= T {
			continue
		}
		ex := in.exact[i]
		if ex == nil {
			if digits > 15 {
				return nil, nil, fmt.Errorf("Hermite coefficients of %s: the kink at x ≈ %.17g was found numerically and is known only to float64 accuracy: %d digits cannot be certified", sigma, z, digits)
			}
			ex = new(big.Rat).SetFloat64(z)
		}
		edges = append(edges, new(big.Float).SetPrec(prec).SetRat(ex))
	}
	edges = append(edges, new(big.Float).SetPrec(prec).SetFloat64(T))
	edges = slices.CompactFunc(edges, func(x, y *big.Float) bool { return x.Cmp(y) == 0 })
	tol := math.Pow(10, -float64(digits+1))
	if len(edges) == 2 {
		// No kink inside the cut: the trapezoidal rule, unless it does not
		// converge.
		if cs, C, ok := in.coefficientsTrapezoid(sigma, T, n, digits, prec, tol); ok {
			return cs, C, nil
		}
	}
	// The panels resolve a narrow transition at 0 as the float64 ones do.
	for _, x := range featureEdges(in.scale, coeffWidth, T) {
		edges = append(edges, new(big.Float).SetPrec(prec).SetFloat64(x))
	}
	slices.SortFunc(edges, func(x, y *big.Float) int { return x.Cmp(y) })
	edges = slices.CompactFunc(edges, func(x, y *big.Float) bool { return x.Cmp(y) == 0 })
	return in.coefficientsPanels(sigma, edges, n, digits, prec, tol)
}

// coefficientsPanels is CoefficientsDigits on Gauss–Legendre panels no
// wider than coeffWidth between the edges (−T, the kinks, T).
func (in *integrand) coefficientsPanels(sigma calc.Expr, edges []*big.Float, n, digits int, prec uint, tol float64) ([]*big.Float, *big.Float, error) {
	pts := panelPoints(edges, coeffWidth, prec)
	lo, hi := coeffRuleSizes(n, digits)
	loMom, loSq, err := in.hermiteMomentsBig(pts, n, lo, prec)
	if err != nil {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	hiMom, hiSq, err := in.hermiteMomentsBig(pts, n, hi, prec)
	if err != nil {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w", sigma, err)
	}
	return normalizeCoefficients(sigma, loMom, hiMom, loSq, hiSq, prec, tol, fmt.Sprintf("between the %d- and %d-point panels", lo, hi))
}

// normalizeCoefficients divides the moments E[σ·he_k] of two quadratures
// by C = √E[σ²] of each and returns those of the finer (hi) with its C,
// or an error wrapping ErrNotConverged where C differs relatively, or a
// c_k absolutely, by more than tol between the two (the quadratures named
// by between).
func normalizeCoefficients(sigma calc.Expr, loMom, hiMom []*big.Float, loSq, hiSq *big.Float, prec uint, tol float64, between string) ([]*big.Float, *big.Float, error) {
	if hiSq.Sign() <= 0 {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: E[σ(X)²] = %s is not positive", sigma, hiSq.Text('g', 10))
	}
	C, err := bigmath.Sqrt(prec, hiSq)
	if err != nil {
		return nil, nil, err
	}
	Clo, err := bigmath.Sqrt(prec, loSq)
	if err != nil {
		return nil, nil, err
	}
	if d := math.Abs(bigToFloat(new(big.Float).Sub(Clo, C)) / bigToFloat(C)); d > tol {
		return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w (C = %s differs relatively by %.2g %s)", sigma, ErrNotConverged, C.Text('g', 20), d, between)
	}
	diff := new(big.Float).SetPrec(prec)
	for k := range hiMom {
		hiMom[k].Quo(hiMom[k], C)
		loMom[k].Quo(loMom[k], C)
		if d := math.Abs(bigToFloat(diff.Sub(loMom[k], hiMom[k]))); d > tol {
			return nil, nil, fmt.Errorf("Hermite coefficients of %s: %w (c_%d = %s differs by %.2g %s)", sigma, ErrNotConverged, k, hiMom[k].Text('g', 20), d, between)
		}
	}
	return hiMom, C, nil
}

// coeffRuleSizes returns the two Gauss–Legendre sizes per panel for
// CoefficientsDigits: he_n has about √(2n)/π zeros per unit length near
// the centre, so a panel of width 1/2 holds a polynomial of degree about
// √n, and the Gaussian factor and σ need a number of nodes growing with
// the digits.
func coeffRuleSizes(n, digits int) (lo, hi int) {
	lo = 16 + digits + int(math.Ceil(2*math.Sqrt(float64(n))))
	lo = (lo + 7) / 8 * 8
	return lo, lo + lo/2
}

// ParsevalTail returns 1 − Σ_{k≤n} c_k², the part of E[φ(X)²] = 1 beyond
// the coefficients c_0…c_n, at the precision of c_0.
func ParsevalTail(c []*big.Float) *big.Float {
	prec := uint(64)
	if len(c) > 0 {
		prec = c[0].Prec()
	}
	s := new(big.Float).SetPrec(prec).SetInt64(1)
	sq := new(big.Float).SetPrec(prec)
	for _, ck := range c {
		s.Sub(s, sq.Mul(ck, ck))
	}
	return s
}

// hermiteMomentsBig returns E[σ(X)·he_k(X)], k = 0..n, and E[σ(X)²] with
// m-point Gauss–Legendre rules on the panels between consecutive pts.
func (in *integrand) hermiteMomentsBig(pts []*big.Float, n, m int, prec uint) ([]*big.Float, *big.Float, error) {
	mom := make([]*big.Float, n+1)
	for k := range mom {
		mom[k] = new(big.Float).SetPrec(prec)
	}
	sq := new(big.Float).SetPrec(prec)
	sqrtK := make([]*big.Float, n+2)
	invSqrtK := make([]*big.Float, n+2)
	for k := range sqrtK {
		v, err := bigmath.Sqrt(prec, new(big.Float).SetPrec(prec).SetInt64(int64(k)))
		if err != nil {
			return nil, nil, err
		}
		sqrtK[k] = v
		if k > 0 {
			invSqrtK[k] = new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), v)
		}
	}
	wf := make([]*big.Float, m)
	prev := make([]*big.Float, m)
	cur := make([]*big.Float, m)
	for j := range m {
		wf[j] = new(big.Float).SetPrec(prec)
		prev[j] = new(big.Float).SetPrec(prec)
		cur[j] = new(big.Float).SetPrec(prec)
	}
	sum := new(big.Float).SetPrec(prec)
	t1 := new(big.Float).SetPrec(prec)
	t2 := new(big.Float).SetPrec(prec)
	for i := 0; i+1 < len(pts); i++ {
		p, err := bigPanelNodes(pts[i], pts[i+1], m, prec)
		if err != nil {
			return nil, nil, err
		}
		for j, x := range p.t {
			fv, err := in.big().Eval(x, prec)
			if err != nil {
				return nil, nil, fmt.Errorf("%w: %v", ErrUndefined, err)
			}
			wf[j].Mul(p.w[j], fv)
			sq.Add(sq, t1.Mul(wf[j], fv))
			prev[j].SetInt64(0) // he_{−1}
			cur[j].SetInt64(1)  // he_0
		}
		for k := 0; ; k++ {
			sum.SetInt64(0)
			for j := range cur {
				sum.Add(sum, t1.Mul(wf[j], cur[j]))
			}
			mom[k].Add(mom[k], sum)
			if k == n {
				break
			}
			for j, x := range p.t {
				// he_{k+1} = (x·he_k − √k·he_{k−1})/√(k+1), written over
				// he_{k−1}, which then becomes the current term.
				t1.Mul(x, cur[j])
				t2.Mul(sqrtK[k], prev[j])
				t1.Sub(t1, t2)
				prev[j].Mul(t1, invSqrtK[k+1])
				prev[j], cur[j] = cur[j], prev[j]
			}
		}
	}
	return mom, sq, nil
}

// panelPoints cuts every piece between consecutive edges into equal
// panels no wider than width and returns their end points.
func panelPoints(edges []*big.Float, width float64, prec uint) []*big.Float {
	var pts []*big.Float
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		d := new(big.Float).SetPrec(prec).Sub(hi, lo)
		if d.Sign() <= 0 {
			continue
		}
		m := int(math.Ceil(bigToFloat(d) / width))
		for j := range m {
			p := new(big.Float).SetPrec(prec).Mul(d, big.NewFloat(float64(j)/float64(m)))
			pts = append(pts, p.Add(p, lo))
		}
	}
	if len(edges) > 0 && len(pts) > 0 {
		pts = append(pts, edges[len(edges)-1])
	}
	return pts
}
