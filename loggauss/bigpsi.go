package loggauss

import (
	"fmt"
	"math/big"
	"sync"

	"critcalc/calc/bigmath"
)

// ψ and ψ′ at a working precision, for the exact moments to a requested
// number of digits (momentsdigits.go).
//
// For x ≥ X = max(10, prec/4) the asymptotic series
//
//	ψ(x)  = ln x − 1/(2x) − Σ_{k≥1} B₂ₖ/(2k x^{2k}),
//	ψ′(x) = 1/x + 1/(2x²) + Σ_{k≥1} B₂ₖ/x^{2k+1}
//
// (Abramowitz & Stegun 6.3.18 and 6.4.12) are summed until a term is below
// 2^−(prec+8) of the sum; at x ≥ prec/4 the smallest term is far below that
// (about e^{−2πx}), and for x > 0 each series is enveloping: its remainder
// is below its first omitted term. Smaller x are raised by the recurrences
// ψ(x) = ψ(x + m) − Σ_{i<m} 1/(x + i), ψ′(x) = ψ′(x + m) + Σ_{i<m} 1/(x + i)²,
// so that no constant (γ, π²) enters. The Bernoulli numbers are exact
// rationals (the Akiyama–Tanigawa algorithm).

// psiPair holds ψ(x) and ψ′(x) at one precision.
type psiPair struct{ psi, tri *big.Float }

// asymptoticFromBits is X for a working precision of prec bits.
func asymptoticFromBits(prec uint) int64 { return max(asymptoticFrom, int64(prec/4)) }

// psiAt returns ψ(x) and ψ′(x) for x > 0 at prec bits.
func psiAt(prec uint, x *big.Float) (psiPair, error) {
	if x.Sign() <= 0 {
		return psiPair{}, fmt.Errorf("loggauss: ψ(%s): the argument must be positive", x.Text('g', 10))
	}
	wp := prec + 16
	f := func() *big.Float { return new(big.Float).SetPrec(wp) }
	y := f().Set(x)
	from := big.NewFloat(float64(asymptoticFromBits(prec)))
	shiftPsi, shiftTri := f(), f()
	one := big.NewFloat(1)
	for y.Cmp(from) < 0 {
		inv := f().Quo(one, y)
		shiftPsi.Add(shiftPsi, inv)
		shiftTri.Add(shiftTri, f().Mul(inv, inv))
		y.Add(y, one)
	}
	lnY, err := bigmath.Log(wp, y)
	if err != nil {
		return psiPair{}, fmt.Errorf("loggauss: ψ: %w", err)
	}
	inv := f().Quo(one, y)
	inv2 := f().Mul(inv, inv)
	psi := f().Sub(lnY, f().Mul(inv, big.NewFloat(0.5)))
	tri := f().Add(inv, f().Mul(inv2, big.NewFloat(0.5)))
	pw := f().Set(inv2) // x^{−2k}
	for k := 1; ; k++ {
		b := bernoulli(2 * k)
		bf := f().SetRat(b)
		tp := f().Quo(f().Mul(bf, pw), big.NewFloat(float64(2*k)))
		tt := f().Mul(f().Mul(bf, pw), inv)
		psi.Sub(psi, tp)
		tri.Add(tri, tt)
		if small(tp, psi, prec) && small(tt, tri, prec) {
			break
		}
		if k > 4*int(prec) {
			return psiPair{}, fmt.Errorf("loggauss: ψ(%s): the asymptotic series did not converge", x.Text('g', 10))
		}
		pw.Mul(pw, inv2)
	}
	psi.Sub(psi, shiftPsi)
	tri.Add(tri, shiftTri)
	return psiPair{psi: psi.SetPrec(prec), tri: tri.SetPrec(prec)}, nil
}

// small reports whether |t| < 2^−(prec+8)|s| (or t = 0).
func small(t, s *big.Float, prec uint) bool {
	if t.Sign() == 0 {
		return true
	}
	if s.Sign() == 0 {
		return false
	}
	return t.MantExp(nil) < s.MantExp(nil)-int(prec)-8
}

// bernoulliCache holds B₀, B₁, … as exact rationals, grown on demand.
var bernoulliCache struct {
	sync.Mutex
	b []*big.Rat
}

// bernoulli returns the Bernoulli number B_m (B₁ = +½; only even m are
// used), from the Akiyama–Tanigawa algorithm.
func bernoulli(m int) *big.Rat {
	c := &bernoulliCache
	c.Lock()
	defer c.Unlock()
	if m < len(c.b) {
		return c.b[m]
	}
	n := max(2*m, 64)
	a := make([]*big.Rat, n+1)
	out := make([]*big.Rat, n+1)
	for i := 0; i <= n; i++ {
		a[i] = big.NewRat(1, int64(i+1))
		for j := i; j >= 1; j-- {
			d := new(big.Rat).Sub(a[j-1], a[j])
			a[j-1] = d.Mul(d, big.NewRat(int64(j), 1))
		}
		out[i] = new(big.Rat).Set(a[0])
	}
	c.b = out
	return c.b[m]
}
