package apjn

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// GELUDigits is one of GELU's two critical points of a vanilla or res
// network (GELUCriticalLine) to a requested number of significant digits:
// the closed-form (σ_w², σ_b²) and 𝒦*, χ_𝒦 and χ_𝒥 at that 𝒦* (a fixed
// point the recursion from the first layer does not reach), and DHG's ζ
// where a power law holds (Scaling).
type GELUDigits struct {
	SW2, SB2, K, ChiK, ChiJ, Zeta calc.Certified
	Scaling                       bool
	// Params are (σ_w², σ_b², μ) at the higher working precision, as exact
	// numbers, for evaluating the point from the first layer (AtDigits).
	Params ExactParams
}

// GELUCriticalDigits returns GELU's critical point with 𝒦* = 0 (half =
// false: σ_w² = 4(1 − μ²), σ_b² = 0) or 𝒦* = (3 + √17)/2 (half = true,
// the half-stable point) for skip μ < 1 (DHG eqs 157–164, 179–184) to
// digits significant digits (1 to MaxDigits). m must be GELU's vanilla or
// res model. Each value is computed at digits+15 and digits+30 digits,
// with arcsin(𝒦/(1 + 𝒦)) = arctan(𝒦/√(1 + 2𝒦)), and keeps the digits on
// which the two agree; at 𝒦* = 0, χ_𝒦 = χ_𝒥 = μ² + σ_w²φ'(0)² (the K → 0
// limits) and ζ is from recursions.KZeroOf (unstable, no power law).
func (m *Model) GELUCriticalDigits(half bool, mu *big.Rat, digits int) (GELUDigits, error) {
	if m.Arch != Vanilla && m.Arch != Res {
		return GELUDigits{}, fmt.Errorf("apjn: GELU's closed-form critical points are for vanilla and res networks, not %s", m.Arch)
	}
	if mu.Cmp(big.NewRat(1, 1)) >= 0 || mu.Sign() < 0 {
		return GELUDigits{}, fmt.Errorf("apjn: GELU's critical points need 0 ≤ μ < 1, got %s", mu.RatString())
	}
	if err := m.checkDigits(ExactParams{SW2: big.NewRat(1, 1), SB2: new(big.Rat), Mu: mu}, digits); err != nil {
		return GELUDigits{}, err
	}
	var lv [2]geluLevel
	var params ExactParams
	var s0 hp
	if !half {
		var err error
		if s0, err = m.slopeSquareAtZero(digits); err != nil {
			return GELUDigits{}, err
		}
	}
	mu2 := new(big.Rat).Mul(mu, mu)
	for i, d := range []int{digits + digitsLow, digits + digitsHigh} {
		c := hpMath{precFor(d)}
		k := c.f()
		if half {
			r17, _ := bigmath.Sqrt(c.prec, big.NewFloat(17))
			k = c.quo(c.add(big.NewFloat(3), r17), big.NewFloat(2))
		}
		sw2, sb2, err := geluLineAt(c, k, mu2)
		if err != nil {
			return GELUDigits{}, err
		}
		w, _ := sw2.Rat(nil)
		b, _ := sb2.Rat(nil)
		params = ExactParams{SW2: w, SB2: b, Mu: mu}
		l := geluLevel{sw2: sw2, sb2: sb2, k: k}
		if !half {
			s := []*big.Float{s0.lo, s0.hi}[i]
			l.chiK = c.add(c.rat(mu2), c.mul(sw2, s))
			l.chiJ = l.chiK
		} else {
			K, _ := k.Rat(nil)
			many, _, err := m.digitsAverages()
			if err != nil {
				return GELUDigits{}, err
			}
			v, err := many.AtDigits(K, d)
			if err != nil {
				return GELUDigits{}, fmt.Errorf("apjn: GELU averages at 𝒦 = %s: %w", k.Text('g', 10), err)
			}
			l.chiK = c.add(c.rat(mu2), c.quo(c.mul(sw2, v[nZssp]), k))
			l.chiJ = c.add(c.rat(mu2), c.mul(sw2, v[nSp2]))
			if l.zeta, err = m.zetaAt(K, d); err != nil {
				return GELUDigits{}, err
			}
		}
		lv[i] = l
	}
	var g GELUDigits
	g.Params = params
	var err error
	// At 𝒦* = 0 the χ's carry s₀'s bound (slopeSquareAtZero) times σ_w².
	chiAbs := 2 * lv[1].sw2Float() * s0.abs
	for _, q := range []struct {
		name string
		v    hp
		out  *calc.Certified
	}{
		{"σ_w²", hp{lo: lv[0].sw2, hi: lv[1].sw2}, &g.SW2}, {"σ_b²", hp{lo: lv[0].sb2, hi: lv[1].sb2}, &g.SB2},
		{"𝒦*", hp{lo: lv[0].k, hi: lv[1].k}, &g.K},
		{"χ_𝒦", hp{lo: lv[0].chiK, hi: lv[1].chiK, abs: chiAbs}, &g.ChiK}, {"χ_𝒥", hp{lo: lv[0].chiJ, hi: lv[1].chiJ, abs: chiAbs}, &g.ChiJ},
	} {
		if *q.out, err = q.v.certify(q.name, digits); err != nil {
			return GELUDigits{}, err
		}
	}
	if half {
		if lv[0].zeta != nil && lv[1].zeta != nil {
			if g.Zeta, err = calc.Agreeing("ζ", lv[0].zeta, lv[1].zeta, digits); err != nil {
				return GELUDigits{}, err
			}
			g.Scaling = true
		}
		return g, nil
	}
	g.Zeta, g.Scaling, err = m.ExponentDigits(params, new(big.Rat), digits)
	return g, err
}

// geluLevel is a GELU critical point at one working precision.
type geluLevel struct{ sw2, sb2, k, chiK, chiJ, zeta *big.Float }

func (l geluLevel) sw2Float() float64 { f, _ := l.sw2.Float64(); return f }

// geluLineAt is GELUCriticalLine at the working precision of c:
//
//	h = 1 + 2𝒦(3 + 5𝒦)/(π(1 + 𝒦)(1 + 2𝒦)^{3/2}) + (2/π) arctan(𝒦/√(1 + 2𝒦)),
//	σ_w² = 4(1 − μ²)/h,  σ_b² = 𝒦²σ_w²/(2π(1 + 2𝒦)^{3/2}).
func geluLineAt(c hpMath, k *big.Float, mu2 *big.Rat) (sw2, sb2 *big.Float, err error) {
	one := big.NewFloat(1)
	pi := bigmath.Pi(c.prec)
	s := c.add(one, c.mul(big.NewFloat(2), k)) // 1 + 2𝒦
	rs, err := bigmath.Sqrt(c.prec, s)
	if err != nil {
		return nil, nil, err
	}
	s32 := c.mul(s, rs)
	num := c.mul(c.mul(big.NewFloat(2), k), c.add(big.NewFloat(3), c.mul(big.NewFloat(5), k)))
	den := c.mul(c.mul(pi, c.add(one, k)), s32)
	at := bigmath.Atan(c.prec, c.quo(k, rs))
	h := c.add(c.add(one, c.quo(num, den)), c.quo(c.mul(big.NewFloat(2), at), pi))
	sw2 = c.quo(c.mul(big.NewFloat(4), c.sub(one, c.rat(mu2))), h)
	sb2 = c.quo(c.mul(c.mul(k, k), sw2), c.mul(c.mul(big.NewFloat(2), pi), s32))
	return sw2, sb2, nil
}
