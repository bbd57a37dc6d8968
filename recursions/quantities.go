package recursions

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
	"critcalc/hermite"
)

// Quantities are the single-input quantities of the kernel recursion at
// one K > 0 and C_W (PDLT §5.1–5.4), each to a requested number of
// significant digits: each keeps only the digits that two working
// precisions agree on (g'(K), h, j and g” cancel digits between their
// averages).
type Quantities struct {
	G       calc.Certified // g(K) = ⟨σ²⟩_K (5.5)
	GPrime  calc.Certified // g'(K) = ⟨σ²(z² − K)⟩_K/(2K²)
	ChiPar  calc.Certified // χ∥ = C_W g'(K) (5.50)
	ChiParZ calc.Certified // χ∥ in its second form (C_W/K)⟨zσσ'⟩_K, a check
	ChiPerp calc.Certified // χ⊥ = C_W⟨σ'²⟩_K (5.51)
	H       calc.Certified // h = ½ dχ⊥/dK (5.52)
	J       calc.Certified // j(K) = C_W⟨σ²(z⁴ − 6Kz² + 3K²)⟩_K/K² (5.111)
	Vertex  calc.Certified // C_W²(⟨σ⁴⟩_K − ⟨σ²⟩_K²), the vertex source (5.109)
	GPrime2 calc.Certified // g''(K)
}

// QuantitiesAt returns the quantities at the exact K > 0 and C_W to
// digits significant digits (1 to MaxDigits).
func (a *Activation) QuantitiesAt(K, CW *big.Rat, digits int) (Quantities, error) {
	if digits < 1 || digits > MaxDigits {
		return Quantities{}, fmt.Errorf("recursions: digits must be between 1 and %d, got %d", MaxDigits, digits)
	}
	if K.Sign() <= 0 || CW.Sign() <= 0 {
		return Quantities{}, fmt.Errorf("recursions: the quantities at K need K > 0 and C_W > 0, got K = %s, C_W = %s", hermite.RatG(K), hermite.RatG(CW))
	}
	m, err := a.digitsAverages()
	if err != nil {
		return Quantities{}, err
	}
	var vals [2][]*big.Float
	var scales []float64
	for i, extra := range []int{lowExtra, highExtra} {
		v, err := m.AtDigits(K, digits+extra)
		if err != nil {
			return Quantities{}, fmt.Errorf("recursions: quantities at K = %s: %w", hermite.RatG(K), err)
		}
		prec := v[cS2].Prec()
		vals[i] = quantities(new(big.Float).SetPrec(prec).SetRat(K), new(big.Float).SetPrec(prec).SetRat(CW), v)
		if i == 0 {
			scales = quantityScales(new(big.Float).SetPrec(prec).SetRat(K), new(big.Float).SetPrec(prec).SetRat(CW), v)
		}
	}
	var q Quantities
	dst := []*calc.Certified{&q.G, &q.GPrime, &q.ChiPar, &q.ChiParZ, &q.ChiPerp, &q.H, &q.J, &q.Vertex, &q.GPrime2}
	names := []string{"g", "g'", "χ∥", "χ∥ (zσσ')", "χ⊥", "h", "j", "vertex source", "g''"}
	for j, name := range names {
		if cancelled(vals[0][j], scales[j], digits+lowExtra/2) && cancelled(vals[1][j], scales[j], digits+lowExtra/2) {
			// The terms cancel to below what the averages resolve: zero
			// to within 10^−digits of their size (h of a scale-invariant σ).
			*dst[j] = calc.Exact(new(big.Float), digits)
			continue
		}
		if *dst[j], err = calc.Agreeing(name, vals[0][j], vals[1][j], digits); err != nil {
			return Quantities{}, fmt.Errorf("recursions: %s at K = %s: %w", name, hermite.RatG(K), err)
		}
	}
	return q, nil
}

// Positions of the quantities in the slices of quantities and
// quantityScales, the order of Quantities.
const (
	qG       = iota // g
	qGPrime         // g'
	qChiPar         // χ∥ = C_W g'
	qChiParZ        // χ∥ = (C_W/K)⟨zσσ'⟩
	qChiPerp        // χ⊥
	qH              // h
	qJ              // j
	qVertex         // the vertex source
	qGPrime2        // g''
)

// quantities combines the averages v of the high-precision set at K into
// g, g', χ∥, χ∥ (zσσ' form), χ⊥, h, j, the vertex source and g”, in the
// order of Quantities (qG … qGPrime2).
func quantities(K, CW *big.Float, v []*big.Float) []*big.Float {
	prec := K.Prec()
	f := func() *big.Float { return new(big.Float).SetPrec(prec) }
	K2 := f().Mul(K, K)
	twoK2 := f().Add(K2, K2)
	gp := f().Sub(v[cS2z2], f().Mul(K, v[cS2]))
	gp.Quo(gp, twoK2)
	chiZ := f().Quo(f().Mul(CW, v[cZssp]), K)
	h := f().Sub(v[cSp2z2], f().Mul(K, v[cSp2]))
	h.Mul(h, CW).Quo(h, f().Add(twoK2, twoK2))
	q := f().Sub(v[cS2z4], f().Mul(f().Mul(big.NewFloat(6), K), v[cS2z2]))
	q.Add(q, f().Mul(f().Mul(big.NewFloat(3), K2), v[cS2]))
	j := f().Quo(f().Mul(CW, q), K2)
	g2 := f().Quo(q, f().Mul(f().Mul(big.NewFloat(4), K2), K2))
	vx := f().Sub(v[cS4], f().Mul(v[cS2], v[cS2]))
	vx.Mul(vx, f().Mul(CW, CW))
	return []*big.Float{f().Set(v[cS2]), gp, f().Mul(CW, gp), chiZ, f().Mul(CW, v[cSp2]), h, j, vx, g2}
}

// quantityScales returns, for each value of quantities, the size of the
// terms it is made of: the sum of their absolute values.
func quantityScales(K, CW *big.Float, v []*big.Float) []float64 {
	f := func(x *big.Float) float64 { r, _ := x.Float64(); return math.Abs(r) }
	k, cw := f(K), f(CW)
	s2, s2z2, s2z4, sp2, sp2z2 := f(v[cS2]), f(v[cS2z2]), f(v[cS2z4]), f(v[cSp2]), f(v[cSp2z2])
	gp := (s2z2 + k*s2) / (2 * k * k)
	q := s2z4 + 6*k*s2z2 + 3*k*k*s2
	return []float64{s2, gp, cw * gp, cw * f(v[cZssp]) / k, cw * sp2, cw * (sp2z2 + k*sp2) / (4 * k * k),
		cw * q / (k * k), cw * cw * (f(v[cS4]) + s2*s2), q / (4 * k * k * k * k)}
}

// cancelled reports whether |x| ≤ 10^−digits·scale.
func cancelled(x *big.Float, scale float64, digits int) bool {
	v, _ := x.Float64()
	return math.Abs(v) <= math.Pow(10, -float64(digits))*scale
}
