package apjn

import (
	"errors"
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/hermite"
)

// patchSeriesDigits returns the high-precision two-input series of φ for
// the Mixer's patch offset, made on first use. A φ with kinks has none:
// the error wraps hermite.ErrKinked.
func (m *Model) patchSeriesDigits() (*hermite.Series2, error) {
	c := &m.patch
	c.bigOnce.Do(func() {
		c.big, c.bigErr = hermite.NewSeries2(m.Sigma, m.Sigma)
	})
	if c.bigErr != nil {
		return nil, fmt.Errorf("apjn: the Mixer's patch offset at σ_b² > 0 in high precision is Mehler's series, which needs a smooth φ (the float64 point serves up to %d digits): %w", calc.Float64Digits, c.bigErr)
	}
	return c.big, nil
}

// mixerHP is the high-precision point of an MLP-Mixer block with μ < 1
// (mixer.go): with K₁ = σ_w² + σ_b², the averages ⟨φ²⟩ and ⟨φ'²⟩ at K₁ and
// the patch offset's E[φ(u)φ(v)] (Cov(u, v) = σ_b²) give
//
//	A = σ_w⁴⟨φ'²⟩, B = σ_w²⟨φ²⟩ + σ_b², Bₚ = σ_w²E[φ(u)φ(v)] + σ_b²,
//	𝒦* = B/(1 − μ²), P* = μ²Bₚ/(1 − μ⁴), 𝒦_t* − P_t* = B − Bₚ + μ²(𝒦* − P*),
//	χ_𝒥* = (A/(𝒦* − P*) + μ²)(A/(𝒦_t* − P_t*) + μ²), χ_𝒦 = μ⁴.
//
// E[φ(u)φ(v)] is ⟨φ⟩² at σ_b² = 0 and otherwise Mehler's series
// (hermite.Series2), certified, like the averages, to digits+digitsLow and
// digits+digitsHigh digits (absolutely, relative to ⟨φ²⟩, which bounds
// it), and each value is computed from the one set and from the other.
func (m *Model) mixerHP(p ExactParams, digits int) (pointHP, error) {
	many, _, err := m.digitsAverages()
	if err != nil {
		return pointHP{}, err
	}
	var series *hermite.Series2
	if p.SB2.Sign() != 0 {
		if series, err = m.patchSeriesDigits(); err != nil {
			return pointHP{}, err
		}
	}
	r := func() *big.Rat { return new(big.Rat) }
	one := big.NewRat(1, 1)
	k1 := r().Add(p.SW2, p.SB2)
	mu2 := r().Mul(p.Mu, p.Mu)
	mu4 := r().Mul(mu2, mu2)
	sw4 := r().Mul(p.SW2, p.SW2)
	var out [2][3]*big.Float // 𝒦*, χ_𝒥* at each precision; χ_𝒦
	for i, d := range []int{digits + digitsLow, digits + digitsHigh} {
		c := hpMath{precFor(d)}
		v, err := many.AtDigits(k1, d)
		if err != nil {
			return pointHP{}, fmt.Errorf("apjn: mixer averages at K₁ = %s: %w", hermite.RatG(k1), err)
		}
		var cross *big.Float
		if series == nil {
			cross = c.mul(v[nS1], v[nS1])
		} else {
			sv, err := series.AtDigits(hermite.CovRat{K11: k1, K12: p.SB2, K22: k1}, d)
			if err != nil {
				return pointHP{}, fmt.Errorf("apjn: mixer patch offset at K₁ = %s, σ_b² = %s: %w", hermite.RatG(k1), hermite.RatG(p.SB2), err)
			}
			cross = sv.V
		}
		A := c.mul(c.rat(sw4), v[nSp2])
		B := c.add(c.mul(c.rat(p.SW2), v[nS2]), c.rat(p.SB2))
		Bp := c.add(c.mul(c.rat(p.SW2), cross), c.rat(p.SB2))
		K := c.quo(B, c.rat(r().Sub(one, mu2)))
		P := c.quo(c.mul(c.rat(mu2), Bp), c.rat(r().Sub(one, mu4)))
		vv := c.sub(K, P)
		// 𝒦_t* − P_t* = B − Bₚ + μ²(𝒦* − P*), with B − Bₚ = σ_w²(⟨φ²⟩ −
		// E[φ(u)φ(v)]) formed without the σ_b² that B and Bₚ share, as
		// mixerBranchGap does in float64.
		gap := c.mul(c.rat(p.SW2), c.sub(v[nS2], cross))
		vt := c.add(gap, c.mul(c.rat(mu2), vv))
		if vv.Sign() <= 0 || vt.Sign() <= 0 {
			return pointHP{}, errors.New("apjn: LayerNorm of channels with no variance (𝒦* − P* ≤ 0)")
		}
		chi := c.mul(c.add(c.quo(A, vv), c.rat(mu2)), c.add(c.quo(A, vt), c.rat(mu2)))
		out[i] = [3]*big.Float{K, chi, c.rat(mu4)}
	}
	return pointHP{K: hp{lo: out[0][0], hi: out[1][0]}, ChiJ: hp{lo: out[0][1], hi: out[1][1]}, ChiK: exactHP(out[1][2])}, nil
}
