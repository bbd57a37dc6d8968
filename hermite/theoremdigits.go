package hermite

import (
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// TheoremDigits is Theorem 1 of Joudaki & Hofmann for one kernel map (its
// residual and normalization applied) with every value certified to at
// most the requested significant digits: the constants C, κ(0), κ′(0),
// κ′(1), the case, the attracting fixed point ρ*, κ(ρ*), κ′(ρ*) and the
// rate α.
type TheoremDigits struct {
	C, Kappa0, KappaPrime0, KappaPrime1             calc.Certified
	Case                                            Case
	RhoStar, KappaRhoStar, KappaPrimeRhoStar, Alpha calc.Certified
}

// TheoremDigits certifies Theorem 1 for m to digits significant digits (1
// to calc.MaxDigits), in the case fp (from Analyze) names. The constants
// come from four one-dimensional expectations at digits + 6 digits
// (E[σ²], E[σ], E[σ′], E[σ′²] at K = 1), whose errors are carried through
// C = √E[σ²], κ(0) = E[σ]²/E[σ²], κ′(0) = E[σ′]²/E[σ²], κ′(1) = E[σ′²]/E[σ²],
// the normalization and the residual, and the closed forms of α in cases
// 1 to 3 (ρ* = 0 or 1 exactly); case 4 is InteriorDigits, with κ(ρ*) = ρ*.
// A value keeps the digits its bound certifies; one whose bound contains 0
// (κ(0) of an odd σ) is 0.
func (m *KernelMap) TheoremDigits(fp FixedPoint, digits int) (TheoremDigits, error) {
	if digits < 1 || digits > calc.MaxDigits {
		return TheoremDigits{}, fmt.Errorf("Theorem 1 for %s: digits must be between 1 and %d, got %d", m.Sigma, calc.MaxDigits, digits)
	}
	wd := digits + 6
	prec := calc.BitsForDigits(wd) + 32
	one := big.NewRat(1, 1)
	expect := func(f calc.Expr, scale func(*bounded) float64) (bounded, error) {
		v, err := ExpectDigits(f, one, wd)
		if err != nil {
			return bounded{}, fmt.Errorf("Theorem 1 for %s: %w", m.Sigma, err)
		}
		b := bounded{v: new(big.Float).SetPrec(prec).Set(v)}
		if v.Sign() == 0 {
			// Zero within 10^−wd of E|F|, which scale bounds.
			b.e = math.Pow(10, -float64(wd)) * scale(&b)
		} else {
			b.e = math.Pow(10, 1-float64(wd)) * math.Abs(b.float())
		}
		return b, nil
	}
	none := func(*bounded) float64 { return 0 }
	s2, err := expect(calc.Mul(m.sigma, m.sigma), none)
	if err != nil {
		return TheoremDigits{}, err
	}
	d2, err := expect(calc.Mul(m.dsigma, m.dsigma), none)
	if err != nil {
		return TheoremDigits{}, err
	}
	if s2.v.Sign() <= 0 {
		return TheoremDigits{}, fmt.Errorf("Theorem 1 for %s: E[σ²] = 0, φ = σ/C is undefined", m.Sigma)
	}
	// E|σ| ≤ √E[σ²] and E|σ′| ≤ √E[σ′²].
	s1, err := expect(m.sigma, func(*bounded) float64 { return math.Sqrt(s2.float() + s2.e) })
	if err != nil {
		return TheoremDigits{}, err
	}
	d1, err := expect(m.dsigma, func(*bounded) float64 { return math.Sqrt(d2.float() + d2.e) })
	if err != nil {
		return TheoremDigits{}, err
	}
	C := s2.sqrt()
	k0 := s1.mul(s1).quo(s2)
	kp0 := d1.mul(d1).quo(s2)
	kp1 := d2.quo(s2)
	oneB := exactBounded(1, prec)
	if m.CenterAfter {
		den := oneB.sub(k0)
		kp0, kp1 = kp0.quo(den), kp1.quo(den)
		k0 = exactBounded(0, prec)
	}
	if m.Residual > 0 {
		r2 := exactBounded(m.Residual, prec)
		r2 = r2.mul(r2)
		keep := oneB.sub(r2)
		k0 = k0.mul(keep)
		kp0 = kp0.mul(keep).add(r2)
		kp1 = kp1.mul(keep).add(r2)
	}
	var t TheoremDigits
	t.Case = fp.Case
	for _, c := range []struct {
		dst  *calc.Certified
		name string
		b    bounded
	}{{&t.C, "C", C}, {&t.Kappa0, "κ(0)", k0}, {&t.KappaPrime0, "κ′(0)", kp0}, {&t.KappaPrime1, "κ′(1)", kp1}} {
		if *c.dst, err = c.b.certified(c.name, digits); err != nil {
			return TheoremDigits{}, fmt.Errorf("Theorem 1 for %s: %w", m.Sigma, err)
		}
	}
	exact := func(x float64) calc.Certified { return calc.Exact(big.NewFloat(x), digits) }
	var alpha bounded
	switch fp.Case {
	case CaseZero:
		t.RhoStar, t.KappaRhoStar, t.KappaPrimeRhoStar = exact(0), t.Kappa0, t.KappaPrime0
		alpha = oneB.quo(exactBounded(2, prec).sub(kp0))
	case CaseOneExp:
		t.RhoStar, t.KappaRhoStar, t.KappaPrimeRhoStar = exact(1), exact(1), t.KappaPrime1
		alpha = kp1
	case CaseOnePoly:
		t.RhoStar, t.KappaRhoStar, t.KappaPrimeRhoStar = exact(1), exact(1), t.KappaPrime1
		alpha = oneB.sub(k0).sub(kp0)
	case CaseInteriorExp:
		in, err := m.InteriorDigits(fp, digits)
		if err != nil {
			return TheoremDigits{}, err
		}
		t.RhoStar, t.KappaRhoStar, t.KappaPrimeRhoStar, t.Alpha = in.RhoStar, in.RhoStar, in.KappaPrimeRhoStar, in.Alpha
		return t, nil
	default:
		return TheoremDigits{}, fmt.Errorf("Theorem 1 for %s: case %d has no fixed point to certify", m.Sigma, fp.Case)
	}
	if t.Alpha, err = alpha.certified("α", digits); err != nil {
		return TheoremDigits{}, fmt.Errorf("Theorem 1 for %s: %w", m.Sigma, err)
	}
	return t, nil
}

// bounded is a value v with a bound e on its absolute error: the exact
// quantity lies in [v − e, v + e]. The operations carry first-order bounds
// with their second-order terms, each widened by boundSlack for the
// rounding of the float64 bound arithmetic and of v at its precision.
type bounded struct {
	v *big.Float
	e float64
}

// boundSlack widens every propagated bound.
const boundSlack = 1 + 1e-6

func exactBounded(x float64, prec uint) bounded {
	return bounded{v: new(big.Float).SetPrec(prec).SetFloat64(x)}
}

func (a bounded) float() float64 { f, _ := a.v.Float64(); return f }

func (a bounded) nf() *big.Float { return new(big.Float).SetPrec(a.v.Prec()) }

// ulps is the rounding of one operation at v's precision, relative.
func (a bounded) ulps() float64 { return math.Ldexp(1, -int(a.v.Prec())+1) }

func (a bounded) add(b bounded) bounded {
	v := a.nf().Add(a.v, b.v)
	r := bounded{v: v}
	r.e = (a.e + b.e + r.ulps()*math.Abs(r.float())) * boundSlack
	return r
}

func (a bounded) sub(b bounded) bounded {
	v := a.nf().Sub(a.v, b.v)
	r := bounded{v: v}
	r.e = (a.e + b.e + r.ulps()*math.Abs(r.float())) * boundSlack
	return r
}

func (a bounded) mul(b bounded) bounded {
	v := a.nf().Mul(a.v, b.v)
	r := bounded{v: v}
	r.e = (math.Abs(a.float())*b.e + math.Abs(b.float())*a.e + a.e*b.e + r.ulps()*math.Abs(r.float())) * boundSlack
	return r
}

// quo divides by b, whose interval must not contain 0 (the bound is then
// infinite and the value not certified).
func (a bounded) quo(b bounded) bounded {
	v := a.nf().Quo(a.v, b.v)
	r := bounded{v: v}
	den := math.Abs(b.float()) - b.e
	if !(den > 0) {
		r.e = math.Inf(1)
		return r
	}
	r.e = ((a.e+math.Abs(r.float())*b.e)/den + r.ulps()*math.Abs(r.float())) * boundSlack
	return r
}

// sqrt of a ≥ 0: for x in [a − e, a + e], x ≥ 0, |√x − √a| = |x − a|/(√x +
// √a) ≤ e/(√(a − e) + √a) when a > e, and ≤ √(a + e) otherwise.
func (a bounded) sqrt() bounded {
	v := a.nf().Sqrt(a.v)
	r := bounded{v: v}
	lo := a.float() - a.e
	if lo > 0 {
		r.e = a.e / (math.Sqrt(lo) + math.Sqrt(a.float()))
	} else {
		r.e = math.Sqrt(a.e + math.Abs(a.float()))
	}
	r.e = (r.e + r.ulps()*math.Abs(r.float())) * boundSlack
	return r
}

// certified is the value with the digits its bound certifies, at most
// digits; 0 when the bound contains 0.
func (a bounded) certified(name string, digits int) (calc.Certified, error) {
	f := math.Abs(a.float())
	if math.IsInf(a.e, 0) || math.IsNaN(a.e) {
		return calc.Certified{}, &calc.NotCertifiedError{Digits: digits, X: name, Last: fmt.Sprintf("%s with an unbounded error", a.v.Text('g', 10))}
	}
	if f <= a.e {
		return calc.Exact(new(big.Float), digits), nil
	}
	return calc.Bounded(name, a.v, a.e/f, digits)
}
